// Takes the screenshots in docs/screenshots/ from a real server and headless Chromium:
//   node scripts/screenshots.mjs        (after scripts/build.sh and npm ci)

import {mkdirSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct,
        seeded, step} from '../tests/web/harness.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
mkdirSync(out, {recursive: true});
const server = await startServer();
const browser = await launch();
try {
  // A lobby with rooms in it.
  const mary = await enter(browser, server.url, 'Mary Read');
  await createShortRoom(mary);
  const calico = await enter(browser, server.url, 'Calico Jack');
  await calico.getByRole('button', {name: 'Create room'}).click();
  await calico.waitForURL(/#\/room\/\d+$/);
  const anne = await enter(browser, server.url, 'Anne Bonny');
  await anne.locator('.room').nth(1).waitFor();
  await anne.screenshot({path: join(out, 'lobby.png')});

  // A full game of Raft & Scupper against the bot, some moves in, a pirate chosen.
  await anne.getByRole('button', {name: 'Create room'}).click();
  await anne.waitForURL(/#\/room\/\d+$/);
  await anne.getByRole('button', {name: 'Add bot'}).click();
  await anne.locator('#start:not([disabled])').click();
  await anne.locator('.play').waitFor();
  const random = seeded(42);
  // Some moves in, at a turn where a pirate of Anne's may move.
  for (let i = 0; ; ++i) {
    const page = await nextToAct([anne]);
    if (!page) throw new Error('the match ended first: run again');
    if (i >= 8 && await anne.locator('.raft-board .pirate.movable').count()) break;
    await playOneMove(page, random);
  }
  await anne.locator('.raft-board .pirate.movable').first().click();
  await anne.mouse.move(0, 0);
  await anne.screenshot({path: join(out, 'raft-and-scupper.png'), fullPage: true});
  await anne.locator('.raft-board .pirate.selected').click();  // and let it go again

  // The replay of a finished match, some steps in.
  for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
  await anne.locator('#replay-link').click();
  await anne.locator('#step-caption', {hasText: 'Step 0 of'}).waitFor();
  for (let i = 0; i < 12; ++i) await anne.keyboard.press('ArrowRight');
  await anne.screenshot({path: join(out, 'replay.png')});

  // On a phone, Jack joins Mary's room; once she has placed the pirates he chooses a crew.
  const phone = await browser.newContext({
    viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true});
  const small = await phone.newPage();
  await small.goto(server.url);
  await small.getByLabel('Your name').fill('Jack Rackham');
  await small.getByRole('button', {name: 'Enter the lobby'}).click();
  await small.getByRole('button', {name: 'Join room 1'}).click();
  await mary.getByRole('button', {name: 'Start the match'}).click();
  for (let i = 0; i < 4; ++i) await playOneMove(await nextToAct([mary]), random);
  await small.locator('.play[data-to-act="true"]').waitFor();
  await small.screenshot({path: join(out, 'phone.png')});

  // A Scalawag! table for three, a few turns in.
  const kim = await enter(browser, server.url, 'Kim');
  await kim.getByLabel('Game', {exact: true}).selectOption('scalawag');
  await kim.getByRole('button', {name: 'Create room'}).click();
  await kim.waitForURL(/#\/room\/\d+$/);
  for (const seat of [1, 2]) {
    await kim.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'}).click();
    await kim.locator(`.seat[data-seat="${seat}"]`, {hasText: 'Bot'}).waitFor();
  }
  await kim.locator('#start:not([disabled])').click();
  await kim.locator('.play').waitFor();
  for (let i = 0; i < 6; ++i) {
    const page = await nextToAct([kim]);
    if (!page) break;
    const before = await step(kim);
    const buttons = kim.locator('.actions button.action:visible');
    await buttons.nth(Math.floor(random() * await buttons.count())).click();
    await kim.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                              before);
  }
  await nextToAct([kim]);
  await kim.screenshot({path: join(out, 'scalawag.png'), fullPage: true});

  // A Colpaccio table for three, some turns in, a run of two goods chosen in the convoy.
  const ned = await enter(browser, server.url, 'Ned Low');
  await ned.getByLabel('Game', {exact: true}).selectOption('colpaccio');
  await ned.getByLabel('players').fill('3');
  await ned.getByRole('button', {name: 'Create room'}).click();
  await ned.waitForURL(/#\/room\/\d+$/);
  for (const seat of [1, 2]) {
    await ned.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'}).click();
    await ned.locator(`.seat[data-seat="${seat}"]`, {hasText: 'Bot'}).waitFor();
  }
  await ned.locator('#start:not([disabled])').click();
  await ned.locator('.colpaccio').waitFor();
  const runChosen = async () => {
    const legal = await ned.locator('.actions button.action')
        .evaluateAll((buttons) => buttons.map((b) => JSON.parse(b.dataset.action)));
    const run = legal.find((a) => a.type === 'raid' && a.cards.length === 2);
    if (!run) return false;
    for (const id of run.cards) await ned.locator(`.colp-convoy [data-card="${id}"]`).click();
    return true;
  };
  for (let turn = 0; ; ++turn) {
    if (!await nextToAct([ned])) throw new Error('the match ended first: run again');
    if (turn >= 6 && await runChosen()) break;
    const before = await step(ned);
    const singles = ned.locator('.colp-convoy .choosable');
    if (await singles.count()) {
      await singles.nth(Math.floor(random() * await singles.count())).click();
      await ned.locator('.colp-do').first().click();
    } else {
      await ned.locator('.actions button.action:visible').first().click();
    }
    await ned.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                              before);
  }
  await ned.mouse.move(0, 0);
  await ned.screenshot({path: join(out, 'colpaccio.png'), fullPage: true});
  // Um Rum & Ehre for three, from the second round on: the town with pirates in its alleys,
  // the spaces Anne may move to lit, the display, the ship and the players.
  const ume = await enter(browser, server.url, 'Anne Bonny');
  await ume.getByLabel('Game', {exact: true}).selectOption('um-rum-und-ehre');
  await ume.getByLabel('players').fill('3');
  await ume.getByRole('button', {name: 'Create room'}).click();
  await ume.waitForURL(/#\/room\/\d+$/);
  for (const seat of [1, 2]) {
    await ume.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'}).click();
    await ume.locator(`.seat[data-seat="${seat}"]`, {hasText: 'Bot'}).waitFor();
  }
  await ume.locator('#start:not([disabled])').click();
  await ume.locator('.umrum-town').waitFor();
  for (let moves = 0; ; ++moves) {
    if (!await nextToAct([ume])) throw new Error('the match ended first: run again');
    const round = Number((await ume.locator('.umrum-head .phase').innerText()).match(/\d+/)[0]);
    const spaces = ume.locator('.umrum-town .space.target');
    const filled = await ume.locator('.umrum-town .alley[data-seat]').count();
    if (await spaces.count() && round >= 2 && (filled >= 6 || round >= 4)) break;
    const before = await step(ume);
    const supply = parseInt(await ume.locator('.umrum-player[data-seat="0"] [data-count="supply"]')
                                      .innerText(), 10);
    if (await spaces.count() && supply > 3) {
      await spaces.nth(Math.floor(random() * await spaces.count())).click();
      const ways = ume.locator('.umrum-routes button.route');
      if (await ways.count()) await ways.first().click();
    } else {
      const board = ume.locator('.actions button.action', {hasText: /^board/});
      const buttons = ume.locator('.umrum-display .target, .umrum-town .alley.target, ' +
                                  '.actions button.action:visible');
      await (await board.count() ? board
                                 : buttons.nth(Math.floor(random() * await buttons.count())))
          .click();
    }
    await ume.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                              before);
  }
  await ume.mouse.move(0, 0);
  await ume.screenshot({path: join(out, 'um-rum-und-ehre.png'), fullPage: true});

  // Riff Raff against two bots, a few rounds in, just after a load: the motion playing.
  const ann = await enter(browser, server.url, 'Ann Mills', {width: 1200, height: 1400});
  await ann.getByLabel('Game', {exact: true}).selectOption('riff-raff');
  await ann.locator('#option-players').fill('3');
  await ann.getByRole('button', {name: 'Create room'}).click();
  await ann.waitForURL(/#\/room\/\d+$/);
  for (const seat of [1, 2]) {
    await ann.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'}).click();
    await ann.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
  }
  await ann.locator('#start:not([disabled])').click();
  await ann.locator('.riff-ship').waitFor();
  for (let loads = 0; loads < 4;) {
    const page = await nextToAct([ann]);
    if (!page) break;
    const before = await step(ann);
    await ann.locator('.riff-ship[data-frame="rest"]').waitFor();
    if (await ann.locator('.riff-hand button.riff-card').count()) {
      await ann.locator('.riff-hand button.riff-card').last().click();
    } else if (await ann.locator('.riff-set-down').count()) {
      if (++loads === 4) {
        await ann.locator('.riff-ship .ghost').focus();
        for (let i = 0; i < 4; ++i) await ann.keyboard.press('ArrowRight');
        await ann.keyboard.press('Enter');
        await ann.waitForTimeout(450);
        await ann.screenshot({path: join(out, 'riff-raff.png'), fullPage: true});
        break;
      }
      await ann.locator('.riff-set-down').click();
    } else {
      await ann.locator('.actions button.action').first().click();
    }
    await ann.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                              before);
  }
} finally {
  await browser.close();
  await server.stop();
}
