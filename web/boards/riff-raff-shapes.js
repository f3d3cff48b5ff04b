// Riff Raff's geometry for the board, from the view's `model` (cargo.json) alone: poses between
// world and ship coordinates, the span a turned piece may be set down on, and the spot where the
// server will release it (the lowest free spot above the area, raised by the drop), so that the
// board draws a placement where it will go. The server's own code is rules/riff_raff/simulate.cpp.

const SCAN_STEP = 0.02;  // the server searches upwards in these steps
const SCAN_LIMIT = 500;
// Box2D's polygons carry a skin of 0.01: two pieces closer than both skins count as touching.
const SKIN = 0.02;

export const rad = (deg) => (deg * Math.PI) / 180;
export const deg = (r) => (r * 180) / Math.PI;

// A pose {x, y, angle} (radians) applied to a local point.
export function apply(pose, [x, y]) {
  const c = Math.cos(pose.angle);
  const s = Math.sin(pose.angle);
  return [pose.x + c * x - s * y, pose.y + s * x + c * y];
}

// World pose -> pose relative to the ship, and back.
export function toShip(ship, pose) {
  const c = Math.cos(ship.angle);
  const s = Math.sin(ship.angle);
  const dx = pose.x - ship.x;
  const dy = pose.y - ship.y;
  return {x: c * dx + s * dy, y: -s * dx + c * dy, angle: pose.angle - ship.angle};
}

export function toWorld(ship, local) {
  const [x, y] = apply(ship, [local.x, local.y]);
  return {x, y, angle: ship.angle + local.angle};
}

// The piece's extent along x when turned by `angle` radians: [min, max] offsets from its centre.
export function extentX(parts, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let lo = Infinity;
  let hi = -Infinity;
  for (const part of parts) {
    if (part.circle) {
      const x = c * part.circle[0] - s * part.circle[1];
      lo = Math.min(lo, x - part.radius);
      hi = Math.max(hi, x + part.radius);
    }
    for (const [px, py] of part.polygon || []) {
      const x = c * px - s * py;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return [lo, hi];
}

// Where a kind turned by `angleDeg` may be set down on `area` (its centre's x, ship
// coordinates): on the area's span, and past an inner end by no part of it. Null if nowhere.
// Thousandths, rounded inwards, so that the numbers sent are inside the bounds.
export function xBounds(area, parts, angleDeg) {
  const [lo, hi] = extentX(parts, rad(angleDeg));
  const from = area.open === 'from' ? area.from : Math.max(area.from, area.from - lo);
  const to = area.open === 'to' ? area.to : Math.min(area.to, area.to - hi);
  const bounds = [Math.ceil(from * 1000 - 1e-6) / 1000, Math.floor(to * 1000 + 1e-6) / 1000];
  return bounds[0] <= bounds[1] ? bounds : null;
}

// A shape in some frame: polygons as points, circles as {c, r}.
function placed(parts, pose) {
  return parts.map((part) => (part.circle
    ? {c: apply(pose, part.circle), r: part.radius}
    : {points: part.polygon.map((p) => apply(pose, p))}));
}

function box(shape) {
  if (shape.c) return [shape.c[0] - shape.r, shape.c[1] - shape.r, shape.c[0] + shape.r,
                       shape.c[1] + shape.r];
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function project(shape, [nx, ny]) {
  if (shape.c) {
    const d = shape.c[0] * nx + shape.c[1] * ny;
    return [d - shape.r, d + shape.r];
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of shape.points) {
    const d = x * nx + y * ny;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return [lo, hi];
}

function axes(shape, other) {
  if (shape.c) {
    // A circle's axis towards the other shape's nearest point (its centre, for two circles).
    const target = other.c ? other.c : other.points.reduce((best, p) =>
      (Math.hypot(p[0] - shape.c[0], p[1] - shape.c[1]) <
       Math.hypot(best[0] - shape.c[0], best[1] - shape.c[1]) ? p : best));
    const dx = target[0] - shape.c[0];
    const dy = target[1] - shape.c[1];
    const n = Math.hypot(dx, dy) || 1;
    return [[dx / n, dy / n]];
  }
  return shape.points.map((p, i) => {
    const q = shape.points[(i + 1) % shape.points.length];
    const n = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [(q[1] - p[1]) / n, -(q[0] - p[0]) / n];
  });
}

// Separating axes, with the skin: true when the two convex shapes come closer than SKIN.
function overlap(a, b) {
  const [ax0, ay0, ax1, ay1] = box(a);
  const [bx0, by0, bx1, by1] = box(b);
  if (ax0 > bx1 + SKIN || bx0 > ax1 + SKIN || ay0 > by1 + SKIN || by0 > ay1 + SKIN) return false;
  for (const axis of [...axes(a, b), ...axes(b, a)]) {
    const [a0, a1] = project(a, axis);
    const [b0, b1] = project(b, axis);
    if (a0 > b1 + SKIN || b0 > a1 + SKIN) return false;
  }
  return true;
}

// The pose (ship coordinates) at which the server releases a piece: the lowest free spot above
// the area at x, in steps of 0.02 from the surface, then raised by `drop` while nothing is in
// the way. `cargo` are the pieces on board, {kind, x, y, angle} in world coordinates.
export function releasePose(model, ship, cargo, {kind, area, x, angleDeg, drop}) {
  const parts = model.cargo[kind].parts;
  const angle = rad(angleDeg);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let bottom = Infinity;
  for (const part of parts) {
    if (part.circle) {
      bottom = Math.min(bottom, s * part.circle[0] + c * part.circle[1] - part.radius);
    }
    for (const [px, py] of part.polygon || []) bottom = Math.min(bottom, s * px + c * py);
  }
  const hull = model.ship.parts.flatMap((part) => placed([part], {x: 0, y: 0, angle: 0}));
  const others = cargo.flatMap((piece) =>
    placed(model.cargo[piece.kind].parts, toShip(ship, piece)));
  const obstacles = [...hull, ...others];
  const free = (y) => {
    const shapes = placed(parts, {x, y, angle});
    return !shapes.some((a) => obstacles.some((b) => overlap(a, b)));
  };
  let y = area.surface - bottom + SCAN_STEP / 2;
  for (let i = 0; i < SCAN_LIMIT; ++i, y += SCAN_STEP) {
    if (!free(y)) continue;
    let lifted = 0;
    while (lifted < drop) {
      const next = Math.min(lifted + SCAN_STEP, drop);
      if (!free(y + next)) break;
      lifted = next;
    }
    return {x, y: y + lifted, angle, rest: y};
  }
  return null;
}

// SVG path data for a part's outline (polygons) or its circle attributes.
export function outline(part) {
  if (part.circle) return {circle: {cx: part.circle[0], cy: part.circle[1], r: part.radius}};
  return {d: `M${part.polygon.map(([x, y]) => `${x} ${y}`).join(' L')} Z`};
}
