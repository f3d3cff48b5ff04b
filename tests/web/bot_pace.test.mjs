// Bots at the pause people meet (the server's own default, not the --bot-delay-ms 0 of the other
// browser tests): a person who answers while a bot's pause runs once froze the match for good.
// In Scalawag! with four players the person challenges the moment a window offers it, in Riff
// Raff with two the person chooses a card the moment the choice is offered, and either match must
// go on to its end. The rest of each match is played from the plain view's buttons, at random.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, seeded, logOfSteps, startWithRandomBots} from './harness.mjs';

// A bot's pause is 400 ms and neither game waits on anyone for longer once all have answered
// (a Scalawag! window closes itself after 10 s only when someone has not): a page that shows
// neither a new step nor anything to do for this long shows a frozen match.
const STALL_MS = 10000;

async function startAgainstBots(page, game, players) {
  await page.getByLabel('Game', {exact: true}).selectOption(game);
  await page.locator('#option-players').fill(String(players));
  await page.getByRole('button', {name: 'Create room'}).click();
  await page.waitForURL(/#\/room\/\d+$/);
  await startWithRandomBots(page);
  await page.getByLabel('the plain view: no board, every action a button').check();
}

// Plays the match shown to its end. Whenever an action of type `atOnce` is offered it is clicked
// in the page itself, in the first animation frame that shows it, without a round trip to the
// test; any other action is clicked at random once the page shows it. Returns how many `atOnce`
// were clicked.
async function playAtOnce(page, atOnce, random) {
  let clicked = 0;
  let seen = -1;
  for (;;) {
    let next;
    try {
      next = await page.waitForFunction(([type, r, last]) => {
        const play = document.querySelector('.play');
        const step = Number(play.dataset.step);
        if (play.dataset.over === 'true') return {over: true, step};
        const buttons = [...document.querySelectorAll('.actions button.action:not([disabled])')]
            .filter((b) => b.offsetParent !== null);
        const now = buttons.find((b) => JSON.parse(b.dataset.action).type === type);
        if (now) {
          now.click();
          return {clicked: type, step};
        }
        if (play.dataset.toAct === 'true' && buttons.length) {
          buttons[Math.floor(r * buttons.length)].click();
          return {clicked: 'other', step};
        }
        return step !== last ? {step} : null;
      }, [atOnce, random(), seen], {timeout: STALL_MS});
    } catch (error) {
      if (error.name !== 'TimeoutError') throw error;
      const play = page.locator('.play');
      throw new Error(`no new step for ${STALL_MS / 1000} s at step ` +
                      `${await play.getAttribute('data-step')}: ` +
                      `${await page.locator('#turn').innerText()} ` +
                      `(${error.message.split('\n')[0]})`);
    }
    const {over, step, clicked: what} = await next.jsonValue();
    if (over) break;
    seen = step;
    if (what === atOnce) ++clicked;
  }
  // Every click went to the server.
  const sent = page.sent.filter((m) => m.type === 'action' && m.action.type === atOnce);
  assert.equal(sent.length, clicked);
  return clicked;
}

async function checkStored(server, page, game) {
  await page.locator('.result h2').waitFor();
  const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
  assert.equal(stored.game, game);
  assert.equal(stored.status, 'finished');
  await logOfSteps(page, stored.actions);
}

test('at the default bot delay, a person who challenges at once plays Scalawag! to its end',
     async () => {
  const server = await startServer({botDelay: 'server'});
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await startAgainstBots(anne, 'scalawag', 4);
    const challenges = await playAtOnce(anne, 'challenge', seeded(11));
    // (A match has claims aplenty: a person never offered a challenge would have tested nothing.)
    assert.ok(challenges > 0, 'Anne was never offered a challenge');
    await checkStored(server, anne, 'scalawag');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 80000});

test('at the default bot delay, a person who chooses at once plays Riff Raff to its end',
     async () => {
  const server = await startServer({botDelay: 'server'});
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await startAgainstBots(anne, 'riff-raff', 2);
    const choices = await playAtOnce(anne, 'choose', seeded(13));
    assert.ok(choices > 0, 'Anne was never offered a card to choose');
    await checkStored(server, anne, 'riff-raff');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 80000});
