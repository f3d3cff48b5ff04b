// Who is at the table, as a seat of the room message says: online, or away for how long, and the
// countdown until a bot plays for an absent player (the room's absent_bot_s). The badges keep
// themselves current: tick() redraws their times from what they were drawn with.

import {h} from './dom.js';
import {clockText} from './countdown.js';
import {t, parts} from './i18n.js';

// "away", then "away 3 min", "away 1 h 5 min": since `sinceMs` on the wall clock.
export function awayText(sinceMs, nowMs = Date.now()) {
  const minutes = Math.floor(Math.max(0, nowMs - sinceMs) / 60000);
  if (minutes < 1) return t('presence.away');
  if (minutes < 60) return t('presence.away_minutes', {count: minutes});
  return t('presence.away_hours', {hours: Math.floor(minutes / 60), minutes: minutes % 60});
}

// The badges of a person's seat; `arrivedAt` is performance.now() when the room message came,
// from which stand_in_after_ms counts.
export function presenceBadges(seat, arrivedAt) {
  if (!seat.player) return [];
  if (seat.connected) return [h('span', {class: 'badge online'}, t('presence.online'))];
  const since = seat.away_since_ms;
  const away = h('span', {class: 'badge away', 'data-since': since ?? ''},
                 since ? awayText(since) : t('presence.away'));
  if (seat.stand_in_after_ms === null || seat.stand_in_after_ms === undefined) return [away];
  const due = arrivedAt + seat.stand_in_after_ms;
  const clock = h('span', {class: 'clock'}, clockText(due - performance.now()));
  return [away, h('span', {class: 'badge absent-bot', 'data-due': due},
                  parts('presence.bot_in', {clock}))];
}

// Redraws the times of every presence badge under `root`.
export function tick(root) {
  for (const badge of root.querySelectorAll('.badge.away[data-since]')) {
    const since = Number(badge.dataset.since);
    if (since) badge.textContent = awayText(since);
  }
  for (const badge of root.querySelectorAll('.badge.absent-bot[data-due]')) {
    badge.querySelector('.clock').textContent =
        clockText(Number(badge.dataset.due) - performance.now());
  }
}
