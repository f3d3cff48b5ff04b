// Colpaccio through its board: a browser plays a whole match against the smart bot, raiding by
// clicks on the convoy (and the keyboard), revealing ships after a parrot pact by clicks on
// them, while a spectator watches; then the solo duel against the Corsairs. At every turn the
// drawn table is checked against the view the page received, card for card; every click on the
// board sends exactly the legal action its button names; the spectator's table has no face-up
// ship, no clickable card, and its set-aside threat stays a back unless the view names it.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {applyPatch} from '../../sdk/js/patch.js';
import {startServer, launch, enter, startAgainstBot, nextToAct, seeded, step, isOver, until,
        logOfSteps} from './harness.mjs';

const GOODS = ['gems', 'silverware', 'fabrics', 'rum', 'pistols', 'sabres'];

// The page's current view, rebuilt from the messages it received, once it is the one shown.
function viewOf(page) {
  let view = null;
  let version = -1;
  for (const m of page.received) {
    if (m.type === 'state') [view, version] = [m.view, m.version];
    if (m.type === 'patch' && view && m.version === version + 1) {
      [view, version] = [applyPatch(view, m.ops), m.version];
    }
  }
  return view;
}

async function shownView(page) {
  await until(async () => viewOf(page)?.step === await step(page), 'the view shown');
  return viewOf(page);
}

// What the board drew, read back from the page.
function drawnTable(page) {
  return page.evaluate(() => {
    const ids = (root, selector) =>
      [...root.querySelectorAll(selector)].map((n) => Number(n.dataset.card));
    const setAside = document.querySelector('.colpaccio .set-aside .threat');
    return {
      convoy: [...document.querySelectorAll('.colp-convoy .colp-card.face')]
          .map((n) => ({id: Number(n.dataset.card), classes: n.getAttribute('class')})),
      deck: Number(document.querySelector('.colpaccio [data-deck]').dataset.deck),
      setAside: setAside ? setAside.getAttribute('class').match(/threat-(\w+)/)[1] : null,
      setAsideBack: document.querySelectorAll('.colpaccio .set-aside .back').length,
      struck: [...document.querySelectorAll('.colpaccio .struck .threat')]
          .map((n) => n.getAttribute('class').match(/threat-(\w+)/)[1]),
      looking: ids(document, '.colp-looking [data-card]'),
      choosable: document.querySelectorAll('.colpaccio .choosable').length,
      areas: [...document.querySelectorAll('.colp-area')].map((a) => ({
        seat: a.dataset.seat,
        columns: Object.fromEntries([...a.querySelectorAll('.colp-column[data-good]')]
            .map((c) => [c.dataset.good, ids(c, '.strip')])),
        ships: Number(a.querySelector('.colp-column.ships').dataset.ships),
        backs: a.querySelectorAll('.colp-column.ships .ship-back').length,
        facesAmongShips: a.querySelectorAll('.colp-column.ships [data-card]').length,
        prestige: Number(a.querySelector('.chip.prestige').dataset.prestige),
      })),
    };
  });
}

// The drawn table equals the view: the convoy card for card, every column, the ships as backs.
function checkTable(drawn, view) {
  assert.deepEqual(drawn.convoy.map((c) => c.id), view.convoy.map((c) => c.id));
  view.convoy.forEach((card, i) => {
    assert.ok(drawn.convoy[i].classes.includes(`good-${card.good} at-${card.location}`),
              drawn.convoy[i].classes);
  });
  assert.equal(drawn.deck, view.deck.count);
  assert.equal(drawn.setAside, view.threats.set_aside);
  assert.equal(drawn.setAsideBack, view.threats.set_aside ? 0 : 1);
  assert.deepEqual(drawn.struck, view.threats.revealed);
  assert.deepEqual(drawn.looking, (view.looking || []).map((c) => c.id));
  // One's own area first, under the convoy; the others in turn order.
  const areas = view.players.map((p) => [String(p.seat), p])
      .sort(([a], [b]) => (b === String(view.seat)) - (a === String(view.seat)));
  if (view.solo) areas.push(['corsairs', view.corsairs]);
  assert.deepEqual(drawn.areas.map((a) => a.seat), areas.map(([seat]) => seat));
  for (const [seat, area] of areas) {
    const shown = drawn.areas.find((a) => a.seat === seat);
    for (const good of GOODS) {
      assert.deepEqual(shown.columns[good], area.goods[good].map((c) => c.id), `${seat} ${good}`);
    }
    assert.equal(shown.ships, area.ships);
    assert.equal(shown.backs, area.ships);
    assert.equal(shown.facesAmongShips, 0, 'a face-down ship shows no face, even to its owner');
  }
}

const lastSent = (page) => page.sent.filter((m) => m.type === 'action').at(-1)?.action;

// Clicks `elements` on the board (the last one through the keyboard when `keys`), then the
// board's button for `action`, and checks that exactly that action went to the server and that
// the board names it as the actions panel does.
async function chooseOnBoard(page, elements, action, keys) {
  const before = await step(page);
  for (const [i, element] of elements.entries()) {
    if (keys && i === elements.length - 1) {
      await element.focus();
      await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
    } else {
      await element.click();
    }
  }
  const json = JSON.stringify(action);
  const offered = await page.locator('.colp-do').evaluateAll((b) => b.map((x) => x.dataset.action));
  assert.ok(offered.includes(json), `${json} among ${offered}`);
  const button = page.locator('.colp-do').nth(offered.indexOf(json));
  const named = await button.innerText();
  const panel = page.locator(`.actions button.action[data-action='${json}']`);
  assert.equal(await panel.count(), 1, 'the panel offers the same action');
  assert.equal(named, await panel.evaluate((b) => b.textContent));
  if (keys) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await page.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                             before);
  assert.deepEqual(lastSent(page), action);
}

async function clickPanel(page, action) {
  const before = await step(page);
  await page.locator(`.actions button.action[data-action='${JSON.stringify(action)}']`).click();
  await page.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                             before);
  assert.deepEqual(lastSent(page), action);
}

// One turn's choice for `page`, made on the board where the board offers it.
async function playOne(page, view, random, counts, keys) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const of = (type) => view.legal.filter((a) => a.type === type);
  const convoyCard = (id) => page.locator(`.colp-convoy [data-card="${id}"]`);
  if (of('reveal_ships').length) {
    const action = pick(of('reveal_ships'));
    ++counts.reveal;
    const ships = action.ships.map((id) => page.locator(`.colp-looking [data-card="${id}"]`));
    return chooseOnBoard(page, ships, action, keys);
  }
  if (of('lose_good').length) {
    const action = pick(of('lose_good'));
    ++counts.lose;
    const before = await step(page);
    await page.locator(`.colp-area.mine .colp-column[data-good="${action.good}"]`).click();
    await page.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                               before);
    return assert.deepEqual(lastSent(page), action);
  }
  // A parrot pact (its reveal is chosen on the board) and a letter of marque as soon as they
  // are affordable, the first time; raids for doubloons until then.
  if (of('parrot_pact').length) counts.pactOffered = true;
  if (of('parrot_pact').length && !counts.reveal) return clickPanel(page, of('parrot_pact')[0]);
  const letters = of('letter_of_marque');
  if (letters.length && !counts.letter) {
    const action = pick(letters);
    ++counts.letter;
    return chooseOnBoard(page, action.cards.map(convoyCard), action, keys);
  }
  if (of('secret_chest').length && random() < 0.2) return clickPanel(page, of('secret_chest')[0]);
  const raids = of('raid');
  if (raids.length && !(of('end_turn').length && random() < 0.3)) {
    const paying = raids.filter((a) => a.cards.length === 1 &&
        /doubloon/.test(view.convoy.find((c) => c.id === a.cards[0]).prize));
    const many = raids.filter((a) => a.cards.length > 1);
    const action = (!counts.reveal || !counts.letter) && paying.length ? pick(paying)
        : many.length && random() < 0.5 ? pick(many) : pick(raids);
    counts[`raid${action.cards.length}`] += 1;
    return chooseOnBoard(page, action.cards.map(convoyCard), action, keys);
  }
  return clickPanel(page, pick(view.legal));
}

// Plays the page's turns through the board to the end, the table checked before each turn (and
// by `beforeTurn(view, moves)` as the caller wishes); the first `keyed` moves by the keyboard.
async function playToEnd(page, seed, {keyed = 0, beforeTurn = async () => {}} = {}) {
  const random = seeded(seed);
  const counts = {raid1: 0, raid2: 0, raid3: 0, letter: 0, reveal: 0, lose: 0};
  for (let moves = 0; await nextToAct([page], 30000); ++moves) {
    const view = await shownView(page);
    checkTable(await drawnTable(page), view);
    await beforeTurn(view, moves);
    await playOne(page, view, random, counts, moves < keyed);
    assert.ok(moves < 200, 'the match should end');
  }
  return counts;
}

async function createColpaccio(page, players, difficulty) {
  await page.getByLabel('Game', {exact: true}).selectOption('colpaccio');
  await page.locator('#option-players').fill(String(players));
  if (difficulty) await page.getByLabel('Solo duel: difficulty').selectOption({label: difficulty});
  await page.getByRole('button', {name: 'Create room'}).click();
  await page.waitForURL(/#\/room\/\d+$/);
  return Number(page.url().match(/#\/room\/(\d+)$/)[1]);
}

// The end: the board's prestige and its score table are the result's.
async function checkEnd(page, view) {
  const r = view.result;
  const drawn = await drawnTable(page);
  assert.deepEqual(drawn.areas.filter((a) => a.seat !== 'corsairs')
                       .sort((a, b) => Number(a.seat) - Number(b.seat)).map((a) => a.prestige),
                   r.scores);
  const rows = await page.locator('.colp-score-table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.dataset.seat,
                                              Number(tr.querySelector('.total').textContent)]));
  const expected = r.prestige.map((p, i) => [String(p.seat ?? i), p.total]);
  if (r.corsairs) {
    expected.push(['corsairs', r.corsairs_score]);
    assert.equal(drawn.areas.find((a) => a.seat === 'corsairs').prestige, r.corsairs_score);
  }
  assert.deepEqual(rows, expected);
}

test('a browser plays Colpaccio against a bot through the board, watched', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createColpaccio(anne, 2);
    await startAgainstBot(anne);
    const jack = await enter(browser, server.url, 'Calico Jack');
    await jack.getByRole('link', {name: `Watch room ${room}`}).click();
    await jack.locator('.colpaccio').waitFor();

    const counts = await playToEnd(anne, 7, {keyed: 2, beforeTurn: async (view, moves) => {
      if (moves % 3) return;
      // The spectator, at the same step: the same public table, nothing to click, no ship shown.
      await jack.locator(`.play[data-step="${view.step}"]`).waitFor();
      const seen = await shownView(jack);
      const drawn = await drawnTable(jack);
      checkTable(drawn, seen);
      assert.deepEqual(seen.convoy, view.convoy);
      assert.equal(drawn.choosable, 0);
      assert.equal(drawn.looking.length, 0);
      assert.equal(await jack.locator('.colp-do, button.action, .colp-area.mine').count(), 0);
    }});
    assert.ok(await isOver(anne));
    const end = await shownView(anne);
    checkTable(await drawnTable(anne), end);
    await checkEnd(anne, end);
    // Single raids and runs were clicked; a parrot pact's ships were revealed by clicks.
    assert.ok(counts.raid1 > 0 && counts.raid2 + counts.raid3 + counts.letter > 0,
              JSON.stringify(counts));
    assert.ok(counts.reveal > 0 || !counts.pactOffered, JSON.stringify(counts));
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    const replay = await (await fetch(`${server.url}api/matches/${stored.id}/replay`)).json();
    // The log names who did what at every step, the ends of turns included.
    const lines = await logOfSteps(anne, stored.actions);
    const ends = replay.steps.filter((s) => s.action?.type === 'end_turn');
    for (const line of lines) assert.doesNotMatch(line, /something happened/);
    assert.equal(lines.filter((l) => / ended the turn/.test(l)).length, ends.length);
    for (const s of ends) {
      const who = s.seat === 0 ? 'Anne Bonny' : 'Bot 2 \\(smart\\)';
      assert.match(lines[s.view.step - 1], new RegExp(`^${s.view.step}\\. ${who} ended the turn`));
    }

    // The replay, everything revealed: the face-down ships show their goods at last, and each
    // step's caption, the log's words, names the cards its action took (from the view after it).
    await anne.locator('#replay-link').click();
    await anne.locator('#step-caption', {hasText: 'Step 0 of'}).waitFor();
    for (let k = 1; k < replay.steps.length; ++k) {
      await anne.keyboard.press('ArrowRight');
      const caption = await anne.locator('#step-caption').innerText();
      assert.match(caption, new RegExp(`^Step ${k} of`));
      assert.doesNotMatch(caption, /card \d+|\?/, caption);
      if (replay.steps[k].action.type === 'raid') assert.match(caption, / raided /);
    }
    for (const p of replay.steps.at(-1).view.players) {
      const ships = await anne.locator(`.colp-area[data-seat="${p.seat}"] .ships .strip`)
          .evaluateAll((strips) => strips.map((n) => Number(n.dataset.card)));
      assert.deepEqual(ships, p.ship_cards.map((c) => c.id));
    }

    // The spectator: the same end, and never a hidden card on the wire.
    await jack.locator('.play[data-over="true"]').waitFor();
    await checkEnd(jack, await shownView(jack));
    for (const m of jack.received.filter((x) => x.type === 'state' || x.type === 'patch')) {
      const text = JSON.stringify(m);
      assert.doesNotMatch(text, /"ship_cards"|"order"|"waiting_threats"/);
      if (m.type === 'state') assert.equal(m.view.looking, null);
      for (const op of m.ops || []) {
        assert.ok(!op.path.startsWith('/looking') || op.value === null, op.path);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});

test('a browser plays the solo duel against the Corsairs through the board', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await createColpaccio(anne, 1, 'medium');
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.colpaccio').waitFor();
    const first = await shownView(anne);
    // Seasoned Corsairs: two face-down ships from the start, drawn as backs.
    assert.equal(first.corsairs.ships, 2);
    assert.match(await anne.locator('.colp-area[data-seat="corsairs"] h3').innerText(),
                 /The Corsairs/);
    await playToEnd(anne, 3);
    const end = await shownView(anne);
    checkTable(await drawnTable(anne), end);
    await checkEnd(anne, end);
    assert.ok(end.corsairs.turns > 0);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
