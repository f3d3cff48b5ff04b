// A match as it is played or watched: the game's board, whose turn it is, the countdown of an
// open window or clock, the legal actions, a log of what happened, and the result at the end.

import {h, fill, scrollingList} from './dom.js';
import {showActions} from './actions.js';
import {Countdown} from './countdown.js';
import {winnersText, seatNumber, playersLine} from './names.js';
import {t, list, maybe, has} from './i18n.js';
import {errorText} from './errors.js';
import {serverText} from './server_words.js';
import {fitToScreen} from './fit.js';
import {TurnAlerts, alertChoices} from './alerts.js';
import {rulesAtHand} from './rules.js';
import generic from '../boards/generic.js';

const LOG_LINES = 200;  // the log keeps the latest steps only

// What a step did, in the game's words (`board.describe`, from the view it led to and the one
// before it); a step the game's words cannot tell from its view (one seen after a gap) is told
// by its last action, as every game's plain view does. `you`: the view's seat is the reader's
// own (a replay through another seat's eyes names that seat where it would say "you").
export function stepText(board, view, names, before, you = true) {
  const next = (view.to_act || []).map((s) => names[s] ?? seatNumber(s));
  return board.describe(view, names, before, you) || generic.describe(view, names) ||
         (next.length ? t('play.to_act_next', {count: next.length, who: list(next)})
                      : t('play.nobody_to_act'));
}

// Who made the step to `view`: the seat its last action names, or the one seat the view
// before it waited for; null when the view does not say.
function actor(view, before) {
  const seat = view.last_action?.seat;
  if (Number.isInteger(seat)) return seat;
  const waited = before?.step === view.step - 1 ? before.to_act || [] : [];
  return waited.length === 1 ? waited[0] : null;
}

// How a match of `game` ended: the server's sentence for it (the result's `key` and `params`,
// players named by `names`); a result stored before results carried their words, by the game's
// words for its reason.
export function resultText(game, result, names) {
  if (!result?.reason) return null;
  if (typeof result.key === 'string' && has(result.key)) {
    return serverText(result.key, result.params, names);
  }
  const reason = maybe(`games.${game}.reason.${result.reason}`);
  return reason && t('result.how_it_ended', {reason});
}

// A seat's score in the game's words ("Anne: 3 pieces left"), or as a number of points.
function scoreText(board, result, score, name) {
  return board.scoreText?.(result, score, name) ?? t('result.score', {name, score});
}

export class MatchPanel {
  // options: {game: id, gameName: its name, board: module, names: () => [seat names],
  //           act: (action) => Promise | null,
  //           announce(text), match: id, earlier: () => Promise of get_replay's steps,
  //           standIns: () => Set of the seats a bot plays for now (optional)}
  constructor(host, options) {
    this.options = options;
    this.drawn = options.board;
    // Focusable (not in the Tab order): after a move made on the board the focus comes back
    // here, so that the next Tab is on the board's controls again.
    this.boardHost = h('div', {class: 'board', tabindex: -1, role: 'region',
                               'aria-label': t('play.board')});
    this.turn = h('p', {class: 'turn', id: 'turn', tabindex: -1});
    this.clockHost = h('div');
    // A match by correspondence: the seats' clocks in days, from the room message (the views'
    // deadline is null there), given by the room as they change.
    this.slowClockHost = h('div', {class: 'slow-clocks'});
    this.actionsHost = h('div');
    this.problem = h('p', {class: 'error', role: 'alert'});
    this.resultHost = h('div');
    this.logLines = scrollingList({role: 'log', 'aria-label': t('play.log_label')});
    this.log = this.logLines.list;
    this.loggedStep = -1;
    this.askedEarlier = false;
    this.countdown = new Countdown(this.clockHost);
    this.root = h('div', {class: 'play'});
    // The game's board, or the plain view that serves every game (and shows client authors
    // what the server sends).
    this.plain = h('input', {type: 'checkbox', id: 'plain-view', onchange: () => this.choose()});
    // The board's own headings (a convoy, a ship) come under this one, out of sight.
    // The game's rules at hand: the phase explained, the rules in short.
    this.rules = this.drawn.rules && rulesAtHand({id: options.game, name: options.gameName},
                                                 this.drawn.rules);
    fill(this.root, h('h2', {class: 'visually-hidden'}, t('play.board_heading')), this.boardHost,
      h('aside', {class: 'side'}, this.resultHost, this.turn, this.clockHost, this.slowClockHost,
        this.rules?.node,
        this.problem,
        this.actionsHost, h('h3', {}, t('play.log')), this.logLines.box,
        this.drawn !== generic && h('p', {class: 'check'}, this.plain,
          h('label', {for: 'plain-view'}, t('play.plain_view'))),
        options.act && alertChoices()));
    this.alerts = new TurnAlerts();
    this.choose();
    fill(host, this.root);
    this.unfit = fitToScreen(this.root);
  }

  choose() {
    this.boardModule = this.plain.checked ? generic : this.drawn;
    this.board = this.boardModule.create(this.boardHost);
    if (this.view) this.update(this.view, this.arrivedAt);
  }

  update(view, arrivedAt) {
    this.arrivedAt = arrivedAt;
    // A move sent from the keyboard may have taken its control away already.
    const hadFocus = this.root.contains(document.activeElement) || this.sentFrom;
    const from = this.sentFrom ?? (this.boardHost.contains(document.activeElement) ? 'board'
                                                                                   : 'side');
    this.sentFrom = null;
    const names = this.options.names();
    const mine = view.seat !== null && view.seat !== undefined;
    // For tests and styles: the step shown, and whether this seat is to act.
    this.root.dataset.step = view.step;
    this.root.dataset.over = view.over;
    this.root.dataset.toAct = mine && !view.over && view.to_act.includes(view.seat) &&
                              view.legal.length > 0;
    const act = mine && !view.over && this.options.act ? (action) => this.send(action) : null;
    this.board.update(view, {act, names});
    const yours = this.showTurn(view, names, mine);
    this.rules?.update(view);
    this.countdown.show(view.over ? null : view.deadline, arrivedAt, names);
    // The game's words name the actions and the steps in the plain view too.
    showActions(this.actionsHost, view,
                {label: (action, v) => this.drawn.label(action, v, names), act,
                 onBoard: this.boardModule.onBoard, groupName: this.drawn.group});
    this.addToLog(view, names, this.view);
    // The tab's title and icon, and the sound and notification chosen: the notification says
    // the step that gave this player the turn.
    this.alerts.turn(yours, this.lastSaid ?? '');
    this.showResult(view, names);
    this.view = view;
    // A control that had the focus may be gone with the old view: on the board, the board takes
    // it (the next Tab is on its controls); among the actions, the first action shown, or the
    // board when there is none. Never the page's top, from which the board is far away.
    const focused = document.activeElement;
    if (hadFocus && (!focused || focused === document.body)) {
      const shown = from === 'side' && [...this.actionsHost.querySelectorAll('button')]
          .find((b) => !b.closest('details:not([open])'));
      (shown || this.boardHost).focus({preventScroll: true});
    }
  }

  async send(action) {
    const focused = document.activeElement;
    this.sentFrom = !this.root.contains(focused) ? null
        : this.boardHost.contains(focused) ? 'board' : 'side';
    this.problem.textContent = '';
    // For tests and styles: an action of this page is on its way, its answer not yet shown. In
    // a phase where seats act at once, another seat's step can come first.
    this.sending = (this.sending ?? 0) + 1;
    this.root.dataset.sending = 'true';
    try {
      await this.options.act(action);
    } catch (error) {
      this.problem.textContent = t('play.refused', {why: errorText(error)});
      if (this.view) this.update(this.view, this.arrivedAt);
    } finally {
      if (--this.sending === 0) delete this.root.dataset.sending;
    }
  }

  showTurn(view, names, mine) {
    const turnOf = (view.to_act || []).map((s) => names[s] ?? seatNumber(s));
    const yours = !view.over && mine && view.to_act.includes(view.seat) && view.legal.length > 0;
    let text;
    if (view.over) text = t('play.over');
    else if (yours) text = t('play.your_turn');
    else if (turnOf.length) text = t('play.waiting_for', {who: list(turnOf)});
    else text = t('play.waiting');
    if (text !== this.turn.textContent && (yours || view.over)) this.options.announce(text);
    this.turn.textContent = text;
    this.turn.classList.toggle('yours', yours);
    return yours;
  }

  // `before`: the view shown before this one (its step tells what changed), when there was one.
  addToLog(view, names, before) {
    if (view.step === this.loggedStep) return;
    // Entering a match under way (a reload, a reconnection, a spectator arriving): the steps
    // before this one are told from the replay, so the log starts at the start.
    if (this.loggedStep < 0 && view.step > 1) this.fillEarlier(view.step);
    this.loggedStep = view.step;
    if (view.step === 0) return;
    this.log.append(this.logLine(view, names, before, true));
    this.trimLog();
  }

  // A step's line; a step a bot played for an absent player says so (known while it plays:
  // the room's seats name the stand-ins).
  logLine(view, names, before, live = false) {
    const seat = live ? actor(view, before) : null;
    const byBot = seat !== null && this.options.standIns?.().has(seat);
    const text = stepText(this.drawn, view, names, before);
    const said = byBot ? t('play.by_stand_in', {text, name: names[seat] ?? seatNumber(seat)})
                       : text;
    if (live) this.lastSaid = said;
    return h('li', {}, h('span', {class: 'step'}, t('play.step', {step: view.step})), ' ', said);
  }

  trimLog() {
    while (this.log.children.length > LOG_LINES) this.log.firstElementChild.remove();
    this.logLines.toEnd();
  }

  async fillEarlier(before) {
    if (this.askedEarlier || !this.options.earlier) return;
    this.askedEarlier = true;
    let steps;
    try {
      steps = await this.options.earlier();
    } catch (error) {
      return;  // the log then starts where the view did: nothing else depends on it
    }
    const names = this.options.names();
    const lines = steps.filter((s) => s.step >= Math.max(1, before - LOG_LINES) && s.step < before)
                       .map((s) => this.logLine(s.view, names, steps[s.step - 1]?.view));
    this.log.prepend(...lines);
    this.trimLog();
  }

  showResult(view, names) {
    if (!view.over) return fill(this.resultHost);
    const r = view.result || {};
    const said = resultText(this.options.game, r, names);
    fill(this.resultHost, h('section', {class: 'result', 'aria-label': t('play.result')},
      h('h2', {}, winnersText(r, names)),
      said && h('p', {}, said),
      Array.isArray(r.scores) && h('ul', {class: 'scores'},
        r.scores.map((score, seat) => h('li', {}, scoreText(this.drawn, r, score,
                                                            names[seat] ?? seatNumber(seat))))),
      this.options.seats && playersLine(this.options.seats()),
      this.options.rated?.() && h('p', {class: 'result-rated'},
        h('a', {href: `#/leaderboard/${encodeURIComponent(this.options.game)}`},
          t('ratings.result_rated'))),
      h('a', {class: 'button', href: this.options.replay || `#/replay/${this.options.match}`,
              id: 'replay-link'},
        t('play.watch_replay'))));
  }

  // The clocks of a match by correspondence, beside whose turn it is.
  showSlowClocks(nodes) {
    fill(this.slowClockHost, nodes);
  }

  close() {
    this.countdown.stop();
    this.unfit();
    this.alerts.stop();
  }
}
