// The lobby: open rooms to join or watch, a room to make from a game's options, a join code,
// and the rooms where this player holds a seat. The list is the server's own: it is sent once
// (watch_lobby), then every change is pushed (rooms_changed), so that it updates itself; the
// SDK's client keeps it (client.lobby), and watches it again after a reconnection.

import {h, fill} from './dom.js';
import {optionsForm} from './options_form.js';
import {seatName, gameName, roomLink} from './names.js';
import {awayText} from './presence.js';

const AGES_MS = 30000;  // how often the rooms' ages ("made 5 min ago") are written again

// A room's age in words, from the server's clock: "just now", "5 min", "2 h", "3 days".
export function ageText(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 60000);
  if (minutes < 1) return 'made just now';
  if (minutes < 60) return `made ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `made ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `made ${days} day${days === 1 ? '' : 's'} ago`;
}

export function showLobby({client, screen}) {
  const roomList = h('div', {id: 'rooms', 'aria-live': 'polite'});
  const myRooms = h('div', {id: 'my-rooms'});
  const problem = h('p', {class: 'error', role: 'alert'});

  const fail = (error) => { problem.textContent = error.message || String(error); };

  function roomRow(room, actions, listed = false) {
    // A person away from the room says so, and for how long (presence.js).
    const seats = room.seats.map((s) => h('li', {class: s.player || s.bot ? '' : 'empty'},
                                          seatName(s),
                                          s.player && !s.connected &&
                                              h('span', {class: 'muted away'},
                                                ` · ${awayText(s.away_since_ms || Date.now())}`)));
    const host = room.seats.find((s) => s.player && s.player.id === room.host);
    return h('li', {class: 'room', 'data-room': room.id},
             h('div', {class: 'room-head'},
               h('strong', {}, gameName(client, room.game)), ` · room ${room.id} · `,
               h('span', {class: `badge ${room.status}`}, room.status),
               room.spectators ? ` · ${room.spectators} watching` : ''),
             listed && h('div', {class: 'room-facts'},
               h('span', {class: 'age', 'data-created': room.created_ms},
                 ageText(client.serverNow() - room.created_ms)),
               host && [' · host ', host.player.name, ' ',
                 h('span', {class: `badge host ${room.host_online ? 'online' : 'away'}`},
                   room.host_online ? 'online' : 'away')]),
             h('ul', {class: 'seats-inline', 'aria-label': 'seats'}, seats),
             h('div', {class: 'buttons'}, actions));
  }

  const shown = h('select', {id: 'rooms-game', 'aria-label': 'rooms of which game'},
                  h('option', {value: ''}, 'every game'),
                  client.games.map((g) => h('option', {value: g.id}, g.name)));
  shown.addEventListener('change', () => watch());

  // The rooms as the server lists them (client.lobby): the list it sends, then its changes.
  function showListed() {
    const rooms = [...client.lobby.values()]
        .filter((room) => !shown.value || room.game === shown.value)
        .sort((a, b) => a.id - b.id);
    if (rooms.length === 0) return fill(roomList, h('p', {}, 'No open rooms. Make one below.'));
    fill(roomList, h('ul', {class: 'room-list'}, rooms.map((room) => {
      const free = room.status === 'open' && room.seats.some((s) => !s.player && !s.bot);
      return roomRow(room, [
        free && h('button', {onclick: () => join(room.id)}, `Join room ${room.id}`),
        h('a', {class: 'button secondary', href: `#/watch/${room.id}`}, `Watch room ${room.id}`),
      ], true);
    })));
  }

  // Asks for the list and its changes from now on, and again with another game. The list comes
  // as the client's `lobby` event, then each change as `rooms_changed` (already applied).
  async function watch() {
    try {
      await client.watchLobby(shown.value ? {game: shown.value} : {});
    } catch (error) {
      if (error.code !== 'disconnected') fail(error);
    }
  }

  const listening = [client.on('lobby', showListed), client.on('rooms_changed', showListed)];

  // Ages move on by themselves: written again now and then, from the server's clock.
  const writeAges = () => {
    for (const age of roomList.querySelectorAll('.age[data-created]')) {
      age.textContent = ageText(client.serverNow() - Number(age.dataset.created));
    }
  };

  async function join(room, watching = false) {
    try {
      const reply = await (watching ? client.watchRoom(room) : client.joinRoom(room));
      location.hash = roomLink(reply.room, watching);
    } catch (error) {
      fail(error);
    }
  }

  function showMine() {
    const rooms = [...client.rooms.values()]
        .filter(({room, you}) => you.seat !== null && you.seat !== undefined &&
                                 room.status !== 'over')
        .map(({room}) => room);
    fill(myRooms, rooms.length === 0 ? null : h('section', {class: 'card'},
      h('h2', {}, 'Your rooms'),
      h('ul', {class: 'room-list'}, rooms.map((room) => roomRow(room, [
        h('a', {class: 'button', href: roomLink(room)}, `Back to room ${room.id}`)])))));
  }

  listening.push(client.on('room', showMine));

  // The new room form.
  const gameSelect = h('select', {id: 'game', name: 'game'},
                       client.games.map((g) => h('option', {value: g.id}, g.name)));
  const optionsHost = h('div');
  const privateBox = h('input', {type: 'checkbox', id: 'private', name: 'private'});
  // A private room's matches stay its own once over, unless the host publishes them then.
  const publishBox = h('input', {type: 'checkbox', id: 'public-when-over',
                                 name: 'public-when-over', disabled: true,
                                 'aria-describedby': 'public-when-over-hint'});
  privateBox.addEventListener('change', () => { publishBox.disabled = !privateBox.checked; });
  // The room's own option beside the game's: whether, and after how long, a bot plays for a
  // player who went away from the running match (until they are back).
  const roomDefaults = client.welcome.room_defaults || {};
  const absentWait = roomDefaults.absent_bot_s || '';  // empty: the server's default
  const absentBox = h('input', {type: 'checkbox', id: 'absent-bot', name: 'absent-bot',
                                checked: roomDefaults.absent_bot_s !== 0,
                                'aria-describedby': 'absent-bot-hint'});
  const absentSeconds = h('input', {type: 'number', id: 'absent-bot-s', name: 'absent-bot-s',
                                    min: 1, max: 3600, step: 1, value: absentWait});
  absentBox.addEventListener('change', () => { absentSeconds.disabled = !absentBox.checked; });
  absentSeconds.disabled = !absentBox.checked;
  let form = null;
  const showOptions = () => {
    form = optionsForm(client.game(gameSelect.value));
    fill(optionsHost, form.node);
  };
  gameSelect.addEventListener('change', showOptions);
  showOptions();
  const create = async (event) => {
    event.preventDefault();
    try {
      const request = {game: gameSelect.value, options: form.read(), private: privateBox.checked};
      if (privateBox.checked && publishBox.checked) request.publicWhenOver = true;
      if (!absentBox.checked) request.absentBotS = 0;
      else if (absentSeconds.value !== '') request.absentBotS = Number(absentSeconds.value);
      const reply = await client.createRoom(request);
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
             h('div', {class: 'option check'}, publishBox,
               h('label', {for: 'public-when-over'}, 'its matches public once over'),
               h('small', {id: 'public-when-over-hint'},
                 'a private room\'s matches, their replays and chat are for its players and ' +
                 'those with the code; this shows them to everyone once each is over')),
             h('div', {class: 'option check'}, absentBox,
               h('label', {for: 'absent-bot'}, 'a bot plays for an absent player'),
               h('small', {id: 'absent-bot-hint'},
                 'when a player\'s connection has been gone for the seconds below, in a ' +
                 'running match; the seat is theirs again the moment they are back')),
             h('div', {class: 'option'},
               h('label', {for: 'absent-bot-s'}, 'seconds before the bot plays'), absentSeconds),
             h('button', {type: 'submit'}, 'Create room')))));

  showMine();
  watch();
  const ages = setInterval(writeAges, AGES_MS);
  return () => {
    clearInterval(ages);
    client.unwatchLobby().catch(() => {});
    for (const stop of listening) stop();
  };
}
