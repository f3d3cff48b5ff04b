// The pseudo-language for the browser tests: a page shown in en-XA (web/js/i18n.js: every text
// of a catalog, and everything Intl writes, accented and between ⟦ and ⟧), and the check that
// every text a person reads on it is so marked. The people's own words (names, chat) and signs
// or digits are the only unmarked texts a page may hold: any other letter is a text that did not
// come from a catalog. Texts marked as not to be translated (translate="no": the plain view's
// raw tree) or as another language (lang: the language choice, each language by its own name)
// are what they claim to be, and are left out.

import assert from 'node:assert/strict';

// The people's own words on the pages of the tests: names and a chat line.
export const DATA = ['Anne', 'Ahoy'];

// Every text of the page, and every text-bearing attribute, as the person meets them.
function pageTexts() {
  const skipped = (node) =>
    node.closest?.('[translate="no"], body [lang], script, style, noscript');
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const runs = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skipped(node.parentElement)) runs.push(node.nodeValue);
  }
  texts.push({where: 'the page', text: runs.join('\n')});
  for (const element of document.body.querySelectorAll('*')) {
    if (skipped(element)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value) texts.push({where: `${element.tagName.toLowerCase()} ${name}`, text: value});
    }
  }
  texts.push({where: 'the title', text: document.title});
  return texts;
}

// What is left of a text once its marked parts (nested ones too; one cut short to fit, with an
// ellipsis, is marked as far as it goes) and the people's words are gone.
export function unmarked(text) {
  let rest = text;
  for (let before = null; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ').replace(/⟦[^⟦⟧]*…/g, '…');
  }
  for (const data of DATA) rest = rest.split(data).join(' ');
  return rest;
}

export async function assertFromCatalogs(page, where) {
  const texts = await page.evaluate(pageTexts);
  const found = [];
  for (const {where: part, text} of texts) {
    const letters = unmarked(text).match(/[^\s]*\p{L}[^\s]*/gu);
    if (letters) {
      found.push(`${part}: ${JSON.stringify(letters.slice(0, 5))} in ` +
                 JSON.stringify(text.slice(0, 300)));
    }
  }
  assert.deepEqual(found, [], `${where}: texts not from a catalog`);
}

// A new browser whose page is in the pseudo-language; `page.problems` gathers the catalogs'
// complaints (a key no catalog has, a parameter not given) and the page's errors.
export async function pseudoPage(browser, url) {
  const context = await browser.newContext({viewport: {width: 1200, height: 900}});
  await context.addInitScript(() => localStorage.setItem('tortuga.language', 'en-XA'));
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (message) => {
    if (message.text().startsWith('i18n:')) page.problems.push(message.text());
  });
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  await page.goto(url);
  return page;
}

// Enters the lobby under `name`, from the name form.
export async function enterPseudo(page, name) {
  await page.locator('#name').fill(name);
  await page.locator('form button[type=submit]').click();
  await page.locator('#rooms').waitFor();
}

const step = async (page) => Number(await page.locator('.play').getAttribute('data-step'));
export const over = async (page) =>
  (await page.locator('.play').getAttribute('data-over')) === 'true';

// Clicks one legal action's button, if there is one, and waits for the next step.
export async function act(page, random) {
  const before = await step(page);
  const buttons = page.locator('.actions button.action:visible:not([disabled])');
  const n = await buttons.count();
  if (n === 0) return false;
  try {
    await buttons.nth(Math.floor(random() * n)).click({timeout: 2000});
  } catch (_) {
    return false;
  }
  await page.waitForFunction((k) => Number(document.querySelector('.play')?.dataset.step) > k,
                             before, {timeout: 20000}).catch(() => {});
  return true;
}

// Makes a room of `game` from the lobby, fills it with random bots and starts its match.
export async function startWithBots(page, url, game, setUp = async () => {}) {
  await page.goto(`${url}#/`);
  await page.locator('#game').selectOption(game);
  await setUp();
  await page.locator('form button[type=submit]').last().click();
  await page.waitForURL(/#\/room\/\d+/);
  await page.locator('.seat[data-seat="0"]:not(.empty)').waitFor();
  await assertFromCatalogs(page, `${game}: the room`);
  const seats = await page.locator('.seat').count();
  for (let seat = 1; seat < seats; ++seat) {
    const row = page.locator(`.seat[data-seat="${seat}"]`);
    await row.locator('select').selectOption('random');
    await row.locator('.add-bot button').click();
    await page.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
  }
  await page.locator('#start:not([disabled])').click();
  await page.locator('.play').waitFor();
  await assertFromCatalogs(page, `${game}: the start`);
}

// Plays on, checking the page after `checks` moves (each a count of moves made); stops at the end.
export async function playChecking(page, game, random, checks) {
  for (let moves = 0, i = 0; i < checks.length && !(await over(page)); ++moves) {
    if (!(await act(page, random))) {
      await page.waitForTimeout(50);
      if (await over(page)) break;
    }
    if (moves >= checks[i]) {
      await assertFromCatalogs(page, `${game}: move ${moves}`);
      ++i;
    }
    assert.ok(moves < 2000, `${game}: the match should end`);
  }
}
