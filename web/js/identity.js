// Who this browser is: the display name, kept in localStorage beside the server's token (which
// the SDK keeps there itself, under TOKEN_KEY), so that a reload, a lost connection or a server
// restart resumes the same player and seats; and whether that token is an account's session
// (a login or a sign-up), so that a session ended while the page was closed is told as a
// sign-out rather than met as a new guest.

const NAME_KEY = 'tortuga.name';
export const TOKEN_KEY = 'tortuga.token';
// Where earlier versions of this page kept both, as {name, token}: moved to the keys above, so
// that a player keeps their seats across the change.
const EARLIER_KEY = 'tortuga.identity';
const ACCOUNT_KEY = 'tortuga.account';

export function loadName() {
  moveEarlier();
  return localStorage.getItem(NAME_KEY) || null;
}

export function saveName(name) {
  localStorage.setItem(NAME_KEY, name);
}

// A new name is a new player: the token goes with the name.
export function forgetIdentity() {
  for (const key of [NAME_KEY, TOKEN_KEY, EARLIER_KEY, ACCOUNT_KEY]) localStorage.removeItem(key);
}

// Logged out or signed out: the session's token goes, the name stays, to log in with again.
export function forgetSession() {
  for (const key of [TOKEN_KEY, ACCOUNT_KEY]) localStorage.removeItem(key);
}

export function markAccount() {
  localStorage.setItem(ACCOUNT_KEY, '1');
}

// Whether the token kept is an account's session.
export function isAccount() {
  return localStorage.getItem(ACCOUNT_KEY) === '1';
}

function moveEarlier() {
  const text = localStorage.getItem(EARLIER_KEY);
  if (text === null) return;
  localStorage.removeItem(EARLIER_KEY);
  try {
    const {name, token} = JSON.parse(text);
    if (typeof name === 'string' && name) saveName(name);
    if (typeof token === 'string' && token) localStorage.setItem(TOKEN_KEY, token);
  } catch (_) { /* a damaged entry is as good as none */ }
}
