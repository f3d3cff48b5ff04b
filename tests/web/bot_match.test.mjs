// One person plays Raft & Scupper against the server's smart bot to the end, and the match is
// then found in the history.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded,
        isOver, logOfSteps, until} from './harness.mjs';

test('a browser plays Raft & Scupper against a bot to the end', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    // Options the game refuses are explained, and no room is made.
    const problem = anne.getByRole('alert');
    // The layout is edited cell by cell, from the standard one: a cell left empty is to be
    // filled, a layout the rules refuse (ship 2 far from ship 1) is refused by the server.
    await anne.getByLabel('Layout of the ships: set by hand').check();
    const x1 = anne.getByLabel('Layout of the ships: Position 1: x or y 1', {exact: true});
    assert.equal(await x1.inputValue(), '0', 'the standard layout to start from');
    assert.equal(await anne.locator('.structured-option textarea').count(), 0, 'no JSON box');
    await x1.fill('');
    assert.equal(await x1.evaluate((box) => box.validity.valueMissing), true,
                 'an emptied box is one the browser asks to fill');
    await x1.fill('0');
    await anne.locator('input[data-path="layout.1.0"]').fill('50');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await problem.filter({hasText: 'The game does not take these options.'}).waitFor();
    assert.match(anne.url(), /#\/$|\/$/);
    await anne.getByLabel('Layout of the ships: set by hand').uncheck();
    await createShortRoom(anne);
    const start = anne.locator('#start');
    assert.ok(await start.isDisabled(), 'no start while a seat is empty');
    await anne.getByLabel('bot for seat 2').selectOption('smart');
    await anne.getByRole('button', {name: 'Add bot'}).click();
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Bot 2 (good)'}).waitFor();
    await start.click();
    await anne.locator('.play').waitFor();

    // The keyboard alone: a ship the pirate may go to takes the focus, Enter places it.
    // (A deal with one kind all connected starts with switches: 2% of short deals.)
    const target = anne.locator('.raft-board .target-place, .raft-board .target-switch').first();
    await target.focus();
    const said = await target.getAttribute('aria-label');
    const placing = /^place a (Yellow|Black)beard on ship \d+ \(ship /;
    const switching = /^switch pair \d+ \(ships \d+ and \d+\) \(ship /;
    assert.ok(placing.test(said) || switching.test(said), said);
    await anne.keyboard.press('Enter');
    await anne.locator('.play[data-step="1"]').waitFor();
    // The log tells, in the past, what the label said, without its closing "(ship ...)".
    const done = said.slice(0, said.lastIndexOf(' (ship '))
        .replace(/^place /, 'placed ').replace(/^switch /, 'switched ');
    assert.equal(await anne.locator('.log li').first().innerText(), `1. Anne Bonny ${done}`);
    // The focus stays on the board (the ship is taken now), and the next Tab or two lead to the
    // next choice there (the figure to place, then the ships), not round the whole page.
    assert.ok(await anne.evaluate(() => document.activeElement.closest('.play .board') !== null),
              'the board keeps the focus');
    await anne.locator('.play[data-to-act="true"]').waitFor();
    let tabs = 0;
    for (; tabs < 60; ++tabs) {
      const found = await anne.evaluate(
          () => document.activeElement.matches('.target-place, .target-switch'));
      if (found) break;
      await anne.keyboard.press('Tab');
    }
    assert.ok(tabs <= 3, `${tabs} Tab presses from the move made to the next choice`);
    await anne.keyboard.press('Enter');
    await anne.locator('.play[data-step="2"]').waitFor();

    const random = seeded(11);
    let moves = 0;
    for (let page; (page = await nextToAct([anne])); ++moves) {
      await playOneMove(page, random);
      assert.ok(moves < 300, 'the match should end');
    }
    assert.ok(await isOver(anne));
    await anne.locator('.result h2').waitFor();
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    assert.equal(stored.status, 'finished');
    const winner = stored.result.winners[0] === 0 ? 'Anne Bonny' : 'Bot 2 \\(good\\)';
    assert.match(await anne.locator('.result h2').innerText(), new RegExp(`^${winner} won\\.$`));
    // The bot's moves are in the log too: one line per step of the match.
    await logOfSteps(anne, stored.actions);
    assert.ok(stored.actions > moves, 'the bot moved as well');

    // The history lists it as one of Anne's matches, and it opens from there. Going there leaves
    // the finished match's room, which then closes: it no longer counts among Anne's rooms.
    await anne.getByRole('link', {name: 'History'}).click();
    await until(async () => {
      const metrics = await (await fetch(`${server.url}metrics`)).text();
      return !/^tortuga_rooms\{[^}]*\} [1-9]/m.test(metrics);
    }, 'the finished room closed');
    await anne.getByLabel('only my matches').check();
    const row = anne.locator(`tr[data-match="${stored.id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /Raft & Scupper/);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
