// An absent player does not freeze the table, with several browsers in one room at the server's
// defaults: a player closes their page mid-match, the others (a spectator too) see them away and
// the countdown to the bot, the wait ends and a bot plays their turn, and the player, back on a
// new page of the same browser (which kept the token), has the seat again and plays on. The log
// tells the moves the bot made for them as the bot's.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded, step,
        toAct, until, openRoomCard} from './harness.mjs';

// The server's default wait (bots.absent_bot_s), as welcome tells the lobby's form.
const DEFAULT_WAIT_S = 30;

test('a bot plays for a player who closed the page, who comes back to the seat and plays on',
     async () => {
  const server = await startServer({botDelay: 'server'});
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const cleo = await enter(browser, server.url, 'Cleo');
    // The new room form offers the room option, on, at the server's wait.
    assert.equal(await anne.getByLabel('a bot plays for an absent player').isChecked(), true);
    assert.equal(await anne.getByLabel('seconds before the bot plays').inputValue(),
                 String(DEFAULT_WAIT_S));
    const room = await createShortRoom(anne);
    await anne.locator('.absent-bot-option', {hasText: `${DEFAULT_WAIT_S} s`}).waitFor();
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await cleo.goto(`${server.url}#/watch/${room}`);
    await anne.locator('#start:not([disabled])').click();
    for (const page of [anne, mary, cleo]) await page.locator('.play').waitFor();
    // The seats are in the room's card, which the match folds to its line: opened.
    for (const page of [anne, cleo]) await openRoomCard(page);

    const rowOnAnne = anne.locator('.seat[data-seat="1"]');
    const rowOnCleo = cleo.locator('.seat[data-seat="1"]');
    await rowOnAnne.locator('.badge.online').waitFor();

    // Mary closes her page mid-match. Everyone sees her away, and when a bot will play for her.
    const maryBrowser = mary.context();
    await mary.close();
    const left = Date.now();
    for (const row of [rowOnAnne, rowOnCleo]) {
      await row.locator('.badge.away').waitFor();
      await row.locator('.badge.absent-bot .clock').waitFor();
      assert.equal(await row.locator('.badge.online').count(), 0);
      assert.match(await row.innerText(), /Mary Read/);
    }
    // The room's line says it too, for when the card is folded.
    await anne.locator('.room-card summary .absent-seat', {hasText: 'Mary Read'})
        .locator('.badge.absent-bot .clock').waitFor();
    // The lobby's list says so too.
    const dan = await enter(browser, server.url, 'Dan');
    await dan.locator(`.room[data-room="${room}"] .away`, {hasText: 'away'}).waitFor();
    await dan.close();
    // The countdown counts down.
    const clock = rowOnAnne.locator('.badge.absent-bot .clock');
    const first = await clock.innerText();
    await until(async () => (await clock.innerText()) !== first, 'the countdown to move', 3000);
    if (process.env.TORTUGA_SCREENSHOTS) {
      await anne.screenshot({path: `${process.env.TORTUGA_SCREENSHOTS}/absent-player.png`});
    }

    // Anne plays her moves; then the match waits on Mary's turn until the wait is over.
    const random = seeded(31);
    while (await toAct(anne) && !(await anne.locator('.play[data-over="true"]').count())) {
      await playOneMove(anne, random);
    }
    const waiting = await step(anne);
    await rowOnAnne.locator('.badge.stand-in').waitFor({timeout: (DEFAULT_WAIT_S + 15) * 1000});
    assert.ok(Date.now() - left >= (DEFAULT_WAIT_S - 3) * 1000,
              'the bot came only once the wait was over');
    await rowOnCleo.locator('.badge.stand-in').waitFor();
    assert.equal(await rowOnAnne.locator('.badge.absent-bot').count(), 0);
    await until(async () => (await step(anne)) > waiting, 'the bot to play Mary\'s turn');
    // The log says a bot played it, not Mary: on the table and for the spectator.
    for (const page of [anne, cleo]) {
      await page.locator('.log li', {hasText: '(a bot played for Mary Read)'}).first().waitFor();
    }

    // Mary comes back (her browser kept her token): the seat is hers again at once.
    const back = await maryBrowser.newPage();
    back.on('pageerror', (error) => { throw new Error(`Mary's page: ${error.message}`); });
    await back.goto(`${server.url}#/room/${room}`);
    await back.locator('.play').waitFor();
    await openRoomCard(back);
    await back.locator('.seat[data-seat="1"] .badge.you').waitFor();
    await until(async () => (await rowOnAnne.locator('.badge.stand-in').count()) === 0,
                'the bot to give the seat back');
    await rowOnAnne.locator('.badge.online').waitFor();
    await rowOnCleo.locator('.badge.online').waitFor();

    // And she plays on: her turn waits for her, and she plays it.
    let maryActed = false;
    for (let i = 0; i < 16 && !maryActed; ++i) {
      const page = await nextToAct([anne, back]);
      if (!page) break;
      if (page === back) {
        const before = await step(back);
        await new Promise((resolve) => setTimeout(resolve, 800));  // > the bots' 400 ms pause
        assert.equal(await step(back), before, 'no bot plays her seat while she is here');
        maryActed = true;
      }
      await playOneMove(page, random);
    }
    assert.ok(maryActed, 'Mary played her own seat again');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
