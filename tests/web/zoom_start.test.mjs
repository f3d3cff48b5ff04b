// A board on a phone starts on its own part (the captain, one's own ship): also when the frame
// was laid out, and its zoom decided, before the board drew its first view, as happens when the
// frame's first resizing comes before the match's first view (web/js/zoom.js).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch} from './harness.mjs';

test('a phone scrolls to the part to start on once it is drawn, after the zoom was decided',
     async () => {
       const server = await startServer();
       const browser = await launch();
       try {
         const page = await (await browser.newContext({viewport: {width: 390, height: 844}}))
             .newPage();
         await page.goto(server.url);
         const seen = await page.evaluate(async () => {
           const {zoomable} = await import('/js/zoom.js');
           const NS = 'http://www.w3.org/2000/svg';
           const svg = document.createElementNS(NS, 'svg');
           svg.setAttribute('viewBox', '0 0 1000 1000');
           let part = null;
           const zoom = zoomable(svg, {ownWidth: () => 1000, centre: () => part});
           const box = document.createElement('div');
           box.style.cssText = 'position: fixed; inset: 0; z-index: 99; background: white';
           box.append(zoom.node);
           document.body.append(box);
           const frame = zoom.node.querySelector('.zoom-scroll');
           frame.style.height = '400px';
           // Laid out, decided, with nothing drawn yet.
           await new Promise((resolve) => requestAnimationFrame(() => resolve()));
           zoom.start();
           const zoomed = zoom.node.classList.contains('zoomed');
           // The first view: the part is drawn well inside the drawing, away from its first screen.
           part = document.createElementNS(NS, 'circle');
           part.setAttribute('cx', '600');
           part.setAttribute('cy', '600');
           part.setAttribute('r', '20');
           svg.append(part);
           zoom.start();
           const at = part.getBoundingClientRect();
           const framed = frame.getBoundingClientRect();
           const offset = [at.left + at.width / 2 - (framed.left + framed.width / 2),
                           at.top + at.height / 2 - (framed.top + framed.height / 2)];
           // Later views leave the frame where the player panned it.
           frame.scrollLeft = 0;
           zoom.start();
           return {zoomed, offset, left: frame.scrollLeft};
         });
         assert.equal(seen.zoomed, true, 'a phone starts at the drawing\'s own size');
         assert.ok(Math.abs(seen.offset[0]) <= 2 && Math.abs(seen.offset[1]) <= 2,
                   `the part is in the middle of the frame (off by ${seen.offset})`);
         assert.equal(seen.left, 0, 'a later view does not scroll the frame back');
       } finally {
         await browser.close();
         await server.stop();
       }
     });
