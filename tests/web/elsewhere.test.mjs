// On a cluster of nodes, a player whose room moved to another node is told `elsewhere` with that
// node's URL (docs/protocol.md): the page moves its connection there, with its token, and plays on
// without the player doing anything. The routing answer is slipped in between the page and the
// server, naming the same real server under another name (localhost rather than 127.0.0.1), so
// that the page's next connection shows which address it followed.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {writeFileSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startServer, launch, createShortRoom, startAgainstBot, playOneMove, seeded, step, isOver,
        toAct, until, freePort} from './harness.mjs';

test('a player whose room moved is sent to the node named and plays on there', async () => {
  // The node named is reached as localhost, the page as 127.0.0.1: a WebSocket from a page of
  // another origin, which a node lets in only when its operator lists that origin, as a cluster
  // whose nodes send players to each other does (docs/operations.md).
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-web-'));
  const config = join(dir, 'origins.json');
  writeFileSync(config, JSON.stringify({allowed_origins: [`http://127.0.0.1:${port}`]}));
  const server = await startServer({dir, port, args: ['--config', config]});
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    const elsewhere = `ws://localhost:${server.port}/ws`;
    const links = [];  // each connection the page opened: its URL, its socket, what it was sent
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      const link = {url: ws.url(), ws, match: null, room: null, sent: []};
      links.push(link);
      ws.onMessage((text) => {
        link.sent.push(JSON.parse(text));
        upstream.send(text);
      });
      upstream.onMessage((text) => {
        const message = JSON.parse(text);
        if (message.type === 'room' && message.room.match) {
          link.room = message.room.id;
          link.match = message.room.match;
        }
        ws.send(text);
      });
    });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Anne Bonny');
    await page.getByRole('button', {name: 'Enter the lobby'}).click();
    await createShortRoom(page);
    await startAgainstBot(page);
    const random = seeded(41);
    await until(async () => {
      if (await toAct(page)) await playOneMove(page, random);
      return (await step(page)) >= 2;
    }, 'a few steps played', 30000);
    const [first] = links;
    assert.equal(links.length, 1);
    const before = await step(page);

    first.ws.send(JSON.stringify({type: 'error', code: 'elsewhere',
                                  message: 'moved: another node serves this room now',
                                  url: elsewhere, room: first.room, match: first.match}));
    await until(() => links.length === 2, 'a connection to the node named', 10000);
    const [, second] = links;
    assert.equal(second.url, elsewhere);
    // The same player (its token), back in its room, at the step it had reached.
    await until(() => second.sent.some((m) => m.type === 'hello'), 'the hello there');
    assert.ok(second.sent.find((m) => m.type === 'hello').token);
    await until(async () => (await step(page)) >= before && (await page.locator('.play').count()),
                'the match shown again');
    // And plays on there, to the end.
    await until(async () => {
      if (await isOver(page)) return true;
      if (await toAct(page)) await playOneMove(page, random);
      return false;
    }, 'the match played to its end on the node named', 90000);
    assert.equal(links.length, 2);
    assert.ok(second.sent.some((m) => m.type === 'action'));
    const stored = (await (await fetch(`${server.url}api/matches/${first.match}`)).json()).match;
    assert.equal(stored.status, 'finished');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
