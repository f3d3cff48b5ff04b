// The ratings' HTTP reads (docs/ratings.md, "Reading them") with the player's token, so that a
// profile lists the private matches this player may read: a refusal comes back as an error with
// the server's code, as the SDK's do.

async function read(client, path) {
  const response = await fetch(path, {headers: {Authorization: `Bearer ${client.token}`}});
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw Object.assign(new Error(body.message ?? String(response.status)), {code: body.code});
  }
  return body;
}

// A player's profile: per game their rating and its history, their finish rate, their latest
// matches.
export const readProfile = (client, id) => read(client, `/api/players/${id}`);

// At most 20 players whose name begins with `prefix`, by name.
export const findPlayers = (client, prefix) =>
  read(client, `/api/players?name=${encodeURIComponent(prefix)}`).then((body) => body.players);
