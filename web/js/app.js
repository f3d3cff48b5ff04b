// The client's entry: the name form, the connection, and a hash route for each screen:
// #/ lobby, #/room/ID a seat in a room, #/watch/ID watching a room (with /CODE after the id for
// a private room, which the server finds by its code only), #/history the stored matches,
// #/replay/ID one match step by step.

import {Connection} from './connection.js';
import {loadIdentity, saveIdentity, forgetIdentity} from './identity.js';
import {h, fill} from './dom.js';
import {showLobby} from './lobby.js';
import {showRoom} from './room.js';
import {showHistory, showReplay} from './history.js';

const screen = document.getElementById('screen');
let connection = null;
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
    saveIdentity({name});
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
  if (!connection?.player) return fill(who);
  fill(who, 'Playing as ', h('strong', {}, connection.player.name), ' ',
       h('button', {class: 'link', onclick: () => {
         connection.close();
         connection = null;
         forgetIdentity();
         fill(document.getElementById('status'));
         askName();
       }}, 'change'));
}

function start() {
  const identity = loadIdentity();
  if (!identity) return askName();
  connection = new Connection(identity);
  const status = document.getElementById('status');
  connection.addEventListener('status', ({detail}) => {
    const text = {
      connecting: 'Connecting…',
      connected: 'Connected',
      reconnecting: `Connection lost; retrying in ${Math.ceil(detail.delay / 1000)} s`,
      refused: 'Refused',
    }[detail.status];
    status.textContent = text;
    status.dataset.state = detail.status;
  });
  connection.addEventListener('notice', ({detail}) => showNotice(detail.text));
  connection.addEventListener('refused', ({detail}) => {
    forgetIdentity();
    askName(detail.message);
  });
  let first = true;
  connection.addEventListener('welcome', () => {
    showWho();
    if (first) route();
    first = false;
  });
  connection.open();
}

function route() {
  if (!connection?.player) return;
  leaveScreen?.();
  leaveScreen = null;
  const [, page, id, code] = location.hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  const number = Number(id);
  const context = {connection, screen, announce};
  if (page === 'room' && number > 0) leaveScreen = showRoom(context, number, false, code);
  else if (page === 'watch' && number > 0) leaveScreen = showRoom(context, number, true, code);
  else if (page === 'history') leaveScreen = showHistory(context);
  else if (page === 'replay' && number > 0) leaveScreen = showReplay(context, number);
  else leaveScreen = showLobby(context);
  screen.focus({preventScroll: true});
}

window.addEventListener('hashchange', route);
start();
