// The browser client is built on the JavaScript SDK as the server serves it at /sdk/: the page
// loads the SDK's modules from there (and has no connection code of its own: without /sdk/ it
// cannot start), its actions go through the SDK's match handle, and a patch that does not apply
// in the browser is answered by the SDK's resync. The name and token an earlier version of the
// page kept (one `tortuga.identity` entry) still resume the same player.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, startAgainstBot, playOneMove, seeded, step,
        toAct, isOver, until} from './harness.mjs';

test('the page runs on the SDK served at /sdk/, which resyncs a patch that does not apply',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    const loaded = new Map();  // path -> the response's status and content type
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      loaded.set(path, {status: response.status(), type: response.headers()['content-type']});
    });
    // Between the page and the server: the first patch after Anne's first action is spoiled.
    const sent = [];
    let spoiled = null;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((text) => {
        sent.push(JSON.parse(text));
        upstream.send(text);
      });
      upstream.onMessage((text) => {
        const message = JSON.parse(text);
        if (message.type === 'patch' && spoiled === null &&
            sent.some((m) => m.type === 'action')) {
          spoiled = message;
          return ws.send(JSON.stringify({...message, ops: [{op: 'remove', path: '/no/such'}]}));
        }
        ws.send(text);
      });
    });
    await page.goto(server.url);
    for (const module of ['index.js', 'client.js', 'match.js', 'patch.js', 'errors.js']) {
      assert.deepEqual(loaded.get(`/sdk/${module}`),
                       {status: 200, type: 'text/javascript; charset=utf-8'}, module);
    }
    for (const gone of ['js/connection.js', 'js/patch.js']) {
      assert.equal((await fetch(`${server.url}${gone}`)).status, 404, gone);
    }
    await page.getByLabel('Your name').fill('Anne Bonny');
    await page.getByRole('button', {name: 'Enter the lobby'}).click();
    await createShortRoom(page);
    await startAgainstBot(page);

    const random = seeded(7);
    await until(async () => {
      if (spoiled && sent.some((m) => m.type === 'sync')) return true;
      if (await toAct(page)) await playOneMove(page, random);
      return false;
    }, 'a spoiled patch and the sync answering it', 30000);
    const match = spoiled.match;
    assert.deepEqual(sent.filter((m) => m.type === 'sync').map((m) => m.match), [match]);
    // Actions are the SDK's Match.act: each with an id of its own, naming the match.
    const actions = sent.filter((m) => m.type === 'action');
    assert.ok(actions.length > 0);
    for (const action of actions) {
      assert.match(String(action.id), new RegExp(`^action:${match}:\\d+$`));
    }
    // And the board shows the match as the server has it: while Anne is to act (the bot has
    // moved) or once it is over, the step of every action stored.
    await until(async () => {
      const stored = (await (await fetch(`${server.url}api/matches/${match}`)).json()).match;
      return ((await toAct(page)) || (await isOver(page))) && (await step(page)) === stored.actions;
    }, 'the board in step with the stored match', 10000);

    // Without /sdk/ the page cannot start: it has no connection of its own.
    const bare = await (await browser.newContext()).newPage();
    await bare.route('**/sdk/**', (route) => route.abort());
    const sockets = [];
    bare.on('websocket', (ws) => sockets.push(ws));
    await bare.goto(server.url);
    assert.equal(await bare.getByLabel('Your name').count(), 0);
    assert.equal(sockets.length, 0);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});

test('the name and token an earlier page kept in one entry resume the same player', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const first = await enter(browser, server.url, 'Mary Read');
    const token = await first.evaluate(() => localStorage.getItem('tortuga.token'));
    assert.match(token, /^[0-9a-f]{16,}$/);
    const player = first.received.find((m) => m.type === 'welcome').player;

    const context = await browser.newContext();
    await context.addInitScript(([kept]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('tortuga.identity', kept);
      }
    }, [JSON.stringify({name: 'Mary Read', token})]);
    const page = await context.newPage();
    const welcomes = [];
    page.on('websocket', (ws) => ws.on('framereceived', ({payload}) => {
      const message = JSON.parse(payload);
      if (message.type === 'welcome') welcomes.push(message);
    }));
    await page.goto(server.url);
    await page.getByRole('heading', {name: 'Lobby'}).waitFor();
    assert.deepEqual(welcomes[0].player, player, 'the same player, without the name form');
    assert.deepEqual(await page.evaluate(() => ({
      name: localStorage.getItem('tortuga.name'), token: localStorage.getItem('tortuga.token'),
      earlier: localStorage.getItem('tortuga.identity')})),
    {name: 'Mary Read', token: welcomes[0].token, earlier: null});
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 60000});
