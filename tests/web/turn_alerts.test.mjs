// Your turn, said while the page is in the background: Mary plays while Anne's tab is hidden;
// when the turn is Anne's, her tab's title and icon are marked, the sound she chose plays and
// the notification she allowed says what Mary did; back in front, the notification goes; once
// she has played, the title and the icon are as they were. While her page is in front, the turn
// marks the title and icon only.
//
// A headless browser keeps every tab in front (Playwright's pages all report "visible"): Anne's
// tab is sent to the background by the standard signals a browser gives a page, its
// visibilityState and a visibilitychange event; the notifications the page makes are recorded
// on their way to the browser's own.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded, until,
        step} from './harness.mjs';

function background() {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState',
                        {get: () => (hidden ? 'hidden' : 'visible'), configurable: true});
  Object.defineProperty(Document.prototype, 'hidden', {get: () => hidden, configurable: true});
  window.sendToBack = (back) => {
    hidden = back;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const Browser = window.Notification;
  window.notes = [];
  window.Notification = class extends Browser {
    constructor(title, options) {
      super(title, options);
      this.record = {title, body: options?.body, closed: false};
      window.notes.push(this.record);
    }

    close() {
      this.record.closed = true;
      super.close();
    }
  };
  Object.defineProperty(window.Notification, 'permission', {get: () => Browser.permission});
  window.Notification.requestPermission = (...args) => Browser.requestPermission(...args);
}

const looks = (page) => page.evaluate(() => ({
  title: document.title, icon: document.querySelector('link[rel="icon"]').getAttribute('href'),
  sounded: document.documentElement.dataset.sounded ?? null,
  notes: window.notes.map((n) => ({...n}))}));

test('a turn that comes while the tab is in the background is said by its title, icon, sound ' +
     'and notification', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.context().grantPermissions(['notifications'], {origin: server.url.slice(0, -1)});
    await anne.context().addInitScript(background);
    await anne.reload();
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
    const mary = await enter(browser, server.url, 'Mary Read');
    const room = await createShortRoom(anne);
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();

    // Anne chooses a sound and a notification (the browser allows it).
    await anne.getByLabel('a sound, while this page is in the background').check();
    await anne.getByLabel('a notification, while this page is hidden').check();
    await until(() => anne.evaluate(() => localStorage.getItem('tortuga.alerts') ===
                                          '{"sound":true,"notify":true}'), 'the choice kept');

    // Whoever is first: the match goes on until it is Mary's turn.
    const random = seeded(5);
    let page;
    while ((page = await nextToAct([anne, mary])) === anne) await playOneMove(anne, random);
    assert.equal(page, mary);
    const before = await looks(anne);
    assert.equal(before.title, 'Tortuga');
    assert.equal(before.icon, '/favicon.svg');

    // Anne's tab goes to the background; Mary plays, and the turn is Anne's.
    await anne.evaluate(() => window.sendToBack(true));
    while ((page = await nextToAct([anne, mary])) === mary) await playOneMove(mary, random);
    assert.equal(page, anne);
    const said = await looks(anne);
    assert.equal(said.title, '● Your turn · Tortuga');
    assert.equal(said.icon, '/favicon-turn.svg');
    assert.notEqual(said.sounded, null, 'the sound played');
    // The notification says what Mary did, as the log says it.
    const logged = (await anne.locator('.log li').last().innerText()).replace(/^\d+\.\s*/, '');
    assert.deepEqual(said.notes, [{title: 'Your turn in Tortuga', body: logged, closed: false}]);
    assert.match(logged, /^Mary Read /);

    // Back in front: the notification goes, the title and icon stay marked until she plays.
    await anne.evaluate(() => window.sendToBack(false));
    await until(async () => (await looks(anne)).notes[0].closed, 'the notification closed');
    assert.equal((await looks(anne)).title, '● Your turn · Tortuga');
    const played = await step(anne);
    await playOneMove(anne, random);
    await until(async () => (await step(anne)) > played, 'Anne\'s move');
    await until(async () => (await looks(anne)).title === 'Tortuga', 'the title as it was');
    assert.equal((await looks(anne)).icon, '/favicon.svg');

    // In front, her next turn marks the title and icon only: no sound, no notification.
    const sounded = (await looks(anne)).sounded;
    while ((page = await nextToAct([anne, mary])) === mary) await playOneMove(mary, random);
    if (page === anne) {
      const front = await looks(anne);
      assert.equal(front.title, '● Your turn · Tortuga');
      assert.equal(front.icon, '/favicon-turn.svg');
      assert.equal(front.notes.length, 1);
      assert.equal(front.sounded, sounded);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 90000});
