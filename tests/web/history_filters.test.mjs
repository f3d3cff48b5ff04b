// The history's list: a page at a time, "More" shown only while there is more and bringing the
// next page when clicked; and its filters, as a person asks for matches: their own, with
// someone, won or lost, between two dates, or another player's (a click on their name).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, seeded, until} from './harness.mjs';
import {newClient, startMatch, playRandomly, startAgainstBot} from '../sdk/sdk_harness.mjs';

const PAGE = 20;

// `count` matches against a bot, started by players of the SDK (a player has at most 4 rooms).
async function matchesAgainstBots(server, count) {
  const clients = [];
  for (let made = 0; made < count; ++made) {
    if (made % 4 === 0) {
      clients.push(newClient(server, `Player ${clients.length + 1}`));
      await clients.at(-1).connect();
    }
    const client = clients.at(-1);
    const {room} = await client.createRoom({game: 'raft-and-scupper',
                                            options: {short_game: true}});
    await client.addBot(room.id, {bot: 'random'});
    await client.start(room.id);
  }
  return clients;
}

test('"More" is shown while there are more matches, and brings the next page', async () => {
  const server = await startServer({limits: {max_rooms_per_address: 100}});
  const browser = await launch();
  let clients = [];
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    clients = await matchesAgainstBots(server, PAGE);
    await anne.getByRole('link', {name: 'History'}).click();
    const rows = anne.locator('table.matches tbody tr[data-match]');
    await rows.nth(PAGE - 1).waitFor();
    const more = anne.getByRole('button', {name: 'More'});
    // A page holds every match: nothing more to ask for, so no "More".
    assert.equal(await more.isVisible(), false);

    clients.push(...await matchesAgainstBots(server, 1));
    await anne.reload();
    await rows.nth(PAGE - 1).waitFor();
    await more.waitFor();
    await more.click();
    await rows.nth(PAGE).waitFor();
    assert.equal(await rows.count(), PAGE + 1);
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.match)));
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first, none twice');
    assert.equal(new Set(ids).size, PAGE + 1);
    await more.waitFor({state: 'hidden'});
  } finally {
    for (const client of clients) client.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 90000});

// Matches of the shown rows, as ids.
const shownIds = (page) => page.locator('table.matches tbody tr[data-match]')
    .evaluateAll((rows) => rows.map((row) => Number(row.dataset.match)));

// Waits for the list the filters ask for: the search over, its rows shown.
async function listed(page) {
  await until(async () => !/Searching/.test(await page.locator('#history-found').innerText()),
              'the search to end');
  return shownIds(page);
}

const day = (ms) => new Date(ms - new Date(ms).getTimezoneOffset() * 60000).toISOString()
    .slice(0, 10);

test('the history finds matches by player, opponent, result and dates', async () => {
  const server = await startServer();
  const browser = await launch();
  const clients = [];
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    // Anne's own player, through the SDK: the browser's token.
    const token = await anne.evaluate(() => localStorage.getItem('tortuga.token'));
    const sdk = (name, kept = null) => {
      const client = newClient(server, name, kept ? {storage: {get: () => kept, set: () => {}}}
                                                  : {});
      clients.push(client);
      return client;
    };
    const anneToo = sdk('Anne Bonny', token);
    const mary = sdk('Mary Read');
    const bill = sdk('Billy Bones');
    for (const client of [anneToo, mary, bill]) await client.connect();
    assert.equal(anneToo.player.id, anne.received.find((m) => m.type === 'welcome').player.id);
    const random = seeded(29);
    const play = async (host, guest) => {
      const {matches} = await startMatch(host, [guest], {game: 'raft-and-scupper',
                                                          options: {short_game: true}});
      await Promise.all(matches.map((m) => playRandomly(m, random)));
    };
    await play(anneToo, mary);
    await play(mary, anneToo);
    const alone = await startAgainstBot(anneToo);
    await playRandomly(alone, random);
    await play(mary, bill);
    const all = (await (await fetch(`${server.url}api/matches?limit=50`)).json()).matches;
    assert.equal(all.length, 4);
    const seated = (m, id) => m.seats.some((s) => s.player === id);
    const won = (m, id) => m.seats.some((s) => s.player === id &&
                                               m.result.winners.includes(s.seat));
    const ids = (matches) => matches.map((m) => m.id);
    const a = anneToo.player.id;
    const b = mary.player.id;

    await anne.getByRole('link', {name: 'History'}).click();
    assert.deepEqual(await listed(anne), ids(all));
    // Her own matches; with Mary; those she won, then lost, against Mary.
    await anne.getByLabel('only my matches').check();
    assert.deepEqual(await listed(anne), ids(all.filter((m) => seated(m, a))));
    await anne.getByLabel('With').selectOption({label: 'Mary Read'});
    const together = all.filter((m) => seated(m, a) && seated(m, b));
    assert.equal(together.length, 2);
    assert.deepEqual(await listed(anne), ids(together));
    await anne.getByLabel('Result').selectOption({label: 'you won'});
    assert.deepEqual(await listed(anne), ids(together.filter((m) => won(m, a))));
    await anne.getByLabel('Result').selectOption({label: 'you lost'});
    assert.deepEqual(await listed(anne), ids(together.filter((m) => !won(m, a))));
    // Mary's matches, won by her.
    await anne.getByLabel('only my matches').uncheck();
    await anne.getByLabel('Result').selectOption({label: 'Mary Read won'});
    assert.deepEqual(await listed(anne), ids(all.filter((m) => seated(m, b) && won(m, b))));
    await anne.getByLabel('Result').selectOption({label: 'any'});
    assert.deepEqual(await listed(anne), ids(all.filter((m) => seated(m, b))));

    // Between dates: all of them today, none up to yesterday.
    const today = day(Date.now());
    await anne.getByLabel('From').fill(today);
    assert.deepEqual(await listed(anne), ids(all.filter((m) => seated(m, b))));
    await anne.getByLabel('From').fill('');
    await anne.getByLabel('To').fill(day(Date.now() - 24 * 3600 * 1000));
    assert.deepEqual(await listed(anne), []);
    await anne.getByText('No matches yet.').waitFor();
    await anne.getByLabel('To').fill('');

    // A click on Billy's name: the matches with him.
    await anne.getByLabel('With').selectOption({label: 'anyone'});
    assert.deepEqual(await listed(anne), ids(all));
    const billsRow = all.find((m) => seated(m, bill.player.id)).id;
    await anne.locator(`tr[data-match="${billsRow}"]`).getByRole('button', {name: 'Billy Bones'})
        .click();
    assert.equal(await anne.getByLabel('With').inputValue(), String(bill.player.id));
    assert.deepEqual(await listed(anne), [billsRow]);
  } finally {
    for (const client of clients) client.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
