// What the browser tests share: a real `tortuga serve` on a free port with its own database,
// headless Chromium (Debian's, driven by playwright-core), and players who enter the lobby and
// play Raft & Scupper through the board as a person would.

import {spawn} from 'node:child_process';
import {createServer} from 'node:net';
import {mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {setTimeout as sleep} from 'node:timers/promises';
import {chromium} from 'playwright-core';
import {watchConnection} from '../schema/frame_checker.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = process.env.TORTUGA_BINARY || join(root, 'build', 'server', 'tortuga');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// `dir` and `port` given: the same database on the same port again, as after a restart.
// `botDelay`: the bots' pause in ms, none by default so that matches run as fast as they can;
// 'server' leaves it to the server's own default, the pause people meet. `args`: more flags.
// `manyReplays`: the address of the test's clients may ask for replays as fast as it likes, as a
// script replaying every game does (by default an address gets 10 at once, 30 a minute, which a
// person stepping through the history never meets).
// `limits`: limits of the config's `limits` set otherwise (many rooms from one address, say).
// `config`: more of the config file (an operator's `notify`, say), given again for a restart.
export async function startServer({dir = mkdtempSync(join(tmpdir(), 'tortuga-web-')),
                                   port = 0, botDelay = 0, args = [],
                                   manyReplays = false, limits = {}, config = {}} = {}) {
  const portFile = join(dir, `port-${Date.now()}`);
  const pace = botDelay === 'server' ? [] : ['--bot-delay-ms', String(botDelay)];
  const set = {...(manyReplays ? {replay_burst: 100000} : {}), ...limits};
  const file = {...config, ...(Object.keys(set).length ? {limits: set} : {})};
  if (Object.keys(file).length) {
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify(file));
    args = ['--config', path, ...args];
  }
  const child = spawn(binary, ['serve', '--port', String(port), '--port-file', portFile,
                               '--db', join(dir, 't.db'), ...pace,
                               '--web-root', join(root, 'web'), '--log-level', 'warn',
                               ...args],
                      {stdio: ['ignore', 'inherit', 'inherit']});
  let exited = false;
  child.on('exit', () => { exited = true; });
  for (let i = 0; i < 200 && !existsSync(portFile); ++i) {
    if (exited) throw new Error(`${binary} exited before listening`);
    await sleep(50);
  }
  let listening = '';
  for (let i = 0; i < 20 && !listening; ++i) {
    listening = readFileSync(portFile, 'utf8').trim();
    if (!listening) await sleep(50);
  }
  if (!listening) throw new Error('the server did not write its port');
  return {
    url: `http://127.0.0.1:${listening}/`,
    dir,
    port: Number(listening),
    // Stops the server; `keep` keeps its database for a restart.
    async stop({keep = false} = {}) {
      if (!exited) {
        child.kill('SIGTERM');
        for (let i = 0; i < 100 && !exited; ++i) await sleep(50);
      }
      if (!keep) rmSync(dir, {recursive: true, force: true});
    },
  };
}

// A port free now on the loopback, for a server whose port must be known before it starts (to
// name its own origin in its config, say).
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Every page of the browser has each frame of its WebSockets checked against the protocol's
// schema (tests/schema/frame_checker.mjs): a frame it does not describe fails the test.
export async function launch() {
  const browser = await chromium.launch({executablePath: chromiumPath, headless: true});
  const newContext = browser.newContext.bind(browser);
  let pages = 0;
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', (page) => watchFrames(page, `page ${++pages}`));
    return context;
  };
  return browser;
}

function watchFrames(page, label) {
  page.on('websocket', (ws) => {
    const watch = watchConnection(ws.url(), label);
    ws.on('framesent', ({payload}) => watch.sent(payload));
    ws.on('framereceived', ({payload}) => watch.received(payload));
    ws.on('close', () => watch.closed());
  });
}

// A new browser (its own storage) whose player enters the lobby under `name`.
export async function enter(browser, url, name, viewport = {width: 1200, height: 860}) {
  const page = await watchedPage(browser, name, viewport);
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', {name: 'Enter the lobby'}).click();
  await page.getByRole('heading', {name: 'Lobby'}).waitFor();
  return page;
}

// A page in a new browser, for `name`'s player, whose errors fail the test, with what it sent,
// received and was refused kept on it (page.sent, page.received, page.failures). `locale`: the
// browser's language, if not English.
export async function watchedPage(browser, name, viewport = {width: 1200, height: 860},
                                  {locale} = {}) {
  const context = await browser.newContext({viewport, ...(locale ? {locale} : {})});
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`${name}'s page: ${error.message}`); });
  // Every message between this browser and the server, to check what went over the wire.
  page.received = [];
  page.sent = [];
  // Every answer of the server's that is an error (a missing favicon, say), by its address.
  page.failures = [];
  page.on('response', (response) => {
    if (response.status() >= 400) page.failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({payload}) => page.received.push(JSON.parse(payload)));
    ws.on('framesent', ({payload}) => page.sent.push(JSON.parse(payload)));
  });
  return page;
}

// A guest who signs up through the account page; returns the page, left on the account page.
export async function signUp(browser, url, name, password) {
  const page = await watchedPage(browser, name);
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', {name: 'Enter the lobby'}).click();
  await page.getByRole('heading', {name: 'Lobby'}).waitFor();
  await page.getByRole('link', {name: 'Sign up or log in'}).click();
  await page.locator('#signup-password').fill(password);
  await page.locator('#signup-form').getByRole('button', {name: 'Sign up'}).click();
  await page.locator('#log-out').waitFor();
  return page;
}

// Creates a short Raft & Scupper room from the lobby's form; returns the room's id.
export async function createShortRoom(page, {isPrivate = false, turnClock = 0} = {}) {
  await page.getByLabel('Game', {exact: true}).selectOption('raft-and-scupper');
  await page.getByLabel('Short game (16 ships)').check();
  if (turnClock) await page.getByLabel('Turn clock at sea, in seconds').fill(String(turnClock));
  if (isPrivate) await page.getByLabel('private', {exact: true}).check();
  await page.getByRole('button', {name: 'Create room'}).click();
  await page.waitForURL(/#\/room\/\d+(\/[A-Z0-9]+)?$/);
  return Number(page.url().match(/#\/room\/(\d+)/)[1]);
}

// In a room of two just created, fills the free seat with a bot and starts; returns once the
// match is shown.
export async function startAgainstBot(page) {
  await page.getByRole('button', {name: 'Add bot'}).click();
  await page.locator('#start:not([disabled])').click();
  await page.locator('.play').waitFor();
}

// In a room just created, fills every other seat with a random bot and starts; returns once the
// match is shown.
export async function startWithRandomBots(page) {
  await page.locator('.seat[data-seat="0"]:not(.empty)').waitFor();  // the room is drawn
  const seats = await page.locator('.seat').count();
  for (let seat = 1; seat < seats; ++seat) {
    const row = page.locator(`.seat[data-seat="${seat}"]`);
    await page.getByLabel(`bot for seat ${seat + 1}`).selectOption('random');
    await row.getByRole('button', {name: 'Add bot'}).click();
    await row.filter({hasText: `Bot ${seat + 1} (easy)`}).waitFor();
  }
  await page.locator('#start:not([disabled])').click();
  await page.locator('.play').waitFor();
}

// Opens the room's card (its seats, their controls, Leave and Close), which a match under way
// folds to its line, as a person clicks its line.
export async function openRoomCard(page) {
  const card = page.locator('details.room-card');
  await card.waitFor();
  if (!await card.evaluate((d) => d.open)) await card.locator('summary').click();
  await page.locator('details.room-card[open]').waitFor();
}

export async function step(page) {
  return Number(await page.locator('.play').getAttribute('data-step'));
}

export async function isOver(page) {
  return (await page.locator('.play').getAttribute('data-over')) === 'true';
}

// This seat is to act, and no action of its own is on its way (where seats act at once, another
// seat's step may be shown before the answer to this one's).
export async function toAct(page) {
  return page.locator('.play').evaluate(
      (play) => play.dataset.toAct === 'true' && play.dataset.sending === undefined);
}

// Plays one move through the board, as a person clicks: scupper when possible (it ends matches
// soon), otherwise place, switch, a pirate and one of its targets, or a listed button.
export async function playOneMove(page, random = Math.random) {
  const before = await step(page);
  const pick = async (selector) => {
    const all = page.locator(selector);
    const n = await all.count();
    if (n === 0) return false;
    await all.nth(Math.floor(random() * n)).click();
    return true;
  };
  const moved = await pick('.raft-board .target-scupper') ||
                await pick('.raft-board .target-place') ||
                await pick('.raft-board .target-switch') ||
                (await pick('.raft-board .pirate.movable') &&
                 await pick('.raft-board .target-jump, .raft-board .target-sail')) ||
                await pick('.actions > fieldset button.action');
  if (!moved) throw new Error('nothing to click although it is this player\'s turn');
  await page.waitForFunction(
      (n) => Number(document.querySelector('.play')?.dataset.step) > n, before);
}

// A seeded generator, so that a failing run can be repeated.
export function seeded(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0;
    return x / 2 ** 32;
  };
}

// Waits until one of `pages` may act or all show the end; returns that page or null at the end.
export async function nextToAct(pages, timeoutMs = 20000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await Promise.all(pages.map(isOver))).every(Boolean)) return null;
    for (const page of pages) if (await toAct(page)) return page;
    await sleep(30);
  }
  throw new Error('nobody could act and the match was not over');
}

// Waits until `condition()` (which may be async) holds.
export async function until(condition, what, timeoutMs = 10000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

// Clicks one of the legal actions' buttons at random and waits for the next step. False when
// there was none to click: where several seats act at once (a window, a timer), the match may
// move on, or end, between seeing one's turn and clicking.
export async function clickAnAction(page, random) {
  const before = await step(page);
  const buttons = page.locator('.actions button.action:visible:not([disabled])');
  const n = await buttons.count();
  if (n === 0) return false;
  const chosen = buttons.nth(Math.floor(random() * n));
  try {
    await chosen.click({timeout: 2000});
  } catch (_) {
    return false;  // gone with a newer view
  }
  await page.waitForFunction(
      (k) => Number(document.querySelector('.play').dataset.step) > k, before);
  return true;
}

// The log's lines: one per step, numbered, the last 200 kept. Checks that they are exactly the
// steps up to `steps`, and returns their texts.
export async function logOfSteps(page, steps) {
  const lines = await page.locator('.log li').allInnerTexts();
  const first = Math.max(1, steps - 199);
  const numbers = lines.map((line) => Number(line.match(/^(\d+)\./)?.[1]));
  const expected = Array.from({length: steps - first + 1}, (_, i) => first + i);
  if (JSON.stringify(numbers) !== JSON.stringify(expected)) {
    throw new Error(`the log shows steps ${numbers.join(',')}, not ${first}..${steps}`);
  }
  return lines;
}
