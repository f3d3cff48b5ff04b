// The account's notifications (docs/notifications.md): the address the server mails when a match
// by correspondence waits for this player's move, whether it is verified yet (by the link mailed
// to it, opened in another tab or on another device: the status is read again when the page is
// looked at again), the mode (a daily digest, each time, or nothing), and a webhook, optional.
// Only what changed is sent: each change counts against the server's limit an hour, and a new
// address costs a mail.

import {h, fill} from './dom.js';
import {t, parts, language} from './i18n.js';
import {languages} from './languages.js';
import {accountError} from './account_words.js';

const MODES = ['digest', 'immediate', 'off'];

// Where the address stands, in words: none, waiting for its link to be followed, verified, or
// unsubscribed by a mail's link.
function addressStatus(settings) {
  const email = h('strong', {translate: 'no'}, settings.email);
  if (!settings.email) return [t('notifications.no_email'), 'none'];
  if (settings.emailUnsubscribed) {
    return [parts('notifications.email_unsubscribed', {email}), 'unsubscribed'];
  }
  if (settings.emailVerified) return [parts('notifications.email_verified', {email}), 'verified'];
  return [parts('notifications.email_waiting', {email}), 'waiting'];
}

// The section of the account page; `left()` says whether the page has gone meanwhile.
export function notificationsSection(client, left) {
  let shown = null;  // the settings as the server last said them
  const email = h('input', {id: 'notify-email', name: 'email', type: 'email', maxlength: 254,
                            autocomplete: 'email', 'aria-describedby': 'notify-email-status'});
  const status = h('p', {id: 'notify-email-status', class: 'email-status', role: 'status'});
  const mode = h('select', {id: 'notify-mode', name: 'mode', 'aria-describedby': 'notify-mode-hint'},
                 MODES.map((m) => h('option', {value: m}, t(`notifications.mode.${m}`))));
  const modeHint = h('small', {id: 'notify-mode-hint'});
  const showModeHint = () => { modeHint.textContent = t(`notifications.mode_hint.${mode.value}`); };
  mode.addEventListener('change', showModeHint);
  const webhook = h('input', {id: 'notify-webhook', name: 'webhook', type: 'url', maxlength: 2048,
                              inputmode: 'url', autocomplete: 'off', spellcheck: 'false',
                              'aria-describedby': 'notify-webhook-hint'});
  const problem = h('p', {class: 'error', role: 'alert', id: 'notify-problem'});
  const said = h('p', {class: 'done', role: 'status', id: 'notify-said'});
  const secret = h('div', {id: 'notify-secret'});

  // Whether the player has changed a field since the settings were last shown.
  const edited = () => shown && (email.value.trim() !== shown.email || mode.value !== shown.mode ||
                                 webhook.value.trim() !== shown.webhookUrl);
  // `keepEdits`: the fields the player is changing stay as they are (read again on coming back
  // to the page, only the address's status may have changed).
  const show = (settings, {keepEdits = false} = {}) => {
    if (left()) return;
    const keep = keepEdits && edited();
    shown = settings;
    if (!keep) {
      email.value = settings.email;
      mode.value = settings.mode;
      webhook.value = settings.webhookUrl;
    }
    const [words, state] = addressStatus(settings);
    fill(status, words);
    status.dataset.state = state;
    showModeHint();
  };
  const read = async (keepEdits = false) => {
    try {
      show(await client.getNotifications(), {keepEdits});
    } catch (error) {
      if (!left()) problem.textContent = accountError(error);
    }
  };

  const form = h('form', {class: 'account-form', id: 'notify-form'},
    h('label', {for: 'notify-email'}, t('notifications.email')), email, status,
    h('label', {for: 'notify-mode'}, t('notifications.mode_label')), mode, modeHint,
    h('label', {for: 'notify-webhook'}, t('notifications.webhook')), webhook,
    h('small', {id: 'notify-webhook-hint'}, t('notifications.webhook_hint')),
    problem, said, secret,
    h('div', {class: 'buttons'}, h('button', {type: 'submit'}, t('notifications.save'))));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.textContent = '';
    said.textContent = '';
    fill(secret);
    const change = {};
    if (email.value.trim() !== shown?.email) change.email = email.value.trim();
    if (mode.value !== shown?.mode) change.mode = mode.value;
    if (webhook.value.trim() !== shown?.webhookUrl) change.webhookUrl = webhook.value.trim();
    // The mails come in the page's language, when the server has it.
    const words = language().split('-')[0];
    if (words !== shown?.language && (await languages()).includes(words)) change.language = words;
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const settings = Object.keys(change).length ? await client.setNotifications(change) : shown;
      show(settings);
      said.textContent = t(change.email ? 'notifications.saved_check_mail' : 'notifications.saved');
      // The webhook's key, given once: shown to be copied, never again.
      if (settings.webhookSecret) {
        fill(secret, h('p', {}, t('notifications.webhook_secret')),
             h('code', {class: 'secret', translate: 'no'}, settings.webhookSecret));
      }
    } catch (error) {
      problem.textContent = accountError(error);
    } finally {
      button.disabled = false;
    }
  });

  // Back from the mail's link in another tab: the address may be verified now.
  const again = () => { if (document.visibilityState === 'visible' && !left()) read(true); };
  document.addEventListener('visibilitychange', again);
  read();
  return {
    node: h('section', {class: 'card', 'aria-labelledby': 'notify-title', id: 'notifications'},
      h('h2', {id: 'notify-title'}, t('notifications.title')),
      h('p', {}, t('notifications.intro')), form),
    stop: () => document.removeEventListener('visibilitychange', again),
  };
}
