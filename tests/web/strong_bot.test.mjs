// A person plays against the strong bot to the end in every game that offers it (as the server's
// welcome lists each game's levels: a game that comes to offer it is in this test at once). The
// bot is added as a host adds one, its level chosen in words from the seat's own list; the seat,
// the room the server sends and the match it stores all say "strong", and the result names it.
// The matches are the shortest each room form offers, at the smallest table with a seat for a
// bot, and the strong bot thinks with the server's default budget (up to about a second a move),
// as users meet it. The wait for the bot is for the page's turn, however long a busy machine
// makes it: the timeouts are only there to end a stalled match.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, watchedPage, nextToAct, seeded, isOver, clickAnAction,
        logOfSteps} from './harness.mjs';
import {catalogs} from './catalogs.mjs';

const LEVEL = 'strong';
// The games that offer the strong bot today; Um Rum & Ehre joins them once it offers it.
const OFFERING_TODAY = ['raft-and-scupper', 'scalawag', 'colpaccio', 'riff-raff'];

// What makes a game's match shorter than its default, beyond its smallest table.
const SHORTER = {
  'raft-and-scupper': (page) => page.getByLabel('Short game (16 ships)').check(),
};

const words = catalogs();
// A seat's bot as the catalog of `language` names it ("Bot 2 (strong)").
const botName = (language, seat, kind) =>
  words[language].seat.bot.replace('{{number}}', String(seat + 1))
      .replace('{{kind}}', words[language].seat.bot_kind[kind]);

// The smallest table with a seat for a bot (Colpaccio's solo duel has none).
const smallestTable = (game) => Math.max(game.options.players.min, 2);

// The last room the server sent the page, as it describes its seats.
const lastRoom = (page) => page.received.filter((m) => m.type === 'room' && m.room).at(-1).room;

// The bots' thinking so far, as the server's metrics count it: moves and seconds (reported with
// each match, for what it cost; not asserted).
async function thought(server) {
  const text = await (await fetch(`${server.url}metrics`)).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? 0);
  return {moves: read('tortuga_bot_think_seconds_count'), s: read('tortuga_bot_think_seconds_sum')};
}

// In the room just made, the host adds a bot of `kind` to `seat` from that seat's list, chosen
// by the word the page shows for it, and waits for the seat to name it.
async function addBot(page, seat, kind, language = 'en') {
  const row = page.locator(`.seat[data-seat="${seat}"]`);
  await row.locator('select.bot-level').selectOption({label: words[language].seat.bot_kind[kind]});
  await row.locator('.add-bot button').click();
  await row.filter({hasText: botName(language, seat, kind)}).waitFor();
}

test('a browser plays against the strong bot to the end in every game offering it', async (t) => {
  // The bots' pause before each move (for people to follow) is none here, as in the other
  // tests: it is no part of the strong bot, and would add minutes to the file.
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const games = anne.received.find((m) => m.type === 'welcome').games
        .filter((game) => game.bots.includes(LEVEL));
    for (const id of OFFERING_TODAY) {
      assert.ok(games.some((game) => game.id === id), `${id} offers the strong bot`);
    }
    const random = seeded(34);
    for (const game of games) {
      const began = Date.now();
      const before = await thought(server);
      await anne.goto(server.url);
      await anne.getByLabel('Game', {exact: true}).selectOption(game.id);
      const players = smallestTable(game);
      if (game.options.players.min !== game.options.players.max) {
        await anne.locator('#option-players').fill(String(players));
      }
      await SHORTER[game.id]?.(anne);
      await anne.getByRole('button', {name: 'Create room'}).click();
      await anne.waitForURL(/#\/room\/\d+$/);
      await anne.locator('.seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
      assert.equal(await anne.locator('.seat').count(), players, game.id);

      // The strong bot in the second seat, the others (if any) easy ones, quick to answer.
      await addBot(anne, 1, LEVEL);
      assert.equal(anne.sent.filter((m) => m.type === 'add_bot').at(-1).bot, LEVEL, game.id);
      assert.equal(lastRoom(anne).seats[1].bot, LEVEL, `${game.id}: the server's seat`);
      for (let seat = 2; seat < players; ++seat) await addBot(anne, seat, 'random');
      await anne.locator('#start:not([disabled])').click();
      await anne.locator('.play').waitFor();
      const plain = anne.getByLabel('the plain view: no board, every action a button');
      if (await plain.count()) await plain.check();

      let moves = 0;
      for (let page; (page = await nextToAct([anne], 120000));) {
        if (await clickAnAction(anne, random)) ++moves;
        assert.ok(moves < 500, `${game.id} should end`);
      }
      assert.ok(await isOver(anne), game.id);
      const result = anne.locator('.result');
      await result.locator('h2').waitFor();
      assert.ok((await result.innerText()).includes(botName('en', 1, LEVEL)),
                `${game.id}: the result names the strong bot`);

      const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
      assert.equal(stored.game, game.id);
      assert.equal(stored.status, 'finished', game.id);
      assert.equal(stored.options.players, players, game.id);
      assert.equal(stored.seats[1].bot, LEVEL, `${game.id}: the stored seat`);
      const winners = stored.result.winners.map((seat) => stored.seats[seat].name);
      for (const name of winners) {
        assert.ok((await result.locator('h2').innerText()).includes(name), `${game.id}: ${name}`);
      }
      await logOfSteps(anne, stored.actions);
      assert.ok(stored.actions > moves, `${game.id}: the bots moved as well`);
      const after = await thought(server);
      t.diagnostic(`${game.id}: ${stored.actions} steps, ${moves} of them the page's, ` +
                   `${((Date.now() - began) / 1000).toFixed(1)} s; the bots thought ` +
                   `${after.moves - before.moves} moves in ${(after.s - before.s).toFixed(1)} s`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 280000});

test('an Italian host chooses the strong bot by the Italian word for it', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await watchedPage(browser, 'Anne Bonny', undefined, {locale: 'it-IT'});
    await page.goto(server.url);
    await page.locator('#name').fill('Anne Bonny');
    await page.locator('form button[type=submit]').click();
    await page.locator('#rooms').waitFor();
    const game = page.received.find((m) => m.type === 'welcome').games
        .find((g) => g.bots.includes(LEVEL));
    await page.locator('#game').selectOption(game.id);
    await page.locator('form button[type=submit]').last().click();
    await page.waitForURL(/#\/room\/\d+$/);
    const list = page.getByLabel(words.it.room.bot_for.replace('{{seat}}', '2'));
    assert.deepEqual(await list.locator('option').allInnerTexts(),
                     game.bots.map((kind) => words.it.seat.bot_kind[kind]));
    assert.notEqual(words.it.seat.bot_kind[LEVEL], words.en.seat.bot_kind[LEVEL]);
    await addBot(page, 1, LEVEL, 'it');
    assert.equal(lastRoom(page).seats[1].bot, LEVEL);
  } finally {
    await browser.close();
    await server.stop();
  }
});
