// The lobby: open rooms to join or watch, a room to make from a game's options, a join code,
// and the rooms where this player holds a seat. The protocol pushes no lobby changes, so the
// list is asked for again every few seconds while the lobby is shown.

import {h, fill} from './dom.js';
import {optionsForm} from './options_form.js';
import {seatName, gameName, roomLink} from './names.js';
import {awayText} from './presence.js';

const REFRESH_MS = 4000;

export function showLobby({connection, screen}) {
  const roomList = h('div', {id: 'rooms', 'aria-live': 'polite'});
  const myRooms = h('div', {id: 'my-rooms'});
  const problem = h('p', {class: 'error', role: 'alert'});

  const fail = (error) => { problem.textContent = error.message || String(error); };

  function roomRow(room, actions) {
    // A person away from the room says so, and for how long (presence.js).
    const seats = room.seats.map((s) => h('li', {class: s.player || s.bot ? '' : 'empty'},
                                          seatName(s),
                                          s.player && !s.connected &&
                                              h('span', {class: 'muted away'},
                                                ` · ${awayText(s.away_since_ms || Date.now())}`)));
    return h('li', {class: 'room', 'data-room': room.id},
             h('div', {class: 'room-head'},
               h('strong', {}, gameName(connection, room.game)), ` · room ${room.id} · `,
               h('span', {class: `badge ${room.status}`}, room.status),
               room.spectators ? ` · ${room.spectators} watching` : ''),
             h('ul', {class: 'seats-inline', 'aria-label': 'seats'}, seats),
             h('div', {class: 'buttons'}, actions));
  }

  const shown = h('select', {id: 'rooms-game', 'aria-label': 'rooms of which game'},
                  h('option', {value: ''}, 'every game'),
                  connection.games.map((g) => h('option', {value: g.id}, g.name)));
  shown.addEventListener('change', () => refresh());

  async function refresh() {
    try {
      const request = {type: 'list_rooms'};
      if (shown.value) request.game = shown.value;
      const {rooms} = await connection.request(request);
      if (rooms.length === 0) return fill(roomList, h('p', {}, 'No open rooms. Make one below.'));
      fill(roomList, h('ul', {class: 'room-list'}, rooms.map((room) => {
        const free = room.status === 'open' && room.seats.some((s) => !s.player && !s.bot);
        return roomRow(room, [
          free && h('button', {onclick: () => join(room.id)}, `Join room ${room.id}`),
          h('a', {class: 'button secondary', href: `#/watch/${room.id}`}, `Watch room ${room.id}`),
        ]);
      })));
    } catch (error) {
      if (error.code !== 'disconnected') fail(error);
    }
  }

  async function join(room, watching = false) {
    try {
      const reply = await connection.request({type: watching ? 'watch_room' : 'join_room', room});
      location.hash = roomLink(reply.room, watching);
    } catch (error) {
      fail(error);
    }
  }

  function showMine() {
    const rooms = [...connection.rooms.values()]
        .filter(({room, you}) => you.seat !== null && you.seat !== undefined &&
                                 room.status !== 'over')
        .map(({room}) => room);
    fill(myRooms, rooms.length === 0 ? null : h('section', {class: 'card'},
      h('h2', {}, 'Your rooms'),
      h('ul', {class: 'room-list'}, rooms.map((room) => roomRow(room, [
        h('a', {class: 'button', href: roomLink(room)}, `Back to room ${room.id}`)])))));
  }

  const onRoom = () => showMine();
  connection.addEventListener('room', onRoom);

  // The new room form.
  const gameSelect = h('select', {id: 'game', name: 'game'},
                       connection.games.map((g) => h('option', {value: g.id}, g.name)));
  const optionsHost = h('div');
  const privateBox = h('input', {type: 'checkbox', id: 'private', name: 'private'});
  // The room's own option beside the game's: whether, and after how long, a bot plays for a
  // player who went away from the running match (until they are back).
  const absentWait = connection.roomDefaults.absent_bot_s || '';  // empty: the server's default
  const absentBox = h('input', {type: 'checkbox', id: 'absent-bot', name: 'absent-bot',
                                checked: connection.roomDefaults.absent_bot_s !== 0,
                                'aria-describedby': 'absent-bot-hint'});
  const absentSeconds = h('input', {type: 'number', id: 'absent-bot-s', name: 'absent-bot-s',
                                    min: 1, max: 3600, step: 1, value: absentWait});
  absentBox.addEventListener('change', () => { absentSeconds.disabled = !absentBox.checked; });
  absentSeconds.disabled = !absentBox.checked;
  let form = null;
  const showOptions = () => {
    form = optionsForm(connection.game(gameSelect.value));
    fill(optionsHost, form.node);
  };
  gameSelect.addEventListener('change', showOptions);
  showOptions();
  const create = async (event) => {
    event.preventDefault();
    try {
      const request = {type: 'create_room', game: gameSelect.value, options: form.read(),
                       private: privateBox.checked};
      if (!absentBox.checked) request.absent_bot_s = 0;
      else if (absentSeconds.value !== '') request.absent_bot_s = Number(absentSeconds.value);
      const reply = await connection.request(request);
      location.hash = roomLink(reply.room);
    } catch (error) {
      fail(error);
    }
  };

  const code = h('input', {id: 'code', name: 'code', autocomplete: 'off', required: true,
                           autocapitalize: 'characters', spellcheck: 'false'});
  // Codes are strings, even all-digit ones; public rooms are joined from the list by id.
  const byCode = (watching) => (event) => {
    event.preventDefault();
    const text = code.value.trim().toUpperCase();
    if (text) join(text, watching);
  };

  fill(screen,
       h('h1', {}, 'Lobby'), problem, myRooms,
       h('div', {class: 'columns'},
         h('section', {class: 'card', 'aria-labelledby': 'open-rooms'},
           h('div', {class: 'heading-row'}, h('h2', {id: 'open-rooms'}, 'Open rooms'), shown),
           roomList,
           h('form', {class: 'inline', onsubmit: byCode(false)},
             h('label', {for: 'code'}, 'Room code'), code,
             h('button', {type: 'submit'}, 'Join by code'),
             h('button', {type: 'button', class: 'secondary',
                          onclick: (event) => byCode(true)(event)}, 'Watch by code'))),
         h('section', {class: 'card', 'aria-labelledby': 'new-room'},
           h('h2', {id: 'new-room'}, 'New room'),
           h('form', {onsubmit: create},
             h('div', {class: 'option'}, h('label', {for: 'game'}, 'Game'), gameSelect),
             optionsHost,
             h('div', {class: 'option check'}, privateBox,
               h('label', {for: 'private'}, 'private'),
               h('small', {}, 'not listed; friends join with the room\'s code')),
             h('div', {class: 'option check'}, absentBox,
               h('label', {for: 'absent-bot'}, 'a bot plays for an absent player'),
               h('small', {id: 'absent-bot-hint'},
                 'when a player\'s connection has been gone for the seconds below, in a ' +
                 'running match; the seat is theirs again the moment they are back')),
             h('div', {class: 'option'},
               h('label', {for: 'absent-bot-s'}, 'seconds before the bot plays'), absentSeconds),
             h('button', {type: 'submit'}, 'Create room')))));

  showMine();
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  const onWelcome = () => refresh();
  connection.addEventListener('welcome', onWelcome);
  return () => {
    clearInterval(timer);
    connection.removeEventListener('room', onRoom);
    connection.removeEventListener('welcome', onWelcome);
  };
}
