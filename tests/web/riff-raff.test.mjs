// A browser plays Riff Raff against two random bots to the end through the board: cards from
// its hand, placements made with the board's controls (the pointer on the ship, the keys on the
// ghost piece, the sliders), a catch by a click (Enter) on a falling piece while the fall plays.
// It checks what a wrong board would get wrong: the drawn ship and pieces at rest are where the
// last motion frame puts them, and move on the way there; a placement sent carries the values
// the controls showed; a catch carries the frame shown; nobody sees another seat's card.
// Matches are played until a catch came up for the player (most often the first).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, nextToAct, step, toAct, until} from './harness.mjs';
import {applyPatch} from '../../sdk/js/patch.js';

const KINDS = ['boat', 'barrel', 'bottle', 'crate', 'chest', 'plank', 'sailor', 'rat'];
// A ship that swings freely (no joint friction, no damping, to 35° each way: its hull stays 0.9
// above the water) and cargo that slides, so that loads make earlier cargo fall and the player
// has catches to make; short motions (3 s at most) keep the test quick.
const MODEL = {ship: {joint_friction: 0, joint_limit_deg: 35, angular_damping: 0,
                      counterweight: {density: 20}},
               physics: {catch_tolerance_frames: 20, max_seconds: 3},
               cargo: Object.fromEntries(KINDS.map((k) => [k, {friction: 0.3}]))};

// Sets the model's fields in the new room form, as a person would: each number in its box
// (each named by its titles, "Ship and cargo model: Ship: Friction of the ball joint").
async function setModel(page, model) {
  await page.getByLabel('Ship and cargo model: set by hand').check();
  const walk = async (value, path) => {
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) await walk(v, [...path, k]);
      return;
    }
    const box = page.locator(`input[data-path="model.${path.join('.')}"]`);
    assert.ok(await box.getAttribute('aria-label'), `the box of ${path.join('.')} is named`);
    await box.fill(String(value));
  };
  await walk(model, []);
}

// The page's view of the match, rebuilt from the messages it received (kept as it goes).
function viewOf(page) {
  page.rebuilt ??= {seen: 0, view: null, steps: new Map()};
  const r = page.rebuilt;
  for (; r.seen < page.received.length; ++r.seen) {
    const m = page.received[r.seen];
    if (m.type === 'state' && m.view.step === 0) r.steps.clear();  // a new match
    if (m.type === 'state') r.view = m.view;
    else if (m.type === 'patch' && r.view) r.view = applyPatch(r.view, m.ops);
    if (r.view) r.steps.set(r.view.step, r.view);
  }
  return r.view;
}

// The view of one step of the match, once received.
async function viewAt(page, n) {
  await until(() => viewOf(page) && page.rebuilt.steps.has(n), `step ${n} received`);
  return page.rebuilt.steps.get(n);
}

const actions = (page) => page.sent.filter((m) => m.type === 'action');

// The world poses of the motion's last frame, computed here from the frames alone.
function lastFrame(view) {
  const m = view.motion;
  const k = m.frames - 1;
  const pose = (track, j) => ({x: track[3 * j] / 1000, y: track[3 * j + 1] / 1000,
                               angle: track[3 * j + 2] / 1000});
  const ship = pose(m.ship, k);
  const world = (local) => ({
    x: ship.x + Math.cos(ship.angle) * local.x - Math.sin(ship.angle) * local.y,
    y: ship.y + Math.sin(ship.angle) * local.x + Math.cos(ship.angle) * local.y,
    angle: ship.angle + local.angle});
  const pieces = {};
  for (const c of view.world.cargo) {
    const t = m.tracks[c.id];
    if (t) {
      const j = t.length / 3 - 1;
      pieces[c.id] = world(pose(t, j));
    } else {
      pieces[c.id] = {x: c.x, y: c.y, angle: c.angle};  // rode still: the view's rest
    }
  }
  return {ship, pieces};
}

// A frame in which the piece is surely in free fall: the frame before its last above the water,
// if that frame and the four before it follow gravity alone (touching something, a piece would
// not), else null.
function freeFallFrame(view, id) {
  const m = view.motion;
  const t = m.tracks[id];
  const n = t.length / 3;
  const world = (k) => {
    const [sx, sy, sa] = [m.ship[3 * k] / 1000, m.ship[3 * k + 1] / 1000, m.ship[3 * k + 2] / 1000];
    const [x, y] = [t[3 * k] / 1000, t[3 * k + 1] / 1000];
    return [sx + Math.cos(sa) * x - Math.sin(sa) * y, sy + Math.sin(sa) * x + Math.cos(sa) * y];
  };
  const g = -10 * (m.frame_ms / 1000) ** 2;  // the change of the fall per frame, squared
  for (let k = n - 1; k >= n - 4; --k) {
    if (k < 2) return null;
    const [a, b, c] = [world(k - 2), world(k - 1), world(k)];
    if (Math.abs(c[0] - 2 * b[0] + a[0]) > 0.006 || Math.abs(c[1] - 2 * b[1] + a[1] - g) > 0.006) {
      return null;
    }
    // Pieces falling side by side may touch each other on the way: none near this one.
    for (const [other, track] of Object.entries(m.tracks)) {
      if (Number(other) === id || track.length / 3 <= k) continue;
      const o = {x: track[3 * k] / 1000, y: track[3 * k + 1] / 1000};
      if (Math.hypot(o.x - t[3 * k] / 1000, o.y - t[3 * k + 1] / 1000) < 1.5) return null;
    }
  }
  return n - 2;
}

async function drawn(page) {
  return page.evaluate(() => {
    const ship = document.querySelector('.riff-ship .ship').dataset;
    const pieces = {};
    for (const g of document.querySelectorAll('.riff-ship .cargo .piece')) {
      const number = '([-\\d.e]+)';
      const t = g.getAttribute('transform')
          .match(new RegExp(`translate\\(${number} ${number}\\) rotate\\(${number}\\)`));
      pieces[g.dataset.id] = {x: Number(t[1]), y: Number(t[2]),
                              angle: Number(t[3]) * Math.PI / 180};
    }
    return {frame: document.querySelector('.riff-ship').dataset.frame,
            ship: {x: Number(ship.x), y: Number(ship.y), angle: Number(ship.angle)}, pieces};
  });
}

const near = (a, b, what) => {
  for (const key of ['x', 'y', 'angle']) {
    assert.ok(Math.abs(a[key] - b[key]) < 0.01,
              `${what}: ${key} ${a[key]} drawn, ${b[key]} expected`);
  }
};

// The messages reach the test a little after the page: the view of the step the page shows.
async function current(page) {
  const shownStep = await step(page);
  await until(() => viewOf(page)?.step === shownStep, `step ${shownStep} received`);
  return viewOf(page);
}

// Once the board rests, the ship and every piece are drawn where the last frame leaves them.
async function checkRest(page) {
  await page.locator('.riff-ship[data-frame="rest"]').waitFor();
  const view = await current(page);
  const shown = await drawn(page);
  assert.deepEqual(Object.keys(shown.pieces).sort(),
                   view.world.cargo.map((c) => String(c.id)).sort());
  if (!view.motion) return view;
  const last = lastFrame(view);
  near(shown.ship, last.ship, 'the ship');
  for (const [id, pose] of Object.entries(last.pieces)) near(shown.pieces[id], pose, `piece ${id}`);
  return view;
}

async function shownValues(page) {
  const out = async (name) => page.locator(`.riff-load output[data-value="${name}"]`).innerText();
  return {x: Number(await out('x')), angle: parseInt(await out('angle'), 10),
          drop: Number(await out('drop'))};
}

// Waits until the page shows a step after `before`.
async function movedOn(page, before) {
  await page.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) > n,
                             before);
}

// The action this page sent after its first `count`, once it has gone.
async function sentAfter(page, count) {
  await until(() => actions(page).length > count, 'an action sent');
  assert.equal(actions(page).length, count + 1, 'one action sent');
  return actions(page)[count].action;
}

test('a browser plays Riff Raff against bots through the board', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny', {width: 1200, height: 1600});
    // Catches depend on how the cargo falls: matches are played until Anne had one to make.
    const jack = await enter(browser, server.url, 'Calico Jack');
    let caught = false;  // a catch made on the board
    for (let match = 1; !caught; ++match) {
      assert.ok(match <= 4, 'Anne had a catch to make within four matches');
      await anne.goto(server.url);
      await anne.getByLabel('Game', {exact: true}).selectOption('riff-raff');
      await anne.locator('#option-players').fill('3');
      await anne.getByLabel('Time to catch, in milliseconds').fill('20000');
      await setModel(anne, MODEL);
      await anne.getByRole('button', {name: 'Create room'}).click();
      await anne.waitForURL(/#\/room\/\d+$/);
      const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
      for (const seat of [1, 2]) {
        const row = anne.locator(`.seat[data-seat="${seat}"]`);
        await anne.getByLabel(`bot for seat ${seat + 1}`).selectOption('random');
        await row.getByRole('button', {name: 'Add bot'}).click();
        await row.and(anne.locator(':not(.empty)')).waitFor();
      }
      await anne.locator('#start:not([disabled])').click();
      await anne.locator('.riff-ship').waitFor();
      await jack.goto(`${server.url}#/watch/${room}`);
      await jack.locator('.riff-ship').waitFor();
      await anne.emulateMedia({reducedMotion: 'reduce'});

      let loads = 0;
      let animated = false;
      let secretsSeen = 0;
      for (let moves = 0, page; (page = await nextToAct([anne], 30000)); ++moves) {
        assert.ok(moves < 200, 'the match should end');
        const sent = actions(anne).length;
        // While a catch waits, its fall plays: the board rests afterwards. While choosing, the
        // bots choose too: wait for them, so that nothing changes under the pointer.
        let view = await current(anne);
        if (view.phase === 'choosing') {
          for (let i = 0; i < 100; ++i) {
            if ((await current(anne)).players.every((p) => p.chosen || p.hand)) break;
            await anne.waitForTimeout(20);
          }
        }
        if (view.phase !== 'catching') view = await checkRest(anne);
        // The step the page shows now (the bots may have acted meanwhile): Anne's action is the
        // next one.
        const before = view.step;
        if (!view.legal.length) continue;  // (the page showed Anne's turn a moment late)
        if (view.phase === 'choosing') {
          // The bots have chosen face down: their cards are in no view but their own.
          for (const seat of [1, 2]) {
            assert.equal(view.players[seat].card, undefined);
            assert.equal(view.players[seat].hand, undefined);
            if (view.players[seat].chosen) {
              ++secretsSeen;
              const li = anne.locator(`.riff-player[data-seat="${seat}"]`);
              assert.match(await li.innerText(), /a card face down$/);
            }
          }
          assert.deepEqual(await anne.locator('.riff-hand [data-card]').allInnerTexts(),
                           view.players[0].hand.map(String));
          const cards = anne.locator('.riff-hand button.riff-card');
          // A card whose area is on the high side (even: the bow), to tip the ship over.
          const hand = view.players[0].hand;
          const high = view.world.ship.angle >= 0 ? 0 : 1;
          const card = hand.filter((c) => c % 2 === high).at(-1) ?? hand[moves % hand.length];
          // (The keyboard: Tab to the card and Enter.)
          await cards.filter({hasText: new RegExp(`^${card}$`)}).focus();
          await anne.keyboard.press('Enter');
          assert.deepEqual(await sentAfter(anne, sent), {type: 'choose', card});
        } else if (view.phase === 'loading') {
          const templates = view.legal;
          // The heaviest piece, set down towards the open end: the ship swings and cargo falls.
          const kinds = [...new Set(templates.map((t) => t.piece))];
          const kind = ['chest', 'barrel', 'crate', 'sailor', 'bottle', 'rat', 'plank', 'boat']
              .find((k) => kinds.includes(k));
          const outwards = view.placement.overhang.to ? 'ArrowRight' : 'ArrowLeft';
          await anne.locator(`.riff-kind[data-kind="${kind}"]`).click();
          if (!animated) await anne.emulateMedia({reducedMotion: 'no-preference'});
          const way = loads % 3;
          if (way === 0) {
            // The keyboard on the ghost piece: move, turn a little, lift.
            await anne.locator('.riff-ship .ghost').focus();
            for (let i = 0; i < 40; ++i) await anne.keyboard.press(outwards);
            await anne.keyboard.press('Shift+PageUp');
            await anne.keyboard.press('Shift+PageUp');
            for (let i = 0; i < 6; ++i) await anne.keyboard.press('ArrowUp');
          } else if (way === 1) {
            // The sliders: the angle and the drop by their keys.
            await anne.locator('.riff-load input[name="angle"]').focus();
            for (let i = 0; i < 4; ++i) await anne.keyboard.press('ArrowLeft');
            await anne.locator('.riff-load input[name="drop"]').focus();
            for (let i = 0; i < 20; ++i) await anne.keyboard.press('ArrowRight');
          }
          // The pointer over the area, a third along what the piece may use: the ghost follows.
          const target = await anne.evaluate(([to, area]) => {
            const x = document.querySelector('.riff-load input[name="x"]');
            const aim = Number(x.min) + (Number(x.max) - Number(x.min)) * (to ? 0.9 : 0.1);
            const over = document.querySelector('.riff-ship .over');
            const p = new DOMPoint(aim, area.surface).matrixTransform(over.getScreenCTM());
            return {aim, x: p.x, y: p.y};
          }, [view.placement.overhang.to, view.model.areas[view.placement.area - 1]]);
          if (way === 2) await anne.mouse.move(target.x, target.y);
          const shown = await shownValues(anne);
          if (way === 2) assert.ok(Math.abs(shown.x - target.aim) < 0.02, `${shown.x}`);
          if (way === 0) assert.equal(shown.drop, 0.3);  // six presses of ↑, 0.05 each
          if (way === 1) assert.equal(shown.drop, 0.2);  // twenty of the slider's 0.01
          const ghost = await anne.locator('.riff-ship .ghost').evaluate((g) => ({...g.dataset}));
          assert.deepEqual([Number(ghost.x), Number(ghost.angle), Number(ghost.drop), ghost.kind],
                           [shown.x, shown.angle, shown.drop, kind]);
          if (way === 2) await anne.mouse.click(target.x, target.y);
          else if (way === 0) await anne.keyboard.press('Enter');
          else await anne.locator('.riff-set-down').click();
          const load = await sentAfter(anne, sent);
          const template = templates.find((t) => t.piece === kind && t.pieces === load.pieces);
          assert.deepEqual(load, {...template, x: shown.x, angle: shown.angle, drop: shown.drop});
          assert.ok(load.x >= view.placement.x[0] && load.x <= view.placement.x[1]);
          if (!animated) {
            // The piece falls on its way to rest: frames are drawn one after another.
            animated = true;
            const frames = new Set();
            let rest = false;
            await until(async () => {
              const f = await anne.locator('.riff-ship').getAttribute('data-frame');
              if (f !== 'rest') frames.add(Number(f));
              rest = f === 'rest';
              // (A load that makes earlier cargo fall is followed by the catch: played below.)
              return frames.size >= 3 && (rest || await toAct(anne));
            }, 'the motion played', 40000);
            assert.ok(frames.size >= 3, `frames drawn: ${[...frames]}`);
            if (rest) await checkRest(anne);
            await anne.emulateMedia({reducedMotion: 'reduce'});
          }
          ++loads;
        } else if (view.phase === 'catching') {
          const template = (piece) => view.legal.find((a) => a.grabs[0]?.piece === piece);
          if (!caught) {
            // The fall plays (also with reduced motion: it is the catch); click a piece falling.
            // An earlier piece seen in free fall (its frames fall with gravity, touching
            // nothing), grabbed in its frame before the last above the water: pressed (Enter) as
            // soon as that frame is on screen.
            const id = view.catch.pieces.find((p) => !view.turn.loaded.includes(p) &&
                                                     freeFallFrame(view, p) !== null);
            if (id === undefined) {
              await anne.locator('.riff-let-go').click();
              await movedOn(anne, before);
              continue;
            }
            // Pressed in any of the five free-fall frames up to that one (50 ms each): a busy
            // machine may skip a frame or two of the animation, as a person's screen would.
            const last = freeFallFrame(view, id);
            const handle = await anne.waitForFunction(([piece, from, to]) => {
              const frame = Number(document.querySelector('.riff-ship').dataset.frame);
              const g = document.querySelector(`.riff-ship .piece.falling[data-id="${piece}"]`);
              if (!g || !(frame >= from)) return null;
              if (frame > to) return -1;  // every frame of the window was skipped
              g.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
              return frame;
            }, [id, last - 4, last]);
            const frame = await handle.jsonValue();
            if (frame < 0) {
              await anne.locator('.riff-let-go').click();
              await movedOn(anne, before);
              continue;
            }
            assert.ok(frame <= last, `the piece was drawn at frame ${frame}, its last is ${last}`);
            const grab = await sentAfter(anne, sent);
            assert.deepEqual(grab, {...template(id), grabs: [{piece: id, frame}]});
            await movedOn(anne, before);
            // Whether the hand held is the server's physics (the piece's last touch, which the
            // frames do not tell exactly); what the board owes is the grab, and the catch applied.
            const made = (await viewAt(anne, before + 1)).last_catch;
            assert.equal(made.seat, 0);
            assert.ok(made.caught.length === 0 || String(made.caught) === String(id));
            assert.deepEqual([...made.out, ...made.returned].sort(), [...view.catch.pieces].sort());
            caught = true;
            continue;
          }
          await anne.locator('.riff-let-go').click();
          assert.deepEqual(await sentAfter(anne, sent), {type: 'catch', grabs: []});
        } else {
          await anne.locator('.actions button.action').first().click();
        }
        await movedOn(anne, before);
      }
    assert.ok(await anne.locator('.play[data-over="true"]').count());
      await checkRest(anne);
      assert.ok(loads >= 5, `Anne loaded ${loads} times`);
      assert.ok(animated);
      assert.ok(secretsSeen > 0);
      const result = viewOf(anne).result;
      assert.deepEqual(result.scores, viewOf(anne).players.map((p) => p.pieces));

      // The spectator's board draws the same ship and shows no hand and no card of anyone's.
      await jack.locator('.play[data-over="true"]').waitFor();
      await checkRest(jack);
      assert.equal(await jack.locator('.riff-hand *').count(), 0);
      assert.equal(await jack.locator('.riff-load *, .riff-ship .clickable').count(), 0);
      for (const m of jack.received.filter((m) => m.type === 'state' || m.type === 'patch')) {
        const text = JSON.stringify(m);
        assert.ok(!/"hand"|"card":\s*\d/.test(text),
                  `a spectator's message carries a card: ${text.slice(0, 200)}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
