// A small way to build DOM and SVG trees without a framework.

import {t} from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      node.textContent = value;
    } else if (key in node && !(node instanceof SVGElement) && typeof value !== 'string') {
      node[key] = value;  // properties such as checked, disabled, value
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// h('button', {class: 'x', onclick}, 'label', ...): an HTML element.
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s('rect', {x, y}): an SVG element.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

// Replaces the children of `node`.
export function fill(node, ...children) {
  node.replaceChildren();
  return build(node, {}, children);
}

// A text's words, lower case, with what is between parentheses left out: how a label is matched
// against the words a person sees (as axe-core's label-content-name-mismatch does).
const words = (text) => text.replace(/\([^()]*\)/g, ' ').toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u).filter(Boolean);

// The name of a control that shows words of its own (a space's name, a card's good): those words
// first, then what it does, unless its label already says them. A person who sees "Jolly Roger"
// and says it to their voice control, or reads it with a screen reader, finds the control by it.
export function nameWithWords(node, label) {
  const shown = [...node.querySelectorAll('text'), ...(node instanceof SVGElement ? [] : [node])]
      .map((n) => n.textContent.trim()).filter(Boolean).join(' ');
  const seen = words(shown);
  const said = words(label);
  const within = seen.length === 0 || said.some((_, i) => seen.every((w, j) => said[i + j] === w));
  return within ? label : t('board.button', {shown, action: label});
}

// Makes an SVG element act as a button for the keyboard and for screen readers, named by what
// it shows and what it does.
export function clickable(node, label, onActivate) {
  // Each drawn text ends with a space (which the drawing does not show): read as the node's
  // text, its words stay apart ("Green map take a map", not "Green maptake a map").
  for (const text of node.querySelectorAll('text')) {
    if (!/\s$/.test(text.textContent)) text.append(' ');
  }
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', nameWithWords(node, label));
  node.classList.add('clickable');
  node.addEventListener('click', onActivate);
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}

// A drawing with its tooltip, `title`, held by a group around it rather than by a <title> of its
// own: a browser shows the nearest group's title on hover all the same, and a control drawn
// inside (clickable) keeps as its shown words only those it draws. A <title> inside a control
// counts as words it shows whenever the drawing covers the screen's top-left corner (axe-core's
// label-content-name-mismatch reads it so on a phone's board panned to its far side), and they
// are not the control's name: a voice control user saying them would not reach it.
export function titled(title, node) {
  return s('g', {}, s('title', {}, title), node);
}

// Draws an SVG text narrower, to `width` units, when it is wider than that: words of any
// language kept whole inside the box they are drawn on. (Not drawn yet, as in a hidden panel:
// nothing is measured, nothing changed.)
export function squeeze(text, width) {
  if (!(text.getComputedTextLength?.() > width)) return;
  text.setAttribute('textLength', width);
  text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
}

// A list that scrolls, as a log or a chat shows its lines: the box scrolls and takes the focus,
// so that the keyboard scrolls it too; the list inside it holds the lines. `attrs` are the
// box's (its role, its label).
export function scrollingList(attrs) {
  const list = h('ol', {});
  const box = h('div', {...attrs, class: `log ${attrs.class || ''}`.trim(), tabindex: 0}, list);
  return {box, list, toEnd: () => { box.scrollTop = box.scrollHeight; }};
}

// Takes the focus while `node` scrolls (its content is larger than its box), so that the
// keyboard can scroll it: a convoy of cards, a board zoomed in its frame. Call the function it
// returns when the content changes; a change of size is followed by itself.
export function focusableWhileScrolling(node) {
  const update = () => {
    const scrolls = node.scrollWidth > node.clientWidth + 1 ||
                    node.scrollHeight > node.clientHeight + 1;
    if (scrolls) node.setAttribute('tabindex', '0');
    else node.removeAttribute('tabindex');
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(node);
  return update;
}
