// The height a match's board may take so that it fits on the screen under what is above it (the
// header, the room's line): the screen's height from the node's top down, as the CSS variable
// --fit-h on the node, which style.css gives the boards' drawings. Kept up to date as the window
// changes and as what is above the node changes (a room's card opened, a notice shown).

const MARGIN = 12;  // px kept free under the board
const LEAST = 420;  // px: on a very low window the board scrolls rather than shrinking away

export function fitToScreen(node) {
  let shown = null;
  const measure = () => {
    if (!node.isConnected) return;
    const top = node.getBoundingClientRect().top + scrollY;
    const height = Math.max(LEAST, Math.floor(innerHeight - top - MARGIN));
    if (height === shown) return;  // setting it again would lay the page out for nothing
    shown = height;
    node.style.setProperty('--fit-h', `${height}px`);
  };
  const watch = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
  watch?.observe(document.body);
  addEventListener('resize', measure);
  measure();
  return () => {
    watch?.disconnect();
    removeEventListener('resize', measure);
  };
}
