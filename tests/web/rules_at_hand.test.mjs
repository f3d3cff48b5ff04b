// Each game's rules at hand beside its board: the phase the match is in, explained ("Now: ...")
// in the page's language from the catalogs' words for that game and phase, and the rules in
// short, folded, their sections those of the game (Colpaccio's solo duel only in a solo match);
// in a replay too, following the step shown. Every game has its rules in every language, each
// section and phase it can name (the catalogs' check holds them whole).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, createShortRoom, startAgainstBot, playOneMove, nextToAct, seeded}
    from './harness.mjs';
import {enter, openTable, toControls, closeTable, GAMES} from './tables.mjs';
import {catalogs} from './catalogs.mjs';

const words = catalogs();
const rulesOf = (language, game) => words[language].games[game].rules;
const now = (language, text) => (language === 'it' ? `Ora: ${text}` : `Now: ${text}`);

// The board modules' rules (sections, and the phase a view is in), as the page has them.
const boards = Object.fromEntries(await Promise.all(GAMES.map(async (game) =>
  [game, (await import(`../../web/boards/${game}-words.js`)).rules])));

test('every game has its rules in short, each section and phase in every language', () => {
  const phases = {'raft-and-scupper': ['switching', 'placing', 'choosing', 'playing', 'over'],
                  scalawag: ['order', 'window', 'targets', 'penalty', 'lose_crew', 'return',
                             'prize_discard', 'over'],
                  'um-rum-und-ehre': ['town', 'tavern', 'chest', 'brawl', 'over'],
                  colpaccio: ['turn', 'parrot_pact', 'ghost_ship', 'corsairs', 'over'],
                  'riff-raff': ['choosing', 'appointing', 'loading', 'catching', 'over']};
  for (const language of Object.keys(words)) {
    for (const game of GAMES) {
      const rules = rulesOf(language, game);
      assert.deepEqual(Object.keys(rules.section), boards[game].sections, `${language} ${game}`);
      for (const section of boards[game].sections) {
        assert.ok(rules.section[section].title && rules.section[section].text.length > 80,
                  `${language} ${game} ${section}`);
      }
      assert.deepEqual(Object.keys(rules.phase).sort(), [...phases[game]].sort(),
                       `${language} ${game}: the phases`);
    }
  }
});

test('beside every board, the phase explained and the rules in short, in English and Italian',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    for (const [language, locale] of [['en', 'en-US'], ['it', 'it-IT']]) {
      const page = await enter(browser, server.url, `Anne ${language}`, {locale});
      for (const game of GAMES) {
        await openTable(page, game);
        assert.ok(await toControls(page, game));
        const rules = rulesOf(language, game);
        const said = await page.locator('.play .rules-now').innerText();
        assert.ok(Object.values(rules.phase).some((text) => said === now(language, text)),
                  `${game}: "${said}" is a phase of its rules`);
        // The moments the tables stop at: Riff Raff loading, Colpaccio's own turn.
        if (game === 'riff-raff') assert.equal(said, now(language, rules.phase.loading));
        if (game === 'colpaccio') assert.equal(said, now(language, rules.phase.turn));
        const details = page.locator('.play .rules-details');
        assert.equal(await details.evaluate((d) => d.open), false, `${game}: folded`);
        await details.locator('summary').click();
        const titles = await details.locator('h3').allInnerTexts();
        const expected = boards[game].sections.filter((s) => game !== 'colpaccio' || s !== 'solo')
            .map((s) => rules.section[s].title);
        assert.deepEqual(titles, expected, `${game}: the sections`);
        assert.equal(await details.locator('p').first().innerText(),
                     rules.section[boards[game].sections[0]].text);
        await closeTable(page);
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});

test('a replay explains the phase of the step shown', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await createShortRoom(anne);
    await startAgainstBot(anne);
    const random = seeded(3);
    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    await anne.locator('#replay-link').click();
    const rules = rulesOf('en', 'raft-and-scupper');
    const shown = anne.locator('.replay-side .rules-now');
    await shown.filter({hasText: now('en', rules.phase.switching).slice(0, 20)})
        .or(shown.filter({hasText: now('en', rules.phase.placing)})).waitFor();
    await anne.keyboard.press('End');
    await shown.filter({hasText: now('en', rules.phase.over)}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 60000});
