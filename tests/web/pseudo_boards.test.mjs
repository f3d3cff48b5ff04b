// Every text a person reads comes from a catalog (tests/web/pseudo.mjs): in the pseudo-language,
// the room, the board, the log and the actions of Scalawag!, Um Rum & Ehre, Colpaccio and Riff
// Raff at the start and some steps in, and their plain views' buttons.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, seeded} from './harness.mjs';
import {assertFromCatalogs, pseudoPage, enterPseudo, startWithBots, playChecking}
    from './pseudo.mjs';

test('in the pseudo-language, every text of every game\'s board comes from a catalog', async () => {
  const server = await startServer();
  const browser = await launch();
  const random = seeded(11);
  try {
    const anne = await pseudoPage(browser, server.url);
    await enterPseudo(anne, 'Anne');
    for (const game of ['scalawag', 'um-rum-und-ehre', 'colpaccio', 'riff-raff']) {
      await startWithBots(anne, server.url, game);
      await playChecking(anne, game, random, [3, 12, 30]);
      // The plain view's buttons are worded by the game too (its tree is the view, raw).
      await anne.locator('#plain-view').check();
      await assertFromCatalogs(anne, `${game}: the plain view`);
    }
    assert.deepEqual(anne.problems, []);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
