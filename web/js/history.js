// Stored matches: the list, newest first, a page at a time, by game and status, one's own or
// another player's, with someone, won or lost, between two dates (history_search.js finds
// them); a click on a player's name lists the matches with that player. A match opens in
// replay.js. On a phone each match is a card of its own.

import {h, fill} from './dom.js';
import {seatNames, gameName, winnersText, profileLink} from './names.js';
import {t, number, dateTime} from './i18n.js';
import {errorText} from './errors.js';
import {searchMatches, subjectOf} from './history_search.js';

const PAGE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

// A moment in the page's language (not the browser's): dates follow what the page speaks.
function when(ms) {
  return ms ? dateTime(ms) : '';
}

// A date field's day, from its first moment or to its last, on this browser's clock.
function dayStart(input) {
  return input.value ? new Date(`${input.value}T00:00:00`).getTime() : null;
}
function dayEnd(input) {
  return input.value ? new Date(`${input.value}T00:00:00`).getTime() + DAY_MS - 1 : null;
}

export function showHistory({client, screen}) {
  const me = client.player.id;
  const problem = h('p', {class: 'error', role: 'alert'});
  const status = h('p', {class: 'muted', role: 'status', id: 'history-found'});
  const game = h('select', {id: 'history-game'},
                 h('option', {value: ''}, t('lobby.every_game')),
                 client.games.map((g) => h('option', {value: g.id}, gameName(client, g.id))));
  const state = h('select', {id: 'history-status'},
                  h('option', {value: ''}, t('history.any_status')),
                  ['finished', 'running', 'aborted'].map((s) => h('option', {value: s},
                                                                t(`history.status.${s}`))));
  const onlyMine = h('input', {type: 'checkbox', id: 'history-mine'});
  // The people met in the matches listed so far, by id: whom "with" offers.
  const people = new Map();
  const withWhom = h('select', {id: 'history-with'});
  const result = h('select', {id: 'history-result'});
  const from = h('input', {type: 'date', id: 'history-from'});
  const to = h('input', {type: 'date', id: 'history-to'});
  const body = h('tbody');
  const more = h('button', {type: 'button', class: 'secondary', hidden: true}, t('history.more'));
  let next = null;       // where "More" goes on from
  let searching = 0;     // the latest search: an answer to an older one is left unshown

  const filter = () => ({
    server: {...(game.value ? {game: game.value} : {}),
             ...(state.value ? {status: state.value} : {})},
    mine: onlyMine.checked ? me : null,
    with: withWhom.value ? Number(withWhom.value) : null,
    result: result.value,
    from: dayStart(from),
    to: dayEnd(to),
  });

  // "With": anyone, or one of the people met; the result's words say whose result it is.
  function offerPeople() {
    const chosen = withWhom.value;
    fill(withWhom, h('option', {value: ''}, t('history.with_anyone')),
         [...people].filter(([id]) => id !== me)
             .sort(([, a], [, b]) => a.localeCompare(b))
             .map(([id, name]) => h('option', {value: id, selected: String(id) === chosen},
                                    name)));
    const subject = subjectOf(filter());
    const name = subject === me ? null : people.get(subject);
    const kept = result.value;
    fill(result, h('option', {value: ''}, t('history.result.any')),
      subject && h('option', {value: 'won'}, name ? t('history.result.won_by', {name})
                                                  : t('history.result.won_by_you')),
      subject && h('option', {value: 'lost'}, name ? t('history.result.lost_by', {name})
                                                   : t('history.result.lost_by_you')),
      h('option', {value: 'none'}, t('history.result.none')));
    result.value = [...result.options].some((o) => o.value === kept) ? kept : '';
  }

  async function load(append) {
    problem.textContent = '';
    const mine = ++searching;
    if (!append) {
      next = null;
      status.textContent = t('history.searching');
    }
    try {
      const found = await searchMatches(client, filter(), {after: append ? next : null,
                                                           count: PAGE});
      if (mine !== searching) return;
      if (!append) body.replaceChildren();
      for (const m of found.matches) {
        for (const s of m.seats) if (s.player) people.set(s.player, s.name);
        body.append(row(m));
      }
      next = found.next;
      more.hidden = next === null;
      const shown = body.querySelectorAll('tr[data-match]').length;
      status.textContent = shown ? t('history.shown', {count: shown}) : '';
      if (!shown) body.append(h('tr', {}, h('td', {colspan: 6}, t('history.none'))));
      offerPeople();
    } catch (error) {
      if (mine === searching) problem.textContent = errorText(error);
    }
  }

  // A click on a person's name: the matches with them (one's own name: one's own matches).
  const byPlayer = (id, name) => {
    people.set(id, name);
    if (id === me) onlyMine.checked = true;
    offerPeople();
    if (id !== me) {
      withWhom.value = String(id);
      offerPeople();  // the result's words now name them
    }
    load(false);
  };

  // Beside a name that lists the matches with its player: the way to their profile.
  const profileOf = (seat) => h('a', {class: 'profile-link', href: profileLink(seat.player),
                                      'data-player': seat.player,
                                      'aria-label': t('ratings.profile_of', {name: seat.name})},
                                t('ratings.profile_short'));

  function row(m) {
    const names = seatNames(m.seats);
    // (Each cell's column named too, which a phone shows beside it.)
    const cell = (column, ...content) => h('td', {'data-label': t(`history.column.${column}`)},
                                           h('span', {class: 'cell'}, content));
    return h('tr', {'data-match': m.id},
      cell('match', h('a', {href: `#/replay/${m.id}`}, t('history.match', {match: m.id}))),
      cell('game', gameName(client, m.game)),
      cell('seats', m.seats.map((seat, i) => [i ? t('history.seat_separator') : '', seat.player
        ? h('button', {type: 'button', class: 'link',
                       title: t('history.matches_of', {name: seat.name}),
                       onclick: () => byPlayer(seat.player, seat.name)}, seat.name)
        : names[i], seat.player && [' ', profileOf(seat)]])),
      cell('status', m.result ? t('history.status_result', {
        status: t(`history.status.${m.status}`), result: winnersText(m.result, names)})
                              : t(`history.status.${m.status}`)),
      cell('actions', number(m.actions)),
      cell('started', when(m.created_ms)));
  }

  for (const control of [game, state, withWhom, result, from, to]) {
    control.addEventListener('change', () => {
      if (control === withWhom) offerPeople();
      load(false);
    });
  }
  onlyMine.addEventListener('change', () => {
    offerPeople();
    load(false);
  });
  more.addEventListener('click', () => load(true));
  const labelled = (id, key, control) => h('span', {class: 'filter'},
                                           h('label', {for: id}, t(key)), control);
  offerPeople();
  fill(screen, h('h1', {}, t('history.title')), problem,
    h('form', {class: 'filters', onsubmit: (e) => e.preventDefault()},
      labelled('history-game', 'lobby.game', game),
      labelled('history-status', 'history.status_label', state),
      h('span', {class: 'check'}, onlyMine, h('label', {for: 'history-mine'}, t('history.mine'))),
      labelled('history-with', 'history.with', withWhom),
      labelled('history-result', 'history.result_label', result),
      labelled('history-from', 'history.from', from),
      labelled('history-to', 'history.to', to)),
    status,
    h('div', {class: 'table-wrap'}, h('table', {class: 'matches'},
      h('thead', {}, h('tr', {}, ['match', 'game', 'seats', 'status', 'actions', 'started']
                                   .map((c) => h('th', {scope: 'col'}, t(`history.column.${c}`))))),
      body)),
    more);
  load(false);
  return () => { searching = -1; };
}
