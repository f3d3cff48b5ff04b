// The lobby: the player's running matches first (my_matches.js), then open rooms to join or
// watch, a room to make from a game's options, a join code, and the other rooms where this
// player holds a seat. The list is the server's own: it is sent once
// (watch_lobby), then every change is pushed (rooms_changed), so that it updates itself; the
// SDK's client keeps it (client.lobby), and watches it again after a reconnection.

import {h, fill} from './dom.js';
import {optionsForm} from './options_form.js';
import {paceChoice, paceBadge} from './correspondence.js';
import {seatName, gameName, roomLink, playerName} from './names.js';
import {ratedBadge} from './rated.js';
import {awayText} from './presence.js';
import {t, parts, relative} from './i18n.js';
import {errorText} from './errors.js';
import {myMatches} from './my_matches.js';

const AGES_MS = 15000;  // how often the rooms' ages ("made 5 min ago") are written again

// A room's age in words, from the server's clock: "made just now", "made 5 minutes ago", "made
// 2 hours ago", "made 3 days ago" (the relative time in the page's language).
export function ageText(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 60000);
  if (minutes < 1) return t('lobby.made_now');
  const hours = Math.floor(minutes / 60);
  const ago = minutes < 60 ? relative(-minutes, 'minute')
      : hours < 24 ? relative(-hours, 'hour') : relative(-Math.floor(hours / 24), 'day');
  return t('lobby.made', {ago});
}

export function showLobby({client, screen, announce}) {
  // How long a seated person has been away, by the server's clock, as the ages are.
  const awayWords = (since) => t('lobby.seat_away',
                                 {away: awayText(since || client.serverNow(), client.serverNow())});

  const roomList = h('div', {id: 'rooms', 'aria-live': 'polite'});
  const myRooms = h('div', {id: 'my-rooms'});
  const matches = myMatches({client, announce});
  let running = new Set();  // the matches shown above, by id (a private room is named by code)
  const problem = h('p', {class: 'error', role: 'alert'});

  const fail = (error) => { problem.textContent = errorText(error); };

  function roomRow(room, actions, listed = false) {
    // A person away from the room says so, and for how long (presence.js).
    const seats = room.seats.map((s) => h('li', {class: s.player || s.bot ? '' : 'empty'},
                                          s.player ? playerName(s.player, seatName(s))
                                                   : seatName(s),
                                          s.player && !s.connected &&
                                              h('span', {class: 'muted away',
                                                         'data-since': s.away_since_ms ?? ''},
                                                awayWords(s.away_since_ms))));
    const host = room.seats.find((s) => s.player && s.player.id === room.host);
    return h('li', {class: 'room', 'data-room': room.id},
             h('div', {class: 'room-head'},
               parts('lobby.room_head', {game: h('strong', {}, gameName(client, room.game)),
                                         room: room.id,
                                         status: h('span', {class: `badge ${room.status}`},
                                                   t(`room.status.${room.status}`))}),
               ratedBadge(room), paceBadge(room),
               room.spectators ? t('lobby.watching', {count: room.spectators}) : ''),
             listed && h('div', {class: 'room-facts'},
               h('span', {class: 'age', 'data-created': room.created_ms},
                 ageText(client.serverNow() - room.created_ms)),
               host && parts('lobby.host', {name: playerName(host.player),
                 presence: h('span', {class: `badge host ${room.host_online ? 'online' : 'away'}`},
                             t(room.host_online ? 'presence.online' : 'presence.away'))})),
             h('ul', {class: 'seats-inline', 'aria-label': t('lobby.seats')}, seats),
             h('div', {class: 'buttons'}, actions));
  }

  const shown = h('select', {id: 'rooms-game', 'aria-label': t('lobby.rooms_of')},
                  h('option', {value: ''}, t('lobby.every_game')),
                  client.games.map((g) => h('option', {value: g.id}, gameName(client, g.id))));
  shown.addEventListener('change', () => watch());

  // The rooms as the server lists them (client.lobby): the list it sends, then its changes.
  function showListed() {
    const rooms = [...client.lobby.values()]
        .filter((room) => !shown.value || room.game === shown.value)
        .sort((a, b) => a.id - b.id);
    if (rooms.length === 0) return fill(roomList, h('p', {}, t('lobby.no_rooms')));
    fill(roomList, h('ul', {class: 'room-list'}, rooms.map((room) => {
      const free = room.status === 'open' && room.seats.some((s) => !s.player && !s.bot);
      return roomRow(room, [
        free && h('button', {onclick: () => join(room.id)}, t('lobby.join', {room: room.id})),
        h('a', {class: 'button secondary', href: `#/watch/${room.id}`},
          t('lobby.watch', {room: room.id})),
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

  // Ages, and how long a person has been away, move on by themselves: written again now and
  // then, from the server's clock.
  const writeAges = () => {
    for (const age of roomList.querySelectorAll('.age[data-created]')) {
      age.textContent = ageText(client.serverNow() - Number(age.dataset.created));
    }
    for (const away of screen.querySelectorAll('.away[data-since]')) {
      away.textContent = awayWords(Number(away.dataset.since));
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
                                 room.status !== 'over' && !running.has(room.match))
        .map(({room}) => room);
    fill(myRooms, rooms.length === 0 ? null : h('section', {class: 'card'},
      h('h2', {}, t('lobby.your_rooms')),
      h('ul', {class: 'room-list'}, rooms.map((room) => roomRow(room, [
        h('a', {class: 'button', href: roomLink(room)}, t('lobby.back_to', {room: room.id}))])))));
  }

  listening.push(client.on('room', showMine));
  matches.onChange((list) => {
    running = new Set(list.map((match) => match.match));
    showMine();
  });

  // The new room form.
  const gameSelect = h('select', {id: 'game', name: 'game'},
                       client.games.map((g) => h('option', {value: g.id},
                                                 gameName(client, g.id))));
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
  // Live or by correspondence; by correspondence no bot comes for an absent player, whose moves
  // take days anyway: the choice is put aside meanwhile.
  // The game's own turn clock is put aside too: the room's clock counts days instead.
  const absentOption = h('div', {class: 'absent-bot-option'});
  let byPostChosen = false;
  let form = null;
  const pace = paceChoice({account: Boolean(client.welcome.account),
                           onChange: (byPost) => {
                             byPostChosen = byPost;
                             absentOption.hidden = byPost;
                             form?.live(!byPost);
                           }});
  // An account chooses whether the room's matches are rated: as the seats decide (rated when
  // every seat is an account's), always (guests and bots kept out), or never.
  const ratedChoice = client.welcome.account &&
      h('select', {id: 'rated', name: 'rated', 'aria-describedby': 'rated-hint'},
        ['', 'true', 'false'].map((value) => h('option', {value},
                                                t(`ratings.rated_choice.${value || 'seats'}`))));
  const showOptions = () => {
    form = optionsForm(client.game(gameSelect.value));
    form.live(!byPostChosen);
    fill(optionsHost, form.node);
  };
  gameSelect.addEventListener('change', showOptions);
  showOptions();
  const create = async (event) => {
    event.preventDefault();
    try {
      const request = {game: gameSelect.value, options: form.read(), private: privateBox.checked};
      if (privateBox.checked && publishBox.checked) request.publicWhenOver = true;
      if (ratedChoice && ratedChoice.value) request.rated = ratedChoice.value === 'true';
      const correspondence = pace.read();
      if (correspondence) request.correspondence = correspondence;
      else if (!absentBox.checked) request.absentBotS = 0;
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
       h('h1', {}, t('lobby.title')), problem, matches.node, myRooms,
       h('div', {class: 'columns'},
         h('section', {class: 'card', 'aria-labelledby': 'open-rooms'},
           h('div', {class: 'heading-row'}, h('h2', {id: 'open-rooms'}, t('lobby.open_rooms')),
             shown),
           roomList,
           h('form', {class: 'inline', onsubmit: byCode(false)},
             h('label', {for: 'code'}, t('lobby.room_code')), code,
             h('button', {type: 'submit'}, t('lobby.join_by_code')),
             h('button', {type: 'button', class: 'secondary',
                          onclick: (event) => byCode(true)(event)}, t('lobby.watch_by_code')))),
         h('section', {class: 'card', 'aria-labelledby': 'new-room'},
           h('h2', {id: 'new-room'}, t('lobby.new_room')),
           h('form', {onsubmit: create},
             h('div', {class: 'option'}, h('label', {for: 'game'}, t('lobby.game')), gameSelect),
             optionsHost,
             h('div', {class: 'option check'}, privateBox,
               h('label', {for: 'private'}, t('lobby.private')),
               h('small', {}, t('lobby.private_hint'))),
             h('div', {class: 'option check'}, publishBox,
               h('label', {for: 'public-when-over'}, t('lobby.public_when_over')),
               h('small', {id: 'public-when-over-hint'}, t('lobby.public_when_over_hint'))),
             pace.node,
             fill(absentOption,
               h('div', {class: 'option check'}, absentBox,
                 h('label', {for: 'absent-bot'}, t('lobby.absent_bot')),
                 h('small', {id: 'absent-bot-hint'}, t('lobby.absent_bot_hint'))),
               h('div', {class: 'option'},
                 h('label', {for: 'absent-bot-s'}, t('lobby.absent_bot_s')), absentSeconds)),
             ratedChoice && h('div', {class: 'option'},
               h('label', {for: 'rated'}, t('ratings.rated_label')), ratedChoice,
               h('small', {id: 'rated-hint'}, t('ratings.rated_choice_hint'))),
             h('button', {type: 'submit'}, t('lobby.create'))))));

  showMine();
  watch();
  const ages = setInterval(writeAges, AGES_MS);
  return () => {
    clearInterval(ages);
    matches.stop();
    client.unwatchLobby().catch(() => {});
    for (const stop of listening) stop();
  };
}
