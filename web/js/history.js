// Stored matches: a list by game, player and status (a match opens in replay.js).

import {h, fill} from './dom.js';
import {seatNames, gameName, winnersText} from './names.js';
import {t, parts, number, dateTime} from './i18n.js';
import {errorText} from './errors.js';

const PAGE = 20;

// A moment in the page's language (not the browser's): dates follow what the page speaks.
function when(ms) {
  return ms ? dateTime(ms) : '';
}

export function showHistory({client, screen}) {
  const problem = h('p', {class: 'error', role: 'alert'});
  const game = h('select', {id: 'history-game'},
                 h('option', {value: ''}, t('lobby.every_game')),
                 client.games.map((g) => h('option', {value: g.id}, gameName(client, g.id))));
  const status = h('select', {id: 'history-status'},
                   h('option', {value: ''}, t('history.any_status')),
                   ['finished', 'running', 'aborted'].map((s) => h('option', {value: s},
                                                                 t(`history.status.${s}`))));
  const onlyMine = h('input', {type: 'checkbox', id: 'history-mine'});
  const playerNote = h('span', {class: 'player-filter'});
  let player = null;  // {id, name}: only the matches this player sat in
  const byPlayer = (chosen) => {
    player = chosen;
    onlyMine.checked = chosen !== null && chosen.id === client.player.id;
    fill(playerNote, chosen && [parts('history.player', {name: h('strong', {}, chosen.name)}), ' ',
      h('button', {type: 'button', class: 'link', onclick: () => byPlayer(null)},
        t('history.everyone'))]);
    load(false);
  };
  const body = h('tbody');
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, t('history.more'));
  let last = null;

  async function load(append) {
    problem.textContent = '';
    // One more than a page is asked for: "More" is offered only when there is more.
    const filter = {limit: PAGE + 1};
    if (game.value) filter.game = game.value;
    if (status.value) filter.status = status.value;
    if (player) filter.player = player.id;
    if (append && last) filter.before = last;
    try {
      const found = await client.listMatches(filter);
      const matches = found.slice(0, PAGE);
      if (!append) body.replaceChildren();
      for (const m of matches) body.append(row(m));
      last = matches.length ? matches[matches.length - 1].id : last;
      more.hidden = found.length <= PAGE;
      if (!append && matches.length === 0) {
        body.append(h('tr', {}, h('td', {colspan: 6}, t('history.none'))));
      }
    } catch (error) {
      problem.textContent = errorText(error);
    }
  }

  function row(m) {
    const names = seatNames(m.seats);
    return h('tr', {'data-match': m.id},
      h('td', {}, h('a', {href: `#/replay/${m.id}`}, t('history.match', {match: m.id}))),
      h('td', {}, gameName(client, m.game)),
      h('td', {}, m.seats.map((seat, i) => [i ? t('history.seat_separator') : '', seat.player
        ? h('button', {type: 'button', class: 'link',
                       title: t('history.matches_of', {name: seat.name}),
                       onclick: () => byPlayer({id: seat.player, name: seat.name})}, seat.name)
        : names[i]])),
      h('td', {}, m.result ? t('history.status_result', {status: t(`history.status.${m.status}`),
                                                         result: winnersText(m.result, names)})
                           : t(`history.status.${m.status}`)),
      h('td', {}, number(m.actions)),
      h('td', {}, when(m.created_ms)));
  }

  for (const control of [game, status]) control.addEventListener('change', () => load(false));
  onlyMine.addEventListener('change', () => byPlayer(onlyMine.checked ? client.player : null));
  more.addEventListener('click', () => load(true));
  fill(screen, h('h1', {}, t('history.title')), problem,
    h('form', {class: 'filters', onsubmit: (e) => e.preventDefault()},
      h('label', {for: 'history-game'}, t('lobby.game')), game,
      h('label', {for: 'history-status'}, t('history.status_label')), status,
      h('span', {class: 'check'}, onlyMine, h('label', {for: 'history-mine'}, t('history.mine'))),
      playerNote),
    h('div', {class: 'table-wrap'}, h('table', {class: 'matches'},
      h('thead', {}, h('tr', {}, ['match', 'game', 'seats', 'status', 'actions', 'started']
                                   .map((c) => h('th', {scope: 'col'}, t(`history.column.${c}`))))),
      body)),
    more);
  load(false);
  return () => {};
}
