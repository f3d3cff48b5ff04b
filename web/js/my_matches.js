// "Your matches", at the top of the lobby: every running match of the player's, those waiting for
// them first, each with its game, the other players, whose turn it is and the time the player's
// own clock has left, and the way into its room. The server sends the list whole when it is
// watched and again at every change (watch_my_matches, docs/protocol.md), already in its order:
// a move in another match flips its card and moves it while the page is open. The tab's title
// and icon say that a turn is the player's in any of them (alerts.js).
//
// A client watches the list once, the first time the lobby is shown, and for as long as it is
// connected (the SDK watches again after a reconnection): each watch reads the server's store,
// and a player may send 20 a minute, which a player going from room to lobby would spend.

import {h, fill} from './dom.js';
import {t, parts, list} from './i18n.js';
import {gameName, roomLink, seatNames, seatNumber} from './names.js';
import {timeLeftText} from './countdown.js';
import {TurnAlerts} from './alerts.js';

const TICK_MS = 1000;  // the times left are written again this often
// Under this, a clock's time left is marked urgent: an hour of a match played by the day, ten
// seconds of a live one.
const URGENT_MS = {correspondence: 3600000, live: 10000};

// A player of a match as the page names them anywhere: a person by name, a bot by its seat and
// kind.
const nameOf = (player) => seatNames([player])[0];

function waitingWords(match) {
  const names = match.waiting_for.map((seat) => {
    const player = match.players.find((p) => p.seat === seat);
    return player ? nameOf(player) : seatNumber(seat);
  });
  return t('my_matches.waiting_for', {count: names.length, names: list(names)});
}

const followed = new WeakMap();  // client -> {watching, latest}: the list as last sent

function follow(client) {
  let feed = followed.get(client);
  if (!feed) {
    // `told`: the matches whose turn has been said, so that it is said once, not at every list.
    feed = {watching: false, latest: null, told: new Set()};
    followed.set(client, feed);
    client.on('my_matches', (list) => { feed.latest = list; });
  }
  if (!feed.watching) {
    feed.watching = true;
    // Not connected now: watched again the next time the lobby is shown.
    client.watchMyMatches().catch(() => { feed.watching = false; });
  }
  return feed;
}

export function myMatches({client, announce}) {
  const section = h('section', {id: 'my-matches', class: 'card', hidden: true,
                                'aria-labelledby': 'my-matches-title'});
  const alerts = new TurnAlerts();
  let onChange = () => {};

  const leftOf = (deadline) => deadline - client.serverNow();
  const writeLeft = (node) => {
    const left = leftOf(Number(node.dataset.deadline));
    node.querySelector('.clock').textContent = timeLeftText(left);
    node.classList.toggle('urgent', left < URGENT_MS[node.dataset.pace]);
  };

  function card(match) {
    const others = match.players.filter((p) => !p.you);
    const turn = match.your_turn
        ? h('p', {class: 'whose-turn yours'}, h('strong', {}, t('my_matches.your_turn')))
        : match.waiting_for.length > 0 && h('p', {class: 'whose-turn'}, waitingWords(match));
    let left = null;
    if (match.deadline !== null && match.deadline !== undefined) {
      left = h('p', {class: 'time-left', 'data-deadline': match.deadline,
                     'data-pace': match.correspondence ? 'correspondence' : 'live'},
               parts('my_matches.time_left', {time: h('span', {class: 'clock'})}));
      writeLeft(left);
    }
    // `room` is what join_room takes: the room's id, a private room's code, or null (no room
    // holds the match now).
    const link = typeof match.room === 'number' ? roomLink({id: match.room})
        : match.room && `#/room/${encodeURIComponent(match.room)}`;
    return h('li', {class: `my-match${match.your_turn ? ' yours' : ''}`,
                    'data-room': match.room ?? '', 'data-match': match.match},
             h('div', {class: 'my-match-head'},
               h('h3', {}, gameName(client, match.game)),
               h('span', {class: `badge ${match.correspondence ? 'correspondence' : 'live'}`},
                 t(match.correspondence ? 'my_matches.correspondence' : 'my_matches.live'))),
             others.length > 0 && h('p', {class: 'against'},
               t('my_matches.against', {count: others.length, names: list(others.map(nameOf))})),
             turn, left,
             link && h('a', {class: `button${match.your_turn ? '' : ' secondary'}`, href: link},
               t(match.your_turn ? 'my_matches.play' : 'my_matches.open', {room: match.room})));
  }

  function show({matches, more}) {
    onChange(matches);
    section.hidden = matches.length === 0;
    fill(section,
         h('h2', {id: 'my-matches-title'}, t('my_matches.title')),
         h('ul', {class: 'my-match-list'}, matches.map(card)),
         more > 0 && h('p', {class: 'muted more'}, t('my_matches.more', {count: more})));
    // A turn that has just come, in any match, is said: to a screen reader, and on the tab.
    const come = matches.filter((m) => m.your_turn && !feed.told.has(m.match));
    feed.told = new Set(matches.filter((m) => m.your_turn).map((m) => m.match));
    const words = come.map((m) => t(m.room === null ? 'my_matches.turn_in_game'
                                                    : 'my_matches.turn_in',
                                    {game: gameName(client, m.game), room: m.room}));
    if (come.length) {
      announce?.(words.join(' '));
      alerts.turn(false);
    }
    alerts.turn(matches.some((m) => m.your_turn), words.join(' '));
  }

  const feed = follow(client);
  const listening = [client.on('my_matches', show)];
  const ticking = setInterval(() => {
    for (const node of section.querySelectorAll('.time-left[data-deadline]')) writeLeft(node);
  }, TICK_MS);
  // The list as last sent (pushed here while the lobby was not shown, too), drawn at once.
  if (feed.latest) queueMicrotask(() => show(feed.latest));

  return {
    node: section,
    // `change(matches)` is told of each list as it comes.
    onChange(change) { onChange = change; },
    stop() {
      clearInterval(ticking);
      for (const stop of listening) stop();
      alerts.stop();
    },
  };
}
