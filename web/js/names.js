// How seats, bots, games and results are named on screen.

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
