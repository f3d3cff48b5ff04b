// The actions panel (web/js/actions.js) beside a board: long lists of what the board offers by
// clicks fold away, and every legal action the board does not offer stays in sight as a button.
// A Scalawag! mutiny's targets (each with its steal) are not clickable ships, so a panel that
// folded them away left its player with nothing in sight to play.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch} from './harness.mjs';

// Shows `legal` in the panel with the board of `game`; returns the buttons in sight and folded.
async function panel(page, game, legal) {
  return page.evaluate(async ({game, legal}) => {
    const {showActions} = await import('/js/actions.js');
    const board = (await import(`/boards/${game}.js`)).default;
    const host = document.createElement('div');
    document.body.append(host);
    // The board's own labels need a whole view; what is tested here is where buttons go.
    const label = (action) => JSON.stringify(action);
    showActions(host, {legal}, {label, act: () => {}, onBoard: board.onBoard});
    const shown = (b) => b.checkVisibility();
    const buttons = [...host.querySelectorAll('button.action')];
    const result = {
      inSight: buttons.filter(shown).map((b) => JSON.parse(b.dataset.action)),
      folded: buttons.filter((b) => !shown(b)).map((b) => JSON.parse(b.dataset.action)),
    };
    host.remove();
    return result;
  }, {game, legal});
}

test('the panel folds only what the board offers by clicks', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);

    // Scalawag!, three captains, a mutiny: two ships, one or two cards each. No ship is
    // clickable for these, so all four are buttons in sight.
    const mutiny = [1, 2].flatMap((seat) => [1, 2].map((steal) =>
      ({type: 'targets', targets: [seat], steal})));
    assert.deepEqual(await panel(page, 'scalawag', mutiny), {inSight: mutiny, folded: []});

    // Scalawag!, six captains, cannons: five single targets are clicks on ships and fold away;
    // after a second fire, the pairs of targets are buttons.
    const fire = [1, 2, 3, 4, 5].map((seat) => ({type: 'targets', targets: [seat]}));
    assert.deepEqual(await panel(page, 'scalawag', fire), {inSight: [], folded: fire});
    const pairs = [[1, 2], [2, 1], [1, 3], [3, 1]].map((targets) => ({type: 'targets', targets}));
    assert.deepEqual(await panel(page, 'scalawag', pairs), {inSight: pairs, folded: []});

    // Um Rum & Ehre's HQ: four alleys alone are clicks on the town, and fold away; taking
    // nothing back and taking two dark alleys at once are not, and stay in sight.
    const single = [3, 8, 12, 20].map((alley) => ({type: 'take_back', alleys: [alley]}));
    const others = [{type: 'take_back', alleys: []}, {type: 'take_back', alleys: [5, 9]}];
    assert.deepEqual(await panel(page, 'um-rum-und-ehre', [...single, ...others]),
                     {inSight: others, folded: single});

    // Three or fewer of what the board offers stay in sight too, for the keyboard.
    assert.deepEqual(await panel(page, 'scalawag', fire.slice(0, 3)),
                     {inSight: fire.slice(0, 3), folded: []});
  } finally {
    await browser.close();
    await server.stop();
  }
});
