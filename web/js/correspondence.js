// Play by correspondence in the page (docs/correspondence.md): the new room form's choice of
// pace (live, or so many days a move with a time bank, its settings said back in a sentence),
// a room's pace in words, and each seat's clock in days and hours left. A correspondence room's
// views carry no deadline: the clocks are in the room message, `left_ms` counted from its
// arrival, so they count down here as the live clock's countdown does; a clock its player's
// vacation stands still (`still_until_ms`) says so, and until when, and does not count down.

import {h, fill} from './dom.js';
import {t, parts, dateTime} from './i18n.js';
import {saidError} from './errors.js';

// The server's ranges (docs/protocol.md, create_room) and its defaults for the bank.
const DAYS = {min: 1, max: 14, start: 3};
const CAP_DAYS = {min: 0, max: 28, start: 7};
const EXTRA_HOURS = {min: 0, max: 168, start: 12};

const days = (count) => t('correspondence.days', {count});
const hours = (count) => t('correspondence.hours', {count});

// Time left in words, to the hour while days are left, to the minute within the last day: "2
// days 5 hours", "5 hours 12 minutes", "12 minutes", "less than a minute". Counted up to the
// minute, as a clock does: a move of two days begun a second ago has "2 days".
export function leftText(ms) {
  if (ms < 60000) return t('correspondence.under_a_minute');
  const minutes = Math.ceil(ms / 60000);
  const d = Math.floor(minutes / 1440);
  const hh = Math.floor((minutes % 1440) / 60);
  const mm = minutes % 60;
  if (d > 0) return hh ? t('correspondence.two_units', {a: days(d), b: hours(hh)}) : days(d);
  const m = t('correspondence.minutes', {count: mm});
  if (hh > 0) return mm ? t('correspondence.two_units', {a: hours(hh), b: m}) : hours(hh);
  return m;
}

// The pace of a room in one sentence: "by correspondence: 3 days a move, a time bank of up to 7
// days, 12 hours more with each move".
export function paceText(pace) {
  return t('correspondence.pace', {days: days(pace.days_per_move),
                                   cap: days(pace.bank_cap_days),
                                   extra: hours(pace.bank_extra_hours)});
}

// A listed room's pace, short, beside its game: "by correspondence, 3 days a move"; none for
// a live room.
export function paceBadge(room) {
  const pace = room.correspondence;
  return pace ? h('span', {class: 'badge by-post'},
                  t('correspondence.badge', {days: days(pace.days_per_move)})) : null;
}

// A seat's clock in words, or null for a seat without one (a live room, a bot, no match):
// what it has left to move while the rules wait for it, else its bank. `arrivedAt`:
// performance.now() when the room message came, from which `left_ms` counts.
export function seatClock(seat, arrivedAt) {
  const clock = seat.clock;
  if (!clock) return null;
  const still = clock.still_until_ms && {when: dateTime(clock.still_until_ms)};
  if (clock.due_ms === null || clock.due_ms === undefined) {
    const bank = clock.bank_ms > 0 ? t('correspondence.bank', {bank: leftText(clock.bank_ms)})
                                   : t('correspondence.bank_spent');
    return h('span', {class: `badge corr-clock${still ? ' still' : ''}`},
             still ? t('correspondence.bank_on_vacation', {bank, ...still}) : bank);
  }
  // It stays so until the room is shown again (its next message): nothing here counts down.
  if (still) {
    return h('span', {class: 'badge corr-clock to-move still',
                      title: t('correspondence.until', {when: dateTime(clock.due_ms)})},
             t('correspondence.still', {left: leftText(clock.left_ms ?? 0), ...still}));
  }
  const due = arrivedAt + (clock.left_ms ?? 0);
  const left = h('span', {class: 'left'}, leftText(due - performance.now()));
  return h('span', {class: 'badge corr-clock to-move', 'data-due': due,
                    title: t('correspondence.until', {when: dateTime(clock.due_ms)})},
           parts('correspondence.left_to_move', {left}));
}

// Writes again the time left of every clock under `root`.
export function tick(root) {
  for (const clock of root.querySelectorAll('.corr-clock[data-due]')) {
    clock.querySelector('.left').textContent =
        leftText(Number(clock.dataset.due) - performance.now());
  }
}

// A number field of the pace, its range after its label.
function numberField(id, label, range, hint) {
  const input = h('input', {id, name: id, type: 'number', min: range.min, max: range.max, step: 1,
                            value: range.start, required: true, inputmode: 'numeric',
                            'aria-describedby': hint ? `${id}-hint` : null});
  const read = () => {
    const n = Number(input.value);
    if (input.value.trim() === '' || !Number.isInteger(n) || n < range.min || n > range.max) {
      throw saidError(t('options.need_range', {label, min: range.min, max: range.max}));
    }
    return n;
  };
  return {input, read, node: h('div', {class: 'option'},
    h('label', {for: id}, label,
      h('span', {class: 'range'}, t('options.range', {min: range.min, max: range.max}))),
    input, hint && h('small', {id: `${id}-hint`}, hint))};
}

// The new room form's pace: live, or by correspondence with its days and bank. Only an account
// may play by correspondence; a guest is told so beside the choice. `onChange(byPost)` is told
// of each choice (the absent bot, a live clock's, plays no part by correspondence). read()
// gives create_room's `correspondence`, or undefined for a live room.
export function paceChoice({account, onChange = () => {}}) {
  const live = h('input', {type: 'radio', name: 'pace', id: 'pace-live', value: 'live',
                           checked: true});
  const byPost = h('input', {type: 'radio', name: 'pace', id: 'pace-correspondence',
                             value: 'correspondence', disabled: !account,
                             'aria-describedby': 'pace-correspondence-hint'});
  const perMove = numberField('corr-days', t('correspondence.days_per_move'), DAYS);
  const cap = numberField('corr-bank-cap', t('correspondence.bank_cap_days'), CAP_DAYS);
  const extra = numberField('corr-bank-extra', t('correspondence.bank_extra_hours'), EXTRA_HOURS);
  const said = h('p', {class: 'pace-said', id: 'pace-said', 'aria-live': 'polite'});
  const settings = h('fieldset', {class: 'pace-settings', hidden: true, disabled: true},
                     h('legend', {class: 'visually-hidden'}, t('correspondence.settings')),
                     perMove.node, cap.node, extra.node, said);
  const explain = () => {
    try {
      fill(said, t('correspondence.explained', {days: days(perMove.read()),
                                                cap: days(cap.read()),
                                                extra: hours(extra.read())}));
    } catch (_) {
      fill(said);  // a field out of range says so when the form is sent
    }
  };
  const choose = () => {
    settings.hidden = settings.disabled = !byPost.checked;
    onChange(byPost.checked);
  };
  for (const radio of [live, byPost]) radio.addEventListener('change', choose);
  for (const field of [perMove, cap, extra]) field.input.addEventListener('input', explain);
  explain();
  return {
    node: h('fieldset', {class: 'pace'},
      h('legend', {}, t('correspondence.pace_title')),
      h('div', {class: 'option check'}, live, h('label', {for: 'pace-live'},
                                                 t('correspondence.live'))),
      h('div', {class: 'option check'}, byPost,
        h('label', {for: 'pace-correspondence'}, t('correspondence.by_post'))),
      h('small', {id: 'pace-correspondence-hint', class: 'pace-hint'},
        t(account ? 'correspondence.by_post_hint' : 'correspondence.accounts_only')),
      settings),
    read: () => (byPost.checked ? {days_per_move: perMove.read(), bank_cap_days: cap.read(),
                                   bank_extra_hours: extra.read()} : undefined),
  };
}
