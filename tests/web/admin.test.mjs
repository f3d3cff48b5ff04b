// The admin page: the operator types the token in (kept in the tab, never in the address),
// sees a player's room with its seats and connections, sends a notice that the player's page
// shows as text, and closes the room; the player's page then says why.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startServer, launch, enter, createShortRoom, startAgainstBot} from './harness.mjs';

const TOKEN = 'harbour-master-page-0123456789';

async function adminPage(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`the admin page: ${error.message}`); });
  await page.goto(`${url}admin.html`);
  return page;
}

test('the admin page closes a room, and the player is told why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-web-'));
  writeFileSync(join(dir, 'admin-token'), `${TOKEN}\n`);
  const server = await startServer({dir, args: ['--admin-token-file', join(dir, 'admin-token')]});
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createShortRoom(anne);
    await startAgainstBot(anne);

    const admin = await adminPage(browser, server.url);
    // A wrong token is refused, and not kept.
    await admin.getByLabel('Admin token').fill('not-the-admin-token-at-all');
    await admin.getByRole('button', {name: 'Sign in'}).click();
    await admin.getByRole('alert').filter({hasText: 'not the admin token'}).waitFor();
    assert.equal(await admin.evaluate(() => sessionStorage.getItem('tortuga.admin.token')), null);

    await admin.getByLabel('Admin token').fill(TOKEN);
    await admin.getByRole('button', {name: 'Sign in'}).click();
    const card = admin.locator(`.admin-room[data-room="${room}"]`);
    await card.waitFor();
    assert.ok(!admin.url().includes(TOKEN), 'the token never goes into the address');
    assert.equal(await admin.evaluate(() => sessionStorage.getItem('tortuga.admin.token')), TOKEN);
    // The room as it is: Anne seated and connected, the bot beside her, one connection.
    await card.locator('li[data-seat="0"]', {hasText: 'Anne Bonny'})
        .filter({hasText: 'connected'}).waitFor();
    await card.locator('li[data-seat="1"]', {hasText: 'Bot 2'}).waitFor();
    assert.match(await card.innerText(), /playing · match \d+ · public · 1 connection,/);

    // A notice reaches the player's page, shown as text, never as HTML.
    const words = 'Repairs at <b>dawn</b> & the harbour closes';
    await admin.getByLabel('Notice to every connection').fill(words);
    await admin.getByRole('button', {name: 'Send notice'}).click();
    await admin.locator('#admin-done', {hasText: 'Notice sent to 1 connection.'}).waitFor();
    const notice = anne.locator('.notice .text');
    await notice.waitFor();
    assert.equal(await notice.innerText(), words);
    assert.equal(await anne.locator('.notice b').count(), 0);

    // The room closes: the match stops, and Anne's page says why.
    await admin.getByLabel(`reason for closing room ${room}`).fill('The table is needed elsewhere');
    // A redraw of the rooms (the page refreshes them after every call) keeps what was typed.
    await card.evaluate((node) => { node.dataset.before = 'refresh'; });
    await admin.getByRole('button', {name: 'Refresh'}).click();
    await admin.locator(`.admin-room[data-room="${room}"]:not([data-before])`).waitFor();
    assert.equal(await admin.getByLabel(`reason for closing room ${room}`).inputValue(),
                 'The table is needed elsewhere');
    await admin.getByRole('button', {name: `Close room ${room}`}).click();
    await admin.locator('#admin-done', {hasText: `Done: close room ${room}.`}).waitFor();
    await card.waitFor({state: 'detached'});
    const told = anne.locator('.sent-away');
    await told.waitFor();
    assert.match(await told.innerText(),
                 /closed this room and stopped its match: .?The table is needed elsewhere/);
    assert.equal(await anne.locator('.play').count(), 0);

    // The record lists both actions, newest first, by the token's fingerprint.
    const record = admin.locator('.admin-record li');
    await record.nth(1).waitFor();
    assert.match(await record.nth(0).innerText(), /admin:[0-9a-f]{8} · close_room .*elsewhere/);
    assert.match(await record.nth(1).innerText(), /admin:[0-9a-f]{8} · notice /);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('the admin page removes a player and drains the node', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-web-'));
  writeFileSync(join(dir, 'admin-token'), `${TOKEN}\n`);
  const server = await startServer({dir, args: ['--admin-token-file', join(dir, 'admin-token')]});
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createShortRoom(anne);
    const bill = await enter(browser, server.url, 'Bill Kidd');
    await bill.goto(`${server.url}#/room/${room}`);
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Bill Kidd'}).waitFor();

    const admin = await adminPage(browser, server.url);
    await admin.getByLabel('Admin token').fill(TOKEN);
    await admin.getByRole('button', {name: 'Sign in'}).click();
    const card = admin.locator(`.admin-room[data-room="${room}"]`);
    await card.locator('li[data-seat="1"]', {hasText: 'Bill Kidd'}).waitFor();
    await admin.getByLabel(`after removing Bill Kidd from room ${room}`).selectOption('open');
    await admin.getByRole('button', {name: `Remove Bill Kidd from room ${room}`}).click();
    await admin.locator('#admin-done', {hasText: 'Done: remove Bill Kidd'}).waitFor();

    // Bill is told; Anne's room shows the seat open again.
    await bill.locator('.sent-away', {hasText: 'removed you from this room'}).waitFor();
    await anne.locator('.seat.empty[data-seat="1"]').waitFor();
    await card.locator('li[data-seat="1"]', {hasText: 'empty'}).waitFor();

    // Draining: the node says so, and a new room is refused with the reason.
    await admin.getByRole('button', {name: 'Drain this node'}).click();
    await admin.locator('#drain-state', {hasText: 'Draining: 0 matches running; the node is empty'})
        .waitFor();
    await bill.goto(`${server.url}#/`);
    await bill.getByRole('heading', {name: 'Lobby'}).waitFor();
    await bill.getByLabel('Game', {exact: true}).selectOption('raft-and-scupper');
    await bill.getByRole('button', {name: 'Create room'}).click();
    await bill.getByRole('alert').filter({hasText: 'about to stop'}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
