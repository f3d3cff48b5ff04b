// The client's entry: the name form, the connection (the SDK's client, served by the server at
// /sdk/), and a hash route for each screen: #/ lobby, #/room/ID a seat in a room (#/room/CODE a
// private room's, by its code alone), #/watch/ID
// watching a room (with /CODE after the id for a private room, which the server finds by its
// code only), #/history the stored matches, #/replay/ID one match step by step (?step=N&seat=S
// after it: a moment, through a seat's eyes), #/leaderboard/GAME a game's leaderboard (?page=N),
// #/player/ID a player's profile, #/account the account (sign-up, login, devices, password). The
// account's own comings and goings are here: a login's new client, a log-out, and a session ended
// from elsewhere (close code 4004), which is told and not reconnected.

import {TortugaClient, localStorageStorage} from '/sdk/index.js';
import {loadName, saveName, forgetIdentity, forgetSession, markAccount, isAccount, TOKEN_KEY}
    from './identity.js';
import {h, fill} from './dom.js';
import {t, parts, language} from './i18n.js';
import {languages, preferred, useLanguage, languageChoice} from './languages.js';
import {errorText} from './errors.js';
import {roomLink} from './names.js';
import {showLobby} from './lobby.js';
import {showRoom} from './room.js';
import {showHistory} from './history.js';
import {showReplay} from './replay.js';
import {showAccount} from './account.js';
import {loginForm} from './login_form.js';
import {showLeaderboard} from './leaderboard.js';
import {showProfile} from './profile.js';

const screen = document.getElementById('screen');
let client = null;
let leaveScreen = null;  // the current screen's clean-up
let ending = null;  // the client whose own session is being ended by its player (a log-out)
// The close code of a connection whose session was ended elsewhere (docs/protocol.md).
const SIGNED_OUT = 4004;

// Short spoken notes for screen readers (whose turn it is, the end of a match).
export function announce(text) {
  const region = document.getElementById('announce');
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}

// The first screen: the name a guest plays under, with the way to an account's login.
function askName(problem) {
  leaveScreen?.();
  leaveScreen = null;
  const input = h('input', {id: 'name', name: 'name', maxlength: 32, required: true,
                            autocomplete: 'nickname'});
  const form = h('form', {class: 'card narrow', onsubmit: (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    saveName(name);
    start();
  }},
  h('h1', {}, t('app.welcome')),
  h('p', {}, t('app.choose_name')),
  problem && h('p', {class: 'error', role: 'alert'}, problem),
  h('label', {for: 'name'}, t('app.your_name')), input,
  h('button', {type: 'submit'}, t('app.enter')),
  h('p', {class: 'start-login'}, t('account.have_account'), ' ',
    h('button', {type: 'button', class: 'link', id: 'to-login',
                 onclick: () => askLogin({name: input.value.trim()})}, t('account.log_in'))));
  fill(screen, form);
  input.focus();
}

// The first screen for an account: its name and password. `problem` says why it is shown (a
// session ended elsewhere), `said` what was just done (a log-out).
function askLogin({name = '', problem = null, said = null} = {}) {
  leaveScreen?.();
  leaveScreen = null;
  const form = loginForm({name, onLogin: logIn});
  fill(screen, h('section', {class: 'card narrow', 'aria-labelledby': 'login-title'},
    h('h1', {id: 'login-title'}, t('account.log_in_title')),
    problem && h('p', {class: 'error', role: 'alert', id: 'login-why'}, problem),
    said && h('p', {class: 'done', role: 'status', id: 'login-said'}, said),
    h('p', {}, t('account.log_in_intro')),
    form,
    h('p', {}, h('button', {type: 'button', class: 'link', id: 'to-guest',
                            onclick: () => askName()}, t('account.as_guest')))));
  form.querySelector(name ? 'input[type=password]' : 'input').focus();
}

// The operator's word to everyone (a restart ahead), above every screen until dismissed. Shown
// as text: whatever it holds is never read as HTML.
function showNotice(text) {
  const notice = h('p', {class: 'notice', role: 'alert'},
                   parts('app.notice', {text: h('span', {class: 'text'}, text)}), ' ',
                   h('button', {type: 'button', class: 'link', onclick: () => notice.remove()},
                     t('app.dismiss')));
  document.getElementById('notices').append(notice);
}

function showWho() {
  const who = document.getElementById('who');
  if (!client?.player) return fill(who);
  const name = h('strong', {}, client.player.name);
  if (client.welcome?.account) {
    return fill(who, parts('account.signed_in_as', {name}), ' ',
                h('a', {href: '#/account', id: 'account-link'}, t('account.account')));
  }
  fill(who, parts('app.playing_as', {name}), ' ',
       h('button', {class: 'link', onclick: () => {
         client.close();
         client = null;
         forgetIdentity();
         lastStatus = null;
         showStatus();
         askName();
       }}, t('app.change_name')), ' ',
       h('a', {href: '#/account', id: 'account-link'}, t('account.sign_up_or_log_in')));
}

// The WebSocket of the server that served this page.
function socketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

function makeClient(name) {
  return new TortugaClient({url: socketUrl, name, storage: localStorageStorage(),
                            storageKey: TOKEN_KEY});
}

function start() {
  const name = loadName();
  if (!name) return askName();
  try {
    client = makeClient(name);
  } catch (error) {
    // A name kept from before that the protocol does not take.
    forgetIdentity();
    return askName(errorText(error));
  }
  follow(client, true);
  client.connect().catch(() => {});  // a refusal is told by `refused`, a close by its caller
}

// The page listens to `next` while it is the page's client (a login tried beside the guest's
// connection is heard only once it succeeds). `first`: its first welcome draws the screen.
function follow(next, first = false) {
  const current = () => next === client;
  next.on('status', (status) => {
    if (!current()) return;
    lastStatus = status;
    showStatus();
    // The session was ended without the error before the close being heard: the same.
    if (status.status === 'reconnecting' && status.closeCode === SIGNED_OUT) {
      queueMicrotask(() => signedOut(next, null));
    }
  });
  next.on('notice', ({text}) => { if (current()) showNotice(text); });
  next.on('refused', (error) => {
    if (!current()) return;
    client = null;
    if (isAccount()) {
      forgetSession();
      return askLogin({name: loadName() ?? '', problem: errorText(error)});
    }
    forgetIdentity();
    askName(errorText(error));
  });
  // Pushed (not an answer): this connection's session was revoked, or its account disabled;
  // the server closes the connection next.
  next.on('error', (error) => {
    if (!current() || error.re !== undefined) return;
    if (error.code === 'bad_token' || error.code === 'account_disabled') signedOut(next, error);
  });
  next.on('welcome', (welcome) => {
    if (!current()) return;
    // The kept session was ended while the page was away: its token refused, the SDK began a
    // new guest. An account's player is not silently someone else.
    if (isAccount() && !welcome.account) return signedOut(next, null);
    if (welcome.account) markAccount();
    saveName(welcome.player.name);
    showWho();
    if (first) route();
    first = false;
  });
}

// This device's session was ended from elsewhere (another device, a password changed, the
// operator): the connection is not made again, and the player is asked to log in.
function signedOut(which, error) {
  if (which !== client || which === ending) return;
  const wasAccount = isAccount();
  client = null;
  which.close();
  forgetSession();
  lastStatus = null;
  showStatus();
  showWho();
  const name = loadName() ?? '';
  if (!wasAccount) return askName(errorText(error ?? {code: 'bad_token'}));
  const problem = error?.code === 'account_disabled' ? errorText(error) : t('account.signed_out');
  askLogin({name, problem});
}

// A login, from the first screen or beside a guest's connection: a new client says `login`
// rather than `hello`; once welcomed it is the page's client, and its token (kept by the SDK)
// replaces this device's. A refusal rejects, and whatever was connected stays.
async function logIn(name, password) {
  const next = makeClient(name);
  follow(next);
  await next.login(name, password);
  const before = client;
  client = next;
  before?.close();
  markAccount();
  saveName(next.player.name);
  lastStatus = {status: 'connected'};
  showStatus();
  showWho();
  goTo('#/');
}

// A guest's sign-up: the same player, their seats and history, from now on an account's.
async function signUp(name, password) {
  const welcome = await client.register(password, {name});
  markAccount();
  saveName(welcome.player.name);
  showWho();
  return welcome;
}

// Logs this device out: its session ended on the server (so its token is worth nothing if
// found later), then forgotten here. A server that cannot be reached is not waited for: the
// token is forgotten all the same.
async function logOut() {
  const leaving = client;
  ending = leaving;
  try {
    const sessions = await leaving.listSessions();
    const own = sessions.find((session) => session.current);
    if (own) await leaving.revokeSession(own.id);
  } catch (_) {
    // Revoking its own session closes the connection, which may come before the answer.
  }
  if (client !== leaving) return;
  client = null;
  ending = null;
  leaving.close();
  forgetSession();
  lastStatus = null;
  showStatus();
  showWho();
  askLogin({name: loadName() ?? '', said: t('account.logged_out')});
}

function goTo(hash) {
  if (location.hash === hash || (hash === '#/' && location.hash === '')) route();
  else location.hash = hash;
}

// The connection's last `status` event, kept to be written again in another language.
let lastStatus = null;

function showStatus() {
  const status = document.getElementById('status');
  if (!lastStatus) return fill(status);
  const {status: state, delay} = lastStatus;
  const known = ['connecting', 'connected', 'reconnecting', 'refused'].includes(state);
  status.textContent = known ? t(`app.status.${state}`, {seconds: Math.ceil((delay ?? 0) / 1000)})
                             : '';
  status.dataset.state = state;
}

function route() {
  if (!client?.player) return;
  leaveScreen?.();
  leaveScreen = null;
  // A replay's address may say a moment: #/replay/3?step=41&seat=2.
  const [path, query] = location.hash.replace(/^#/, '').split('?');
  const [, page, id, code] = path.split('/').map(decodeURIComponent);
  const number = Number(id);
  const context = {client, screen, announce, account: {signUp, logIn, logOut}};
  if (page === 'room' && number > 0) leaveScreen = showRoom(context, number, false, code);
  else if (page === 'room' && id) enterByCode(id);
  else if (page === 'watch' && number > 0) leaveScreen = showRoom(context, number, true, code);
  else if (page === 'history') leaveScreen = showHistory(context);
  else if (page === 'account') leaveScreen = showAccount(context);
  else if (page === 'replay' && number > 0) {
    leaveScreen = showReplay(context, number, code, new URLSearchParams(query ?? ''));
  }
  else if (page === 'leaderboard') {
    leaveScreen = showLeaderboard(context, id, new URLSearchParams(query ?? ''));
  }
  else if (page === 'player' && number > 0) leaveScreen = showProfile(context, number);
  else leaveScreen = showLobby(context);
  screen.focus({preventScroll: true});
}

// A private room named by its join code alone (#/room/CODE: how "Your matches" names one, since
// a private room is found by its code only): entered, then shown at its own address.
async function enterByCode(code) {
  const entering = client;
  try {
    const reply = await entering.joinRoom(code);
    if (entering === client) location.replace(roomLink(reply.room));
  } catch (error) {
    if (entering !== client) return;
    fill(screen, h('section', {class: 'card narrow'},
      h('p', {class: 'error', role: 'alert'}, errorText(error)),
      h('p', {}, h('a', {href: '#/'}, t('app.lobby')))));
  }
}

// The header's language choice; a change writes everything shown again in the new language,
// the screen included (a room is entered again and its match synced: nothing is lost).
async function offerLanguages() {
  const codes = await languages();
  const chosen = preferred(codes);
  await useLanguage(chosen);
  const shown = codes.includes(language()) ? codes : [...codes, language()];
  fill(document.getElementById('languages'), languageChoice(shown, () => {
    showWho();
    showStatus();
    if (client?.player) route();
    else if (!client && screen.querySelector('#login-title')) askLogin({name: loadName() ?? ''});
    else if (!client) askName();
  }));
}

window.addEventListener('hashchange', route);
offerLanguages().then(start);
