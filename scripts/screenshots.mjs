// Takes the screenshots in docs/screenshots/ from a real server and headless Chromium:
//   node scripts/screenshots.mjs        (after scripts/build.sh and npm ci)

import {mkdirSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct,
        seeded} from '../tests/web/harness.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
mkdirSync(out, {recursive: true});
const server = await startServer();
const browser = await launch();
try {
  // A lobby with rooms in it.
  const mary = await enter(browser, server.url, 'Mary Read');
  await createShortRoom(mary);
  const jack = await enter(browser, server.url, 'Calico Jack');
  await jack.getByRole('button', {name: 'Create room'}).click();
  await jack.waitForURL(/#\/room\/\d+$/);
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
  for (let i = 0; i < 10; ++i) {
    const page = await nextToAct([anne]);
    if (!page) break;
    await playOneMove(page, random);
  }
  await nextToAct([anne]);
  await anne.locator('.raft-board .pirate.movable').first().click();
  await anne.mouse.move(0, 0);
  await anne.screenshot({path: join(out, 'raft-and-scupper.png'), fullPage: true});

  // The same on a phone.
  const phone = await anne.context().browser().newContext({
    viewport: {width: 390, height: 844}, deviceScaleFactor: 2, isMobile: true, hasTouch: true});
  const small = await phone.newPage();
  await small.goto(server.url);
  await small.getByLabel('Your name').fill('Mary Read');
  await small.getByRole('button', {name: 'Enter the lobby'}).click();
  await small.getByRole('heading', {name: 'Lobby'}).waitFor();
  await small.locator('.room:has(.badge.playing) a.button').first().click();
  await small.locator('.play').waitFor();
  await small.screenshot({path: join(out, 'phone.png')});
} finally {
  await browser.close();
  await server.stop();
}
