// Ratings in the browser: two accounts play two rated matches of Raft & Scupper (the second a
// rematch); both ratings change as npm's openskill says (docs/ratings.md) and as the server
// stores them; a third browser's leaderboard page follows them live, best first; each profile
// plots the rating after every rated match; every name shown leads to its profile; a room says
// whether it is rated, and an account chooses it on the new room form.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import WebSocket from 'ws';
import {rate} from 'openskill';
import {startServer, launch, enter, watchedPage, playOneMove, nextToAct, seeded,
        until} from './harness.mjs';

const GAME = 'raft-and-scupper';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
                               'utf8');

// axe-core's violations of serious or critical impact on the page (as accessibility.test.mjs
// checks every other screen): here the leaderboard and the profile with rated players.
async function assertAccessible(page, where) {
  if (!await page.evaluate(() => typeof window.axe === 'object')) await page.evaluate(axeSource);
  const {violations} = await page.evaluate(() => window.axe.run(document,
                                                                {resultTypes: ['violations']}));
  assert.deepEqual(violations.filter((v) => ['serious', 'critical'].includes(v.impact))
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)), [], where);
}
const PASSWORD = 'seven seas 1720';

// An account made over the protocol (`register` on a new connection), then a browser that
// holds its token, as one that signed up would: the lobby greets the account's player.
async function enterAsAccount(browser, server, name) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`);
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  const welcome = new Promise((resolve, reject) => socket.on('message', (data) => {
    const message = JSON.parse(data);
    if (message.type === 'welcome') resolve(message);
    else if (message.type === 'error') reject(new Error(message.message));
  }));
  socket.send(JSON.stringify({type: 'register', id: 1, name, password: PASSWORD}));
  const {token, player, account} = await welcome;
  socket.close();
  assert.equal(account, true);
  const page = await watchedPage(browser, name);
  await page.goto(server.url);
  await page.getByLabel('Your name').waitFor();
  await page.evaluate(([n, t]) => {
    localStorage.setItem('tortuga.name', n);
    localStorage.setItem('tortuga.token', t);
  }, [name, token]);
  await page.reload();
  await page.getByRole('heading', {name: 'Lobby'}).waitFor();
  page.player = player;
  return page;
}

// The leaderboard's rows as shown: each cell's own text, and whether it is marked provisional.
const boardShown = (page) => page.locator('.leaderboard-table tbody tr[data-player]').evaluateAll(
    (rows) => rows.map((r) => ({player: Number(r.dataset.player),
                                provisional: r.querySelector('.provisional') !== null,
                                cells: [...r.cells].map((c) => c.firstChild.textContent)})));

const json = async (server, path) => (await fetch(new URL(path, server.url))).json();
const oneDecimal = (x) => x.toLocaleString('en', {minimumFractionDigits: 1,
                                                   maximumFractionDigits: 1});

async function playToTheEnd(pages, random) {
  for (let i = 0; i < 400; ++i) {
    const page = await nextToAct(pages);
    if (!page) return;
    await playOneMove(page, random);
  }
  throw new Error('the match should end');
}

test('a rated match between two accounts changes both ratings, shown on the leaderboard and ' +
     'the profiles', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enterAsAccount(browser, server, 'Anne Bonny');
    const mary = await enterAsAccount(browser, server, 'Mary Read');
    // A guest follows the leaderboard from before the first match.
    const billy = await enter(browser, server.url, 'Billy Bones');
    await billy.getByRole('link', {name: 'Leaderboards'}).click();
    await billy.getByRole('heading', {name: 'Raft & Scupper: the best players'}).waitFor();
    await billy.getByText('Nobody has a rating in this game yet').waitFor();
    // A guest is offered no choice of rating; an account is.
    await billy.getByRole('link', {name: 'Lobby'}).click();
    await billy.getByRole('heading', {name: 'New room'}).waitFor();
    assert.equal(await billy.locator('#rated').count(), 0);

    await anne.getByLabel('Game', {exact: true}).selectOption(GAME);
    await anne.getByLabel('Short game (16 ships)').check();
    await anne.getByLabel('Rated matches').selectOption({label: 'always (no guests, no bots)'});
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    const created = anne.sent.find((m) => m.type === 'create_room');
    assert.equal(created.rated, true);
    // The room's line says so, and the lobby's card of the room.
    await anne.locator('.room-info .room-status .badge.rated', {hasText: 'rated'}).waitFor();
    const card = billy.locator(`.room[data-room="${room}"]`);
    await card.locator('.badge.rated').waitFor();
    // The host's name on the card leads to her profile.
    assert.equal(await card.getByRole('link', {name: 'Anne Bonny'}).first().getAttribute('href'),
                 `#/player/${anne.player.id}`);
    await billy.getByRole('link', {name: 'Leaderboards'}).click();
    await billy.getByText('Nobody has a rating in this game yet').waitFor();

    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    // Each seat's name leads to its player's profile.
    const seatLink = anne.locator('.seat[data-seat="1"] a.player-link');
    await seatLink.waitFor();
    assert.equal(await seatLink.innerText(), 'Mary Read');
    assert.equal(await seatLink.getAttribute('href'), `#/player/${mary.player.id}`);
    await anne.locator('#start:not([disabled])').click();

    const random = seeded(32);
    const figures = new Map([[anne.player.id, {mu: 25, sigma: 25 / 3}],
                             [mary.player.id, {mu: 25, sigma: 25 / 3}]]);
    const points = new Map([[anne.player.id, []], [mary.player.id, []]]);
    for (let played = 1; played <= 2; ++played) {
      await anne.locator('.play[data-over="false"]').waitFor();
      await playToTheEnd([anne, mary], random);
      const [match] = (await json(server, `api/matches?game=${GAME}&limit=1`)).matches;
      assert.equal(match.status, 'finished');
      const winner = match.seats[match.result.winners[0]].player;
      const loser = match.seats.find((s) => s.player !== winner).player;
      // What openskill makes of it, from the figures of before.
      const [[w], [l]] = rate([[figures.get(winner)], [figures.get(loser)]], {rank: [0, 1]});
      figures.set(winner, w);
      figures.set(loser, l);

      // The server rates it once its result is stored: the board changes, pushed to Billy.
      let entries = [];
      await until(async () => {
        entries = (await json(server, `api/leaderboard/${GAME}`)).entries;
        return entries.length === 2 && entries.every((e) => e.matches === played);
      }, `the ratings after match ${played}`);
      for (const e of entries) {
        const want = figures.get(e.player.id);
        assert.ok(Math.abs(e.mu - want.mu) <= 1e-9, `mu ${e.mu} vs openskill's ${want.mu}`);
        assert.ok(Math.abs(e.sigma - want.sigma) <= 1e-9, `sigma ${e.sigma} vs ${want.sigma}`);
        assert.ok(Math.abs(e.rating - (want.mu - 3 * want.sigma)) <= 1e-9);
        points.get(e.player.id).push(e.rating);
      }
      if (played === 1) assert.equal(entries[0].player.id, winner);  // two new players
      assert.ok(entries[0].rating >= entries[1].rating, 'best first');
      const want = JSON.stringify(entries.map((e, i) => ({
        player: e.player.id, provisional: e.provisional,
        cells: [String(i + 1), e.player.name, oneDecimal(e.rating), String(played)]})));
      await until(async () => JSON.stringify(await boardShown(billy)) === want,
                  `Billy's board after match ${played}, without a reload`);

      // The end of the match names its players, each a link to the profile, and says it was
      // rated.
      const result = anne.locator('.result');
      await result.getByRole('link', {name: 'Mary Read'}).waitFor();
      await result.getByRole('link', {name: 'This match was rated: see the leaderboard'}).waitFor();
      if (played === 1) {
        await anne.getByRole('button', {name: 'Rematch'}).click();
        await mary.getByRole('button', {name: 'Accept the rematch'}).click();
        await mary.locator('.play[data-over="false"][data-step="0"]').waitFor();
      }
    }

    await assertAccessible(billy, 'the leaderboard');

    // Billy goes from the board to Mary's profile: her rating after each match, plotted.
    await billy.locator('.leaderboard-table').getByRole('link', {name: 'Mary Read'}).click();
    await billy.waitForURL(new RegExp(`#/player/${mary.player.id}$`));
    await billy.getByRole('heading', {name: 'Profile of Mary Read'}).waitFor();
    const profile = await json(server, `api/players/${mary.player.id}`);
    const raft = profile.games.find((g) => g.game === GAME);
    assert.deepEqual(raft.history.map((p) => p.rating), points.get(mary.player.id));
    const section = billy.locator(`.rating-game[data-game="${GAME}"]`);
    const fact = (name) => section.locator(`[data-fact="${name}"] dd`)
        .evaluate((dd) => dd.firstChild.textContent);
    assert.equal(await fact('rating'), oneDecimal(raft.rating));
    assert.equal(await section.locator('[data-fact="rating"] .provisional').count(),
                 raft.provisional ? 1 : 0);
    assert.equal(await fact('matches'), '2');
    assert.equal(await fact('wins'), String(raft.wins));
    // The plot is drawn: uPlot's canvas, with a point for each rated match, at its rating.
    const canvas = section.locator('.rating-plot canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    assert.ok(box.width > 150 && box.height > 100, `a canvas of ${box.width}x${box.height}`);
    const plotted = await section.locator('.rating-plot').evaluate((n) => n.uplot.data);
    assert.deepEqual(plotted, [[1, 2], points.get(mary.player.id)]);
    // And said in words: its name, and its table.
    const label = await section.locator('.rating-plot').getAttribute('aria-label');
    assert.match(label, /^Raft & Scupper: rating after each rated match\. 2 rated matches: from /);
    assert.equal(await section.locator('.rating-points tbody tr').count(), 2);
    await section.locator('.rating-table summary').click();
    await assertAccessible(billy, 'a profile with its plot and table');
    // The finish rate, and the latest matches, with her result and their replays.
    assert.equal(await billy.locator('#finish-rate').innerText(),
                 'Finished 2 of the 2 matches begun (100%).');
    const latest = billy.locator('.profile-matches tbody tr[data-match]');
    assert.equal(await latest.count(), 2);
    const newest = profile.matches[0];
    const row = billy.locator(`.profile-matches tr[data-match="${newest.id}"]`);
    assert.equal(await row.getByRole('link', {name: `Match ${newest.id}`}).getAttribute('href'),
                 `#/replay/${newest.id}`);
    const maryWon = newest.result.winners.includes(
        newest.seats.find((s) => s.player === mary.player.id).seat);
    assert.match(await row.innerText(), maryWon ? /\bwon\b/ : /\blost\b/);
    // Her opponent's name there leads to Anne's profile.
    await row.getByRole('link', {name: 'Anne Bonny'}).click();
    await billy.getByRole('heading', {name: 'Profile of Anne Bonny'}).waitFor();
    await until(async () => (await billy.locator('.rating-plot').evaluate(
        (n) => n.uplot?.data[1].length)) === 2, 'Anne\'s plot');

    // Players are found by name, and the history links each name to its profile.
    await billy.getByRole('link', {name: 'Leaderboards'}).click();
    await billy.getByLabel('Name begins with').fill('mar');
    await billy.getByRole('button', {name: 'Find'}).click();
    await billy.locator('#players-found').getByRole('link', {name: 'Mary Read'}).waitFor();
    await billy.getByRole('link', {name: 'History'}).click();
    const historyRow = billy.locator(`tr[data-match="${newest.id}"]`);
    assert.equal(await historyRow.getByRole('link', {name: 'Profile of Anne Bonny'})
                     .getAttribute('href'), `#/player/${anne.player.id}`);
    for (const page of [anne, mary, billy]) assert.deepEqual(page.failures, []);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 290000});
