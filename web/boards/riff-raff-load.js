// The loader's controls on the Riff Raff board: which piece (and, where the two-piece rule
// allows, one or two), where along the area, at what angle, how high above its lowest free spot.
// The view's `legal` holds one `load` template per kind; the board sends the template with its
// x, angle and drop filled in, and only with values the rules accept: x in thousandths within
// the span the turned piece may use (past an open end, never past an inner one), whole degrees
// at which the piece fits there, drop in hundredths from 0 to the view's maximum.

import {h, fill} from '../js/dom.js';
import {xBounds} from './riff-raff-shapes.js';
import {kindPicture} from './riff-raff-pieces.js';
import {t, number} from '../js/i18n.js';
import {kindName, thePiece} from './riff-raff-words.js';

const w = (key, params) => t(`games.riff-raff.${key}`, params);

export const KINDS = ['boat', 'barrel', 'bottle', 'crate', 'chest', 'plank', 'sailor', 'rat'];
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const fixed = (v, n) => Number(v.toFixed(n));

export class Placer {
  // changed(): the choice moved (redraw the ghost); send(action): the filled template.
  constructor(changed, send) {
    this.changed = changed;
    this.send = send;
    this.node = h('div', {class: 'riff-load', role: 'group', 'aria-label': w('load.label')});
    this.templates = [];
    this.offered = null;  // the step whose templates are offered
  }

  // The view's load templates (none: the controls go away).
  offer(view, templates, enabled) {
    this.view = view;
    this.templates = templates;
    this.enabled = enabled;
    if (!templates.length) {
      this.offered = null;
      return fill(this.node);
    }
    if (view.step === this.offered && this.node.firstChild) {
      // The same choice: keep the controls (and the focus in them), only enable them again.
      for (const c of this.node.querySelectorAll('button, input')) c.disabled = !enabled;
      return;
    }
    this.offered = view.step;
    const kinds = new Set(templates.map((t) => t.piece));
    if (!kinds.has(this.kind)) this.kind = templates[0].piece;
    this.pieces = templates.some((t) => t.pieces === 2) ? (this.pieces ?? 1) : undefined;
    this.take(this.template());
    this.show();
  }

  template() {
    return this.templates.find((t) => t.piece === this.kind &&
                                      (this.pieces === undefined || t.pieces === this.pieces));
  }

  area() {
    return this.view.model.areas.find((a) => a.number === this.view.placement.area);
  }

  parts(kind = this.kind) {
    return this.view.model.cargo[kind].parts;
  }

  // Starts from a template's own values (always accepted).
  take(template) {
    this.angle = template.angle;
    this.drop = template.drop;
    this.x = template.x;
    this.fit();
  }

  bounds() {
    return xBounds(this.area(), this.parts(), this.angle);
  }

  // Keeps x within the span the turned piece may use.
  fit() {
    const [from, to] = this.bounds();
    this.x = fixed(clamp(this.x, from, to), 3);
  }

  moveTo(x) {
    this.x = x;
    this.fit();
    this.update();
  }

  // Turns to `angle` whole degrees, or as near to it from the present angle as the piece fits.
  turnTo(angle) {
    let a = clamp(Math.round(angle), -180, 180);
    const step = Math.sign(this.angle - a);
    while (a !== this.angle && !xBounds(this.area(), this.parts(), a)) a += step;
    this.angle = a;
    this.fit();
    this.update();
  }

  raiseTo(drop) {
    this.drop = fixed(clamp(drop, 0, this.view.placement.drop[1]), 2);
    this.update();
  }

  chooseKind(kind) {
    this.kind = kind;
    if (!xBounds(this.area(), this.parts(), this.angle)) this.take(this.template());
    else this.fit();
    this.show();
    this.changed();
  }

  // The template chosen, filled with the values shown.
  action() {
    return {...this.template(), x: this.x, angle: this.angle, drop: this.drop};
  }

  // Arrow keys move, Page Up/Down (or Q/E) turn, Home/End lift; Enter sets the piece down.
  key(event) {
    const fine = event.shiftKey;
    const moves = {ArrowLeft: () => this.moveTo(this.x - (fine ? 0.01 : 0.05)),
                   ArrowRight: () => this.moveTo(this.x + (fine ? 0.01 : 0.05)),
                   ArrowUp: () => this.raiseTo(this.drop + 0.05),
                   ArrowDown: () => this.raiseTo(this.drop - 0.05),
                   PageUp: () => this.turnTo(this.angle + (fine ? 1 : 15)),
                   PageDown: () => this.turnTo(this.angle - (fine ? 1 : 15)),
                   q: () => this.turnTo(this.angle + (fine ? 1 : 15)),
                   e: () => this.turnTo(this.angle - (fine ? 1 : 15)),
                   Enter: () => this.go(), ' ': () => this.go()};
    const move = moves[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  go() {
    if (this.enabled) this.send(this.action());
  }

  update() {
    const fixedTo = (value, digits) => number(value, {minimumFractionDigits: digits,
                                                      maximumFractionDigits: digits});
    for (const [name, value] of [['x', fixedTo(this.x, 3)],
                                 ['angle', w('load.degrees', {degrees: this.angle})],
                                 ['drop', fixedTo(this.drop, 2)]]) {
      const out = this.node.querySelector(`output[data-value="${name}"]`);
      if (out) out.textContent = value;
    }
    const set = (name, value) => {
      const input = this.node.querySelector(`input[name="${name}"]`);
      if (input && Number(input.value) !== value) input.value = value;
    };
    set('x', this.x);
    set('angle', this.angle);
    set('drop', this.drop);
    const [from, to] = this.bounds();
    const x = this.node.querySelector('input[name="x"]');
    if (x) { x.min = from; x.max = to; }
    const button = this.node.querySelector('.riff-set-down');
    if (button) button.textContent = w('load.set_down', {piece: thePiece(this.kind)});
    this.changed();
  }

  show() {
    const supply = this.view.players[this.view.seat].supply;
    const kinds = KINDS.filter((k) => this.templates.some((t) => t.piece === k));
    const slider = (name, label, min, max, step, value, set) => h('label', {class: 'riff-slider'},
      h('span', {}, label),
      h('input', {type: 'range', name, min, max, step, value, disabled: !this.enabled,
                  oninput: (event) => set(Number(event.target.value))}),
      h('output', {'data-value': name}));
    const [from, to] = this.bounds();
    fill(this.node,
      h('div', {class: 'riff-kinds', role: 'group', 'aria-label': w('load.which')},
        kinds.map((k) => h('button', {type: 'button', class: 'riff-kind', 'data-kind': k,
                                      'aria-pressed': String(k === this.kind),
                                      disabled: !this.enabled,
                                      onclick: () => this.chooseKind(k)},
                           kindPicture(this.view.model, k),
                           w('load.kind', {piece: kindName(k), count: supply[k]})))),
      this.pieces !== undefined && h('div', {class: 'riff-kinds', role: 'group',
                                             'aria-label': w('load.count_pieces')},
        [1, 2].map((n) => h('button', {type: 'button', class: 'riff-pieces',
                                       'aria-pressed': String(n === this.pieces),
                                       disabled: !this.enabled,
                                       onclick: () => { this.pieces = n; this.show(); }},
                            w(n === 1 ? 'load.one' : 'load.two')))),
      slider('x', w('load.x'), from, to, 0.01, this.x, (v) => this.moveTo(v)),
      slider('angle', w('load.angle'), -180, 180, 1, this.angle, (v) => this.turnTo(v)),
      slider('drop', w('load.drop'), 0, this.view.placement.drop[1], 0.01, this.drop,
             (v) => this.raiseTo(v)),
      h('button', {type: 'button', class: 'riff-set-down', disabled: !this.enabled,
                   onclick: () => this.go()}),
      h('p', {class: 'riff-keys'}, w('load.keys')));
    this.update();
  }
}
