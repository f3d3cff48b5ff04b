// Every game's turn clock is on by default: the new-room form shows it in words with its default
// filled in, the room's header names it, and a room left at the defaults shows the countdown for
// the seat to act, counting down, in every hosted game.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, startWithRandomBots, seeded, isOver, toAct, step,
        clickAnAction, until, openRoomCard} from './harness.mjs';

// The games' options that put a clock on a player's turns, and the words they are shown in.
const CLOCKS = ['turn_clock_s', 'decision_s'];

// "1:00" or "42 s", as web/js/countdown.js writes it, in seconds.
function seconds(text) {
  const clock = text.match(/(\d+):(\d\d)/);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const plain = text.match(/(\d+) s/);
  assert.ok(plain, `a time in "${text}"`);
  return Number(plain[1]);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('at the default options every game counts down the turn clock of the seat to act',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const games = anne.received.find((m) => m.type === 'welcome').games;
    assert.equal(games.length, 5);
    const random = seeded(7);
    for (const game of games) {
      const [name] = Object.keys(game.options).filter((n) => CLOCKS.includes(n));
      const spec = game.options[name];
      assert.ok(spec, `${game.id} has a turn clock`);
      assert.ok(spec.default > 0, `${game.id}: its clock is on by default`);

      // The form: the clock in words, its default filled in, left as it is.
      await anne.goto(server.url);
      await anne.getByLabel('Game', {exact: true}).selectOption(game.id);
      const input = anne.getByLabel(spec.title);
      assert.equal(await input.getAttribute('id'), `option-${name}`, game.id);
      assert.equal(await input.inputValue(), String(spec.default), game.id);
      await anne.getByRole('button', {name: 'Create room'}).click();
      await anne.waitForURL(/#\/room\/\d+$/);
      await anne.locator('.seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
      // The room's header names the clock in words too.
      await anne.getByText(`${spec.title}: ${spec.default}`).first().waitFor();
      await startWithRandomBots(anne);
      const plain = anne.getByLabel('the plain view: no board, every action a button');
      if (await plain.count()) await plain.check();

      // Play on until Anne is asked a question under the turn clock (a Raft & Scupper setup has
      // none, a Scalawag challenge window has its own ten seconds), then read the clock twice.
      const clock = anne.locator('.countdown .clock');
      let counted = false;
      for (let moves = 0; !counted && moves < 200; ++moves) {
        await until(async () => (await isOver(anne)) || (await toAct(anne)),
                    `${game.id}: Anne's turn`, 30000);
        assert.ok(!(await isOver(anne)), `${game.id}: a question under the clock came`);
        const before = await step(anne);
        if (await clock.count()) {
          const first = seconds(await clock.innerText());
          if (first > 15) {
            assert.match(await anne.locator('.countdown').innerText(), /Anne Bonny/, game.id);
            assert.ok(first <= spec.default, `${game.id}: ${first} s of ${spec.default}`);
            await sleep(2500);
            // A bot's action in between starts the wait afresh: read again at another question.
            if ((await step(anne)) === before && (await clock.count())) {
              const second = seconds(await clock.innerText());
              assert.ok(second < first, `${game.id}: the clock went from ${first} to ${second}`);
              counted = true;
              break;
            }
            continue;
          }
        }
        await clickAnAction(anne, random);
      }
      assert.ok(counted, `${game.id}: the countdown was shown and went down`);
      // A player has at most 4 rooms until they close (too_many_rooms), and there are 5 games:
      // Anne closes each room once its clock is seen, as a host who is done with it does.
      await openRoomCard(anne);
      await anne.locator('#close-room').click();
      await anne.getByText('The host closed this room and stopped its match.').waitFor();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
