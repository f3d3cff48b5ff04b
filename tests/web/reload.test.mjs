// A reload in the middle of a match resumes it: the same player, the same seat, the same view,
// and play goes on to the end.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded, step, isOver,
        startAgainstBot, until, openRoomCard} from './harness.mjs';

test('a reload in the middle of a match resumes it', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createShortRoom(anne);
    await startAgainstBot(anne);
    // Two pirates placed of four: the match is surely running (a finished match's room closes
    // once nobody is in it, and the deal, which the server draws, may end a match early).
    const random = seeded(3);
    for (let i = 0; i < 2; ++i) await playOneMove(await nextToAct([anne]), random);
    const before = await step(anne);
    assert.equal(before, 2);
    const board = await anne.locator('.raft-board').innerHTML();
    const log = await anne.locator('.log li').allInnerTexts();
    assert.equal(log.length, before);

    await anne.reload();
    await anne.locator(`.play[data-step="${before}"]`).waitFor();
    assert.match(anne.url(), new RegExp(`#/room/${room}$`));
    assert.match(await anne.locator('#who').innerText(), /Anne Bonny/);
    await openRoomCard(anne);
    assert.match(await anne.locator('.seat[data-seat="0"]').innerText(), /Anne Bonny\s*you/);
    assert.equal(await anne.locator('.raft-board').innerHTML(), board);
    // The log tells the match from its start again, not from the step the reload came back to.
    await until(async () => (await anne.locator('.log li').count()) === before,
                'the log to hold every step again');
    assert.deepEqual(await anne.locator('.log li').allInnerTexts(), log);

    // The server knows her as the same player: one player, one match, and she plays on.
    let moves = 0;
    for (let page; (page = await nextToAct([anne])); ++moves) await playOneMove(page, random);
    assert.ok(await isOver(anne));
    const matches = (await (await fetch(`${server.url}api/matches`)).json()).matches;
    assert.equal(matches.length, 1);
    assert.equal(matches[0].status, 'finished');
    assert.equal(matches[0].seats[0].name, 'Anne Bonny');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
