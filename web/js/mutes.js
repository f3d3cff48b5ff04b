// The players this browser's player muted in the room of a match, kept for the match's replay:
// a mute lasts as long as the room on the server, and a line muted at the table should not come
// back in the replay of its match. Kept in localStorage, for the latest matches only.

const KEY = 'tortuga.muted';
const MATCHES = 100;  // the matches remembered; the oldest are forgotten first

function kept() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(value) ? value : [];
  } catch (_) {
    return [];
  }
}

// Remembers `players` (ids, any iterable) as muted in `match`.
export function rememberMutes(match, players) {
  if (!match) return;
  const ids = [...players];
  const rest = kept().filter(([m]) => m !== match);
  const all = ids.length ? [...rest, [match, ids]] : rest;
  localStorage.setItem(KEY, JSON.stringify(all.slice(-MATCHES)));
}

// The players muted in `match`, as a Set of ids.
export function mutedIn(match) {
  return new Set(kept().find(([m]) => m === match)?.[1] ?? []);
}
