// The host chooses a bot's level in words (easy, good, strong), among those the game offers, and
// the level shows on the bot's seat, in the room and in the lobby of another browser.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom} from './harness.mjs';

const WORDS = {random: 'easy', smart: 'good', strong: 'strong'};

test('a host adds a bot of a level chosen in words and sees it on the seat', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const room = await createShortRoom(anne);
    // The levels offered are the game's, as welcome lists them, weakest first, good chosen.
    const welcome = anne.received.find((m) => m.type === 'welcome');
    const offered = welcome.games.find((g) => g.id === 'raft-and-scupper').bots;
    assert.deepEqual(offered.slice(0, 2), ['random', 'smart']);
    const level = anne.getByLabel('bot for seat 2');
    assert.deepEqual(await level.locator('option').allInnerTexts(),
                     offered.map((kind) => WORDS[kind]));
    assert.equal(await level.inputValue(), 'smart');

    await level.selectOption({label: 'easy'});
    await anne.locator('.seat[data-seat="1"]').getByRole('button', {name: 'Add bot'}).click();
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Bot 2 (easy)'}).waitFor();
    const asked = anne.sent.find((m) => m.type === 'add_bot');
    assert.equal(asked.bot, 'random');

    const row = mary.locator(`#rooms li.room[data-room="${room}"]`);
    await row.locator('.seats-inline li', {hasText: 'Bot 2 (easy)'}).waitFor();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await row.locator('.seats-inline li', {hasText: 'Bot 2 (easy)'}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
