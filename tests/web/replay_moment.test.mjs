// A replay worth watching and sharing: a link names a moment and a seat's eyes and opens there
// (after a reload too), every move keeps the address at the moment shown, the list of steps
// beside the board jumps where it is clicked, the replay steps on by itself at the speed chosen,
// the match file downloads, and a seat's hand seen through its eyes is labelled with its
// player, "your hand" only for one's own. Lines of a player muted at the table stay out of the
// replay's chat until asked for.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {startServer, launch, enter, createShortRoom, startWithRandomBots, nextToAct, seeded,
        clickAnAction, until} from './harness.mjs';

// Whether the list's current step is in sight in its scrolling box.
const currentInSight = (page) => page.locator('#replay-steps button[aria-current="step"]')
    .evaluate((button) => {
      const item = button.getBoundingClientRect();
      const box = button.closest('.log').getBoundingClientRect();
      return item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
    });
const shownStep = async (page) => Number(new URL(page.url()).hash.match(/step=(\d+)/)?.[1]);

test('a replay opens at the step and seat its link names, and plays, lists, downloads',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    // A Scalawag! match for three (Anne and two bots) played to its end.
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    await startWithRandomBots(anne);
    await anne.getByLabel('the plain view: no board, every action a button').check();
    const random = seeded(17);
    for (let page; (page = await nextToAct([anne], 30000));) await clickAnAction(page, random);
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    assert.equal(stored.status, 'finished');
    const replay = await (await fetch(`${server.url}api/matches/${stored.id}/replay?seat=1`))
        .json();
    const last = stored.actions;
    // A step where the second seat (Bot 2) holds cards.
    const k = replay.steps.findIndex((s, i) => i > 3 && s.view.you?.hand?.length >= 2);
    assert.ok(k > 0, 'a step with a hand');

    // The link opens there, through Bot 2's eyes, in a fresh page.
    const page = await (await browser.newContext({viewport: {width: 1280, height: 800}}))
        .newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Mary Read');
    await page.getByRole('button', {name: 'Enter the lobby'}).click();
    await page.getByRole('heading', {name: 'Lobby'}).waitFor();
    await page.goto(`${server.url}#/replay/${stored.id}?step=${k}&seat=2`);
    await page.locator('#step-caption', {hasText: `Step ${k} of ${last}`}).waitFor();
    assert.equal(await page.locator('#audience').inputValue(), '1');
    assert.equal(await page.locator('#step').inputValue(), String(k));
    assert.equal(await page.locator('#replay-steps button[aria-current="step"]').getAttribute(
        'data-step'), String(k));
    assert.ok(await currentInSight(page), 'the step shown is in sight in the list');
    // Bot 2's hand, labelled with its player: never "Your hand" for someone else's.
    const hand = page.locator('.scalawag .hand');
    assert.match(await hand.innerText(), /^Bot 2 \(easy\)'s hand:/);
    assert.equal(await hand.locator('.card').count(), replay.steps[k].view.you.hand.length);
    await page.reload();
    await page.locator('#step-caption', {hasText: `Step ${k} of ${last}`}).waitFor();
    assert.equal(await page.locator('#audience').inputValue(), '1');

    // Moving keeps the address at the moment shown; a step of the list jumps there.
    await page.keyboard.press('ArrowRight');
    await until(async () => (await shownStep(page)) === k + 1, 'the address at the next step');
    assert.match(page.url(), new RegExp(`#/replay/${stored.id}\\?step=${k + 1}&seat=2$`));
    await page.locator('#replay-steps button[data-step="3"]').click();
    await page.locator('#step-caption', {hasText: `Step 3 of ${last}`}).waitFor();
    assert.equal(await shownStep(page), 3);
    const linked = await page.locator('#replay-moment').getAttribute('href');
    assert.equal(linked, `#/replay/${stored.id}?step=3&seat=2`);

    // Played by itself, at the speed chosen, to the end, where it stops.
    await page.getByLabel('Speed').selectOption('8');
    await page.getByRole('button', {name: '▶ Play'}).click();
    await until(async () => (await shownStep(page)) > 3, 'the replay to step on by itself');
    await page.locator('#step-caption', {hasText: `Step ${last} of ${last}`})
        .waitFor({timeout: (last / 8 + 10) * 1000});
    await page.getByRole('button', {name: '▶ Play'}).waitFor();
    await until(() => currentInSight(page), 'the last step in sight in the list');

    // The match file.
    const [download] = await Promise.all([page.waitForEvent('download'),
                                          page.getByRole('button',
                                                         {name: 'Download the match file'})
                                              .click()]);
    assert.equal(download.suggestedFilename(), `tortuga-match-${stored.id}.json`);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(file.format, 'tortuga-match/1');
    assert.equal(file.game, 'scalawag');
    assert.equal(file.actions.length, last);

    // Anne's own seat, through her eyes: her hand is hers.
    await anne.goto(`${server.url}#/replay/${stored.id}?step=${k}&seat=1`);
    await anne.locator('#step-caption', {hasText: `Step ${k} of ${last}`}).waitFor();
    assert.match(await anne.locator('.scalawag .hand').innerText(), /^Your hand:/);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});

test('the lines of a player muted at the table stay out of the replay until asked for',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const room = await createShortRoom(anne);
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    const say = async (page, text) => {
      await page.locator('#chat-text').fill(text);
      await page.getByRole('button', {name: 'Say'}).click();
      await page.locator('.chat-line .chat-text', {hasText: text}).last().waitFor();
    };
    await say(mary, 'a word before');
    await anne.locator('#chat .chat-text', {hasText: 'a word before'}).waitFor();
    await say(anne, 'ahoy');
    await anne.locator('.room-card summary').click();
    await anne.getByRole('button', {name: 'mute Mary Read'}).click();
    await anne.getByRole('button', {name: 'unmute Mary Read'}).waitFor();
    await say(mary, 'a word after');
    const match = anne.received.find((m) => m.type === 'room' && m.room.match).room.match;

    // Anne's replay of the match (through her seat: it runs still).
    await anne.goto(`${server.url}#/replay/${match}?seat=1`);
    await anne.locator('#replay-chat .chat-line').first().waitFor({state: 'attached'});
    const visible = () => anne.locator('#replay-chat .chat-line:visible .chat-text')
        .allInnerTexts();
    assert.deepEqual(await visible(), ['ahoy']);
    await anne.getByRole('button', {name: 'Show the 2 lines of players you muted'}).click();
    assert.deepEqual(await visible(), ['a word before', 'ahoy', 'a word after']);
    // Mary's own replay shows every line.
    await mary.goto(`${server.url}#/replay/${match}?seat=2`);
    await mary.locator('#replay-chat .chat-line').first().waitFor();
    assert.equal(await mary.locator('#replay-chat .chat-line:visible').count(), 3);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 90000});
