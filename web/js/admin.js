// The admin page: the token typed in, then the node's rooms with their seats and connections,
// and the operator's controls over the admin API: close a room, remove a player, send a notice
// to everyone, drain the node; and the record of what admins did.

import {h, fill} from './dom.js';
import {call, savedToken, saveToken, forgetToken} from './admin_api.js';

const screen = document.getElementById('screen');
const status = document.getElementById('status');

function askToken(problem) {
  status.textContent = '';
  const input = h('input', {id: 'admin-token', type: 'password', autocomplete: 'off',
                            required: true});
  const form = h('form', {class: 'card narrow', onsubmit: async (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    saveToken(input.value.trim());
    await signIn();
  }},
  h('h1', {}, 'Admin'),
  h('p', {}, 'The admin token of this server, as its operator configured it. This tab ' +
              'keeps it until it is closed.'),
  problem && h('p', {class: 'error', role: 'alert'}, problem),
  h('label', {for: 'admin-token'}, 'Admin token'), input,
  h('button', {type: 'submit'}, 'Sign in'));
  fill(screen, form);
  input.focus();
}

// Checks the kept token against the API: the rooms list answers only to the admin token.
async function signIn() {
  try {
    const {rooms} = await call('GET', 'rooms');
    showConsole(rooms);
  } catch (error) {
    forgetToken();
    askToken(error.status === 404
      ? 'The admin API is off on this server: no admin token is configured.'
      : error.status === 401 ? 'That is not the admin token.' : error.message);
  }
}

function seatLine(room, seat, act) {
  const holder = seat.player ? `${seat.player.name} (player ${seat.player.id})`
               : seat.bot ? `${seat.name}` : 'empty';
  const after = h('select', {'aria-label': `after removing ${seat.name} from room ${room.id}`},
                  h('option', {value: 'bot'}, 'a bot takes the seat'),
                  h('option', {value: 'open'}, 'the seat stays open'));
  const remove = () => act(`remove ${seat.name} from room ${room.id}`,
      () => call('POST', `rooms/${room.id}/remove`,
                 {player: seat.player.id, seat: after.value}));
  return h('li', {'data-seat': seat.seat},
    h('span', {class: 'seat-no'}, `Seat ${seat.seat}`), ' ', h('strong', {}, holder),
    seat.player && h('span', {class: `badge ${seat.connected ? 'you' : 'away'}`},
                     seat.connected ? 'connected' : 'away'),
    seat.player && room.status !== 'over' && [after,
      h('button', {type: 'button', class: 'secondary', onclick: remove},
        `Remove ${seat.name} from room ${room.id}`)]);
}

function roomCard(room, act) {
  const reason = h('input', {type: 'text', maxlength: 200,
                             'aria-label': `reason for closing room ${room.id}`,
                             placeholder: 'reason, told to everyone in the room'});
  const close = () => act(`close room ${room.id}`, () => call(
      'POST', `rooms/${room.id}/close`, reason.value.trim() ? {reason: reason.value.trim()} : {}));
  return h('section', {class: 'card admin-room', 'data-room': room.id},
    h('h3', {}, `Room ${room.id} · ${room.game}`),
    h('p', {}, h('span', {class: `badge ${room.status}`}, room.status),
      room.match ? ` · match ${room.match}` : '',
      room.private ? ` · private, code ${room.code}` : ' · public',
      ` · ${room.connections} connections, ${room.spectators} watching`),
    h('ul', {class: 'seats'}, room.seats.map((seat) => seatLine(room, seat, act))),
    h('div', {class: 'admin-form'}, reason,
      h('button', {type: 'button', onclick: close}, `Close room ${room.id}`)));
}

function describe(action) {
  const when = new Date(action.time_ms).toLocaleString();
  return `${when} · ${action.who} · ${action.action} ${JSON.stringify(action.detail)}`;
}

function showConsole(firstRooms) {
  const problem = h('p', {class: 'error', role: 'alert'});
  const done = h('p', {class: 'muted', role: 'status', id: 'admin-done'});
  const node = h('p', {id: 'drain-state'});
  const rooms = h('div', {id: 'admin-rooms'});
  const record = h('ol', {class: 'admin-record', reversed: true});
  const noticeText = h('input', {id: 'notice-text', type: 'text', maxlength: 500});

  // Runs one admin call (which may answer {said} to say more than that it was done), says how
  // it went, and shows the node as it is afterwards.
  const act = async (what, run) => {
    problem.textContent = '';
    try {
      done.textContent = (await run()).said || `Done: ${what}.`;
    } catch (error) {
      if (error.status === 401) return signIn();
      problem.textContent = `Could not ${what}: ${error.message}`;
    }
    await refresh();
  };

  const showRooms = (list) => fill(rooms, list.length
      ? list.map((room) => roomCard(room, act)) : h('p', {class: 'muted'}, 'No rooms.'));

  async function refresh() {
    try {
      const [{rooms: list}, drain, {actions}] = await Promise.all(
          [call('GET', 'rooms'), call('GET', 'drain'), call('GET', 'actions?limit=20')]);
      showRooms(list);
      node.textContent = drain.draining
          ? `Draining: ${drain.running_matches} matches running` +
            (drain.empty ? '; the node is empty and may be stopped.' : '.')
          : `Taking new rooms and matches; ${drain.running_matches} matches running.`;
      fill(record, actions.map((a) => h('li', {}, describe(a))));
    } catch (error) {
      if (error.status === 401) return signIn();
      problem.textContent = error.message;
    }
  }

  const sendNotice = (event) => {
    event.preventDefault();
    const text = noticeText.value.trim();
    if (!text) return;
    act('send the notice', async () => {
      const {connections} = await call('POST', 'notice', {text});
      noticeText.value = '';
      return {said: `Notice sent to ${connections} connections.`};
    });
  };

  fill(screen,
    h('h1', {}, 'Admin'),
    problem, done,
    h('section', {class: 'card', 'aria-label': 'the node'},
      h('h2', {}, 'This node'), node,
      h('div', {class: 'buttons'},
        h('button', {type: 'button', onclick: () => act('drain the node',
                                                        () => call('POST', 'drain'))},
          'Drain this node'),
        h('button', {type: 'button', class: 'secondary', onclick: refresh}, 'Refresh'),
        h('button', {type: 'button', class: 'secondary', onclick: () => {
          forgetToken();
          askToken();
        }}, 'Sign out'))),
    h('form', {class: 'card admin-form', onsubmit: sendNotice},
      h('label', {for: 'notice-text'}, 'Notice to every connection'), noticeText,
      h('button', {type: 'submit'}, 'Send notice')),
    h('h2', {}, 'Rooms'), rooms,
    h('h2', {}, 'What admins did'), record);
  showRooms(firstRooms);
  refresh();
  status.textContent = 'Signed in';
}

if (savedToken()) signIn();
else askToken();
