// A room's header says how this table differs from the game as its rulebook plays it: its
// times (the pace everyone plays at) and the options its maker changed, not every option at its
// default, nor those that apply only to another number of players (Scalawag!'s Fog of War of
// three, Colpaccio's solo difficulty), even when set away from their defaults.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom} from './harness.mjs';

async function roomOf(page, game, players, {noFog = false} = {}) {
  await page.goto(page.url().replace(/#.*$/, '#/'));
  await page.getByLabel('Game', {exact: true}).selectOption(game);
  await page.locator('#option-players').fill(String(players));
  if (noFog) await page.locator('#option-fog_of_war').uncheck();
  await page.getByRole('button', {name: 'Create room'}).click();
  await page.waitForURL(/#\/room\/\d+$/);
  await page.locator('.room-status').waitFor();
  return page.locator('.room-status').innerText();
}

test('the room header names the options set away from the game\'s defaults, no others',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const scalawag = await roomOf(anne, 'scalawag', 5);
    assert.doesNotMatch(scalawag, /Fog/);
    assert.doesNotMatch(scalawag, /Alliances/);
    // Set away from its default, the Fog of three is a rule of a table of three only. (Mary
    // makes these rooms: a player may hold only so many.)
    const mary = await enter(browser, server.url, 'Mary Read');
    assert.doesNotMatch(await roomOf(mary, 'scalawag', 5, {noFog: true}), /Fog/);
    assert.match(await roomOf(mary, 'scalawag', 3, {noFog: true}),
                 /Fog of War \(three players\): no/);
    const colpaccio = await roomOf(anne, 'colpaccio', 4);
    assert.doesNotMatch(colpaccio, /difficulty/);
    assert.doesNotMatch(colpaccio, /deck/);

    await anne.goto(anne.url().replace(/#.*$/, '#/'));
    await createShortRoom(anne, {turnClock: 20});
    const raft = await anne.locator('.room-status').innerText();
    assert.match(raft, /Short game \(16 ships\): yes/);
    assert.match(raft, /Turn clock at sea, in seconds: 20/);
    assert.doesNotMatch(raft, /Layout/);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 60000});
