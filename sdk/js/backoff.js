// How long to wait before connecting again: doubling from half a second to 15 s, with jitter so
// that the clients of a restarted server do not all come back in the same instant.

export const DEFAULT_BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

export function backoffDelay(attempt, steps = DEFAULT_BACKOFF_MS, random = Math.random) {
  const base = steps[Math.min(attempt, steps.length - 1)];
  return Math.round(base * (0.75 + random() / 2));
}
