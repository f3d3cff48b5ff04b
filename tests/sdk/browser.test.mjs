// The SDK in a browser (headless Chromium, as the browser tests drive it): the package's files
// served as they are, from an origin the server lists, imported as modules, the browser's own
// WebSocket and localStorage. A random bot plays a match to its end, and a reload resumes the
// same player from the token kept in localStorage.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {createServer} from 'node:http';
import {join, dirname, normalize, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {launch} from '../web/harness.mjs';
import {startServer, wsUrl} from './sdk_harness.mjs';

const sdk = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'sdk', 'js');

// A page that plays a match of `game` against the server's random bots, from sdk/js as served.
const PAGE = `<!doctype html><script type="module">
import {TortugaClient, localStorageStorage} from './index.js';
window.play = async (url, game) => {
  const client = new TortugaClient({url, name: 'Browser Bonny', storage: localStorageStorage()});
  const welcome = await client.connect();
  const {room} = await client.createRoom({game});
  for (let seat = 1; seat < room.seats.length; ++seat) {
    await client.addBot(room.id, {bot: 'random'});
  }
  const match = client.match((await client.start(room.id)).room.match);
  const play = () => match.act(match.legal[Math.floor(Math.random() * match.legal.length)])
    .catch(() => {});
  match.on('turn', play);
  await match.ready;
  if (match.myTurn) play();
  const result = await match.finished;
  client.close();
  return {player: welcome.player.id, match: match.id, step: match.view.step, result};
};
</script>`;

// The page and sdk/js as files over HTTP on a loopback address (Chromium lets a page reach the
// server's loopback address only from such an origin).
async function serveSdk() {
  const http = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/') {
      response.writeHead(200, {'content-type': 'text/html'}).end(PAGE);
      return;
    }
    const file = normalize(join(sdk, path));
    try {
      if (!file.startsWith(sdk + sep)) throw new Error('outside the package');
      const body = await readFile(file);
      response.writeHead(200, {'content-type': 'text/javascript'}).end(body);
    } catch (_) {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${http.address().port}/`, close: () => http.close()};
}

test('the SDK plays a match in a browser and keeps its token in localStorage', async () => {
  const files = await serveSdk();
  // The page is of another origin than the server's: its operator lists it, or the server
  // refuses the page's WebSocket (docs/security.md).
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-sdk-'));
  const config = join(dir, 'origins.json');
  writeFileSync(config, JSON.stringify({allowed_origins: [new URL(files.url).origin]}));
  const server = await startServer({dir, args: ['--config', config]});
  const browser = await launch();
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => { throw error; });
    await page.goto(files.url);
    await page.waitForFunction(() => typeof window.play === 'function');
    const first = await page.evaluate(([url]) => window.play(url, 'scalawag'), [wsUrl(server)]);
    const history = `http://127.0.0.1:${server.port}/api/matches/${first.match}`;
    const stored = await (await fetch(history)).json();
    assert.equal(stored.match.status, 'finished');
    assert.equal(stored.match.actions, first.step);
    assert.deepEqual(stored.match.result, first.result);

    await page.reload();
    await page.waitForFunction(() => typeof window.play === 'function');
    const second = await page.evaluate(([url]) => window.play(url, 'colpaccio'), [wsUrl(server)]);
    assert.equal(second.player, first.player, 'the token kept in localStorage resumed the player');
  } finally {
    await browser.close();
    files.close();
    await server.stop();
  }
}, {timeout: 120000});
