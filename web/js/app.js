// The client's entry: the name form, the connection (the SDK's client, served by the server at
// /sdk/), and a hash route for each screen: #/ lobby, #/room/ID a seat in a room, #/watch/ID
// watching a room (with /CODE after the id for a private room, which the server finds by its
// code only), #/history the stored matches, #/replay/ID one match step by step (?step=N&seat=S
// after it: a moment, through a seat's eyes), #/leaderboard/GAME a game's leaderboard (?page=N),
// #/player/ID a player's profile.

import {TortugaClient, localStorageStorage} from '/sdk/index.js';
import {loadName, saveName, forgetIdentity, TOKEN_KEY} from './identity.js';
import {h, fill} from './dom.js';
import {t, parts, language} from './i18n.js';
import {languages, preferred, useLanguage, languageChoice} from './languages.js';
import {errorText} from './errors.js';
import {showLobby} from './lobby.js';
import {showRoom} from './room.js';
import {showHistory} from './history.js';
import {showReplay} from './replay.js';
import {showLeaderboard} from './leaderboard.js';
import {showProfile} from './profile.js';

const screen = document.getElementById('screen');
let client = null;
let leaveScreen = null;  // the current screen's clean-up

// Short spoken notes for screen readers (whose turn it is, the end of a match).
export function announce(text) {
  const region = document.getElementById('announce');
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}

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
  h('button', {type: 'submit'}, t('app.enter')));
  fill(screen, form);
  input.focus();
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
  fill(who, parts('app.playing_as', {name: h('strong', {}, client.player.name)}), ' ',
       h('button', {class: 'link', onclick: () => {
         client.close();
         client = null;
         forgetIdentity();
         lastStatus = null;
         showStatus();
         askName();
       }}, t('app.change_name')));
}

// The WebSocket of the server that served this page.
function socketUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

function start() {
  const name = loadName();
  if (!name) return askName();
  try {
    client = new TortugaClient({url: socketUrl, name, storage: localStorageStorage(),
                                storageKey: TOKEN_KEY});
  } catch (error) {
    // A name kept from before that the protocol does not take.
    forgetIdentity();
    return askName(errorText(error));
  }
  client.on('status', (status) => {
    lastStatus = status;
    showStatus();
  });
  client.on('notice', ({text}) => showNotice(text));
  client.on('refused', (error) => {
    forgetIdentity();
    askName(errorText(error));
  });
  let first = true;
  client.on('welcome', (welcome) => {
    saveName(welcome.player.name);
    showWho();
    if (first) route();
    first = false;
  });
  client.connect().catch(() => {});  // a refusal is told by `refused`, a close by its caller
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
  const context = {client, screen, announce};
  if (page === 'room' && number > 0) leaveScreen = showRoom(context, number, false, code);
  else if (page === 'watch' && number > 0) leaveScreen = showRoom(context, number, true, code);
  else if (page === 'history') leaveScreen = showHistory(context);
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
    else if (!client) askName();
  }));
}

window.addEventListener('hashchange', route);
offerLanguages().then(start);
