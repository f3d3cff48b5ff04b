// An Italian club plays every game in Italian: a browser whose language is Italian gets the page
// in Italian without choosing it, makes a room from the game's options named in Italian (and
// shown in Italian in the room), plays a whole match against bots, and reads the log, the turn
// and the result in Italian, in the rulebooks' words.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, seeded, nextToAct, isOver, clickAnAction, logOfSteps}
    from './harness.mjs';

// Each game: the options set by their Italian names, what the room then shows of them, and what
// its Italian log must say (each pattern on some line).
const GAMES = {
  'raft-and-scupper': {
    set: async (page) => {
      await page.getByLabel('Partita breve (16 navi)').check();
      await page.getByLabel('Tempo per turno in mare, in secondi').fill('600');
    },
    shown: ['Partita breve (16 navi): sì', 'Tempo per turno in mare, in secondi: 600'],
    log: [/ha (piazzato un (Barbagialla|Barbanera) sulla nave \d+|scambiato la coppia \d+)/,
          /ha scelto di giocare con i (Barbagialla|Barbanera)/,
          new RegExp('\\((Barbagialla|Barbanera)\\) (ha mosso (Barbagialla|Barbanera) \\d|' +
                     'ha affondato la nave \\d+|ha passato)')],
    result: /Barbagialla|Barbanera/,
  },
  'scalawag': {
    set: async (page) => {
      await page.getByLabel('Tempo per contestare, in secondi').fill('600');
      await page.getByLabel('Tempo per le altre scelte, in secondi').fill('600');
    },
    shown: ['Tempo per contestare, in secondi: 600', 'Tempo per le altre scelte, in secondi: 600'],
    log: [/round \d+: turno di /,
          new RegExp('(ordina di (Spiegare le Vele|Fare Fuoco con i Cannoni|Avvicinarsi e ' +
                     'Abbordare|Assoldare Equipaggio|Navigare Sopravento)|ordina un ' +
                     'Ammutinamento|si mette Di Guardia)'),
          /termina il turno con \d+ Punt[oi] Bussola/,
          /il dado della Nebbia di Guerra mostra \d/],
    result: /l'ultima nave rimasta a galla/,
  },
  'um-rum-und-ehre': {
    set: async (page) => {
      await page.getByLabel('Tempo per ogni scelta, in secondi').fill('600');
    },
    shown: ['Tempo per ogni scelta, in secondi: 600'],
    log: [/ha mosso il capitano da .+ a .+ \(\d+ pirat[ai]/, /inizia il round \d+/,
          /(ha fatto salire a bordo \d+ pirat[ai]|la rissa comincia)/],
    result: /punti onore/,
  },
  'colpaccio': {
    // The solo duel against the Corsairs, hard: "L'incubo del capitano".
    set: async (page) => {
      await page.getByLabel(/^Giocatori/).fill('1');
      await page.getByLabel('Duello in solitario: difficoltà').selectOption({label: 'difficile'});
      await page.getByLabel('Tempo per ogni scelta, in secondi').fill('600');
    },
    shown: ['Duello in solitario: difficoltà: difficile'],
    log: [/ha razziato .*(dalla Locanda|dalla Torre|dal Molo|dalla Spiaggia)/,
          /i Corsari (hanno razziato (la Locanda|la Torre|il Molo|la Spiaggia)|non hanno trovato)/,
          /minaccia: (i Corsari|la Nave Fantasma|il Kraken); /],
    result: /(ha battuto i Corsari|I Corsari hanno vinto il duello), -?\d+ a -?\d+/,
  },
  'riff-raff': {
    set: async (page) => {
      await page.getByLabel('Tempo per prendere al volo, in millisecondi').fill('20000');
    },
    shown: ['Tempo per prendere al volo, in millisecondi: 20.000'],
    log: [/ha scelto una carta coperta/, /le carte si scoprono: /,
          /ha caricato (una|un|un') \S+.* sulla parte \d+, il (ponte|pennone)/],
    result: /(pezzi di tutti|tutti i pezzi)/,
  },
};

// Words no Italian line has: English left in a sentence.
const ENGLISH = /\b(the|and|with|from|was|took|loaded|raided|rolled|moved|ship)\b/;

test('an Italian browser plays every game in Italian, in the rulebooks\' words', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const context = await browser.newContext({locale: 'it-IT',
                                              viewport: {width: 1200, height: 860}});
    const page = await context.newPage();
    page.on('pageerror', (error) => { throw new Error(`the page: ${error.message}`); });
    page.on('console', (message) => {
      if (message.text().startsWith('i18n:')) throw new Error(message.text());
    });
    await page.goto(server.url);
    await page.getByLabel('Il tuo nome').fill('Giulia');
    await page.getByRole('button', {name: 'Entra nella sala'}).click();
    await page.getByRole('heading', {name: 'Sala'}).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
    const random = seeded(31);
    for (const [game, words] of Object.entries(GAMES)) {
      await page.goto(`${server.url}#/`);
      await page.getByLabel('Gioco', {exact: true}).selectOption(game);
      await words.set(page);
      await page.getByRole('button', {name: 'Crea la stanza'}).click();
      await page.waitForURL(/#\/room\/\d+$/);
      const info = page.locator('.room-info');
      for (const shown of words.shown) await info.getByText(shown).waitFor();
      const seats = await page.locator('.seat').count();
      for (let seat = 1; seat < seats; ++seat) {
        const row = page.locator(`.seat[data-seat="${seat}"]`);
        await page.getByLabel(`bot per il posto ${seat + 1}`).selectOption('random');
        await row.getByRole('button', {name: 'Aggiungi un bot'}).click();
        await row.filter({hasText: `Bot ${seat + 1} (facile)`}).waitFor();
      }
      await page.getByRole('button', {name: 'Inizia la partita'}).click();
      await page.locator('.play').waitFor();
      await page.locator('#plain-view').check();  // every action a button
      let moves = 0;
      while (await nextToAct([page], 30000)) {
        if (await clickAnAction(page, random)) ++moves;
        assert.ok(moves < 600, `${game} should end`);
      }
      assert.ok(await isOver(page), game);
      await page.locator('.result h2').waitFor();
      assert.equal(await page.locator('#turn').innerText(), 'La partita è finita.');
      assert.match(await page.locator('.result h2').innerText(),
                   /(ha|hanno) vinto\.|Nessuno ha vinto/);
      assert.match(await page.locator('.result').innerText(), words.result, game);
      const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
      assert.equal(stored.game, game);
      const lines = await logOfSteps(page, stored.actions);
      for (const pattern of words.log) {
        assert.ok(lines.some((line) => pattern.test(line)), `${game}: a line says ${pattern}`);
      }
      for (const line of lines) assert.doesNotMatch(line, ENGLISH, `${game}: ${line}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 175000});
