// How the Riff Raff cargo is told apart at a glance: each kind in its own colour (style.css)
// with a few marks drawn over its outline (hoops on a barrel, the boards of a crate, a chest's
// lock, a bottle's label, a rat's eye...), and a small picture of each kind for the buttons and
// the supplies. The marks are laid out on the kind's own outline from the view's model, so
// they follow the shapes the server simulates; they only decorate, and take no clicks.

import {s} from '../js/dom.js';
import {outline} from './riff-raff-shapes.js';

// One part of a piece (or of the ship) as an SVG element: its polygon's path, or its circle.
export function part(p, cls) {
  const o = outline(p);
  return o.circle ? s('circle', {...o.circle, class: cls}) : s('path', {d: o.d, class: cls});
}

// The box around a part: [x0, y0, x1, y1].
function box(p) {
  if (p.circle) {
    const [x, y] = p.circle;
    return [x - p.radius, y - p.radius, x + p.radius, y + p.radius];
  }
  const xs = p.polygon.map((q) => q[0]);
  const ys = p.polygon.map((q) => q[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const line = (x1, y1, x2, y2) => s('line', {x1, y1, x2, y2});

// The marks of a kind, in the piece's own coordinates (y up), from its first part's box.
function marks(kind, parts) {
  const [x0, y0, x1, y1] = box(parts[0]);
  const [w, h] = [x1 - x0, y1 - y0];
  const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  switch (kind) {
    case 'barrel': return [line(x0 + w * 0.3, y0, x0 + w * 0.3, y1),
                           line(x1 - w * 0.3, y0, x1 - w * 0.3, y1)];
    case 'crate': return [line(x0, y0, x1, y1), line(x0, y1, x1, y0)];
    case 'chest': return [s('rect', {x: mx - w * 0.08, y: y1 - h * 0.45, width: w * 0.16,
                                     height: h * 0.4, class: 'lock'})];
    case 'bottle': return [s('rect', {x: x0, y: my - h * 0.15, width: w, height: h * 0.3,
                                      class: 'label'})];
    case 'boat': return [line(x0 + w * 0.12, y1 - h * 0.3, x1 - w * 0.12, y1 - h * 0.3)];
    case 'plank': return [line(x0 + w * 0.05, my, x1 - w * 0.05, my)];
    case 'sailor': return [line(x0, y1 - h * 0.3, x1, y1 - h * 0.3)];
    case 'rat': return [s('circle', {cx: x1 - w * 0.18, cy: y1 - h * 0.3, r: h * 0.13,
                                     class: 'eye'})];
    default: return [];
  }
}

// The drawing of a piece of `kind` (its parts, then its marks), for a piece's group.
export function pieceDrawing(model, kind) {
  const parts = model.cargo[kind].parts;
  return [parts.map((p, i) => part(p, `part-${i}`)),
          s('g', {class: 'marks'}, marks(kind, parts))];
}

// A small picture of a kind (an inline SVG, `size` px tall), as it looks on the ship.
export function kindPicture(model, kind, size = 22) {
  const parts = model?.cargo?.[kind]?.parts;
  if (!parts) return null;
  const boxes = parts.map(box);
  const [x0, y0] = [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1]))];
  const [x1, y1] = [Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
  const m = 0.05;
  const [w, h] = [x1 - x0 + 2 * m, y1 - y0 + 2 * m];
  // Pictures share one scale (a plank is long, a crate square) and never grow past `size`.
  const height = size * Math.min(1, h / 0.6);
  return s('svg', {class: `riff-picture kind-${kind}`, viewBox: `${x0 - m} ${-y1 - m} ${w} ${h}`,
                   height, width: (height * w) / h, 'aria-hidden': 'true'},
           s('g', {transform: 'scale(1 -1)'}, pieceDrawing(model, kind)));
}
