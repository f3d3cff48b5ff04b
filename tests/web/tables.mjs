// Tables of every game, as the layout, accessibility and screenshot runs need them: a browser at a
// given size and language whose player makes a room of a game, fills it with bots and starts,
// and plays on to a moment where the board shows its own controls (its targets lit, Riff Raff's
// loading controls, Colpaccio's raid buttons). The pages are driven by ids and classes, which
// are the same in every language.

import {enter as enterEnglish, seeded, step, toAct, isOver, until} from './harness.mjs';

// A table of each game, with as many players as a club evening has.
export const PLAYERS = {'raft-and-scupper': 2, scalawag: 5, 'um-rum-und-ehre': 3, colpaccio: 4,
                        'riff-raff': 3};
export const GAMES = Object.keys(PLAYERS);

export const DESKTOP = {width: 1280, height: 800};
export const PHONE = {width: 390, height: 844};

// A new browser of `viewport` in `locale` whose player enters the lobby under `name`.
export async function enter(browser, url, name, {viewport = DESKTOP, locale = 'en-US'} = {}) {
  if (locale.startsWith('en')) return enterEnglish(browser, url, name, viewport);
  const context = await browser.newContext({viewport, locale});
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`${name}'s page: ${error.message}`); });
  page.failures = [];
  page.on('response', (response) => {
    if (response.status() >= 400) page.failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  await page.locator('#name').fill(name);
  await page.locator('form button[type=submit]').click();
  await page.locator('#rooms').waitFor();
  return page;
}

// From the lobby: a room of `game` for `players`, every other seat a bot, started; returns once
// the board is drawn.
export async function openTable(page, game, players = PLAYERS[game]) {
  await page.goto(page.url().replace(/#.*$/, '#/'));
  await page.locator('#game').selectOption(game);
  if (game !== 'raft-and-scupper') await page.locator('#option-players').fill(String(players));
  await page.locator('form button[type=submit]').last().click();
  await page.waitForURL(/#\/room\/\d+$/);
  for (let seat = 1; seat < players; ++seat) {
    await page.locator(`.seat[data-seat="${seat}"] .add-bot button`).click();
    await page.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
  }
  await page.locator('#start:not([disabled])').click();
  await page.locator('.play .board > *').first().waitFor();
}

// Waits until this seat may act (true), or the match is over (false).
export async function ourTurn(page) {
  await until(async () => (await isOver(page)) || (await toAct(page)), 'our turn', 30000);
  return !(await isOver(page));
}

// One legal action, as the panel's buttons offer it (folded ones too), and the next step.
async function anyAction(page, random) {
  const before = await step(page);
  const buttons = page.locator('.actions button.action');
  const n = await buttons.count();
  if (n === 0) return;
  await buttons.nth(Math.floor(random() * n)).dispatchEvent('click');
  await until(async () => (await step(page)) > before || (await isOver(page)), 'the next step',
              30000);
}

// The moment each game's board shows its own controls to the player to act.
const READY = {
  // Riff Raff: loading a piece (its kinds, sliders and ghost), after the cards are chosen.
  'riff-raff': (page) => page.locator('.riff-load:not(:empty)').count(),
  // Colpaccio: a good of the convoy chosen, its raid's button shown.
  colpaccio: (page) => page.locator('.colp-convoy .choosable').count(),
};

// Plays on (bots and this player alike) until this player is to act with the board's controls
// shown; then, in Colpaccio, chooses a good of the convoy. False if the match ended first.
export async function toControls(page, game, random = seeded(3)) {
  const ready = READY[game] ?? (async () => 1);
  for (let moves = 0; moves < 200; ++moves) {
    if (!await ourTurn(page)) return false;
    if (await ready(page)) {
      if (game === 'colpaccio') {
        await page.locator('.colp-convoy .choosable').first().click();
        await page.locator('.colp-do').first().waitFor();
      }
      return true;
    }
    await anyAction(page, random);
  }
  throw new Error(`${game}: the board's controls never came`);
}

// Closes the room shown, as a host who is done with it does (a player has at most 4 rooms).
export async function closeTable(page) {
  const close = page.locator('#close-room');
  if (!await close.isVisible()) await page.locator('.room-card > summary').click();
  await close.click();
  await page.locator('.sent-away').waitFor();
}
