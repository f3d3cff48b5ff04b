// That it is your turn, said where you will see it while the page is not in front of you: the
// tab's title and icon are marked for as long as the turn is yours; and, as the player chooses
// (kept in this browser), a short sound and a browser notification when the turn comes while
// the page is hidden or in the background. The notification asks the browser's permission the
// moment the player ticks it, and goes once the page is back in front or the turn is over.

import {h} from './dom.js';
import {t} from './i18n.js';

const KEY = 'tortuga.alerts';            // {sound: bool, notify: bool}
const ICON = '/favicon.svg';
const ICON_TURN = '/favicon-turn.svg';  // the icon with its mark

function choices() {
  try {
    return {sound: false, notify: false, ...JSON.parse(localStorage.getItem(KEY) || '{}')};
  } catch (_) {
    return {sound: false, notify: false};
  }
}

function choose(change) {
  localStorage.setItem(KEY, JSON.stringify({...choices(), ...change}));
}

const away = () => document.visibilityState === 'hidden' || !document.hasFocus();

// Two short notes, made by the browser (no sound file to fetch): a bell on deck.
function chime() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return false;
    const audio = chime.context ??= new Context();
    audio.resume?.();
    const start = audio.currentTime;
    [[880, 0], [1320, 0.18]].forEach(([frequency, after]) => {
      const tone = audio.createOscillator();
      const loud = audio.createGain();
      tone.frequency.value = frequency;
      loud.gain.setValueAtTime(0.0001, start + after);
      loud.gain.exponentialRampToValueAtTime(0.25, start + after + 0.02);
      loud.gain.exponentialRampToValueAtTime(0.0001, start + after + 0.35);
      tone.connect(loud).connect(audio.destination);
      tone.start(start + after);
      tone.stop(start + after + 0.4);
    });
    return true;
  } catch (_) {
    return false;  // a browser without sound: the title and the icon say it still
  }
}

function icon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = h('link', {rel: 'icon', type: 'image/svg+xml'});
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

// The alerts of one match panel: turn(true, words) when the turn becomes this player's, with the
// words to say; turn(false) when it is no longer; stop() when the match leaves the screen.
export class TurnAlerts {
  constructor() {
    this.yours = false;
    this.plainTitle = null;
    this.note = null;
    this.onVisible = () => {
      if (!away()) this.closeNote();
    };
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('focus', this.onVisible);
  }

  turn(yours, words = '') {
    if (yours === this.yours) return;
    this.yours = yours;
    if (!yours) return this.clear();
    this.plainTitle = document.title;
    document.title = t('alerts.title', {title: this.plainTitle});
    document.documentElement.dataset.turn = 'yours';
    icon(ICON_TURN);
    if (!away()) return;
    const {sound, notify} = choices();
    if (sound && chime()) document.documentElement.dataset.sounded = String(Date.now());
    if (notify && window.Notification?.permission === 'granted') {
      try {
        this.note = new Notification(t('alerts.notification_title'), {
          body: words, tag: 'tortuga-turn', icon: ICON_TURN, lang: document.documentElement.lang});
        this.note.onclick = () => {
          window.focus();
          this.closeNote();
        };
      } catch (_) {
        this.note = null;  // a browser that only notifies from a service worker
      }
    }
  }

  closeNote() {
    this.note?.close();
    this.note = null;
  }

  clear() {
    this.closeNote();
    if (this.plainTitle !== null) document.title = this.plainTitle;
    this.plainTitle = null;
    delete document.documentElement.dataset.turn;
    icon(ICON);
  }

  stop() {
    this.yours = false;
    this.clear();
    document.removeEventListener('visibilitychange', this.onVisible);
    window.removeEventListener('focus', this.onVisible);
  }
}

// The player's choice of alerts, beside the match: a sound, a notification (asking the browser's
// permission when ticked, and saying so when the browser refuses).
export function alertChoices() {
  const kept = choices();
  const problem = h('p', {class: 'muted alert-problem', role: 'status'});
  const sound = h('input', {type: 'checkbox', id: 'alert-sound', checked: kept.sound,
                            onchange: () => {
                              choose({sound: sound.checked});
                              if (sound.checked) chime();  // what it sounds like
                            }});
  const supported = typeof window.Notification === 'function';
  const notify = h('input', {type: 'checkbox', id: 'alert-notify',
                             checked: supported && kept.notify &&
                                      Notification.permission === 'granted',
                             disabled: !supported || Notification.permission === 'denied'});
  notify.addEventListener('change', async () => {
    problem.textContent = '';
    if (!notify.checked) return choose({notify: false});
    const answer = Notification.permission === 'granted' ? 'granted'
        : await Notification.requestPermission();
    notify.checked = answer === 'granted';
    choose({notify: notify.checked});
    if (answer !== 'granted') problem.textContent = t('alerts.refused');
  });
  if (supported && Notification.permission === 'denied') {
    problem.textContent = t('alerts.refused');
  }
  return h('fieldset', {class: 'alert-choices'},
    h('legend', {}, t('alerts.legend')),
    h('p', {class: 'check'}, sound, h('label', {for: 'alert-sound'}, t('alerts.sound'))),
    h('p', {class: 'check'}, notify, h('label', {for: 'alert-notify'}, t('alerts.notify'))),
    problem);
}
