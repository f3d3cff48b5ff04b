// How seats, bots and rooms are named on screen.

export function seatName(seat) {
  if (!seat) return '?';
  if (seat.player) return seat.player.name;
  if (seat.bot) return seat.name;
  return 'empty';
}

// Names by seat number, from a room's seats or a stored match's seats.
export function seatNames(seats) {
  return (seats || []).map((s) => s.name ?? seatName(s));
}

export function gameName(client, id) {
  return client.game(id)?.name || id;
}

export function winnersText(result, names) {
  if (!result) return '';
  const winners = (result.winners || []).map((w) => names[w] ?? `seat ${w}`);
  if (winners.length === 0) return 'Nobody won.';
  return `${winners.join(' and ')} won.`;
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
