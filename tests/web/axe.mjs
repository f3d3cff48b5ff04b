// axe-core (from npm) run in a page of the browser tests: its violations of serious or critical
// impact, each explained, and the check that there are none.

import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
                               'utf8');

// The page's violations of serious or critical impact, each with where it is and what axe saw
// there: the node's markup, each failed check's data and related nodes, the node's accessible
// name and the text axe takes it to show (as label-content-name-mismatch reads it, glyphs it
// judges icons left out), and its box on the screen, so that a failure explains itself. axe is
// put in the page as the test's own script (the page's Content-Security-Policy lets no inline
// script run).
export async function serious(page) {
  if (!await page.evaluate(() => typeof window.axe === 'object')) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const {violations} = await window.axe.run(document, {resultTypes: ['violations']});
    const found = violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .flatMap((v) => v.nodes.map((n) => ({v, n})));
    if (found.length) window.axe.setup(document);
    try {
      return found.map(({v, n}) => {
        const node = n.target.length === 1 ? document.querySelector(n.target[0]) : null;
        const virtual = node && window.axe.utils.getNodeFromTree(node);
        const box = node?.getBoundingClientRect();
        const seen = virtual && {
          name: window.axe.commons.text.accessibleText(node),
          shown: window.axe.commons.text.visibleVirtual(virtual, false, false,
                                                        {ignoreIconLigature: true,
                                                         pixelThreshold: 0.1,
                                                         occurrenceThreshold: 3}),
          box: [box.left, box.top, box.right, box.bottom].map(Math.round),
          scrolled: [scrollX, scrollY]};
        const checks = [...n.any, ...n.all, ...n.none].map((c) => ({
          id: c.id, data: c.data ?? null, related: c.relatedNodes.map((r) => r.html)}));
        return `${v.id} (${v.impact}): ${n.target.join(' ')}: ` +
               `${n.failureSummary.replace(/\s+/g, ' ')}\n  html: ${n.html}\n` +
               `  checks: ${JSON.stringify(checks)}\n  seen: ${JSON.stringify(seen)}`;
      });
    } finally {
      if (found.length) window.axe.teardown();
    }
  });
}

export async function check(page, where) {
  assert.deepEqual(await serious(page), [], `${where}: axe-core's serious violations`);
}
