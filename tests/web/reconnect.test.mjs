// A lost connection: the server restarts in the middle of a match; the page says so, reconnects
// with backoff, says hello with its kept token, syncs, and the match goes on to its end.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded, step, isOver,
        startAgainstBot} from './harness.mjs';

test('after the server restarts, the page reconnects and the match goes on', async () => {
  let server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createShortRoom(anne);
    await startAgainstBot(anne);
    // Three pirates placed of four: the match is surely running.
    const random = seeded(23);
    for (let i = 0; i < 3; ++i) await playOneMove(await nextToAct([anne]), random);
    const before = await step(anne);
    assert.equal(before, 3);

    await server.stop({keep: true});
    await anne.locator('#status', {hasText: /Connection lost; retrying/}).waitFor();
    server = await startServer({dir: server.dir, port: server.port});
    await anne.locator('#status', {hasText: 'Connected'}).waitFor({timeout: 20000});
    // The hello with the kept token brought back the seat, and sync the view.
    const hello = anne.received.filter((m) => m.type === 'welcome');
    assert.equal(hello.length, 2);
    assert.equal(hello[1].player.id, hello[0].player.id);
    await anne.locator(`.play[data-step="${before}"]`).waitFor();
    assert.match(anne.url(), new RegExp(`#/room/${room}$`));

    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    assert.ok(await isOver(anne));
    const stored = (await (await fetch(`${server.url}api/matches`)).json()).matches;
    assert.equal(stored.length, 1);
    assert.equal(stored[0].status, 'finished');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
