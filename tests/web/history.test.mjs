// The history: a finished match opens from the list, and the slider, its buttons and the arrow
// keys step through it, fully revealed or through one seat's eyes.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded, until,
        startAgainstBot} from './harness.mjs';

test('the history slider and arrow keys step through a stored match', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await createShortRoom(anne);
    await startAgainstBot(anne);
    const random = seeded(19);
    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    const replay = (await (await fetch(`${server.url}api/matches/${stored.id}/replay`)).json());
    const ships = (k) => replay.steps[k].view.ships.length;

    // What the match's log said of each step, by step: the replay must say the same.
    const logged = new Map((await anne.locator('.log li').allInnerTexts())
        .map((line) => line.match(/^(\d+)\. (.*)$/s)).map(([, k, text]) => [Number(k), text]));
    await anne.locator('#replay-link').click();
    await anne.waitForURL(new RegExp(`#/replay/${stored.id}(\\?|$)`));
    const slider = anne.locator('#step');
    const caption = anne.locator('#step-caption');
    await caption.filter({hasText: 'Step 0 of'}).waitFor();
    assert.equal(await slider.getAttribute('max'), String(stored.actions));
    assert.equal(await caption.innerText(), `Step 0 of ${stored.actions}: the start`);
    assert.equal(await anne.locator('.raft-board g.ship').count(), ships(0));

    // Arrow keys: one step at a time, naming who played what.
    await anne.keyboard.press('ArrowRight');
    // (A deal with one kind all connected starts with switches: 2% of short deals.)
    assert.match(await caption.innerText(),
                 /^Step 1 of \d+: Anne Bonny (placed a (Yellow|Black)beard|switched pair \d+)/);
    assert.equal(await caption.innerText(), `Step 1 of ${stored.actions}: ${logged.get(1)}`);
    await anne.keyboard.press('ArrowRight');
    assert.equal(await slider.inputValue(), '2');
    await anne.keyboard.press('ArrowLeft');
    assert.equal(await slider.inputValue(), '1');
    await anne.keyboard.press('End');
    const last = stored.actions;
    assert.match(await caption.innerText(), new RegExp(`^Step ${last} of ${last}: `));
    assert.equal(await caption.innerText(), `Step ${last} of ${last}: ${logged.get(last)}`);
    assert.equal(await anne.locator('.raft-board g.ship').count(), ships(last));
    await anne.keyboard.press('ArrowRight');
    assert.equal(await slider.inputValue(), String(last), 'no step beyond the last');

    // The slider itself: the pirates come aboard one by one.
    const first = replay.steps.findIndex((s) => s.action?.type === 'place_pirate');
    assert.ok(first >= 1);
    const pirates = anne.locator('.raft-board .pirate');
    await slider.fill(String(first - 1));
    assert.equal(await pirates.count(), 0);
    await anne.getByRole('button', {name: 'next step'}).click();
    assert.equal(await pirates.count(), 1);
    await slider.fill(String(first + 2));
    assert.equal(await pirates.count(), 3);
    await anne.getByRole('button', {name: 'previous step'}).click();
    assert.equal(await pirates.count(), 2);
    assert.match(await caption.innerText(),
                 new RegExp(`^Step ${first + 1} of \\d+: Anne Bonny placed a`));
    const shown = first + 3;
    await slider.fill(String(shown));

    // Through seat 1's eyes (the bot's), once the match is over; the step is kept.
    await anne.getByLabel('View').selectOption('1');
    await until(() => anne.received.at(-1).type === 'replay' && anne.received.at(-1).seat === 1,
                'the replay through seat 1');
    await caption.filter({hasText: `Step ${shown} of`}).waitFor();
    const seen = anne.received.filter((m) => m.type === 'replay').map((m) => m.seat);
    assert.deepEqual(seen, [null, 1]);
    assert.equal(anne.received.at(-1).steps[shown].view.seat, 1);
    assert.equal(await anne.locator('.raft-board g.ship').count(), ships(shown));

    // The list finds it by game, with its seats and result.
    await anne.getByRole('link', {name: 'History'}).click();
    await anne.getByLabel('Game', {exact: true}).selectOption('raft-and-scupper');
    const row = anne.locator(`tr[data-match="${stored.id}"]`);
    await row.waitFor();
    // Each person's name, then the link to their profile.
    assert.match(await row.innerText(), /Anne Bonny profile, Bot 2 \(good\)/);
    assert.match(await row.innerText(), /finished · .* won\./);

    // By player: a click on one's own name lists one's own matches, asked of the server by
    // player, a hundred at a time (history_search.js reads them).
    const asked = anne.sent.length;
    await row.getByRole('button', {name: 'Anne Bonny'}).click();
    assert.ok(await anne.getByLabel('only my matches').isChecked());
    const me = anne.received.find((m) => m.type === 'welcome').player.id;
    await until(() => anne.sent.slice(asked).some((m) => m.type === 'list_matches'),
                'the list by player');
    const sent = anne.sent.slice(asked).find((m) => m.type === 'list_matches');
    assert.deepEqual(sent, {type: 'list_matches', limit: 100, game: 'raft-and-scupper',
                            player: me, id: sent.id});
    await row.waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
