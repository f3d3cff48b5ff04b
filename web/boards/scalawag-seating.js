// Where the Scalawag! ships sit on the drawn table, and the lines of reach between them. Turn
// order runs clockwise: round an ellipse on a wide screen, and on a narrow one down the right
// side of a long table and back up its left, so that the cards stay readable on a phone. Every
// card keeps its place for the whole match (a sunk ship is drawn where it sank), so a line
// that skips a place (a ship On Guard, a wreck) bends towards the middle of the table, where
// no card hides it.

export const CARD = {w: 184, h: 88};
export const PILL = {h: 24, over: 4};  // a claim's pill, under its card, over its edge by 4
const BELOW = PILL.h - PILL.over;      // what a pill takes below its card
const PAD = 10;                        // around the table

// {w, h, centre: [x, y], places: [[x, y]] (card centres, in turn order), narrow}
export function seating(n, narrow) {
  if (narrow) {
    const rows = Math.ceil(n / 2);
    const gap = 24;
    const rowH = CARD.h + BELOW + 10;
    const w = 2 * CARD.w + gap + 2 * PAD;
    const h = (rows - 1) * rowH + CARD.h + BELOW + 2 * PAD;
    const right = PAD + CARD.w + gap + CARD.w / 2;
    const left = PAD + CARD.w / 2;
    const y = (row) => PAD + CARD.h / 2 + row * rowH;
    // Down the right side, then up the left (an odd count leaves the top left place empty).
    const places = Array.from({length: n}, (_, i) =>
      (i < rows ? [right, y(i)] : [left, y(2 * rows - 1 - i)]));
    return {w, h, centre: [w / 2, h / 2], places, narrow};
  }
  const w = 760;
  const h = n > 5 ? 510 : 450;
  const rx = w / 2 - CARD.w / 2 - PAD;
  const ry = h / 2 - CARD.h / 2 - PAD - BELOW / 2;
  const places = Array.from({length: n}, (_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [w / 2 + rx * Math.cos(angle), h / 2 - BELOW / 2 + ry * Math.sin(angle)];
  });
  // An odd count has no ship at the bottom of the ellipse (three: the lowest sit halfway down):
  // the table ends under the lowest card's claim.
  const bottom = Math.max(...places.map(([, y]) => y)) + CARD.h / 2 + BELOW + PAD;
  return {w, h: Math.min(h, bottom), centre: [w / 2, h / 2 - BELOW / 2], places, narrow};
}

// The path of the line between places i and j: straight between places side by side, bent
// towards the middle of the table otherwise, clear of the card it skips. `fogged`: the fog
// lies between the two, and they are within reach the other way round (past a ship On Guard),
// so the line goes round through the middle of the table, away from the fog.
export function reachPath(table, i, j, fogged = false) {
  const [x1, y1] = table.places[i];
  const [x2, y2] = table.places[j];
  const n = table.places.length;
  if (fogged) {
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    const [cx, cy] = table.centre;
    const apex = [cx + (cx - mx) * 0.3, cy + (cy - my) * 0.3];
    return `M${x1} ${y1} Q${2 * apex[0] - mx} ${2 * apex[1] - my} ${x2} ${y2}`;
  }
  if (Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1) return `M${x1} ${y1} L${x2} ${y2}`;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const [cx, cy] = table.centre;
  // The curve's middle point: on the table's middle line when narrow, a third of the way to
  // the middle when round. A quadratic curve passes halfway between its middle and control.
  const apex = table.narrow ? [cx, my] : [mx + (cx - mx) * 0.4, my + (cy - my) * 0.4];
  const control = [2 * apex[0] - mx, 2 * apex[1] - my];
  return `M${x1} ${y1} Q${control[0]} ${control[1]} ${x2} ${y2}`;
}

// Where the Fog of War is drawn: halfway between the two ships it separates.
export function fogPlace(table, i, j) {
  const [x1, y1] = table.places[i];
  const [x2, y2] = table.places[j];
  return [(x1 + x2) / 2, (y1 + y2) / 2];
}

// The pairs of seats within reach of each other, each once (lower seat first), from the view's
// `adjacent` lists: the rules' own answer, with On Guard, the wrecks and the fog counted.
export function reachPairs(view) {
  const pairs = [];
  for (const p of view.players) {
    for (const other of p.adjacent || []) if (p.seat < other) pairs.push([p.seat, other]);
  }
  return pairs;
}
