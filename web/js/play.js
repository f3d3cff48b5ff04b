// A match as it is played or watched: the game's board, whose turn it is, the countdown of an
// open window or clock, the legal actions, a log of what happened, and the result at the end.

import {h, fill} from './dom.js';
import {showActions} from './actions.js';
import {Countdown} from './countdown.js';
import {winnersText} from './names.js';
import generic from '../boards/generic.js';

const LOG_LINES = 200;  // the log keeps the latest steps only

// What a step did, in the game's words (`board.describe`, from the view it led to and the one
// before it); a step the game's words cannot tell from its view (one seen after a gap) is told
// by its last action, as every game's plain view does.
export function stepText(board, view, names, before) {
  return board.describe(view, names, before) || generic.describe(view, names) ||
         `${(view.to_act || []).map((s) => names[s] ?? `seat ${s}`).join(' and ') ||
            'nobody'} to act next`;
}

export class MatchPanel {
  // options: {board: module, names: () => [seat names], act: (action) => Promise | null,
  //           announce(text), match: id, earlier: () => Promise of get_replay's steps}
  constructor(host, options) {
    this.options = options;
    this.drawn = options.board;
    this.boardHost = h('div', {class: 'board'});
    this.turn = h('p', {class: 'turn', id: 'turn', tabindex: -1});
    this.clockHost = h('div');
    this.actionsHost = h('div');
    this.problem = h('p', {class: 'error', role: 'alert'});
    this.resultHost = h('div');
    this.log = h('ol', {class: 'log', role: 'log', 'aria-label': 'what happened'});
    this.loggedStep = -1;
    this.askedEarlier = false;
    this.countdown = new Countdown(this.clockHost);
    this.root = h('div', {class: 'play'});
    // The game's board, or the plain view that serves every game (and shows client authors
    // what the server sends).
    this.plain = h('input', {type: 'checkbox', id: 'plain-view', onchange: () => this.choose()});
    fill(this.root, this.boardHost,
      h('aside', {class: 'side'}, this.resultHost, this.turn, this.clockHost, this.problem,
        this.actionsHost, h('h3', {}, 'Log'), this.log,
        this.drawn !== generic && h('p', {class: 'check'}, this.plain,
          h('label', {for: 'plain-view'}, ' the plain view: no board, every action a button'))));
    this.choose();
    fill(host, this.root);
  }

  choose() {
    this.boardModule = this.plain.checked ? generic : this.drawn;
    this.board = this.boardModule.create(this.boardHost);
    if (this.view) this.update(this.view, this.arrivedAt);
  }

  update(view, arrivedAt) {
    this.arrivedAt = arrivedAt;
    // A move sent from the keyboard may have taken its control away already.
    const hadFocus = this.root.contains(document.activeElement) || this.sentFromHere;
    this.sentFromHere = false;
    const names = this.options.names();
    const mine = view.seat !== null && view.seat !== undefined;
    // For tests and styles: the step shown, and whether this seat is to act.
    this.root.dataset.step = view.step;
    this.root.dataset.over = view.over;
    this.root.dataset.toAct = mine && !view.over && view.to_act.includes(view.seat) &&
                              view.legal.length > 0;
    const act = mine && !view.over && this.options.act ? (action) => this.send(action) : null;
    this.board.update(view, {act, names});
    this.showTurn(view, names, mine);
    this.countdown.show(view.over ? null : view.deadline, arrivedAt, names);
    // The game's words name the actions and the steps in the plain view too.
    showActions(this.actionsHost, view,
                {label: (action, v) => this.drawn.label(action, v, names), act,
                 onBoard: this.boardModule.onBoard, groupName: this.drawn.group});
    this.addToLog(view, names, this.view);
    this.showResult(view, names);
    this.view = view;
    // A control that had the focus may be gone with the old view: give it to the next one.
    if (hadFocus && !this.root.contains(document.activeElement)) {
      const shown = [...this.actionsHost.querySelectorAll('button')]
          .find((b) => !b.closest('details:not([open])'));
      (shown || this.turn).focus();
    }
  }

  async send(action) {
    this.sentFromHere = this.root.contains(document.activeElement);
    this.problem.textContent = '';
    try {
      await this.options.act(action);
    } catch (error) {
      this.problem.textContent = `Refused: ${error.message}`;
      if (this.view) this.update(this.view, this.arrivedAt);
    }
  }

  showTurn(view, names, mine) {
    const turnOf = (view.to_act || []).map((s) => names[s] ?? `seat ${s}`);
    let text;
    if (view.over) text = 'The match is over.';
    else if (mine && view.to_act.includes(view.seat) && view.legal.length) text = 'Your turn.';
    else if (turnOf.length) text = `Waiting for ${turnOf.join(' and ')}.`;
    else text = 'Waiting.';
    if (text !== this.turn.textContent && (text === 'Your turn.' || view.over)) {
      this.options.announce(text);
    }
    this.turn.textContent = text;
    this.turn.classList.toggle('yours', text === 'Your turn.');
  }

  // `before`: the view shown before this one (its step tells what changed), when there was one.
  addToLog(view, names, before) {
    if (view.step === this.loggedStep) return;
    // Entering a match under way (a reload, a reconnection, a spectator arriving): the steps
    // before this one are told from the replay, so the log starts at the start.
    if (this.loggedStep < 0 && view.step > 1) this.fillEarlier(view.step);
    this.loggedStep = view.step;
    if (view.step === 0) return;
    this.log.append(this.logLine(view, names, before));
    this.trimLog();
  }

  logLine(view, names, before) {
    return h('li', {}, h('span', {class: 'step'}, `${view.step}.`), ' ',
             stepText(this.drawn, view, names, before));
  }

  trimLog() {
    while (this.log.children.length > LOG_LINES) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
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
    fill(this.resultHost, h('section', {class: 'result', 'aria-label': 'result'},
      h('h2', {}, winnersText(r, names)),
      r.message && h('p', {}, r.message),
      r.reason && h('p', {class: 'muted'}, `How it ended: ${r.reason.replace(/_/g, ' ')}`),
      Array.isArray(r.scores) && h('ul', {class: 'scores'},
        r.scores.map((score, seat) => h('li', {}, `${names[seat] ?? `seat ${seat}`}: ${score}`))),
      h('a', {class: 'button', href: this.options.replay || `#/replay/${this.options.match}`,
              id: 'replay-link'},
        'Watch the replay')));
  }

  close() {
    this.countdown.stop();
  }
}
