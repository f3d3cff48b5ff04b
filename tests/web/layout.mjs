// What a page's layout gives a person, measured in the browser: whether a match's board and its
// controls are inside the screen, which targets are smaller than a fingertip, which text is
// smaller than 12 px, and which text runs out of its box.

// Runs in the page. Every measure is of what is shown: an element with no box (display: none, a
// closed <details>) or outside its scrolling frame (a board panned on a phone) is left out.
function measure({targetPx, textPx}) {
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    // A closed <details> keeps its content's boxes, skipped from rendering (content-visibility).
    return e.checkVisibility({contentVisibilityAuto: true, opacityProperty: true,
                              visibilityProperty: true});
  };
  const name = (e) => {
    const label = e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40);
    const cls = typeof e.className === 'string' ? e.className : e.className.baseVal;
    return `${e.tagName.toLowerCase()}${cls ? `.${cls.trim().split(/\s+/).join('.')}` : ''}` +
           ` "${label}"`;
  };
  // The nearest ancestor that scrolls (its content larger than its box), below the document.
  const scroller = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const scrolls = /(auto|scroll)/.test(style.overflowX + style.overflowY);
      if (scrolls && (a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1)) {
        return a;
      }
    }
    return null;
  };
  // Whether `e` shows inside its scrolling frame, if it has one.
  const inFrame = (e) => {
    const frame = scroller(e);
    if (!frame) return true;
    const r = e.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    return r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom;
  };
  const round = (r) => ({left: Math.round(r.left), top: Math.round(r.top),
                         right: Math.round(r.right), bottom: Math.round(r.bottom)});
  const out = (r) => r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 ||
                     r.bottom > innerHeight + 0.5;
  const controls = 'button, a[href], input, select, textarea, summary, [role="button"]';

  // The board's drawing and its controls, the turn and the actions: each inside the screen (a
  // control in a frame that scrolls, by its frame's box).
  const outside = [];
  const play = document.querySelector('.play');
  if (play) {
    const parts = [...play.querySelectorAll('.board .zoom, .board .colp-table, .side')];
    for (const e of play.querySelectorAll(`.board :is(${controls})`)) {
      if (visible(e) && inFrame(e)) parts.push(scroller(e) ?? e);
    }
    for (const e of new Set(parts)) {
      if (visible(e) && out(e.getBoundingClientRect())) {
        outside.push(`${name(e)} at ${JSON.stringify(round(e.getBoundingClientRect()))}`);
      }
    }
  }

  // Targets smaller than a fingertip, in the page's header and its screen: every control but a
  // link inside a sentence. A checkbox counts with its label, which takes the tap too.
  const small = [];
  for (const e of document.querySelectorAll(`header :is(${controls}), main :is(${controls})`)) {
    if (!visible(e) || !inFrame(e)) continue;
    if (e.matches('a:not(.button)') && e.closest('p, li, td, span')) continue;
    // Taken by the keyboard only (a click goes through it to what is under it).
    if (getComputedStyle(e).pointerEvents === 'none') continue;
    let r = e.getBoundingClientRect();
    if (e.matches('input[type=checkbox], input[type=radio]')) {
      const label = e.id && document.querySelector(`label[for="${e.id}"]`);
      if (label) {
        const l = label.getBoundingClientRect();
        r = {width: Math.max(r.right, l.right) - Math.min(r.left, l.left),
             height: Math.max(r.bottom, l.bottom) - Math.min(r.top, l.top)};
      }
    }
    if (r.width < targetPx - 0.5 || r.height < targetPx - 0.5) {
      small.push(`${name(e)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }

  // Text smaller than `textPx`, as drawn (an SVG's text by its drawing's scale).
  const tiny = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const e = node.parentElement;
    if (!node.textContent.trim() || !e.closest('header, main') || !visible(e) || !inFrame(e)) {
      continue;
    }
    if (e.closest('.visually-hidden, title, noscript')) continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) {
      const m = e.getScreenCTM();
      px *= Math.hypot(m.a, m.b);
    }
    if (px < textPx - 0.05) tiny.push(`${name(e)} ${px.toFixed(1)} px`);
  }

  // Text running out of its box: an HTML element whose content is wider than it (and that
  // lets it show), a label drawn on an SVG box (a space, a card) that passes its edge.
  const spilling = [];
  for (const e of document.querySelectorAll('main *')) {
    if (e instanceof SVGElement || !visible(e)) continue;
    const style = getComputedStyle(e);
    if (style.display === 'inline' || style.overflowX !== 'visible') continue;
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0) {
      spilling.push(`${name(e)} ${e.scrollWidth} > ${e.clientWidth}`);
    }
  }
  // A label's box: the rect its group is drawn on first (a space, a card, a pill).
  for (const text of document.querySelectorAll('main svg text')) {
    const box = [...text.parentNode.children].find((c) => c.tagName !== 'title');
    if (box?.tagName !== 'rect' || !visible(text)) continue;
    const t = text.getBBox();
    const b = box.getBBox();
    if (t.x < b.x - 0.5 || t.y < b.y - 0.5 || t.x + t.width > b.x + b.width + 0.5 ||
        t.y + t.height > b.y + b.height + 0.5) {
      spilling.push(`${name(text)} out of ${name(box)}`);
    }
  }
  return {outside, small, tiny, spilling, pageWidth: document.documentElement.scrollWidth,
          scrolled: scrollY};
}

export function layoutOf(page, {targetPx = 44, textPx = 12} = {}) {
  return page.evaluate(measure, {targetPx, textPx});
}
