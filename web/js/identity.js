// Who this browser is: the display name and the server's token, kept in localStorage so that a
// reload, a lost connection or a server restart resumes the same player and seats.

const KEY = 'tortuga.identity';

export function loadIdentity() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY));
    if (saved && typeof saved.name === 'string') return saved;
  } catch (_) { /* a damaged entry is as good as none */ }
  return null;
}

export function saveIdentity(identity) {
  localStorage.setItem(KEY, JSON.stringify(identity));
}

export function forgetIdentity() {
  localStorage.removeItem(KEY);
}
