// The client's entry: the name form, the connection (the SDK's client, served by the server at
// /sdk/), and a hash route for each screen: #/ lobby, #/room/ID a seat in a room, #/watch/ID
// watching a room (with /CODE after the id for a private room, which the server finds by its
// code only), #/history the stored matches, #/replay/ID one match step by step.

import {TortugaClient, localStorageStorage} from '/sdk/index.js';
import {loadName, saveName, forgetIdentity, TOKEN_KEY} from './identity.js';
import {h, fill} from './dom.js';
import {showLobby} from './lobby.js';
import {showRoom} from './room.js';
import {showHistory, showReplay} from './history.js';

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
  h('h1', {}, 'Welcome aboard'),
  h('p', {}, 'Choose the name other players will see. This browser keeps it, so you can ' +
              'come back to your seats later.'),
  problem && h('p', {class: 'error', role: 'alert'}, problem),
  h('label', {for: 'name'}, 'Your name'), input,
  h('button', {type: 'submit'}, 'Enter the lobby'));
  fill(screen, form);
  input.focus();
}

// The operator's word to everyone (a restart ahead), above every screen until dismissed. Shown
// as text: whatever it holds is never read as HTML.
function showNotice(text) {
  const notice = h('p', {class: 'notice', role: 'alert'},
                   h('strong', {}, 'Notice from the server: '),
                   h('span', {class: 'text'}, text), ' ',
                   h('button', {type: 'button', class: 'link', onclick: () => notice.remove()},
                     'dismiss'));
  document.getElementById('notices').append(notice);
}

function showWho() {
  const who = document.getElementById('who');
  if (!client?.player) return fill(who);
  fill(who, 'Playing as ', h('strong', {}, client.player.name), ' ',
       h('button', {class: 'link', onclick: () => {
         client.close();
         client = null;
         forgetIdentity();
         fill(document.getElementById('status'));
         askName();
       }}, 'change'));
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
    return askName(error.message);
  }
  const status = document.getElementById('status');
  client.on('status', ({status: state, delay}) => {
    const text = {
      connecting: 'Connecting…',
      connected: 'Connected',
      reconnecting: `Connection lost; retrying in ${Math.ceil(delay / 1000)} s`,
      refused: 'Refused',
    }[state];
    status.textContent = text ?? '';
    status.dataset.state = state;
  });
  client.on('notice', ({text}) => showNotice(text));
  client.on('refused', (error) => {
    forgetIdentity();
    askName(error.message);
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

function route() {
  if (!client?.player) return;
  leaveScreen?.();
  leaveScreen = null;
  const [, page, id, code] = location.hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  const number = Number(id);
  const context = {client, screen, announce};
  if (page === 'room' && number > 0) leaveScreen = showRoom(context, number, false, code);
  else if (page === 'watch' && number > 0) leaveScreen = showRoom(context, number, true, code);
  else if (page === 'history') leaveScreen = showHistory(context);
  else if (page === 'replay' && number > 0) leaveScreen = showReplay(context, number, code);
  else leaveScreen = showLobby(context);
  screen.focus({preventScroll: true});
}

window.addEventListener('hashchange', route);
start();
