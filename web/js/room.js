// A room: its seats, its code to share, bots and the start for the host, leaving; then its
// match, played from a seat or watched. Coming back (a reload, a reconnection) joins or watches
// the room again and syncs its match, as the protocol asks. The match's view is the SDK's match
// handle's, kept by patches (and synced on a gap or a patch that does not apply).

import {h, fill} from './dom.js';
import {seatName, seatNames, gameName, roomLink, replayLink, playerName} from './names.js';
import {loadBoard} from '../boards/index.js';
import {optionsText} from './options_form.js';
import {MatchPanel} from './play.js';
import {ChatPanel} from './chat.js';
import {foldingCard} from './room_card.js';
import {ratedBadge} from './rated.js';
import {presenceBadges, tick as tickPresence} from './presence.js';
import {paceText, seatClock, tick as tickClocks} from './correspondence.js';
import {t, parts, number, has} from './i18n.js';
import {errorText} from './errors.js';

const PRESENCE_TICK_MS = 1000;
// The server's words when whoever closed the room, or sent a player away, gave no reason.
const NO_REASON = 'room.reason.none';

// A link that takes a friend into the room (the code finds a private room).
function invitation(room) {
  return `${location.origin}${location.pathname}${roomLink(room)}`;
}

export function showRoom({client, screen, announce}, roomId, watching, code) {
  let room = null;
  let roomAt = 0;  // performance.now() when `room` came: its countdowns count from then
  let you = null;
  let panel = null;
  let closed = false;   // this screen was left
  let gone = false;     // the room closed, or this player was sent away: nothing more is said there
  const title = h('h1', {}, t('room.title', {room: roomId}));
  const info = h('section', {class: 'room-info', 'aria-label': t('room.the_room')});
  const problem = h('p', {class: 'error', role: 'alert'});
  const playHost = h('div', {id: 'match'});
  const roomCard = foldingCard();
  const chatHost = h('div', {id: 'chat'});
  fill(screen, title, problem, info, playHost, chatHost);

  const fail = (error) => { problem.textContent = errorText(error); };
  const isHost = () => room && room.host === client.player.id;
  const chat = new ChatPanel(chatHost, {
    client, roomId,
    canSpeak: () => Boolean(room) && !gone && (!watching || room.spectator_chat),
    whyNot: () => (gone ? t('chat.room_gone') : room ? t('room.spectators_may_not') : ''),
    match: () => room?.match,
  });
  // The room is no more (closed, emptied, or this player sent away): its chat falls silent.
  const roomGone = () => {
    gone = true;
    chat.refresh();
  };

  async function enter() {
    problem.textContent = '';
    try {
      const reply = await (watching ? client.watchRoom(code || roomId)
                                    : client.joinRoom(code || roomId));
      takeRoom(reply);
      // Keep the code in the address, so that a reload finds a private room again.
      if (reply.room.id === roomId && location.hash !== roomLink(reply.room, watching)) {
        history.replaceState(null, '', roomLink(reply.room, watching));
      }
      if (room.match) await syncMatch();
    } catch (error) {
      if (error.code === 'already_started' && !watching) {
        location.replace(location.hash.replace('#/room/', '#/watch/'));  // not ours: watch
        return;
      }
      if (error.code === 'no_such_room') {
        roomGone();
        fill(info, h('div', {class: 'card'}, h('p', {}, parts('room.closed', {
          history: h('a', {href: '#/history'}, t('room.history'))}))));
        return;
      }
      if (error.code !== 'disconnected') fail(error);
    }
  }

  async function syncMatch() {
    try {
      await client.match(room.match).sync();
    } catch (error) {
      // The room outlived its match's live state: the stored match is the way to it.
      if (error.code === 'no_such_match' || error.code === 'match_over') {
        fill(playHost, h('p', {}, parts('room.match_over', {
          replay: h('a', {href: replayLink(room.match, room)}, t('room.watch_replay'))})));
      } else if (error.code !== 'disconnected') {
        fail(error);
      }
    }
  }

  let board = null;  // the game's board module, loaded while the room fills
  let early = [];     // views that came while the panel was being made, in order
  let following = null;  // {id, stop}: the match whose handle's views this screen shows

  function takeRoom(message) {
    room = message.room;
    roomAt = performance.now();
    you = message.you;
    board ??= loadBoard(room.game);
    showInfo();
    showSlowClocks();
    chat.refresh();
    // A rematch: the room's match is a new one, played in a new panel.
    if (panel && panel !== 'loading' && panel.match !== room.match) {
      panel.close();
      panel = null;
      fill(playHost);
    }
    if (room.match) {
      follow(room.match);
      startPanel();
    }
  }

  // Listens to the views of the room's match, and no longer to those of the one before it.
  function follow(match) {
    if (following?.id === match) return;
    following?.stop();
    following = {id: match, stop: client.match(match).on('view', onView)};
  }

  function seatRow(seat) {
    const empty = !seat.player && !seat.bot;
    // The levels the game offers, in words (easy, good, strong), the good one chosen first.
    const levels = client.game(room.game)?.bots ?? ['random', 'smart'];
    const botChoice = h('select', {'aria-label': t('room.bot_for', {seat: seat.seat + 1}),
                                   class: 'bot-level'},
                        ...levels.map((kind) => h('option', {value: kind,
                                                             selected: kind === 'smart'},
                                                  t(`seat.bot_kind.${kind}`))));
    const addBot = async () => {
      try {
        takeRoom(await client.addBot(room.id, {seat: seat.seat, bot: botChoice.value}));
      } catch (error) { fail(error); }
    };
    const mine = you && you.seat === seat.seat;
    const other = seat.player && seat.player.id !== client.player.id;
    const muted = other && chat.isMuted(seat.player.id);
    const hostDoes = (request) => async () => {
      try { takeRoom(await request()); }
      catch (error) { fail(error); }
    };
    const person = other && seat.player.name;
    const away = other && !seat.connected && !seat.stand_in && room.status === 'playing';
    const toggleMute = async () => {
      try { await chat.toggleMute(seat.player.id); showInfo(); }
      catch (error) { fail(error); }
    };
    return h('li', {class: `seat${empty ? ' empty' : ''}`, 'data-seat': seat.seat},
      h('span', {class: 'seat-no'}, t('room.seat', {number: seat.seat + 1})), ' ',
      h('strong', {}, seat.player ? playerName(seat.player, seatName(seat)) : seatName(seat)),
      mine && h('span', {class: 'badge you'}, t('room.you')),
      seat.player && seat.player.id === room.host && h('span', {class: 'badge'}, t('room.host')),
      presenceBadges(seat, roomAt),
      seatClock(seat, roomAt),
      seat.stand_in && h('span', {class: 'badge stand-in'},
                         t('room.stand_in', {kind: t(`seat.bot_kind.${seat.stand_in}`)})),
      empty && isHost() && room.status === 'open' &&
          h('span', {class: 'add-bot'}, botChoice,
            h('button', {type: 'button', onclick: addBot}, t('room.add_bot'))),
      other && isHost() && h('span', {class: 'host-controls'},
        away && h('button', {type: 'button', class: 'secondary small',
                             'aria-label': t('room.bot_plays_for_label', {name: person}),
                             onclick: hostDoes(() => client.standIn(room.id, seat.seat))},
                  t('room.bot_plays_for')),
        h('button', {type: 'button', class: 'secondary small',
                     'aria-label': t('room.make_host_label', {name: person}),
                     onclick: hostDoes(() => client.transferHost(room.id, seat.player.id))},
          t('room.make_host')),
        h('button', {type: 'button', class: 'secondary small',
                     'aria-label': t('room.remove_label', {name: person}),
                     onclick: hostDoes(() => client.removePlayer(room.id, seat.player.id))},
          t('room.remove'))),
      other && h('button', {type: 'button', class: 'secondary small mute', onclick: toggleMute,
                            'aria-pressed': muted ? 'true' : 'false',
                            'aria-label': t(muted ? 'room.unmute_label' : 'room.mute_label',
                                            {name: seat.player.name})},
                 t(muted ? 'room.unmute' : 'room.mute')));
  }

  // Once the match is over: the button that offers the same table again, or the offer made, to
  // accept (or leave), and whom it still waits for.
  function rematchOffer() {
    if (room.status !== 'over' || !you || you.seat === null) return null;
    const ask = async () => {
      try { takeRoom(await client.rematch(room.id)); }
      catch (error) { fail(error); }
    };
    const offer = room.rematch;
    if (!offer) {
      return h('p', {class: 'rematch'},
        h('button', {type: 'button', id: 'rematch', onclick: ask}, t('room.rematch')),
        h('span', {class: 'muted'}, t('room.rematch_hint')));
    }
    const byName = room.seats.find((s) => s.player && s.player.id === offer.by)?.name;
    const waiting = room.seats.filter((s) => s.player && !offer.accepted.includes(s.player.id))
        .map((s) => s.name);
    const mine = offer.accepted.includes(client.player.id);
    return h('div', {class: 'rematch', role: 'status', id: 'rematch-offer'},
      h('p', {}, byName ? t('room.rematch_offer', {name: byName}) : t('room.rematch_offered'),
        waiting.length ? t('room.rematch_waiting', {names: waiting}) : ''),
      !mine && h('p', {class: 'buttons'},
        parts('room.rematch_accept_or', {
          accept: h('button', {type: 'button', id: 'rematch-accept', onclick: ask},
                    t('room.rematch_accept'))})));
  }

  // By correspondence, the seats waited for: their clocks say the days left, also while the
  // card is folded and beside the board, as the views' deadline (always null there) does not.
  const waitedFor = () => room.seats.filter((s) => s.clock && s.clock.due_ms !== null &&
                                                   s.clock.due_ms !== undefined);

  function showSlowClocks() {
    if (!panel || panel === 'loading' || !room.correspondence) return;
    panel.showSlowClocks(waitedFor().map((seat) => h('p', {class: 'countdown',
                                                           'data-seat': seat.seat},
      t('correspondence.seat_clock', {name: seatName(seat)}), ' ',
      seatClock(seat, roomAt))));
  }

  function showInfo() {
    title.textContent = t('room.game_title', {game: gameName(client, room.game), room: room.id});
    const full = room.seats.every((s) => s.player || s.bot);
    const start = async () => {
      try { takeRoom(await client.start(room.id)); }
      catch (error) { fail(error); }
    };
    const leave = async () => {
      try { await client.leaveRoom(room.id); }
      catch (error) { if (error.code !== 'not_in_room') return fail(error); }
      location.hash = '#/';
    };
    const closeRoom = async () => {
      try { await client.closeRoom(room.id); }
      catch (error) { fail(error); }
    };
    const spectatorChat = async (event) => {
      try {
        takeRoom(await client.spectatorChat(room.id, event.target.checked));
      } catch (error) { fail(error); }
    };
    const options = optionsText(client.game(room.game), room.options,
                                {live: !room.correspondence});
    const code = room.code && h('strong', {id: 'join-code'}, room.code);
    const taken = room.seats.filter((s) => s.player || s.bot).length;
    // The room's line names who is away from the table (and when a bot comes for them): folded
    // during the match, the seats below it are out of sight.
    const absent = room.status === 'playing' ? room.seats.filter((s) => s.player && !s.connected)
                                             : [];
    // By correspondence, whose move it is and the days left for it, also while the card is
    // folded: the clocks the room message carries, not the views' deadline (always null there).
    fill(info, roomCard(room,
      h('span', {class: 'room-status'}, h('span', {class: `badge ${room.status}`},
                                          t(`room.status.${room.status}`)),
        watching ? t('room.you_watch') : '',
        ratedBadge(room),
        absent.map((seat) => h('span', {class: 'absent-seat', 'data-seat': seat.seat},
          t('room.absent_seat', {name: seatName(seat)}), presenceBadges(seat, roomAt),
          seat.stand_in && h('span', {class: 'badge stand-in'},
                             t('room.stand_in', {kind: t(`seat.bot_kind.${seat.stand_in}`)})))),
        waitedFor().map((seat) => h('span', {class: 'waited-seat', 'data-seat': seat.seat},
          t('correspondence.seat_to_move', {name: seatName(seat)}), ' ',
          seatClock(seat, roomAt))),
        room.spectators ? t('lobby.watching', {count: room.spectators}) : '',
        room.correspondence && h('span', {class: 'muted pace-option'},
                                 t('room.option', {text: paceText(room.correspondence)})),
        options.map((text) => h('span', {class: 'muted'}, t('room.option', {text}))),
        !room.correspondence && room.absent_bot_s !== undefined && h('span', {class: 'muted absent-bot-option'},
          room.absent_bot_s > 0
              ? t('room.absent_bot_after', {count: room.absent_bot_s})
              : t('room.absent_waited'))), [
      room.code && h('p', {class: 'code'}, room.private
          ? parts('room.private_code', {code, link: h('a', {href: invitation(room),
                                                               id: 'invitation'},
                                                        invitation(room))})
          : parts('room.join_code', {code}),
        room.private && h('span', {class: 'muted', id: 'match-privacy'},
          t(room.public_when_over ? 'room.matches_public_when_over' : 'room.matches_private'))),
      h('h2', {class: 'seats-title'}, t('room.seats_taken', {taken, count: room.seats.length})),
      h('ul', {class: 'seats'}, room.seats.map(seatRow)),
      rematchOffer(),
      isHost() && h('p', {class: 'check'},
        h('input', {type: 'checkbox', id: 'spectator-chat', checked: room.spectator_chat,
                    onchange: spectatorChat}),
        h('label', {for: 'spectator-chat'}, t('room.spectator_chat'))),
      h('div', {class: 'buttons'},
        isHost() && room.status === 'open' &&
            h('button', {type: 'button', id: 'start', disabled: !full, onclick: start},
              t(full ? 'room.start' : 'room.start_fill')),
        h('button', {type: 'button', class: 'secondary', onclick: leave},
          t(watching ? 'room.stop_watching' : 'room.leave')),
        isHost() && h('button', {type: 'button', class: 'secondary', id: 'close-room',
                                 onclick: closeRoom}, t('room.close')))]));
  }

  async function startPanel() {
    if (panel || panel === 'loading') return;
    panel = 'loading';
    const module = await board;
    if (closed) return;
    const match = room.match;
    panel = new MatchPanel(playHost, {
      game: room.game, gameName: gameName(client, room.game), board: module, match, announce,
      replay: replayLink(match, room),
      names: () => seatNames(room.seats),
      seats: () => room.seats,
      rated: () => room.rated,
      standIns: () => new Set(room.seats.filter((s) => s.stand_in).map((s) => s.seat)),
      act: watching ? null : (action) => client.match(match).act(action),
      // A private room's spectators give its code: they hold no seat in its match.
      earlier: async () => (await client.getReplay(
          match, watching || !you ? {code: room.code} : {seat: you.seat})).steps,
    });
    panel.match = match;
    showSlowClocks();
    // Every view since the start, so that the log misses no step (bots may move at once).
    for (const {view, arrivedAt} of early.filter((v) => v.match.id === match)) {
      panel.update(view, arrivedAt);
    }
    early = [];
    const held = client.matches.get(match);
    if (held?.view && held.view.step !== panel.view?.step) panel.update(held.view, held.arrivedAt);
  }

  const onRoom = (message) => {
    if (message.room.id === roomId) takeRoom(message);
  };
  function onView(change) {
    if (!room || change.match.id !== room.match) return;
    if (panel === 'loading' || !panel) early.push(change);
    else panel.update(change.view, change.arrivedAt);
  }
  const onLeft = (message) => {
    // Pushed when the room closes under us (its last player left before the start).
    if (message.room === roomId && message.re === undefined) {
      roomGone();
      fill(info, h('div', {class: 'card'}, h('p', {}, parts('room.players_left', {
        lobby: h('a', {href: '#/'}, t('room.back_to_lobby'))}))));
    }
  };
  // The server's operator closed the room, or took this player's seat away: the room sends
  // nothing more, so the screen says why and leads back to the lobby.
  // The reason is the words of whoever did it, quoted as they are, or the server's own when they
  // gave none (`reason_key`), in this page's words.
  const sentAway = (message, what, whatAlone) => {
    if (panel && panel !== 'loading') panel.close();
    panel = null;
    fill(playHost);
    roomGone();
    // No reason given: the sentence says what happened, and no "reason" after it.
    const said = message.reason_key === NO_REASON ? t(whatAlone)
        : parts(what, {reason: message.reason_key && has(message.reason_key)
          ? h('span', {class: 'reason'}, t(message.reason_key))
          : h('q', {class: 'reason'}, message.reason)});
    fill(info, h('div', {class: 'card'}, h('p', {class: 'sent-away', role: 'alert'}, said),
         h('p', {}, parts('room.lobby_link', {
           lobby: h('a', {href: '#/'}, t('room.back_to_lobby'))}))));
  };
  const onClosed = (message) => {
    if (message.room !== roomId) return;
    const by = message.by === 'host' ? 'host' : 'operator';
    const stopped = message.match ? '_match' : '';
    sentAway(message, `room.closed_by_${by}${stopped}`, `room.closed_by_${by}${stopped}_no_reason`);
  };
  const onRemoved = (message) => {
    if (message.room !== roomId) return;
    if (message.by === 'host') {
      sentAway(message, 'room.removed_by_host', 'room.removed_by_host_no_reason');
    } else {
      sentAway(message, 'room.removed_by_operator', 'room.removed_by_operator_no_reason');
    }
  };
  const onChat = (message) => chat.take(message);
  const listening = [
    client.on('chat', onChat),
    client.on('chat_log', onChat),
    client.on('room', onRoom),
    client.on('welcome', () => enter()),  // after a reconnection
    client.on('left', onLeft),
    client.on('room_closed', onClosed),
    client.on('removed', onRemoved),
  ];
  const presenceTimer = setInterval(() => {
    tickPresence(info);
    tickClocks(screen);
  }, PRESENCE_TICK_MS);
  enter();
  return () => {
    // A finished match's room is left on the way out, as its Leave button does: the room goes
    // once nobody is in it, and a room a player made counts against how many they may have
    // (too_many_rooms) until it goes. A running match's seat, or an open room's, is kept.
    if (room?.status === 'over') client.leaveRoom(room.id).catch(() => {});
    closed = true;
    clearInterval(presenceTimer);
    if (panel && panel !== 'loading') panel.close();
    following?.stop();
    for (const stop of listening) stop();
  };
}
