// One stored match step by step, through any seat's eyes or (once it is over) with everything
// revealed: the board as it was, the step's words, the list of every step beside it (a click
// jumps there), a slider, buttons and the arrow keys, and a player that steps on by itself at
// the speed chosen. The address names the moment and the eyes (#/replay/3?step=41&seat=2, the
// seat counted from 1 as the page counts it): it opens there, and follows every move, so that a
// moment can be shared. Its chat, each line at its step (the lines of a player this browser
// muted at the table stay out, unless asked for). The match file, once the match is over.

import {h, fill, scrollingList} from './dom.js';
import {seatNames, gameName, winnersText, replayLink, playersLine} from './names.js';
import {loadBoard} from '../boards/index.js';
import {chatLine} from './chat.js';
import {stepText, resultText} from './play.js';
import {fitToScreen} from './fit.js';
import {mutedIn} from './mutes.js';
import {rulesAtHand} from './rules.js';
import {t, number, sentence} from './i18n.js';
import {errorText} from './errors.js';

const SPEEDS = [1, 2, 4, 8];  // steps a second
const SPEED = 2;

// `code`: a private match's join code, for one not seated in it (from the room's replay link).
// `query`: the address's step and seat.
export function showReplay({client, screen}, matchId, code, query = new URLSearchParams()) {
  const problem = h('p', {class: 'error', role: 'alert'});
  const title = h('h1', {}, t('history.match', {match: matchId}));
  const audience = h('select', {id: 'audience'});
  const slider = h('input', {type: 'range', id: 'step', min: 0, max: 0, value: 0,
                             'aria-label': t('replay.step')});
  const caption = h('p', {class: 'step-caption', id: 'step-caption', 'aria-live': 'polite'});
  const boardHost = h('div', {class: 'board replay-board'});
  const resultHost = h('div');
  // The match's people, each a link to their profile: under the replay, where drawing them
  // moves nothing the steps' list has scrolled to.
  const peopleHost = h('div', {class: 'replay-people'});
  const stepList = scrollingList({class: 'replay-steps', id: 'replay-steps',
                                  'aria-label': t('replay.steps')});
  const chatLines = scrollingList({class: 'chat-lines', id: 'replay-chat',
                                   'aria-label': t('chat.title')});
  const mutedNote = h('p', {class: 'muted-lines'});
  const chatHost = h('section', {class: 'chat replay-chat', hidden: true},
                     h('h2', {}, t('chat.heading')), chatLines.box, mutedNote);
  const speed = h('select', {id: 'replay-speed'},
                  SPEEDS.map((n) => h('option', {value: n, selected: n === SPEED},
                                      t('replay.speed_value', {count: n}))));
  const play = h('button', {type: 'button', id: 'replay-play', class: 'secondary'});
  const download = h('button', {type: 'button', id: 'replay-download', class: 'secondary',
                                hidden: true}, t('replay.download'));
  const moment = h('a', {id: 'replay-moment', class: 'muted'}, t('replay.moment'));
  let steps = [];
  let board = null;
  let boardModule = null;
  let names = [];
  let match = null;
  let mySeat;
  let shown = 0;
  let timer = null;
  let showMuted = false;
  let rules = null;  // the game's rules at hand, once its board is known
  const rulesHost = h('div');
  const muted = mutedIn(matchId);

  const seat = () => (audience.value === '' ? undefined : Number(audience.value));
  // The address of the moment shown, through the eyes chosen.
  const here = () => {
    const params = new URLSearchParams({step: String(shown)});
    if (seat() !== undefined) params.set('seat', String(seat() + 1));
    return `${replayLink(matchId, code ? {private: true, code} : null)}?${params}`;
  };

  const go = (k) => {
    if (!steps.length) return;
    const step = Math.max(0, Math.min(steps.length - 1, k));
    slider.value = String(step);
    show(step);
  };

  function show(k) {
    shown = k;
    // What was said after the step shown is dimmed: the talk follows the slider.
    for (const li of chatLines.list.children) {
      li.classList.toggle('later', Number(li.dataset.step) > k);
    }
    const {view} = steps[k];
    const you = seat() !== undefined && seat() === mySeat;
    board.update(view, {act: null, names, you});
    rules?.update(view);
    // The same words as the match's log: what the step did, from its view and the one before.
    caption.textContent = k === 0
        ? t('replay.start', {count: steps.length - 1})
        : t('replay.caption', {step: k, count: steps.length - 1,
                               text: stepText(boardModule, view, names, steps[k - 1]?.view,
                                              you)});
    for (const button of stepList.list.querySelectorAll('button[aria-current]')) {
      button.removeAttribute('aria-current');
    }
    stepList.list.querySelector(`button[data-step="${k}"]`)?.setAttribute('aria-current', 'step');
    keepInSight();
    moment.href = here();
    if (location.hash !== moment.getAttribute('href')) {
      history.replaceState(null, '', moment.getAttribute('href'));
    }
    if (k === steps.length - 1) stop();
  }

  // The list scrolls to the step shown, and only the list: the page stays where it is. Again
  // when the list's box changes size (a longer caption above it leaves it less room).
  function keepInSight() {
    const current = stepList.list.querySelector('button[aria-current]');
    if (!current) return;
    const box = stepList.box;
    const item = current.parentElement.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    if (item.top < frame.top || item.bottom > frame.bottom) {
      box.scrollTop += item.top - frame.top - (box.clientHeight - item.height) / 2;
    }
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(keepInSight).observe(stepList.box);

  // The steps stepped through by themselves, at the speed chosen, from where they are (from the
  // start again when at the end).
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = t('replay.play');
    play.setAttribute('aria-pressed', 'false');
  }
  function start() {
    if (shown >= steps.length - 1) go(0);
    clearInterval(timer);
    timer = setInterval(() => go(shown + 1), 1000 / Number(speed.value));
    play.textContent = t('replay.pause');
    play.setAttribute('aria-pressed', 'true');
  }
  play.addEventListener('click', () => (timer ? stop() : start()));
  speed.addEventListener('change', () => { if (timer) start(); });
  stop();

  function listSteps() {
    const you = seat() !== undefined && seat() === mySeat;
    fill(stepList.list, steps.map(({view}, k) => h('li', {},
      h('button', {type: 'button', class: 'link step-link', 'data-step': k,
                   onclick: () => { stop(); go(k); }},
        k === 0 ? t('replay.step_start')
                : t('replay.step_line', {step: number(k),
                                         text: stepText(boardModule, view, names,
                                                        steps[k - 1]?.view, you)})))));
  }

  function showChat(lines) {
    const hidden = lines.filter((line) => muted.has(line.player)).length;
    fill(chatLines.list, lines.map((line) => {
      const li = chatLine(line, {atStep: true});
      li.dataset.step = line.step;
      if (muted.has(line.player) && !showMuted) li.classList.add('from-muted');
      return li;
    }));
    fill(mutedNote, hidden && h('button', {type: 'button', class: 'link', id: 'show-muted',
                                          onclick: () => {
                                            showMuted = !showMuted;
                                            showChat(lines);
                                          }},
                                t(showMuted ? 'replay.hide_muted' : 'replay.show_muted',
                                  {count: hidden})));
    chatHost.hidden = !lines.length;
  }

  async function loadSteps(at) {
    problem.textContent = '';
    stop();
    try {
      const reply = await client.getReplay(matchId, {seat: seat(), code});
      steps = reply.steps;
      showChat(reply.chat || []);
      slider.max = String(steps.length - 1);
      listSteps();
      go(at);
    } catch (error) {
      problem.textContent = errorText(error);
    }
  }

  // The match file, asked for with this player's token (a private match is its players').
  async function save() {
    problem.textContent = '';
    try {
      const asked = code ? `?code=${encodeURIComponent(code)}` : '';
      const path = `/api/matches/${matchId}/export${asked}`;
      const response = await fetch(path, {headers: {Authorization: `Bearer ${client.token}`}});
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw Object.assign(new Error(body.message ?? String(response.status)),
                            {code: body.code});
      }
      const file = URL.createObjectURL(await response.blob());
      const link = h('a', {href: file, download: `tortuga-match-${matchId}.json`, hidden: true});
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(file), 1000);
    } catch (error) {
      problem.textContent = errorText(error);
    }
  }
  download.addEventListener('click', save);

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
    if (boardModule.rules) {
      rules = rulesAtHand({id: match.game, name: gameName(client, match.game)},
                          boardModule.rules);
      rulesHost.replaceWith(rules.node);
    }
    const over = match.status !== 'running';
    mySeat = match.seats.find((s) => s.player === client.player.id)?.seat;
    fill(audience,
      h('option', {value: ''}, t(over ? 'replay.revealed' : 'replay.spectators')),
      match.seats.map((s) => h('option', {value: s.seat, disabled: !over && s.seat !== mySeat},
                               t('replay.as_seat', {seat: s.seat + 1, name: names[s.seat]}))));
    // The eyes the address names, if they may be had.
    const asked = Number(query.get('seat')) - 1;
    const option = [...audience.options].find((o) => o.value === String(asked) && !o.disabled);
    if (option) audience.value = option.value;
    download.hidden = !over;
    const said = match.result && resultText(match.game, match.result, names);
    fill(resultHost, match.result &&
         h('p', {class: 'result-line'},
           sentence(t('replay.result', {status: t(`history.status.${match.status}`),
                                        result: winnersText(match.result, names)})),
           said ? ` ${said}` : ''));
    fill(peopleHost, playersLine(match.seats));
    await loadSteps(Number(query.get('step')) || 0);
  }

  const keys = (event) => {
    if (event.target.matches('input:not([type=range]), select, textarea')) return;
    const k = Number(slider.value);
    const moves = {ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: steps.length - 1,
                   PageUp: k - 10, PageDown: k + 10};
    if (!(event.key in moves)) return;
    event.preventDefault();
    stop();
    go(moves[event.key]);
  };
  slider.addEventListener('input', () => { stop(); show(Number(slider.value)); });
  audience.addEventListener('change', () => loadSteps(shown));
  document.addEventListener('keydown', keys);

  const root = h('div', {class: 'replay'},
    boardHost,
    h('aside', {class: 'side replay-side'}, rulesHost,
      h('h2', {}, t('replay.steps_title')), stepList.box, chatHost));
  fill(screen, title, problem, resultHost,
    h('div', {class: 'replay-controls'},
      h('label', {for: 'audience'}, t('replay.view')), audience,
      h('button', {type: 'button', 'aria-label': t('replay.first'),
                   onclick: () => { stop(); go(0); }}, '|◀'),
      h('button', {type: 'button', 'aria-label': t('replay.previous'),
                   onclick: () => { stop(); go(Number(slider.value) - 1); }}, '◀'),
      slider,
      h('button', {type: 'button', 'aria-label': t('replay.next'),
                   onclick: () => { stop(); go(Number(slider.value) + 1); }}, '▶'),
      h('button', {type: 'button', 'aria-label': t('replay.last'),
                   onclick: () => { stop(); go(steps.length - 1); }}, '▶|'),
      play,
      h('label', {for: 'replay-speed'}, t('replay.speed')), speed),
    caption,
    h('p', {class: 'muted replay-tools'}, t('replay.keys'), ' ', moment, ' ', download),
    root, peopleHost);
  const unfit = fitToScreen(root);
  open();
  return () => {
    stop();
    unfit();
    document.removeEventListener('keydown', keys);
  };
}
