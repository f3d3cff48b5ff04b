// Plays a Riff Raff placement's motion (docs/games/riff-raff.md, "The motion frames") at its
// own rate with requestAnimationFrame: the ship's frames in world coordinates, each moving
// piece's track relative to the ship, the pieces without a track riding still at their final
// place on the ship. Motions that arrive while one plays wait their turn (only the newest
// waits: a watcher who fell behind skips ahead); with prefers-reduced-motion a motion jumps to
// its end, unless it is the fall its viewer must catch from.

import {toShip, toWorld} from './riff-raff-shapes.js';

const milli = (track, k) => ({x: track[3 * k] / 1000, y: track[3 * k + 1] / 1000,
                              angle: track[3 * k + 2] / 1000});

// The poses of frame k: {ship, pieces: Map id -> world pose} (a fallen piece's track ends).
export function framePoses(motion, world, k) {
  const ship = milli(motion.ship, Math.min(k, motion.frames - 1));
  const last = milli(motion.ship, motion.frames - 1);
  const pieces = new Map();
  const kinds = new Map(world.cargo.map((c) => [c.id, c.kind]));
  for (const fall of motion.falls) kinds.set(fall.id, fall.kind);
  for (const [id, kind] of kinds) {
    const track = motion.tracks[id];
    let local;
    if (track) {
      if (3 * k >= track.length) continue;  // fallen: gone under the water
      local = milli(track, k);
    } else {
      const piece = world.cargo.find((c) => c.id === id);
      local = toShip(last, piece);  // rode still: where it rests, relative to the ship
    }
    pieces.set(id, {...toWorld(ship, local), kind});
  }
  return {ship, pieces};
}

// The resting poses of a view's world.
export function restPoses(world) {
  return {ship: world.ship,
          pieces: new Map(world.cargo.map((c) => [c.id, {x: c.x, y: c.y, angle: c.angle,
                                                           kind: c.kind}]))};
}

export class MotionPlayer {
  // draw(poses, frame, motion) draws one frame (frame null: at rest); done() when one ends.
  constructor(draw, done) {
    this.draw = draw;
    this.done = done;
    this.playing = null;  // {motion, world, start, essential}
    this.waiting = null;
    this.seen = undefined;  // the load id of the last motion taken (undefined: no view yet)
    this.shown = null;      // the frame on screen
    this.request = 0;
  }

  // A view's motion: played if it is new. `essential`: the viewer catches from it.
  offer(motion, world, essential) {
    const id = motion?.load?.id ?? null;
    if (id === this.seen) return;
    const first = this.seen === undefined;
    this.seen = id;
    if (!motion || (first && !essential)) return;  // opened mid-way: that motion has happened
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced && !essential) return;
    const entry = {motion, world, essential};
    if (essential) this.stopPlaying();  // a catch cannot wait for older motions
    if (this.playing) this.waiting = entry;
    else this.start(entry);
  }

  start(entry) {
    this.playing = {...entry, start: performance.now()};
    this.shown = 0;
    this.waiting = null;
    this.request = requestAnimationFrame(() => this.tick());
  }

  tick() {
    const p = this.playing;
    if (!p) return;
    const k = Math.floor((performance.now() - p.start) / p.motion.frame_ms);
    this.shown = Math.min(k, p.motion.frames - 1);
    if (k >= p.motion.frames) {
      this.draw(framePoses(p.motion, p.world, p.motion.frames - 1), p.motion.frames - 1,
                p.motion);
      this.playing = null;
      if (this.waiting) this.start(this.waiting);
      else this.done();
      return;
    }
    this.draw(framePoses(p.motion, p.world, k), k, p.motion);
    this.request = requestAnimationFrame(() => this.tick());
  }

  stopPlaying() {
    cancelAnimationFrame(this.request);
    this.playing = null;
    this.waiting = null;
  }

  // The frame on screen now, or null when nothing plays.
  frame() {
    return this.playing ? this.shown : null;
  }

  get busy() {
    return this.playing !== null;
  }
}
