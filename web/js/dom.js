// A small way to build DOM and SVG trees without a framework.

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

// Makes an SVG element act as a button for the keyboard and for screen readers.
export function clickable(node, label, onActivate) {
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', label);
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

// Draws an SVG text narrower, to `width` units, when it is wider than that: words of any
// language kept whole inside the box they are drawn on. (Not drawn yet, as in a hidden panel:
// nothing is measured, nothing changed.)
export function squeeze(text, width) {
  if (!(text.getComputedTextLength?.() > width)) return;
  text.setAttribute('textLength', width);
  text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
}
