// A match by correspondence through the page (docs/correspondence.md, docs/notifications.md):
// two players sign up in the account page; Anne sets and verifies an address there (the link
// comes by mail to a real SMTP server, aiosmtpd) and chooses the daily digest; she makes a room
// played by correspondence in the lobby's form, and Mary Read joins it. They play a few moves of
// Raft & Scupper; Anne closes her page, Mary moves, the server restarts on the same store; Anne
// opens the page again, the digest listing the match comes by mail, and its link takes her to
// her seat, where it is her move after Mary's.
//
// The operator's settings (`notify`) are the test's: the SMTP server on the loopback without
// TLS, the public address of this server, and a digest gathered for a second rather than an hour.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, freePort, launch, playOneMove, nextToAct, seeded, signUp, step,
        toAct} from './harness.mjs';
import {startMailbox} from './mailbox.mjs';
import {check} from './axe.mjs';

const GAME = 'raft-and-scupper';

// A page of the same browser again (its storage, so its player's token): closed pages leave the
// browser as a person's closed tab does.
async function reopen(context, url, name) {
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`${name}'s page: ${error.message}`); });
  await page.goto(url);
  return page;
}

const linkIn = (body, pattern) => body.match(pattern)?.[0];

// axe-core on the page as it is, on a wide screen and on a phone.
async function checkBothSizes(page, where) {
  const wide = page.viewportSize();
  await check(page, where);
  await page.setViewportSize({width: 390, height: 844});
  await check(page, `${where}, on a phone`);
  await page.setViewportSize(wide);
}

test('a match by correspondence outlives a closed page and a restart; the digest leads back', async () => {
  const mailbox = await startMailbox();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = {notify: {smtp_url: mailbox.url, smtp_tls: 'none', public_url: origin,
                           digest_gather_s: 1, poll_ms: 100}};
  let server = await startServer({port, config});
  const browser = await launch();
  try {
    let anne = await signUp(browser, server.url, 'Anne Bonny', 'a parrot named Flint');
    const anneBrowser = anne.context();
    const mary = await signUp(browser, server.url, 'Mary Read', 'barbary coast 1720');

    // Anne's address, and the digest, from the account page.
    await anne.locator('#notify-email-status[data-state="none"]').waitFor();
    await anne.getByLabel('Email address').fill('anne@example.org');
    await anne.getByLabel('When to tell you').selectOption('digest');
    await anne.getByRole('button', {name: 'Save notifications'}).click();
    await anne.locator('#notify-said', {hasText: 'Check your mail'}).waitFor();
    await anne.locator('#notify-email-status[data-state="waiting"]',
                       {hasText: 'anne@example.org'}).waitFor();
    await checkBothSizes(anne, 'the account\'s notifications');
    const verification = await mailbox.waitFor(
        (mail) => mail.to.includes('anne@example.org') && /verify-email/.test(mail.body),
        'with the link that verifies Anne\'s address');
    const verifyLink = linkIn(verification.body,
                              new RegExp(`${origin}/verify-email\\?token=[0-9a-f]+`));
    assert.ok(verifyLink, verification.body);
    const verified = await anneBrowser.newPage();
    const answer = await verified.goto(verifyLink);
    assert.equal(answer.status(), 200);
    await verified.getByRole('heading', {name: 'Address confirmed'}).waitFor();
    assert.match(await verified.locator('body').innerText(), /anne@example\.org/);
    await verified.close();
    // Back on the account page's tab (as the browser says when a tab is looked at again), the
    // address shows verified without a reload.
    await anne.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await anne.locator('#notify-email-status[data-state="verified"]',
                       {hasText: 'Verified: mail goes to anne@example.org'}).waitFor();
    assert.equal(await anne.getByLabel('When to tell you').inputValue(), 'digest');

    // A room by correspondence from the lobby's form: two days a move, the bank as it comes.
    await anne.goto(server.url);
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
    await anne.getByLabel('Game', {exact: true}).selectOption(GAME);
    await anne.getByLabel('Short game (16 ships)').check();
    await anne.getByLabel('By correspondence: a move every few days').check();
    await anne.getByLabel('Days for each move').fill('2');
    await anne.locator('#pace-said', {hasText: 'Each move has 2 days. Once they are used, the ' +
        'time bank pays: it holds 7 days at the start, and each move adds 12 hours back'})
        .waitFor();
    await checkBothSizes(anne, 'the new room by correspondence');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    const created = anne.sent.find((m) => m.type === 'create_room');
    assert.deepEqual(created.correspondence,
                     {days_per_move: 2, bank_cap_days: 7, bank_extra_hours: 12});
    assert.equal(created.absent_bot_s, undefined);

    // Mary finds it in the lobby's list, which says its pace, and joins.
    await mary.goto(server.url);
    const listed = mary.locator(`.room[data-room="${room}"]`);
    await listed.locator('.badge.by-post', {hasText: 'by correspondence, 2 days a move'}).waitFor();
    await checkBothSizes(mary, 'the lobby with a room by correspondence');
    await listed.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Mary Read'}).waitFor();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await mary.locator('.play').waitFor();
    // The room's line says its pace, and whose move it is with the days left, in words.
    await anne.locator('.pace-option', {hasText: 'by correspondence: 2 days a move, a time ' +
        'bank of up to 7 days, 12 hours more with each move'}).waitFor();
    // Her move's two days, then her bank's seven.
    await anne.locator('.waited-seat[data-seat="0"]',
                       {hasText: 'Anne Bonny: 9 days left to move'}).waitFor();
    assert.equal(await anne.locator('.room-card summary').getByText('Turn clock').count(), 0);
    // Beside the board too, where a phone shows it first.
    await anne.locator('.play .slow-clocks .countdown[data-seat="0"]',
                       {hasText: 'Anne Bonny: 9 days left to move'}).waitFor();
    await anne.locator('.room-card summary').click();
    await anne.locator('.seat[data-seat="1"] .corr-clock', {hasText: 'time bank 7 days'}).waitFor();
    await checkBothSizes(anne, 'a room by correspondence, its card open');

    // A few moves each (Anne places her four pirates, Mary chooses her crew, then they sail),
    // until it is Mary's move again.
    const random = seeded(35);
    const moved = new Set();
    for (let moves = 0; ; ++moves) {
      const page = await nextToAct([anne, mary]);
      assert.ok(page, 'the match ended within a few moves');
      if (moves >= 6 && moved.size === 2 && page === mary) break;
      await playOneMove(page, random);
      moved.add(page);
    }
    await mary.locator('.waited-seat[data-seat="1"]').waitFor();

    // Anne closes her page; once the room knows she is away, Mary moves.
    await anne.close();
    await mary.locator('.absent-seat[data-seat="0"]').waitFor();
    while (await toAct(mary)) await playOneMove(mary, random);
    const afterMary = await step(mary);
    await mary.locator('.waited-seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();

    await server.stop({keep: true});
    server = await startServer({dir: server.dir, port, config});

    // Anne comes back to the page.
    anne = await reopen(anneBrowser, server.url, 'Anne Bonny');
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
    // "My matches" (a page of its own, the first a player opens) would show here that the match
    // in room `room` waits for Anne's move.

    // The digest lists the match with its link, which takes Anne to her seat.
    const digest = await mailbox.waitFor(
        (mail) => mail.to.includes('anne@example.org') && /waits? for your move/.test(mail.subject),
        'with Anne\'s digest');
    assert.equal(digest.subject, 'A match waits for your move');
    assert.match(digest.body, /Raft & Scupper: your move, by \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const roomLink = linkIn(digest.body, new RegExp(`${origin}/#/room/\\d+`));
    assert.equal(roomLink, `${origin}/#/room/${room}`);
    assert.match(digest.body, /\/unsubscribe\?token=[0-9a-f]+/);
    await anne.goto(roomLink);
    await anne.locator(`.play[data-step="${afterMary}"]`).waitFor();
    await anne.locator('.seat[data-seat="0"] .badge.you').waitFor({state: 'attached'});
    assert.match(anne.url(), new RegExp(`#/room/${room}$`));
    assert.ok(await toAct(anne), 'it is Anne\'s move after Mary\'s');
    await anne.locator('.waited-seat[data-seat="0"]', {hasText: /left to move/}).waitFor();
    await anne.locator('.play .slow-clocks .countdown[data-seat="0"]',
                       {hasText: /^Anne Bonny: \d+ days?( \d+ hours?)? left to move$/}).waitFor();
    // Her move goes on as any other.
    await playOneMove(anne, random);

    // One digest, the verification before it; nothing for Mary, who gave no address.
    const toAnne = mailbox.mails().filter((mail) => mail.to.includes('anne@example.org'));
    assert.equal(toAnne.length, 2, JSON.stringify(toAnne.map((mail) => mail.subject)));
    assert.equal(mailbox.mails().length, 2);
  } finally {
    await browser.close();
    await server.stop();
    await mailbox.stop();
  }
}, {timeout: 150000});
