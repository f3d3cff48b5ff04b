// The stored matches a person asks the history for: by game and status, their own or another
// player's, with someone, won or lost, between two dates. The server's list narrows by game,
// status and one player (list_matches); the rest is read here from its pages, newest first,
// until a page of the history is found, the list ends, or the dates are passed (ids grow with
// time: once a match is older than the range, so are all after it). A search reads a bounded
// number of the server's pages; "More" goes on from where it stopped.

export const SCAN = 100;  // matches asked of the server at a time
export const PAGES = 10;  // the server's pages read for one page of the history at most

// The seats `player` holds in a stored match.
const seatsOf = (match, player) => match.seats.filter((s) => s.player === player)
    .map((s) => s.seat);

// Whose result the filter asks about: this person's own, or else the one they play with.
export const subjectOf = (filter) => filter.mine ?? filter.with ?? null;

// Whether `match` is one the filter asks for, beyond what the server narrowed it to.
// filter: {mine: player id or null, with: player id or null, result: '' | 'won' | 'lost' |
// 'none', from: ms or null, to: ms or null}.
export function wanted(filter, match) {
  if (filter.to !== null && filter.to !== undefined && match.created_ms > filter.to) return false;
  if (filter.mine && !seatsOf(match, filter.mine).length) return false;
  if (filter.with && !seatsOf(match, filter.with).length) return false;
  if (!filter.result) return true;
  const winners = match.result?.winners ?? [];
  if (filter.result === 'none') return winners.length === 0;
  const subject = subjectOf(filter);
  if (!subject) return false;
  const won = seatsOf(match, subject).some((seat) => winners.includes(seat));
  return filter.result === 'won' ? won : winners.length > 0 && !won;
}

// Up to `count` matches of the filter older than match `after` (none: from the newest), and
// where the next search goes on from (null: nothing is left). `server` holds what list_matches
// narrows by: game, status.
export async function searchMatches(client, {server = {}, ...filter}, {after = null, count}) {
  const found = [];
  let cursor = after;
  let ended = false;
  const player = filter.mine ?? filter.with ?? undefined;
  for (let page = 0; page < PAGES && found.length <= count && !ended; ++page) {
    const asked = {...server, limit: SCAN};
    if (player) asked.player = player;
    if (cursor) asked.before = cursor;
    const matches = await client.listMatches(asked);
    for (const match of matches) {
      cursor = match.id;
      if (filter.from !== null && filter.from !== undefined && match.created_ms < filter.from) {
        ended = true;
        break;
      }
      if (wanted(filter, match)) found.push(match);
    }
    if (matches.length < SCAN) ended = true;
  }
  if (found.length > count) return {matches: found.slice(0, count), next: found[count - 1].id};
  return {matches: found, next: ended ? null : cursor};
}
