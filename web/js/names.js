// How seats, bots, games and results are named on screen.

import {h} from './dom.js';
import {t, maybe, list} from './i18n.js';

// A bot by its seat, counted from 1 as people count, and its kind: "Bot 2 (smart)".
function botName(seat) {
  const kind = maybe(`seat.bot_kind.${seat.bot}`) ?? seat.bot;
  return t('seat.bot', {number: seat.seat + 1, kind});
}

export function seatName(seat) {
  if (!seat) return '?';
  if (seat.player) return seat.player.name ?? seat.name;
  if (seat.bot) return botName(seat);
  return t('seat.empty');
}

// Names by seat number, from a room's seats or a stored match's seats (whose `player` is an id).
export function seatNames(seats) {
  return (seats || []).map((s) => (s.bot ? botName(s) : s.player?.name ?? s.name ?? seatName(s)));
}

// A seat that has no name to show: counted from 1.
export const seatNumber = (seat) => t('seat.number', {number: seat + 1});

// A game by the words the server names for it (`name_key`); a game the server no longer hosts
// (in the history) by its id's words.
export function gameName(client, id) {
  const game = client.game(id);
  return (game?.name_key ? maybe(game.name_key) : null) ?? maybe(`games.${id}.name`) ??
         game?.name ?? id;
}

export function winnersText(result, names) {
  if (!result) return '';
  const winners = (result.winners || []).map((w) => names[w] ?? seatNumber(w));
  if (winners.length === 0) return t('result.nobody_won');
  return t('result.won', {count: winners.length, winners: list(winners)});
}

// The address of a room's screen: private rooms are found by their code only, so it goes along.
export function roomLink(room, watching = false) {
  const code = room.private && room.code ? `/${encodeURIComponent(room.code)}` : '';
  return `#/${watching ? 'watch' : 'room'}/${room.id}${code}`;
}

// A link to a match's replay; a private room's match is read with the room's code (a spectator
// has no seat in it that would let them in).
export function replayLink(match, room) {
  const code = room?.private && room.code ? `/${encodeURIComponent(room.code)}` : '';
  return `#/replay/${match}${code}`;
}

// The address of a player's profile (profile.js).
export const profileLink = (id) => `#/player/${id}`;

// A player's name as a link to their profile: how every name the client shows leads there. A
// bot or an empty seat has no profile: its words alone.
export function playerName(player, text = player?.name) {
  if (!player?.id) return text;
  return h('a', {class: 'player-link', href: profileLink(player.id), 'data-player': player.id},
           text);
}

// The people of a match, each name a link to their profile ("Players: Anne, Billy"), from its
// seats as a room or a stored match gives them (`player` an object or an id); bots left out.
export function playersLine(seats) {
  const people = (seats || []).filter((s) => s.player)
      .map((s) => (typeof s.player === 'object' ? s.player : {id: s.player, name: s.name}));
  if (people.length === 0) return null;
  const links = people.flatMap((p, i) => [i ? t('history.seat_separator') : '', playerName(p)]);
  return h('p', {class: 'result-players'},
           t('ratings.players_label', {count: people.length}), ' ', links);
}
