// Takes the screenshots in docs/screenshots/ from a real server and headless Chromium, once in
// English (lobby.png, ...) and once in Italian (lobby.it.png, ...), each from a browser whose
// language it is:
//   node scripts/screenshots.mjs        (after scripts/build.sh and npm ci)
// The pages are driven by their elements' ids and classes, which are the same in every language.

import {mkdirSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, launch, playOneMove, nextToAct, seeded, step} from '../tests/web/harness.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
mkdirSync(out, {recursive: true});

// A new browser in `locale` whose player enters the lobby under `name`.
async function enter(browser, url, name, locale, viewport = {width: 1280, height: 800}) {
  const context = await browser.newContext({viewport, locale});
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`${name}'s page: ${error.message}`); });
  await page.goto(url);
  await page.locator('#name').fill(name);
  await page.locator('form button[type=submit]').click();
  await page.locator('#rooms').waitFor();
  return page;
}

// A room of `game` made from the lobby's form (`setUp` sets its options); its id.
async function createRoom(page, game, setUp = async () => {}) {
  await page.locator('#game').selectOption(game);
  await setUp();
  await page.locator('form button[type=submit]').last().click();
  await page.waitForURL(/#\/room\/\d+(\/[A-Z0-9]+)?$/);
  return Number(page.url().match(/#\/room\/(\d+)/)[1]);
}

async function addBots(page, seats) {
  for (const seat of seats) {
    await page.locator(`.seat[data-seat="${seat}"] .add-bot button`).click();
    await page.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
  }
}

const nextStep = (page, before) => page.waitForFunction(
    (n) => Number(document.querySelector('.play').dataset.step) > n, before);

async function shoot(locale, suffix) {
  const file = (name) => join(out, `${name}${suffix}.png`);
  const server = await startServer();
  const browser = await launch();
  try {
    // A lobby with rooms in it.
    const mary = await enter(browser, server.url, 'Mary Read', locale);
    await createRoom(mary, 'raft-and-scupper', () => mary.locator('#option-short_game').check());
    const calico = await enter(browser, server.url, 'Calico Jack', locale);
    await createRoom(calico, 'raft-and-scupper');
    const anne = await enter(browser, server.url, 'Anne Bonny', locale);
    await anne.locator('.room').nth(1).waitFor();
    await anne.screenshot({path: file('lobby')});

    // A full game of Raft & Scupper against the bot, some moves in, a pirate chosen.
    await createRoom(anne, 'raft-and-scupper');
    await addBots(anne, [1]);
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
    await anne.screenshot({path: file('raft-and-scupper')});
    await anne.locator('.raft-board .pirate.selected').click();  // and let it go again

    // The replay of a finished match, some steps in.
    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    await anne.locator('#replay-link').click();
    await anne.locator('#step-caption').filter({hasText: /\S/}).waitFor();
    for (let i = 0; i < 12; ++i) await anne.keyboard.press('ArrowRight');
    await anne.mouse.move(0, 0);
    await anne.screenshot({path: file('replay')});

    // The history, her own matches, and the same on a phone.
    await anne.locator('a[href="#/history"]').first().click();
    await anne.locator('#history-mine').check();
    await anne.locator('tr[data-match]').first().waitFor();
    await anne.screenshot({path: file('history')});
    await anne.setViewportSize({width: 390, height: 844});
    await anne.locator('tr[data-match]').first().waitFor();
    await anne.screenshot({path: file('phone-history')});
    await anne.setViewportSize({width: 1280, height: 800});

    // On a phone, Jack joins Mary's room; once she has placed the pirates he chooses a crew.
    const phone = await browser.newContext({
      viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
      locale});
    const jack = await phone.newPage();
    await jack.goto(server.url);
    await jack.locator('#name').fill('Jack Rackham');
    await jack.locator('form button[type=submit]').click();
    await jack.locator('.room[data-room="1"] .buttons button').click();
    await mary.locator('#start:not([disabled])').click();
    for (let i = 0; i < 4; ++i) await playOneMove(await nextToAct([mary]), random);
    await jack.locator('.play[data-to-act="true"]').waitFor();
    await jack.screenshot({path: file('phone')});

    // A Scalawag! table for three, a few turns in.
    const kim = await enter(browser, server.url, 'Kim', locale);
    await createRoom(kim, 'scalawag');
    await addBots(kim, [1, 2]);
    await kim.locator('#start:not([disabled])').click();
    await kim.locator('.play').waitFor();
    for (let i = 0; i < 6; ++i) {
      const page = await nextToAct([kim]);
      if (!page) break;
      const before = await step(kim);
      const buttons = kim.locator('.actions button.action:visible');
      await buttons.nth(Math.floor(random() * await buttons.count())).click();
      await nextStep(kim, before);
    }
    await nextToAct([kim]);
    await kim.screenshot({path: file('scalawag')});

    // A Colpaccio table for three, some turns in, a run of two goods chosen in the convoy.
    const ned = await enter(browser, server.url, 'Ned Low', locale);
    await createRoom(ned, 'colpaccio', () => ned.locator('#option-players').fill('3'));
    await addBots(ned, [1, 2]);
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
      await nextStep(ned, before);
    }
    await ned.mouse.move(0, 0);
    await ned.screenshot({path: file('colpaccio')});

    // Um Rum & Ehre for three, from the second round on: the town with pirates in its alleys,
    // the spaces Anne may move to lit, the display, the ship and the players.
    const ume = await enter(browser, server.url, 'Anne Bonny', locale);
    await createRoom(ume, 'um-rum-und-ehre', () => ume.locator('#option-players').fill('3'));
    await addBots(ume, [1, 2]);
    await ume.locator('#start:not([disabled])').click();
    await ume.locator('.umrum-town').waitFor();
    for (let moves = 0; ; ++moves) {
      if (!await nextToAct([ume])) throw new Error('the match ended first: run again');
      const round = Number((await ume.locator('.umrum-head .phase').innerText()).match(/\d+/)[0]);
      const spaces = ume.locator('.umrum-town .space.target');
      const filled = await ume.locator('.umrum-town .alley[data-seat]').count();
      if (await spaces.count() && round >= 2 && (filled >= 6 || round >= 4)) break;
      const before = await step(ume);
      const supply = parseInt(await ume.locator(
          '.umrum-player[data-seat="0"] [data-count="supply"]').innerText(), 10);
      if (await spaces.count() && supply > 3) {
        await spaces.nth(Math.floor(random() * await spaces.count())).click();
        const ways = ume.locator('.umrum-routes button.route');
        if (await ways.count()) await ways.first().click();
      } else {
        const board = ume.locator('.actions button.action[data-action*=\'"type":"board"\']');
        const buttons = ume.locator('.umrum-display .target, .umrum-town .alley.target, ' +
                                    '.actions button.action:visible');
        await (await board.count() ? board
                                   : buttons.nth(Math.floor(random() * await buttons.count())))
            .click();
      }
      await nextStep(ume, before);
    }
    await ume.mouse.move(0, 0);
    await ume.screenshot({path: file('um-rum-und-ehre')});
    // The same town on a phone: at its own size in its frame, to pan across.
    await ume.setViewportSize({width: 390, height: 844});
    await ume.locator('.umrum .zoom.zoomed').waitFor();
    await ume.screenshot({path: file('phone-um-rum-und-ehre')});

    // Riff Raff against two bots, a few rounds in, just after a load: the motion playing.
    const ann = await enter(browser, server.url, 'Ann Mills', locale);
    await createRoom(ann, 'riff-raff', () => ann.locator('#option-players').fill('3'));
    await addBots(ann, [1, 2]);
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
          await ann.screenshot({path: file('riff-raff')});
          break;
        }
        await ann.locator('.riff-set-down').click();
      } else {
        await ann.locator('.actions button.action').first().click();
      }
      await nextStep(ann, before);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await shoot('en-US', '');
await shoot('it-IT', '.it');
