// Every game the server hosts (as its welcome lists them), played by a browser against random
// bots to the end, from the plain view: the view as a tree and the legal actions as buttons.
// A game that lands on the server is in this test at once, board or no board. Each game's clock
// options (a turn clock, a decision time) are set, and the countdown must show on the player's
// turns in every game that has one.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, startWithRandomBots, nextToAct, seeded, isOver,
        clickAnAction, logOfSteps} from './harness.mjs';

// The games' options that put a clock on a player's turns (seconds; on by default, and set
// long here: default_clocks.test.mjs reads them at their defaults).
const CLOCKS = ['turn_clock_s', 'decision_s'];

test('a browser plays every hosted game against bots to its end', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const games = anne.received.find((m) => m.type === 'welcome').games;
    assert.ok(games.length >= 1);
    const random = seeded(41);
    for (const game of games) {
      await anne.goto(server.url);
      await anne.getByLabel('Game', {exact: true}).selectOption(game.id);
      const clocks = Object.keys(game.options).filter((name) => CLOCKS.includes(name));
      for (const name of clocks) await anne.locator(`#option-${name}`).fill('600');
      await anne.getByRole('button', {name: 'Create room'}).click();
      await anne.waitForURL(/#\/room\/\d+$/);
      await anne.locator('.seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
      const seats = await anne.locator('.seat').count();
      assert.equal(seats, game.options.players.default, game.id);
      await startWithRandomBots(anne);
      const plain = anne.getByLabel('the plain view: no board, every action a button');
      if (await plain.count()) await plain.check();

      let moves = 0;
      let counted = 0;  // turns of Anne's with the countdown showing
      for (let page; (page = await nextToAct([anne], 30000));) {
        if (await anne.locator('.countdown .clock').count()) ++counted;
        if (await clickAnAction(anne, random)) ++moves;
        assert.ok(moves < 500, `${game.id} should end`);
      }
      assert.ok(await isOver(anne), game.id);
      if (clocks.length) assert.ok(counted > 0, `${game.id}: its clock's countdown showed`);
      await anne.locator('.result h2').waitFor();
      const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
      assert.equal(stored.game, game.id);
      assert.equal(stored.status, 'finished', game.id);
      await logOfSteps(anne, stored.actions);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
