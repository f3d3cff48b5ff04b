// Um Rum & Ehre through its board: a browser plays a whole two-player match against the smart
// bot, moving the captain by clicking spaces (once from the keyboard), taking maps, fighting
// guards and taking pirates back by clicks where the board offers them, and the panel's buttons
// otherwise, while a spectator watches. At every turn the drawn board is checked against the
// view the page received: the captain, each alley's pirates, the ship's rows, the counts, the
// spaces lit for moving, the price a move's label names; a click must send exactly the legal
// action it names; neither the spectator nor the other seat ever sees private tiles or coins
// before the end; and the replay names the first move by the space it led to.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, startAgainstBot, nextToAct, seeded, step, isOver,
        logOfSteps} from './harness.mjs';
import {applyPatch} from '../../sdk/js/patch.js';
import {label, spaceName} from '../../web/boards/um-rum-und-ehre-words.js';
import {useCatalogs} from './catalogs.mjs';

// The board's words, as the page (in English) has them.
useCatalogs('en');

// The view a page holds, from the messages it received (state, then patches in order).
function tracker(page) {
  let view = null;
  let version = -1;
  let read = 0;
  const byStep = new Map();
  // The latest view, or the one of `step` once it has come.
  return (step) => {
    for (; read < page.received.length; ++read) {
      const m = page.received[read];
      if (m.type === 'state') [view, version] = [m.view, m.version];
      if (m.type === 'patch' && view && m.version === version + 1) {
        [view, version] = [applyPatch(view, m.ops), m.version];
      }
      if (view) byStep.set(view.step, view);
    }
    return step === undefined ? view : byStep.get(step);
  };
}

// The view at the step the page shows (frames and drawing race each other a little).
async function shownView(page, viewOf) {
  let view;
  await page.waitForFunction(() => document.querySelector('.umrum-town .captain'));
  for (let i = 0; i < 200; ++i) {
    view = viewOf();
    if (view && view.step === await step(page)) return view;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the page shows a step it did not receive');
}

const targetOf = (view, a) => (a.type === 'move_dark' ? view.town.alleys[a.in][0]
    : view.town.alleys[a.alley].slice(0, 2).find((s) => s !== view.captain));

// What the board drew, read from the page.
function drawn(page) {
  return page.evaluate(() => {
    const q = (sel) => [...document.querySelectorAll(sel)];
    return {
      captain: Number(document.querySelector('.umrum-town .captain').dataset.space),
      kinds: q('.umrum-town .space').map((g) => [Number(g.dataset.space), g.dataset.kind]),
      tiles: q('.umrum-town .tile').map((g) => Number(g.dataset.tile)),
      alleys: q('.umrum-town .alley').map((g) => ({
        id: Number(g.dataset.alley), seat: g.dataset.seat ?? null,
        pirates: g.querySelectorAll('circle.pirate').length,
        places: g.querySelectorAll('circle').length})),
      rows: q('.umrum-ship .ship-row').map((g) => ({
        crew: g.dataset.crew, left: Number(g.dataset.left), right: Number(g.dataset.right),
        pirates: g.querySelectorAll('circle').length})),
      counts: q('.umrum-player').map((p) => Object.fromEntries(
          [...p.querySelectorAll('[data-count]')].map((c) => [c.dataset.count,
                                                              parseInt(c.textContent, 10)]))),
      privateSeats: q('.umrum-private').map((p) => Number(p.dataset.seat)),
      flags: q('.umrum-private .flag').map((f) => f.querySelectorAll('.tile-chip').length),
      targets: q('.umrum-town .space.target').map((g) => Number(g.dataset.space)).sort(),
      deadEnds: q('.umrum-town .space.dead-end').map((g) => Number(g.dataset.space)),
      maps: q('.umrum-display [data-slot].target').map((c) => Number(c.dataset.slot)),
      guards: q('.umrum-display [data-guard].target').map((c) => c.dataset.guard),
      clickable: q('.umrum .clickable').length,
    };
  });
}

function checkBoard(d, view, who) {
  assert.equal(d.captain, view.captain, `${who}: the captain`);
  assert.deepEqual(d.kinds, view.town.spaces.map((k, i) => [i, k]), `${who}: the spaces`);
  assert.deepEqual(d.tiles, view.town.arrangement.map((t) => t.tile), `${who}: the tiles`);
  assert.equal(d.alleys.length, view.town.alleys.length);
  for (const a of d.alleys) {
    const owner = view.alley_pirates[a.id];
    const segments = view.town.alleys[a.id][2];
    assert.equal(a.seat, owner === null ? null : String(owner), `${who}: alley ${a.id}`);
    assert.equal(a.pirates, owner === null ? 0 : segments, `${who}: pirates in alley ${a.id}`);
    assert.equal(a.places, segments, `${who}: segments of alley ${a.id}`);
  }
  assert.deepEqual(d.rows, view.ship.rows.map((r) => ({
    crew: String(r.crew), left: r.left, right: r.right, pirates: r.left + r.right})));
  view.players.forEach((p, seat) => {
    const c = d.counts[seat];
    assert.equal(c.supply, p.supply, `${who}: seat ${seat}'s supply`);
    assert.equal(c.office, p.office);
    assert.equal(c.rum, p.rum);
    assert.equal(c.encounters, p.encounters_face_down);
    assert.equal(c.alleys, view.alley_pirates.reduce(
        (n, o, id) => n + (o === seat ? view.town.alleys[id][2] : 0), 0));
    assert.equal(c.coins, p.coins === undefined ? undefined : p.coins, `${who}: coins`);
  });
  const withSecrets = view.players.filter((p) => p.coins !== undefined).map((p) => p.seat);
  assert.deepEqual(d.privateSeats, withSecrets, `${who}: whose tiles are drawn`);
  assert.deepEqual(d.flags, view.players.filter((p) => p.flag).map((p) => p.flag.length));
  if (!view.over) {
    assert.deepEqual(withSecrets, view.seat === null ? [] : [view.seat], `${who}: secrets`);
  }
  const moves = view.legal.filter((a) => a.type === 'move' || a.type === 'move_dark');
  assert.deepEqual(d.targets, [...new Set(moves.map((a) => targetOf(view, a)))].sort(),
                   `${who}: the spaces lit for moving`);
  // A captain on a space drawn as a dead end has no move; one with a move is not in one.
  if (d.deadEnds.includes(view.captain)) assert.equal(moves.length, 0, `${who}: dead end`);
  assert.deepEqual(d.maps, view.legal.filter((a) => a.type === 'take_map').map((a) => a.slot));
  assert.deepEqual(d.guards, view.legal.filter((a) => a.type === 'guard').map((a) => a.size));
}

const nextStep = (page, before) => page.waitForFunction(
    (n) => Number(document.querySelector('.play').dataset.step) > n, before);
const lastSent = (page) => page.sent.filter((m) => m.type === 'action').at(-1)?.action;

test('a browser plays Um Rum & Ehre against the smart bot through the board', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.getByLabel('Game', {exact: true}).selectOption('um-rum-und-ehre');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    await startAgainstBot(anne);
    const jack = await enter(browser, server.url, 'Calico Jack');
    await jack.goto(`${server.url}#/watch/${room}`);
    await jack.locator('.umrum-town .captain').waitFor();
    const anneView = tracker(anne);
    const jackView = tracker(jack);

    const random = seeded(2006);
    let clicks = 0;
    let routes = 0;
    let byKeyboard = false;
    let sawSeveral = false;
    const onBoard = {map: 0, guard: 0, take_back: 0};
    for (let turn = 0; await nextToAct([anne], 30000); ++turn) {
      assert.ok(turn < 400, 'the match should end');
      const view = await shownView(anne, anneView);
      checkBoard(await drawn(anne), view, 'Anne');
      if (turn % 3 === 0) {  // the spectator sees the same town, and no secrets
        await jack.locator(`.play[data-step="${view.step}"]`).waitFor();
        const seen = await shownView(jack, jackView);
        checkBoard(await drawn(jack), seen, 'the spectator');
        assert.equal(seen.captain, view.captain);
        assert.deepEqual(seen.alley_pirates, view.alley_pirates);
        // The question, which the spectator's board reads without legal actions, is Anne's.
        const question = async (page) => (await page.locator('.umrum-head .question').innerText())
            .replace(/ \([^)]*\)/g, '');
        assert.equal(await question(jack), await question(anne));
      }
      const before = view.step;
      const moves = view.legal.filter((a) => a.type === 'move' || a.type === 'move_dark');
      const maps = view.legal.filter((a) => a.type === 'take_map');
      const guards = view.legal.filter((a) => a.type === 'guard');
      const backs = view.legal.filter((a) => a.type === 'take_back' && a.alleys.length === 1);
      const supply = view.players[0].supply;
      if (moves.length && (supply > 3 || random() < 0.5)) {
        const spaces = [...new Set(moves.map((a) => targetOf(view, a)))];
        // Spaces several ways lead to (through the dark) get their share of clicks.
        const ways = (s) => moves.filter((a) => targetOf(view, a) === s).length;
        const several = spaces.filter((s) => ways(s) > 1);
        sawSeveral ||= several.length > 0;
        const among = several.length && (routes === 0 || random() < 0.4) ? several : spaces;
        const to = among[Math.floor(random() * among.length)];
        const here = moves.filter((a) => targetOf(view, a) === to);
        const space = anne.locator(`.umrum-town .space.target[data-space="${to}"]`);
        if (!byKeyboard) {
          await space.focus();
          await anne.keyboard.press('Enter');
          byKeyboard = true;
        } else {
          await space.click();
        }
        if (here.length === 1) {
          await nextStep(anne, before);
          assert.deepEqual(lastSent(anne), here[0], 'a click on a space sends its one move');
        } else {
          const buttons = anne.locator('.umrum-routes button.route');
          assert.equal(await buttons.count(), here.length, 'every way there is listed');
          const listed = (await buttons.evaluateAll((bs) => bs.map((b) => b.dataset.action)))
              .map((text) => JSON.parse(text));
          assert.deepEqual(new Set(listed.map((a) => JSON.stringify(a))),
                           new Set(here.map((a) => JSON.stringify(a))));
          const pick = Math.floor(random() * here.length);
          await buttons.nth(pick).click();
          await nextStep(anne, before);
          assert.deepEqual(lastSent(anne), listed[pick], 'the way chosen is sent as it is');
          ++routes;
        }
        // The price the move's label named is the price the move event says was paid.
        const after = anneView(before + 1);
        const paid = after.events.find((e) => e.event === 'move' && e.seat === 0);
        const named = label(lastSent(anne), view).match(/\((\d+) pirates?(?:, (\d+) coins?)?\)/);
        assert.deepEqual([Number(named[1]), Number(named[2] ?? 0)], [paid.pirates, paid.coins]);
        ++clicks;
        continue;
      }
      let expected;
      if (maps.length) {
        expected = maps[Math.floor(random() * maps.length)];
        await anne.locator(`.umrum-display [data-slot="${expected.slot}"]`).click();
        ++onBoard.map;
      } else if (guards.length) {
        expected = guards[Math.floor(random() * guards.length)];
        await anne.locator(`.umrum-display [data-guard="${expected.size}"]`).click();
        ++onBoard.guard;
      } else if (backs.length && random() < 0.7) {
        expected = backs[Math.floor(random() * backs.length)];
        await anne.locator(`.umrum-town .alley.target[data-alley="${expected.alleys[0]}"]`)
            .click();
        ++onBoard.take_back;
      } else {
        // A panel button: boarding once pirates run low, otherwise any offered answer.
        const types = view.legal.map((a) => a.type);
        const wanted = types.includes('board') && (supply <= 3 || random() < 0.15) ? 'board'
            : types.includes('end_turn') && random() < 0.5 ? 'end_turn' : null;
        const panel = view.legal.filter((a) => !['move', 'move_dark'].includes(a.type) &&
                                                !backs.includes(a));
        const offered = panel.filter((a) => (wanted ? a.type === wanted
                                                    : !['rest', 'board'].includes(a.type)));
        const from = offered.length ? offered : panel;
        expected = from[Math.floor(random() * from.length)];
        const button = anne.locator(
            `.actions button.action[data-action='${JSON.stringify(expected)}']`);
        if (!await button.isVisible()) await anne.locator('.actions details summary').click();
        await button.click();
      }
      await nextStep(anne, before);
      assert.deepEqual(lastSent(anne), expected, 'the click sends the action it names');
    }
    assert.ok(await isOver(anne));
    assert.ok(clicks >= 10, `moves made by clicking spaces: ${clicks}`);
    assert.ok(routes >= 1 || !sawSeveral, 'a way through the dark was chosen from the list');
    await anne.locator('.result h2').waitFor();
    const end = await shownView(anne, anneView);
    assert.equal(end.round, 5);
    const final = await drawn(anne);
    checkBoard(final, end, 'Anne at the end');
    assert.deepEqual(final.privateSeats, [0, 1], 'everything is shown once the match is over');
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    const lines = await logOfSteps(anne, stored.actions);
    assert.ok(lines.some((l) => /moved from .* to /.test(l)), 'the log names the moves');

    // The replay names the first move by the spaces it joined, drawn from the view after it.
    await anne.locator('#replay-link').click();
    await anne.locator('#step-caption', {hasText: 'Step 0 of'}).waitFor();
    const replay = anne.received.filter((m) => m.type === 'replay').at(-1);
    const first = replay.steps[1];
    assert.equal(first.seat, 0);
    await anne.keyboard.press('ArrowRight');
    await anne.locator('#step-caption', {hasText: 'Step 1 of'}).waitFor();
    if (first.action.type === 'move' || first.action.type === 'move_dark') {
      const to = first.view.events.find((e) => e.event === 'move').to;
      assert.match(await anne.locator('#step-caption').innerText(),
                   new RegExp(`^Step 1 of \\d+: Anne Bonny moved from .+ to ` +
                              `${spaceName(first.view, to).replace(/[()]/g, '.')} \\(`));
    }
    assert.equal(Number(await anne.locator('.umrum-town .captain').getAttribute('data-space')),
                 first.view.captain);

    // No view the spectator received carried a secret before the end.
    const secrets = /^\/players\/\d+\/(coins|flag|encounters|points)(\/|$)|^\/question\/drawn/;
    for (const m of jack.received) {
      if (m.type === 'state' && !m.view.over) {
        for (const p of m.view.players) assert.equal(p.coins, undefined);
        assert.equal(m.view.question.drawn, undefined);
      }
      if (m.type === 'patch' && !m.ops.some((op) => op.path === '/over')) {
        for (const op of m.ops) assert.ok(!secrets.test(op.path), `a spectator got ${op.path}`);
      }
    }
    assert.equal(await jack.locator('button.action').count(), 0);
    console.log(`${clicks} moves by clicking spaces, ${routes} of them choosing a way; ` +
                `other clicks on the board: ${JSON.stringify(onBoard)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
