// Stored matches: a list by game, player and status, and one match step by step, through any
// seat's eyes or (once it is over) with everything revealed. The slider, its buttons and the
// arrow keys move through the steps.

import {h, fill, scrollingList} from './dom.js';
import {seatNames, gameName, winnersText} from './names.js';
import {loadBoard} from '../boards/index.js';
import {chatLine} from './chat.js';
import {stepText, resultText} from './play.js';
import {t, parts, number, dateTime, sentence} from './i18n.js';
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

// `code`: a private match's join code, for one not seated in it (from the room's replay link).
export function showReplay({client, screen}, matchId, code) {
  const problem = h('p', {class: 'error', role: 'alert'});
  const title = h('h1', {}, t('history.match', {match: matchId}));
  const audience = h('select', {id: 'audience'});
  const slider = h('input', {type: 'range', id: 'step', min: 0, max: 0, value: 0,
                             'aria-label': t('replay.step')});
  const caption = h('p', {class: 'step-caption', id: 'step-caption', 'aria-live': 'polite'});
  const boardHost = h('div', {class: 'board replay-board'});
  const resultHost = h('div');
  const chatLines = scrollingList({class: 'chat-lines', id: 'replay-chat',
                                   'aria-label': t('chat.title')});
  const chatList = chatLines.list;
  const chatHost = h('section', {class: 'card chat replay-chat', hidden: true},
                     h('h2', {}, t('chat.heading')), chatLines.box);
  let steps = [];
  let board = null;
  let boardModule = null;
  let names = [];
  let match = null;

  const go = (k) => {
    if (!steps.length) return;
    const step = Math.max(0, Math.min(steps.length - 1, k));
    slider.value = String(step);
    show(step);
  };

  function show(k) {
    // What was said after the step shown is dimmed: the talk follows the slider.
    for (const li of chatList.children) li.classList.toggle('later', Number(li.dataset.step) > k);
    const {view} = steps[k];
    board.update(view, {act: null, names});
    // The same words as the match's log: what the step did, from its view and the one before.
    caption.textContent = k === 0
        ? t('replay.start', {count: steps.length - 1})
        : t('replay.caption', {step: k, count: steps.length - 1,
                               text: stepText(boardModule, view, names, steps[k - 1]?.view)});
  }

  async function loadSteps() {
    problem.textContent = '';
    const seat = audience.value === '' ? undefined : Number(audience.value);
    try {
      const reply = await client.getReplay(matchId, {seat, code});
      steps = reply.steps;
      fill(chatList, (reply.chat || []).map((line) => {
        const li = chatLine(line, {atStep: true});
        li.dataset.step = line.step;
        return li;
      }));
      chatHost.hidden = !(reply.chat || []).length;
      slider.max = String(steps.length - 1);
      go(Number(slider.value) || 0);
    } catch (error) {
      problem.textContent = errorText(error);
    }
  }

  async function open() {
    try {
      match = await client.getMatch(matchId, {code});
    } catch (error) {
      problem.textContent = errorText(error);
      return;
    }
    names = seatNames(match.seats);
    title.textContent = t('replay.title', {game: gameName(client, match.game), match: matchId});
    boardModule = await loadBoard(match.game);
    board = boardModule.create(boardHost);
    const over = match.status !== 'running';
    const mySeat = match.seats.find((s) => s.player === client.player.id)?.seat;
    fill(audience,
      h('option', {value: ''}, t(over ? 'replay.revealed' : 'replay.spectators')),
      match.seats.map((s) => h('option', {value: s.seat, disabled: !over && s.seat !== mySeat},
                               t('replay.as_seat', {seat: s.seat + 1, name: names[s.seat]}))));
    const said = match.result && resultText(match.game, match.result, names);
    fill(resultHost, match.result &&
         h('p', {class: 'result-line'},
           sentence(t('replay.result', {status: t(`history.status.${match.status}`),
                                        result: winnersText(match.result, names)})),
           said ? ` ${said}` : ''));
    await loadSteps();
  }

  const keys = (event) => {
    if (event.target.matches('input:not([type=range]), select, textarea')) return;
    const k = Number(slider.value);
    const moves = {ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: steps.length - 1,
                   PageUp: k - 10, PageDown: k + 10};
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  };
  slider.addEventListener('input', () => show(Number(slider.value)));
  audience.addEventListener('change', loadSteps);
  document.addEventListener('keydown', keys);

  fill(screen, title, problem, resultHost,
    h('div', {class: 'replay-controls'},
      h('label', {for: 'audience'}, t('replay.view')), audience,
      h('button', {type: 'button', 'aria-label': t('replay.first'), onclick: () => go(0)}, '|◀'),
      h('button', {type: 'button', 'aria-label': t('replay.previous'),
                   onclick: () => go(Number(slider.value) - 1)}, '◀'),
      slider,
      h('button', {type: 'button', 'aria-label': t('replay.next'),
                   onclick: () => go(Number(slider.value) + 1)}, '▶'),
      h('button', {type: 'button', 'aria-label': t('replay.last'),
                   onclick: () => go(steps.length - 1)}, '▶|')),
    caption,
    h('p', {class: 'muted'}, t('replay.keys')),
    boardHost, chatHost);
  open();
  return () => document.removeEventListener('keydown', keys);
}
