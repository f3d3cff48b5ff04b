// A board's drawing that can be zoomed and panned: the SVG in a frame that scrolls, with buttons
// to zoom in, out, and back to the whole drawing. On a wide screen the drawing starts whole,
// fitted to the room the page gives it (style.css: as high as the screen allows); on a phone it
// starts at its own size, where its words and its targets are as large as a finger and an eye
// need (the board says what that size is), and the frame pans across it.

import {h, focusableWhileScrolling} from './dom.js';
import {t} from './i18n.js';

const PHONE = '(max-width: 760px)';  // style.css's single column
const STEP = 1.25;
const MOST = 3;  // times the drawing's own size

// `svg`: the drawing. `ownWidth()`: its width in CSS pixels at its own size, the size at which
// its smallest text and targets are readable and touchable (each board knows its drawing's
// units). `changed()`: told after every zoom (a board that lays itself out by its width).
// `centre()`: the part of the drawing a phone starts on (the captain, one's own ship), if any.
export function zoomable(svg, {ownWidth, changed = () => {}, centre = () => null}) {
  const scroller = h('div', {class: 'zoom-scroll', role: 'region', 'aria-label': t('zoom.frame')},
                     svg);
  const panning = focusableWhileScrolling(scroller);  // arrows pan it from the keyboard
  let scale = null;  // null: the whole drawing fitted; otherwise times its own size
  const fitted = () => scale === null;

  const show = () => {
    frame.classList.toggle('zoomed', !fitted());
    if (fitted()) svg.style.removeProperty('width');
    else svg.style.setProperty('width', `${Math.round(ownWidth() * scale)}px`);
    out.disabled = fitted();
    inside.disabled = !fitted() && scale >= MOST;
    whole.disabled = fitted();
    panning();
    changed();
  };

  // Zooms to `next` (null: the whole drawing), keeping the point at the frame's middle there.
  const zoomTo = (next) => {
    const before = svg.getBoundingClientRect().width || 1;
    const middle = [(scroller.scrollLeft + scroller.clientWidth / 2) / before,
                    (scroller.scrollTop + scroller.clientHeight / 2) /
                    (svg.getBoundingClientRect().height || 1)];
    // Zooming out past the width that fills the frame is the whole drawing.
    const fill = scroller.clientWidth / Math.max(1, ownWidth());
    scale = next === null || next <= fill ? null : Math.min(MOST, next);
    show();
    const after = svg.getBoundingClientRect();
    scroller.scrollLeft = middle[0] * after.width - scroller.clientWidth / 2;
    scroller.scrollTop = middle[1] * after.height - scroller.clientHeight / 2;
  };
  const current = () => (fitted() ? svg.getBoundingClientRect().width / Math.max(1, ownWidth())
                                  : scale);

  const out = h('button', {type: 'button', class: 'zoom-out', 'aria-label': t('zoom.out'),
                           title: t('zoom.out'), onclick: () => zoomTo(current() / STEP)}, '−');
  const inside = h('button', {type: 'button', class: 'zoom-in', 'aria-label': t('zoom.in'),
                              title: t('zoom.in'), onclick: () => zoomTo(current() * STEP)}, '+');
  const whole = h('button', {type: 'button', class: 'zoom-fit', 'aria-label': t('zoom.whole'),
                             title: t('zoom.whole'), onclick: () => zoomTo(null)}, '⤢');
  const frame = h('div', {class: 'zoom'}, scroller,
                  h('div', {class: 'zoom-tools', role: 'group', 'aria-label': t('zoom.label')},
                    out, inside, whole));

  // A phone starts at the drawing's own size when the screen is narrower than it; a wide
  // screen fits it whole. Decided once the frame is laid out (the board calls start() after each
  // update, the frame's resizing too: it decides once), and again when a phone turns. The part to
  // start on is scrolled to the first time it is there: the frame may be laid out, and decided,
  // before the board has drawn its first view.
  let decidedFor = null;
  let centred = true;  // nothing (more) to scroll to for this decision
  const start = () => {
    const phone = matchMedia(PHONE).matches;
    if (!frame.isConnected || !ownWidth()) return;
    if (decidedFor !== phone) {
      decidedFor = phone;
      scale = phone && scroller.clientWidth < ownWidth() ? 1 : null;
      show();
      centred = scale === null;
    }
    const part = !centred && centre();
    if (!part) return;
    centred = true;
    const at = part.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    scroller.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
    scroller.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
  };
  if (typeof ResizeObserver === 'function') {
    const watch = new ResizeObserver(() => {
      if (!frame.isConnected) watch.disconnect();
      else start();
    });
    watch.observe(frame);
  }
  show();
  return {node: frame, start};
}
