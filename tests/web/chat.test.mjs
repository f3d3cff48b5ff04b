// Chat in a room with several browsers: every line is seen by everyone in the room as the text
// it is (markup shows as characters, never runs), spectators speak once the host allows it, a
// player who mutes another no longer sees that player's lines, a late spectator is given the
// recent lines, and the match's history shows what was said at which step; once the room is
// closed, its chat is.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, openRoomCard} from './harness.mjs';

const SCRIPT = '<img src=x onerror=alert(1)>';

// Says a line from the room's chat form and waits until it is back in the speaker's own list.
async function say(page, text) {
  await page.locator('#chat-text').fill(text);
  await page.getByRole('button', {name: 'Say'}).click();
  await page.locator('.chat-line .chat-text', {hasText: text}).last().waitFor();
}

function lines(page) {
  return page.locator('#chat .chat-line:visible .chat-text').allInnerTexts();
}

test('chat is seen by all as text, muted per player, given to latecomers, kept in history',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const jack = await enter(browser, server.url, 'Calico Jack');
    const dialogs = [];
    for (const page of [anne, mary, jack]) page.on('dialog', (d) => { dialogs.push(d); d.dismiss(); });

    const room = await createShortRoom(anne);
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await jack.goto(`${server.url}#/watch/${room}`);
    await jack.locator('.room-info', {hasText: 'you are watching'}).waitFor();

    // A line of markup is shown as its characters, in every browser, and nothing runs.
    await say(anne, SCRIPT);
    for (const page of [anne, mary, jack]) {
      await page.locator('#chat .chat-text', {hasText: SCRIPT}).waitFor();
      assert.equal(await page.locator('#chat img').count(), 0);
      assert.equal(await page.locator('#chat .chat-line').first().locator('.chat-name').innerText(),
                   'Anne Bonny');
      // Said now, the line is who and what: no number before it.
      assert.equal(await page.locator('#chat .chat-line').first().innerText(),
                   `Anne Bonny: ${SCRIPT}`);
    }
    assert.equal(dialogs.length, 0);

    // The spectator may not speak until the host opens the chat to spectators.
    assert.ok(await jack.locator('#chat-text').isDisabled());
    await jack.getByText('Spectators may chat here when the host allows it.').waitFor();
    await anne.getByLabel('spectators may chat').check();
    await jack.locator('#chat-text:not([disabled])').waitFor();
    await say(jack, 'Ahoy from the rail');
    await anne.locator('#chat .chat-text', {hasText: 'Ahoy from the rail'}).waitFor();
    assert.match(await mary.locator('#chat .chat-line', {hasText: 'Ahoy from the rail'}).innerText(),
                 /\(watching\)/);

    // Mary mutes Anne: Anne's next line reaches Jack, not Mary (Mary's own later line comes
    // through the room after it, so once Mary sees hers, Anne's would have come first).
    await mary.getByRole('button', {name: 'mute Anne Bonny'}).click();
    await mary.getByRole('button', {name: 'unmute Anne Bonny'}).waitFor();
    await say(anne, 'a secret plan');
    await jack.locator('#chat .chat-text', {hasText: 'a secret plan'}).waitFor();
    await say(mary, 'is anyone there?');
    assert.deepEqual(await lines(mary), ['Ahoy from the rail', 'is anyone there?']);
    assert.ok(!mary.received.some((m) => m.type === 'chat' && m.line.text === 'a secret plan'));
    await anne.locator('#chat .chat-text', {hasText: 'is anyone there?'}).waitFor();

    // A late spectator is given the recent lines.
    const kim = await enter(browser, server.url, 'Kim');
    await kim.goto(`${server.url}#/watch/${room}`);
    await kim.locator('#chat .chat-text', {hasText: 'is anyone there?'}).waitFor();
    assert.deepEqual(await lines(kim),
                     [SCRIPT, 'Ahoy from the rail', 'a secret plan', 'is anyone there?']);

    // Said during the match: stored with it, shown in its history with the step.
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await say(anne, 'fair winds');
    assert.equal(await anne.locator('#chat .chat-line').last().innerText(),
                 'Anne Bonny: fair winds');
    const match = anne.received.find((m) => m.type === 'room' && m.room.match).room.match;
    await kim.goto(`${server.url}#/replay/${match}`);
    const said = kim.locator('#replay-chat .chat-line', {hasText: 'fair winds'});
    await said.waitFor();
    assert.match(await said.innerText(), /^step 0 · Anne Bonny: fair winds$/);
    assert.equal(await kim.locator('#replay-chat img').count(), 0);

    // The host closes the room, giving no reason: the others are told so in one sentence, and
    // the chat, where nobody is left to hear, falls silent.
    await openRoomCard(anne);
    await anne.locator('#close-room').click();
    for (const page of [mary, jack]) {
      await page.locator('.sent-away').waitFor();
      assert.equal(await page.locator('.sent-away').innerText(),
                   'The host closed this room and stopped its match.');
      assert.ok(await page.locator('#chat-text').isDisabled());
      assert.ok(await page.getByRole('button', {name: 'Say'}).isDisabled());
      await page.getByText('This room is closed: nothing more can be said here.').waitFor();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
