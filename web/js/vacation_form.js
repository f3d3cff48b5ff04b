// The account's vacation days (docs/correspondence.md, Vacation): those left this year, the
// vacation under way, and a form that takes whole days, each of which stands still every
// correspondence clock of the player's. Before the days are taken the form says until when the
// clocks would stand still; days taken are not given back, so it says that too.

import {h, fill} from './dom.js';
import {t, dateTime} from './i18n.js';
import {saidError} from './errors.js';
import {accountError} from './account_words.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// The section of the account page; `left()` says whether the page has gone meanwhile.
export function vacationSection(client, left) {
  let shown = null;  // the vacation as the server last said it
  const status = h('p', {id: 'vacation-status', role: 'status'});
  const days = h('input', {id: 'vacation-days', name: 'vacation-days', type: 'number', min: 1,
                           step: 1, value: 1, required: true, inputmode: 'numeric',
                           'aria-describedby': 'vacation-what'});
  const range = h('span', {class: 'range'});
  const what = h('p', {id: 'vacation-what', class: 'vacation-what', 'aria-live': 'polite'});
  const problem = h('p', {class: 'error', role: 'alert', id: 'vacation-problem'});
  const said = h('p', {class: 'done', role: 'status', id: 'vacation-said'});
  const button = h('button', {type: 'submit'}, t('vacation.take'));
  const fields = h('fieldset', {class: 'vacation-fields'},
    h('legend', {class: 'visually-hidden'}, t('vacation.take_legend')),
    h('label', {for: 'vacation-days'}, t('vacation.days_label'), range), days, what,
    h('div', {class: 'buttons'}, button));

  // Under way at the server's now: the vacation's end; else none.
  const under = (now) => (shown?.until_ms && shown.until_ms > now ? shown.until_ms : null);
  const read = () => {
    const n = Number(days.value);
    const most = shown?.days_left ?? 0;
    if (days.value.trim() === '' || !Number.isInteger(n) || n < 1 || n > most) {
      throw saidError(t('options.need_range', {label: t('vacation.days_label'), min: 1,
                                               max: most}));
    }
    return n;
  };
  // What taking the days asked would do, said before they are taken.
  const explain = () => {
    if (!shown || shown.days_left < 1) return fill(what);
    try {
      const count = read();
      const now = client.serverNow();
      const from = under(now) ?? now;
      fill(what, t(under(now) ? 'vacation.would_lengthen' : 'vacation.would_take',
                   {count, when: dateTime(from + count * DAY_MS)}));
    } catch (_) {
      fill(what);  // a number out of range says so when the form is sent
    }
  };
  const show = (vacation) => {
    if (left()) return;
    shown = vacation;
    const now = client.serverNow();
    const until = under(now);
    const daysLeft = vacation.days_left > 0
        ? t('vacation.days_left', {count: vacation.days_left, of: vacation.days_a_year})
        : t('vacation.none_left');
    fill(status,
      until ? h('strong', {class: 'on-vacation'}, t('vacation.on_until', {when: dateTime(until)}))
            : vacation.until_ms ? t('vacation.ended', {when: dateTime(vacation.until_ms)}) : null,
      (until || vacation.until_ms) ? ' ' : null, daysLeft);
    status.dataset.state = until ? 'away' : 'here';
    status.dataset.daysLeft = vacation.days_left;
    days.max = Math.max(1, vacation.days_left);
    if (Number(days.value) > vacation.days_left) days.value = Math.max(1, vacation.days_left);
    fill(range, vacation.days_left > 0 ? t('options.range', {min: 1, max: vacation.days_left})
                                       : '');
    fields.disabled = vacation.days_left < 1;
    explain();
  };
  days.addEventListener('input', explain);

  const form = h('form', {class: 'account-form', id: 'vacation-form'}, status, fields, problem,
                 said);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.textContent = '';
    said.textContent = '';
    button.disabled = true;
    try {
      const count = read();
      const vacation = await client.takeVacation(count);
      show(vacation);
      said.textContent = t('vacation.taken', {count, when: dateTime(vacation.until_ms)});
    } catch (error) {
      if (!left()) problem.textContent = accountError(error);
    } finally {
      button.disabled = false;
    }
  });

  (async () => {
    try {
      show(await client.getVacation());
    } catch (error) {
      if (!left()) problem.textContent = accountError(error);
    }
  })();
  return h('section', {class: 'card', 'aria-labelledby': 'vacation-title', id: 'vacation'},
    h('h2', {id: 'vacation-title'}, t('vacation.title')),
    h('p', {}, t('vacation.intro')), form);
}

// A guest's page: what vacation days are, and that an account has them.
export function vacationForGuests() {
  return h('section', {class: 'card', 'aria-labelledby': 'vacation-title', id: 'vacation'},
    h('h2', {id: 'vacation-title'}, t('vacation.title')),
    h('p', {}, t('vacation.intro')),
    h('p', {id: 'vacation-accounts-only'}, t('vacation.accounts_only')));
}
