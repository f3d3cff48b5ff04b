// Countdowns for a view's deadline: `after_ms` counted from the moment the view arrived.
// clockText serves the room's other countdown too: the wait before a bot plays for an absent player;
// timeLeftText the clocks that run for days (a match by correspondence).

import {h, fill} from './dom.js';
import {t, parts, list, number, duration} from './i18n.js';
import {seatNumber} from './names.js';

// Time left as a clock shows it: "0:42" from a minute up, else "42 s".
export function clockText(leftMs) {
  const seconds = Math.ceil(Math.max(0, leftMs) / 1000);
  return seconds >= 60
      ? `${number(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`
      : t('clock.seconds', {seconds});
}

const MINUTE_MS = 60000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Time left in words, to the two largest units that matter: "3 days, 4 hours", "5 hours, 20
// minutes", "12 minutes"; under a minute as a clock shows it ("42 s"). Rounded down, as a clock
// is read: never more time than there is.
export function timeLeftText(leftMs) {
  const ms = Math.max(0, leftMs);
  if (ms < MINUTE_MS) return clockText(ms);
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  if (days > 0) return duration({days, hours});
  if (hours > 0) return duration({hours, minutes});
  return duration({minutes});
}

export class Countdown {
  constructor(host) {
    this.host = host;
    this.timer = null;
  }

  show(deadline, arrivedAt, names) {
    clearInterval(this.timer);
    if (!deadline) return fill(this.host);
    const who = list(deadline.seats.map((s) => names[s] ?? seatNumber(s)));
    const clock = h('span', {class: 'clock'});
    fill(this.host, h('p', {class: 'countdown'}, parts('clock.left', {who, clock})));
    const tick = () => {
      const left = Math.max(0, deadline.after_ms - (performance.now() - arrivedAt));
      clock.textContent = clockText(left);
      clock.classList.toggle('urgent', left < 10000);
      if (left === 0) clearInterval(this.timer);
    };
    tick();
    this.timer = setInterval(tick, 250);
  }

  stop() {
    clearInterval(this.timer);
  }
}
