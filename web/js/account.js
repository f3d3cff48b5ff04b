// The account screen (#/account). A guest signs up here (the same player, with their seats and
// history, from then on an account's) or logs in to an account they have. An account's player
// logs this device out, sees the devices signed in (each by what it said it was, and when it was
// last used), signs one out or every other, and changes the password (which signs out every
// other device), and sees and takes the vacation days that stand their correspondence clocks
// still. The connection's changes (a new client for a login, the log-out) are app.js's,
// given as `account`.

import {h, fill} from './dom.js';
import {t, parts, relative, dateTime} from './i18n.js';
import {loginForm} from './login_form.js';
import {accountError, deviceName} from './account_words.js';
import {notificationsSection} from './notifications_form.js';
import {vacationSection, vacationForGuests} from './vacation_form.js';

// A new password's shortest length (docs/protocol.md, Accounts and sessions); the server says it
// again in weak_password's `min_length`.
const MIN_PASSWORD = 8;

// When a session was last used, from the server's clock: "used just now", "last used 5 minutes
// ago".
function usedText(ms, now) {
  const minutes = Math.floor(Math.max(0, now - ms) / 60000);
  if (minutes < 1) return t('account.used_now');
  const hours = Math.floor(minutes / 60);
  const ago = minutes < 60 ? relative(-minutes, 'minute')
      : hours < 24 ? relative(-hours, 'hour') : relative(-Math.floor(hours / 24), 'day');
  return t('account.used', {ago});
}

// A password field with its label and, for a new password, the rule it must keep.
function passwordField(id, label, autocomplete) {
  const hint = autocomplete === 'new-password' &&
      h('small', {id: `${id}-hint`}, t('account.password_rule', {count: MIN_PASSWORD}));
  const input = h('input', {id, name: id, type: 'password', required: true, maxlength: 128,
                            autocomplete, 'aria-describedby': hint ? `${id}-hint` : null});
  return {input, nodes: [h('label', {for: id}, label), input, hint]};
}

// Runs `act` for a form: its button off meanwhile, its refusal in words in `problem`.
function submitting(form, problem, act) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.textContent = '';
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      await act();
    } catch (error) {
      problem.textContent = accountError(error);
    } finally {
      button.disabled = false;
    }
  });
}

export function showAccount({client, screen, announce, account}) {
  let left = false;
  let notifications = null;  // the notifications' section, which listens to the page's coming back
  const draw = (said) => {
    if (left) return;
    notifications?.stop();
    notifications = null;
    if (client.welcome?.account) signedIn(said);
    else guest();
  };

  function guest() {
    const name = h('input', {id: 'signup-name', name: 'username', maxlength: 32, required: true,
                             autocomplete: 'username', value: client.player.name});
    const password = passwordField('signup-password', t('account.password'), 'new-password');
    const problem = h('p', {class: 'error', role: 'alert', id: 'signup-problem'});
    const form = h('form', {class: 'account-form', id: 'signup-form'},
      h('label', {for: 'signup-name'}, t('account.name')), name,
      password.nodes, problem,
      h('div', {class: 'buttons'}, h('button', {type: 'submit'}, t('account.sign_up'))));
    submitting(form, problem, async () => {
      const welcome = await account.signUp(name.value.trim(), password.input.value);
      const words = t('account.signed_up', {name: welcome.player.name});
      announce(words);
      draw(words);
    });
    fill(screen, h('h1', {}, t('account.title')),
      h('p', {}, parts('account.guest_intro', {name: h('strong', {}, client.player.name)})),
      h('div', {class: 'account-grid'},
        h('section', {class: 'card', 'aria-labelledby': 'signup-title'},
          h('h2', {id: 'signup-title'}, t('account.sign_up_title')),
          h('p', {}, t('account.sign_up_intro')), form),
        h('section', {class: 'card', 'aria-labelledby': 'login-title'},
          h('h2', {id: 'login-title'}, t('account.log_in_title')),
          h('p', {}, t('account.log_in_from_guest')),
          loginForm({onLogin: account.logIn})),
        vacationForGuests()));
  }

  function signedIn(said) {
    const sessionsBox = h('div', {id: 'sessions'});
    const sessionsProblem = h('p', {class: 'error', role: 'alert', id: 'sessions-problem'});
    const sessionsSaid = h('p', {class: 'done', role: 'status', id: 'sessions-said'});
    const showSessions = (sessions) => {
      if (left) return;
      const now = client.serverNow();
      const others = sessions.filter((session) => !session.current);
      fill(sessionsBox,
        h('ul', {class: 'sessions'}, sessions.map((session) => {
          const device = deviceName(session.label);
          return h('li', {class: `session${session.current ? ' current' : ''}`,
                          'data-session': session.id},
            h('div', {class: 'session-what'},
              // What the device said of itself is its own words, in no language of the page.
              h('strong', {translate: device === session.label ? 'no' : null}, device),
              session.current && h('span', {class: 'badge'}, t('account.this_device')),
              h('small', {class: 'session-when', title: dateTime(session.last_used_ms)},
                usedText(session.last_used_ms, now)),
              h('small', {}, t('account.since', {when: dateTime(session.created_ms)})),
              session.label && device !== session.label &&
                  h('small', {class: 'session-label', translate: 'no'}, session.label)),
            !session.current && h('button', {
              type: 'button', class: 'secondary',
              'aria-label': t('account.sign_out_device', {device}),
              onclick: () => act(() => client.revokeSession(session.id),
                                 t('account.device_signed_out', {device}))},
            t('account.sign_out')));
        })),
        others.length > 0 && h('div', {class: 'buttons'},
          h('button', {type: 'button', class: 'secondary', id: 'sign-out-others',
                       onclick: () => act(() => client.revokeOtherSessions(),
                                          t('account.others_signed_out'))},
            t('account.sign_out_others'))));
    };
    // A change to the sessions, answered by those left.
    const act = async (change, words) => {
      sessionsProblem.textContent = '';
      sessionsSaid.textContent = '';
      try {
        showSessions(await change());
        sessionsSaid.textContent = words;
      } catch (error) {
        sessionsProblem.textContent = accountError(error);
      }
    };
    act(() => client.listSessions(), '');

    // The password: the account's name beside it (hidden) tells a password manager whose it is.
    const current = passwordField('current-password', t('account.current_password'),
                                  'current-password');
    const fresh = passwordField('new-password', t('account.new_password'), 'new-password');
    const passwordProblem = h('p', {class: 'error', role: 'alert', id: 'password-problem'});
    const passwordSaid = h('p', {class: 'done', role: 'status', id: 'password-said'});
    const passwordForm = h('form', {class: 'account-form', id: 'password-form'},
      h('input', {type: 'text', name: 'username', autocomplete: 'username', hidden: true,
                  value: client.player.name}),
      current.nodes, fresh.nodes, passwordProblem, passwordSaid,
      h('div', {class: 'buttons'}, h('button', {type: 'submit'}, t('account.change_password'))));
    submitting(passwordForm, passwordProblem, async () => {
      passwordSaid.textContent = '';
      const sessions = await client.changePassword(current.input.value, fresh.input.value);
      current.input.value = '';
      fresh.input.value = '';
      showSessions(sessions);
      passwordSaid.textContent = t('account.password_changed');
    });

    const logOut = h('button', {type: 'button', id: 'log-out', onclick: () => {
      logOut.disabled = true;
      account.logOut();
    }}, t('account.log_out'));

    notifications = notificationsSection(client, () => left);
    fill(screen, h('h1', {}, t('account.title')),
      h('p', {}, parts('account.signed_in_intro', {name: h('strong', {}, client.player.name)})),
      said && h('p', {class: 'done', role: 'status'}, said),
      h('div', {class: 'account-grid'},
        h('section', {class: 'card', 'aria-labelledby': 'sessions-title'},
          h('h2', {id: 'sessions-title'}, t('account.sessions_title')),
          h('p', {}, t('account.sessions_intro')),
          sessionsProblem, sessionsSaid, sessionsBox),
        h('div', {},
          h('section', {class: 'card', 'aria-labelledby': 'password-title'},
            h('h2', {id: 'password-title'}, t('account.password_title')),
            h('p', {}, t('account.password_intro')), passwordForm),
          h('section', {class: 'card', 'aria-labelledby': 'log-out-title'},
            h('h2', {id: 'log-out-title'}, t('account.log_out_title')),
            h('p', {}, t('account.log_out_intro')),
            h('div', {class: 'buttons'}, logOut))),
        notifications.node,
        vacationSection(client, () => left)));
  }

  draw(null);
  return () => {
    left = true;
    notifications?.stop();
  };
}
