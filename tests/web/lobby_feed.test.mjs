// The lobby updates itself: in a second browser, the lobby's list changes without a reload, and
// without asking again, when a first browser makes a room, a seat is taken and the match starts;
// each room shows its age and whether its host is here (and how long a player has been away, as
// time goes by), a room whose match is over stays until it closes, and a private room never
// shows.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded}
    from './harness.mjs';

test('the lobby in a second browser follows a room made, filled and started in the first',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    // Mary's clock is the test's to move on: how long someone has been away is read from it.
    await mary.clock.install();
    await mary.locator('#rooms').getByText(/No open rooms/).waitFor();
    // Marks this page: a reload would lose it.
    await mary.evaluate(() => { window.sameLobby = true; });

    const secret = await createShortRoom(anne, {isPrivate: true});
    await anne.locator('a[href="#/"]').first().click();
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
    const room = await createShortRoom(anne);

    const row = mary.locator(`#rooms li.room[data-room="${room}"]`);
    await row.waitFor();
    await row.locator('.badge.open').waitFor();
    assert.match(await row.locator('.room-facts').innerText(),
                 /^made just now · host Anne Bonny online$/);
    assert.deepEqual(await row.locator('.seats-inline li').allInnerTexts(), ['Anne Bonny', 'empty']);
    await row.getByRole('button', {name: `Join room ${room}`}).waitFor();

    // A bot takes the free seat: no seat left to join.
    await anne.getByRole('button', {name: 'Add bot'}).click();
    await row.locator('.seats-inline li', {hasText: 'Bot 2 (good)'}).waitFor();
    await row.getByRole('button', {name: `Join room ${room}`}).waitFor({state: 'detached'});

    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await row.locator('.badge.playing').waitFor();
    await row.getByRole('link', {name: `Watch room ${room}`}).waitFor();

    // All of it pushed: no reload, one watch_lobby, no list asked for again.
    assert.equal(await mary.evaluate(() => window.sameLobby), true);
    assert.equal(mary.sent.filter((m) => m.type === 'watch_lobby').length, 1);
    assert.equal(mary.sent.filter((m) => m.type === 'list_rooms').length, 0);
    const changes = mary.received.filter((m) => m.type === 'rooms_changed');
    assert.ok(changes.length >= 3, 'made, filled and started came as changes');
    for (const m of changes) {
      assert.ok(m.rooms.every((r) => r.id !== secret && !('code' in r)), 'never the private room');
      assert.ok(!m.gone.includes(secret));
    }
    assert.equal(await mary.locator(`#rooms li.room[data-room="${secret}"]`).count(), 0);

    // A player who went away is shown so, for as long as they are away: the time moves on.
    const bill = await enter(browser, server.url, 'Billy Bones');
    const billsRoom = await createShortRoom(bill);
    await bill.context().close();
    const billsRow = mary.locator(`#rooms li.room[data-room="${billsRoom}"]`);
    await billsRow.locator('.seats-inline .away').waitFor();
    assert.equal(await billsRow.locator('.seats-inline li').first().innerText(),
                 'Billy Bones · away');
    await mary.clock.fastForward('03:10');
    await billsRow.locator('.seats-inline .away', {hasText: 'away 3 min'}).waitFor();

    // The match played to its end: the room stays in the list, over, while Anne is at the table.
    const random = seeded(5);
    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    await row.locator('.badge.over').waitFor();
    await row.getByRole('link', {name: `Watch room ${room}`}).waitFor();
    assert.ok(mary.received.filter((m) => m.type === 'rooms_changed')
        .every((m) => !m.gone.includes(room)), 'never gone while Anne sat there');

    // Leaving the lobby stops the changes.
    await mary.getByRole('link', {name: `Watch room ${room}`}).click();
    await mary.locator('.room-info').waitFor();
    assert.ok(mary.sent.some((m) => m.type === 'unwatch_lobby'));
    // Nothing the pages asked for was missing, and the page has its icon (a browser asks for
    // /favicon.ico, which was a 404, when the page names none).
    assert.deepEqual([...anne.failures, ...mary.failures], []);
    const icon = await anne.evaluate(async () => {
      const link = document.querySelector('link[rel="icon"]');
      const response = link && await fetch(link.href);
      return response && {status: response.status, type: response.headers.get('content-type')};
    });
    assert.deepEqual(icon, {status: 200, type: 'image/svg+xml'});
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
