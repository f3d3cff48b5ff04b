// The Scalawag! table as the rulebook seats it: at every step of a match for three (with the
// Fog of War) and one for eight, the lines drawn between ships are exactly the pairs within
// reach of each other by the rules (turn order, skipping wrecks and ships On Guard, never
// across the fog), computed here from the view's ring alone, and the view's own `adjacent`
// lists agree; the fog is drawn between the two ships it separates. With 32-character names
// on every card, no name runs past its card, no two cards overlap, and a claim stays inside the
// table. On a phone the table seats the ships down a long table, its text readable.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {TortugaClient} from '../../sdk/js/index.js';
import {applyPatch} from '../../sdk/js/patch.js';
import {startServer, launch, enter, isOver, until, clickAnAction, seeded} from './harness.mjs';

const LONG = ['Bartholomew \'Black Bart\' Roberts', 'Calico Jack Rackham of New Providen',
              'Anne Bonny of the Revenge, Nassau', 'Mary Read, disguised as a sailor!',
              'Edward Teach called Blackbeard...', 'Stede Bonnet, Gentleman Pirate...',
              'Charles Vane of the Ranger, 1718.', 'Henry Every, the Arch Pirate king']
    .map((name) => name.slice(0, 32));

// The page's views by step, rebuilt from the messages it received (kept as it goes).
function viewAt(page, n) {
  page.rebuilt ??= {seen: 0, view: null, steps: new Map()};
  const r = page.rebuilt;
  for (; r.seen < page.received.length; ++r.seen) {
    const m = page.received[r.seen];
    if (m.type === 'state') r.view = m.view;
    else if (m.type === 'patch' && r.view) r.view = applyPatch(r.view, m.ops);
    if (r.view && (m.type === 'state' || m.type === 'patch')) r.steps.set(r.view.step, r.view);
  }
  return r.steps.get(n);
}

// The rules' pairs within reach (docs/games/scalawag.md, Adjacency): from each ship afloat,
// clockwise, the next ship afloat, and past it while that one is On Guard; never across the
// fog's gap, which lies between two places next to each other in the turn order.
function rulesPairs(view) {
  const ring = view.ring;
  const n = ring.length;
  const alive = (seat) => view.players[seat].alive;
  const fogBetween = (a, b) => view.fog && view.fog.includes(a) && view.fog.includes(b);
  const pairs = new Set();
  for (let i = 0; i < n; ++i) {
    const a = ring[i];
    if (!alive(a)) continue;
    let prev = a;
    for (let k = 1; k < n; ++k) {
      const b = ring[(i + k) % n];
      if (!alive(b)) continue;
      if (fogBetween(prev, b)) break;
      pairs.add([Math.min(a, b), Math.max(a, b)].join('-'));
      if (!view.players[b].on_guard) break;
      prev = b;
    }
  }
  return [...pairs].sort();
}

function viewPairs(view) {
  const pairs = new Set();
  for (const p of view.players) {
    for (const o of p.adjacent) pairs.add([Math.min(p.seat, o), Math.max(p.seat, o)].join('-'));
  }
  return [...pairs].sort();
}

// What the board drew, read back from the page.
function drawn(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('.scalawag-table');
    const box = svg.getBoundingClientRect();
    const cards = [...svg.querySelectorAll('.ship-card')].map((g) => {
      const rect = g.querySelector(':scope > rect').getBoundingClientRect();
      const name = g.querySelector('.who');
      return {seat: Number(g.dataset.seat), adjacent: g.dataset.adjacent,
              rect: {left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom},
              nameRight: name.getBoundingClientRect().right,
              nameFont: name.getBoundingClientRect().height,
              title: g.querySelector('title').textContent};
    });
    const claim = svg.querySelector('.claim');
    const fog = svg.querySelector('.fog');
    const around = fog && svg.querySelector(
        `.reach[data-a="${fog.dataset.a}"][data-b="${fog.dataset.b}"]`);
    const middle = around?.getPointAtLength(around.getTotalLength() / 2);
    const at = fog?.transform.baseVal.consolidate().matrix;
    const c = claim?.getBoundingClientRect();
    return {
      step: Number(document.querySelector('.play').dataset.step),
      // How far the line between the two ships the fog separates (if they are within reach
      // the other way round) passes from the fog.
      fogClearance: middle ? Math.hypot(middle.x - at.e, middle.y - at.f) : null,
      box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
      narrow: svg.classList.contains('long-table'),
      pairs: [...svg.querySelectorAll('.reach')]
          .map((p) => `${p.dataset.a}-${p.dataset.b}`).sort(),
      fog: [...svg.querySelectorAll('.fog')].map((f) => `${f.dataset.a}-${f.dataset.b}`),
      cards,
      claim: claim && {text: claim.textContent.trim(), left: c.left, right: c.right, top: c.top,
                       bottom: c.bottom},
    };
  });
}

const inside = (inner, outer) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function checkTable(page, names) {
  const d = await drawn(page);
  const shown = d.step;
  await until(() => viewAt(page, shown), `step ${shown} received`);
  const view = viewAt(page, shown);
  const rules = rulesPairs(view);
  assert.deepEqual(viewPairs(view), rules, `step ${shown}: the view's adjacency is the rules'`);
  assert.deepEqual(d.pairs, rules, `step ${shown}: the lines drawn are the rules' pairs`);
  for (const card of d.cards) {
    const mine = view.players[card.seat].adjacent;
    assert.deepEqual(card.adjacent.split(' ').filter(Boolean).map(Number), mine);
    assert.ok(card.title.startsWith(names[card.seat]), 'the whole name is in the card\'s title');
    assert.ok(card.nameRight <= card.rect.right, `seat ${card.seat}'s name runs past its card`);
    assert.ok(inside(card.rect, d.box), `seat ${card.seat}'s card is outside the table`);
  }
  for (let i = 0; i < d.cards.length; ++i) {
    for (let j = i + 1; j < d.cards.length; ++j) {
      assert.ok(!overlap(d.cards[i].rect, d.cards[j].rect),
                `the cards of seats ${d.cards[i].seat} and ${d.cards[j].seat} overlap`);
    }
  }
  const fog = view.fog ? [`${Math.min(...view.fog)}-${Math.max(...view.fog)}`] : [];
  assert.deepEqual(d.fog, fog, `step ${shown}: the fog is drawn where the view has it`);
  // A ship On Guard can join the two the fog separates: their line goes round the other way.
  if (d.fogClearance !== null) {
    assert.ok(d.fogClearance > 60, `a line of reach passes ${d.fogClearance} from the fog`);
  }
  if (view.claim) {
    assert.ok(d.claim, 'an open claim is drawn');
    assert.match(d.claim.text, /^claims (a|\d) \w+$/);
    assert.ok(inside(d.claim, d.box), `the claim "${d.claim.text}" is cut by the table's edge`);
  }
  return {view, drawn: d};
}

// Anne (in the browser) and the others (players of the SDK, playing at random when the test
// advances them) with long names.
async function tableOf(server, browser, players, viewport, random) {
  const anne = await enter(browser, server.url, LONG[0], viewport);
  await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
  await anne.locator('#option-players').fill(String(players));
  await anne.getByRole('button', {name: 'Create room'}).click();
  await anne.waitForURL(/#\/room\/\d+$/);
  const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
  const others = [];
  for (let i = 1; i < players; ++i) {
    const client = new TortugaClient({url: `ws://127.0.0.1:${server.port}/ws`, name: LONG[i],
                                      WebSocket});
    await client.connect();
    await client.joinRoom(room);
    others.push(client);
  }
  await anne.locator('#start:not([disabled])').click();
  await anne.locator('.scalawag-table').waitFor();
  const match = anne.received.find((m) => m.type === 'room' && m.room.match).room.match;
  const handles = others.map((client) => client.match(match));
  await Promise.all(handles.map((m) => m.ready));
  // Each of the others asked something answers it once, at random: the test's own pace, so that
  // a busy machine does not let the match run ahead of the checks.
  const advance = () => {
    for (const m of handles) {
      if (m.legal.length) m.act(m.legal[Math.floor(random() * m.legal.length)]).catch(() => {});
    }
  };
  return {anne, others, names: LONG.slice(0, players), advance};
}

for (const players of [3, 8]) {
  test(`the table for ${players} draws the rules' reach${players === 3 ? ' and the fog' : ''}, ` +
       'every name and claim inside', async () => {
    const server = await startServer();
    const browser = await launch();
    const random = seeded(players);
    let table;
    try {
      table = await tableOf(server, browser, players, {width: 1280, height: 800}, random);
      const {anne, names, advance} = table;
      let checked = 0;
      let fogs = 0;
      let claims = 0;
      for (let i = 0; i < 400 && !(await isOver(anne)) && checked < 60; ++i) {
        const seen = await checkTable(anne, names);
        ++checked;
        if (seen.view.fog) ++fogs;
        if (seen.view.claim) ++claims;
        if (!await clickAnAction(anne, random)) await anne.waitForTimeout(50);
        advance();
      }
      assert.ok(checked >= 10, `only ${checked} steps checked`);
      assert.ok(claims > 0, 'no claim was seen on the table');
      if (players === 3) assert.ok(fogs > 0, 'the fog of a table for three was never drawn');
      assert.equal((await drawn(anne)).narrow, false);
    } finally {
      for (const client of table?.others ?? []) client.close();
      await browser.close();
      await server.stop();
    }
  }, {timeout: 170000});
}

test('on a phone the table for eight seats the ships down a long table, readable', async () => {
  const server = await startServer();
  const browser = await launch();
  let table;
  try {
    table = await tableOf(server, browser, 8, {width: 390, height: 844}, seeded(1));
    const seen = await checkTable(table.anne, table.names);
    assert.ok(seen.drawn.narrow, 'a phone seats the ships down a long table');
    for (const card of seen.drawn.cards) {
      // A 13 px name drawn at no less than 11 px: the table is barely scaled down.
      assert.ok(card.nameFont >= 11, `a name is drawn ${card.nameFont} px tall`);
    }
    const wide = await table.anne.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide on a 390 px phone`);
  } finally {
    for (const client of table?.others ?? []) client.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
