// A room's chat: its lines, the line being typed, and the players this player has muted. Every
// line is text: it reaches the page only through text nodes (h() and textContent), never as HTML,
// whatever it holds.

import {h, fill, scrollingList} from './dom.js';
import {t, parts} from './i18n.js';
import {errorText} from './errors.js';
import {rememberMutes} from './mutes.js';

const SHOWN_LINES = 200;  // the panel keeps the latest lines only, as the log does

// One line as a list item: who and what; in the history, `atStep` also says at which step of
// the match it was said (live, the line is said now: the step would only puzzle). Shared with
// the history's chat.
export function chatLine(line, {atStep = false} = {}) {
  const name = h('strong', {class: 'chat-name'}, line.name);
  const text = h('span', {class: 'chat-text'}, line.text);
  const said = line.seat === null
      ? parts('chat.line_watching', {name, watching: h('span', {class: 'muted'},
                                                          t('chat.watching')), text})
      : parts('chat.line', {name, text});
  const step = atStep && line.step !== null && line.step !== undefined;
  return h('li', {class: 'chat-line', 'data-player': line.player},
    step ? parts('chat.at_step', {
      step: h('span', {class: 'step'}, t('chat.step', {step: line.step})),
      line: h('span', {}, said)})
         : said);
}

export class ChatPanel {
  // options: {client, roomId, canSpeak: () => bool, whyNot: () => text,
  //           match: () => the room's match id, if any (its replay leaves the muted lines out)}
  constructor(host, options) {
    this.options = options;
    this.muted = new Set();
    this.lines = scrollingList({class: 'chat-lines', role: 'log', 'aria-label': t('chat.title'),
                                'aria-live': 'polite'});
    this.list = this.lines.list;
    // The server keeps the limit of a line's length, and says it when a line is over it.
    this.input = h('input', {type: 'text', id: 'chat-text', autocomplete: 'off',
                             'aria-label': t('chat.say_something')});
    this.send = h('button', {type: 'submit'}, t('chat.say'));
    this.problem = h('p', {class: 'error', role: 'alert'});
    this.note = h('p', {class: 'muted chat-note'});
    this.form = h('form', {class: 'chat-form', onsubmit: (event) => this.say(event)},
                  this.input, this.send);
    fill(host, h('section', {class: 'card chat', 'aria-label': t('chat.title')},
                 h('h2', {}, t('chat.heading')), this.lines.box, this.note, this.form,
                 this.problem));
    this.refresh();
  }

  // The room changed: whether this player may speak now; the mutes, which hold through a
  // rematch, remembered for the replay of the room's match.
  refresh() {
    rememberMutes(this.options.match?.(), this.muted);
    const can = this.options.canSpeak();
    this.input.disabled = !can;
    this.send.disabled = !can;
    this.note.textContent = can ? '' : this.options.whyNot();
  }

  async say(event) {
    event.preventDefault();
    const text = this.input.value;
    if (!text.trim()) return;
    this.problem.textContent = '';
    try {
      await this.options.client.chat(this.options.roomId, text);
      this.input.value = '';
    } catch (error) {
      if (error.code !== 'disconnected') this.problem.textContent = errorText(error);
    }
  }

  // A pushed (or answered) `chat`, or the `chat_log` a newcomer is given.
  take(message) {
    if (message.room !== this.options.roomId) return;
    if (message.type === 'chat_log') {
      fill(this.list, message.lines.map(chatLine));
    } else {
      this.list.append(chatLine(message.line));
    }
    while (this.list.children.length > SHOWN_LINES) this.list.firstChild.remove();
    this.lines.toEnd();
  }

  isMuted(player) {
    return this.muted.has(player);
  }

  // Mutes or unmutes a player for this player alone; resolves once the server has.
  async toggleMute(player) {
    this.muted = new Set(await this.options.client.mute(this.options.roomId, player,
                                                         {muted: !this.muted.has(player)}));
    rememberMutes(this.options.match?.(), this.muted);
    // Lines already shown stay; what the server no longer sends is what muting means.
    for (const li of this.list.querySelectorAll('.chat-line')) {
      li.classList.toggle('from-muted', this.muted.has(Number(li.dataset.player)));
    }
  }
}
