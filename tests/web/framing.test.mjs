// The served client under its browser headers (docs/security.md): a page of another origin can
// neither show it in a frame (frame-ancestors 'none', X-Frame-Options) nor open a WebSocket to the
// server as the player visiting it; the client itself runs under its strict CSP without a
// violation.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {startServer, launch, enter, until} from './harness.mjs';

// A page of another site, on another port: it frames the client, and tries its WebSocket.
async function elsewhere(serverUrl) {
  const ws = serverUrl.replace('http://', 'ws://') + 'ws';
  const page = `<!doctype html><title>elsewhere</title>
<iframe id="framed" src="${serverUrl}" width="600" height="400"></iframe>
<script>
  window.socket = new Promise((resolve) => {
    const s = new WebSocket(${JSON.stringify(ws)});
    s.onopen = () => resolve('open');
    s.onclose = (event) => resolve('closed ' + event.code);
  });
</script>`;
  const http = createServer((request, response) => {
    response.writeHead(200, {'Content-Type': 'text/html'});
    response.end(page);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {url: `http://localhost:${http.address().port}/`, close: () => http.close()};
}

test('another site can neither frame the client nor open its WebSocket', async () => {
  const server = await startServer();
  const other = await elsewhere(server.url);
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(other.url);
    // The WebSocket is refused before it opens.
    assert.equal(await page.evaluate(() => window.socket), 'closed 1006');
    const metrics = await (await fetch(`${server.url}metrics`)).text();
    assert.match(metrics, /^tortuga_websocket_origins_refused_total 1$/m);
    // The frame shows no client: the browser refused to render the page inside it.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.ok(frame, 'the frame exists');
    await until(async () => frame.url() !== 'about:blank', 'the frame to be navigated');
    const shown = await frame.evaluate(() => document.querySelector('#screen') !== null)
        .catch(() => false);
    assert.equal(shown, false, `the client is shown in the frame (${frame.url()})`);
  } finally {
    await browser.close();
    other.close();
    await server.stop();
  }
});

test('the client plays under its own strict CSP without a violation', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const violations = [];
    const page = await enter(browser, server.url, 'Anne Bonny');
    // From here on: the pages are loaded again, and every violation is said on the console.
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(server.url);
    assert.match(response.headers()['content-security-policy'], /frame-ancestors 'none'/);
    await page.getByRole('heading', {name: 'Lobby'}).waitFor();
    await page.goto(`${server.url}admin.html`);
    await page.getByRole('heading').first().waitFor();
    assert.deepEqual(violations, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
