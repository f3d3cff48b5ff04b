// The admin API (docs/operations.md) as the admin page calls it: the token as a bearer, kept in
// this tab's sessionStorage only (gone with the tab, never in the address or a link), and every
// refusal turned into an Error carrying the API's code.

const KEY = 'tortuga.admin.token';

export function savedToken() {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token) {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken() {
  sessionStorage.removeItem(KEY);
}

export async function call(method, path, body) {
  const headers = {Authorization: `Bearer ${savedToken() || ''}`};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/admin/${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  let answer = null;
  try { answer = await response.json(); } catch (_) { /* not JSON: said below */ }
  if (!response.ok) {
    const error = new Error(answer?.message || `the server answered ${response.status}`);
    error.code = answer?.code || 'http_' + response.status;
    error.status = response.status;
    throw error;
  }
  return answer;
}
