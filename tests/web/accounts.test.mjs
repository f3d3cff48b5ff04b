// Accounts in the browser, against a real server: a guest signs up and keeps their player and
// seat, and logs in on a second device (another browser context) as that same player in that
// same seat; each refusal (a weak password, a taken or look-alike name, a wrong password, too
// many of them) is shown in the catalog's words, with the values the server gave; the devices
// signed in are listed, one is signed out from another (which is then told and asked to log in,
// not made a guest), every other is signed out, the password is changed, and a device logs out.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer, launch, enter, createShortRoom} from './harness.mjs';

const locales = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'locales');
const catalog = (code) => JSON.parse(readFileSync(join(locales, `${code}.json`), 'utf8'));
const EN = catalog('en');
const IT = catalog('it');
const SHOTS = process.env.ACCOUNT_SHOTS;  // a directory: the screens are photographed there

// A new device (a browser context of its own) on the first screen, every frame it receives kept.
async function device(browser, url,
                      {viewport = {width: 1200, height: 860}, locale = 'en-US'} = {}) {
  const context = await browser.newContext({viewport, locale});
  const page = await context.newPage();
  page.on('pageerror', (error) => { throw new Error(`page: ${error.message}`); });
  page.received = [];
  page.sent = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({payload}) => page.received.push(JSON.parse(payload)));
    ws.on('framesent', ({payload}) => page.sent.push(JSON.parse(payload)));
  });
  await page.goto(url);
  await page.locator('#name').waitFor();
  return page;
}

// Logs in from the first screen.
async function logIn(page, name, password) {
  if (await page.locator('#to-login').count()) await page.locator('#to-login').click();
  await page.locator('#login-name').fill(name);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-form button[type=submit]').click();
}

const welcomes = (page) => page.received.filter((m) => m.type === 'welcome');
const token = (page) => page.evaluate(() => localStorage.getItem('tortuga.token'));
const shoot = async (page, name) => {
  if (SHOTS) await page.screenshot({path: join(SHOTS, `${name}.png`), fullPage: true});
};

// Signs up from the account screen, reached by the header's link.
async function signUp(page, name, password) {
  await page.locator('#account-link').click();
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-password').fill(password);
  await page.getByRole('button', {name: 'Sign up', exact: true}).click();
}

test('a guest signs up, keeps their seat, and is the same player on a second device', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const mary = await enter(browser, server.url, 'Mary Read');
    await signUp(mary, 'Mary Read', 'a sloop called Ranger');
    await mary.locator('#who', {hasText: 'Signed in as Mary Read'}).waitFor();

    const anne = await enter(browser, server.url, 'Anne Bonny');
    const guest = welcomes(anne)[0].player;
    const room = await createShortRoom(anne);
    await anne.getByRole('link', {name: 'Sign up or log in'}).click();
    await anne.getByRole('heading', {name: 'Your account'}).waitFor();
    await shoot(anne, 'guest-account-desktop-en');
    // The rule is said beside the field; the server's refusal says it again, with its length.
    assert.equal(await anne.locator('#signup-password-hint').innerText(),
                 'At least 8 characters, and not your name.');
    const problem = anne.locator('#signup-problem');
    await anne.locator('#signup-password').fill('parrot');
    await anne.getByRole('button', {name: 'Sign up', exact: true}).click();
    await problem.filter({hasText: /\S/}).waitFor();
    assert.equal(await problem.innerText(),
                 'Choose a password of at least 8 characters that is not your name.');
    // The name as a password is weak too, whatever its case.
    await anne.locator('#signup-password').fill('ANNE BONNY');
    await anne.getByRole('button', {name: 'Sign up', exact: true}).click();
    await anne.locator('#signup-problem:not(:empty)').waitFor();
    assert.match(await problem.innerText(), /at least 8 characters that is not your name/);
    // Mary's name, in capitals with a Cyrillic М, is hers.
    for (const taken of ['MARY READ', 'Маry Read']) {
      await problem.evaluate((p) => { p.textContent = ''; });
      await anne.locator('#signup-name').fill(taken);
      await anne.locator('#signup-password').fill('barbary coast 1720');
      await anne.getByRole('button', {name: 'Sign up', exact: true}).click();
      await anne.locator('#signup-problem:not(:empty)').waitFor();
      assert.equal(await problem.innerText(), EN.errors.name_taken, taken);
    }
    await shoot(anne, 'signup-refused-desktop-en');
    await anne.locator('#signup-name').fill('Anne Bonny');
    await anne.locator('#signup-password').fill('barbary coast 1720');
    await anne.getByRole('button', {name: 'Sign up', exact: true}).click();
    await anne.locator('#screen .done', {hasText: 'Welcome, Anne Bonny: your account is ready.'})
        .waitFor();
    await anne.locator('#who', {hasText: 'Signed in as Anne Bonny'}).waitFor();
    // One session: this device's, the guest's token now the account's.
    await anne.locator('.session.current').waitFor();
    assert.equal(await anne.locator('.session').count(), 1);
    const kept = await token(anne);
    assert.ok(kept && kept !== welcomes(anne)[0].token, 'the guest token was replaced');
    await shoot(anne, 'signed-in-desktop-en');

    // A second device: a wrong password first, then the right one, with the name in other case.
    const laptop = await device(browser, server.url);
    await logIn(laptop, 'anne bonny', 'barbary coast 1721');
    await laptop.locator('#login-problem:not(:empty)').waitFor();
    assert.equal(await laptop.locator('#login-problem').innerText(), EN.errors.bad_login);
    await shoot(laptop, 'login-refused-desktop-en');
    assert.equal(await token(laptop), null, 'a refused login keeps nothing');
    await laptop.locator('#login-password').fill('barbary coast 1720');
    await laptop.locator('#login-form button[type=submit]').click();
    await laptop.getByRole('heading', {name: 'Lobby'}).waitFor();
    await laptop.locator('#who', {hasText: 'Signed in as Anne Bonny'}).waitFor();
    const [welcome] = welcomes(laptop);
    assert.equal(welcome.player.id, guest.id, 'the account is the guest who signed up');
    assert.equal(welcome.account, true);
    assert.equal(await token(laptop), welcome.token, 'the device keeps its own session');
    assert.notEqual(welcome.token, kept);
    // Anne's seat is hers on the laptop too: the room is listed as hers, and she is its host.
    await laptop.locator(`#my-rooms a[href="#/room/${room}"]`).click();
    await laptop.locator('.seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
    await laptop.getByRole('button', {name: 'Add bot'}).waitFor();
    // A reload is the same player still, by the kept token.
    await laptop.reload();
    await laptop.locator('#who', {hasText: 'Signed in as Anne Bonny'}).waitFor();
    assert.equal(welcomes(laptop).at(-1).player.id, guest.id);

    // A guest logs in from the account screen: the connection is Anne's from then on, the
    // guest's token replaced by this device's session.
    const tablet = await enter(browser, server.url, 'Calico Jack');
    const jack = await token(tablet);
    await tablet.locator('#account-link').click();
    await tablet.locator('#login-name').fill('Anne Bonny');
    await tablet.locator('#login-password').fill('barbary coast 1720');
    await tablet.locator('#login-form button[type=submit]').click();
    await tablet.locator('#who', {hasText: 'Signed in as Anne Bonny'}).waitFor();
    await tablet.getByRole('heading', {name: 'Lobby'}).waitFor();
    const anneHere = welcomes(tablet).at(-1);
    assert.equal(anneHere.player.id, guest.id);
    assert.equal(await token(tablet), anneHere.token);
    assert.notEqual(anneHere.token, jack);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});

test('devices are listed and signed out, the password changed, and a device logs out',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const phone = await enter(browser, server.url, 'Mary Read', {width: 390, height: 844});
    await signUp(phone, 'Mary Read', 'a sloop called Ranger');
    await phone.locator('.session.current').waitFor();
    const laptop = await device(browser, server.url);
    await logIn(laptop, 'Mary Read', 'a sloop called Ranger');
    await laptop.getByRole('heading', {name: 'Lobby'}).waitFor();
    const tablet = await device(browser, server.url, {locale: 'it-IT'});
    await logIn(tablet, 'Mary Read', 'a sloop called Ranger');
    await tablet.locator('#rooms').waitFor();

    // The phone lists three devices, itself marked, oldest first.
    await phone.reload();
    await phone.locator('.session').nth(2).waitFor();
    assert.equal(await phone.locator('.session').count(), 3);
    assert.equal(await phone.locator('.session').first().evaluate(
        (li) => li.classList.contains('current')), true);
    assert.match(await phone.locator('.session').nth(1).innerText(), /Chrome on Linux/);
    assert.match(await phone.locator('.session').nth(1).innerText(), /Used just now/);
    await shoot(phone, 'sessions-phone-en');

    // It signs out the laptop, which is told so and asked to log in, as Mary.
    const laptopSession = await phone.locator('.session').nth(1).getAttribute('data-session');
    await phone.locator(`.session[data-session="${laptopSession}"] button`).click();
    await phone.locator('#sessions-said', {hasText: 'Chrome on Linux was signed out.'}).waitFor();
    assert.equal(await phone.locator('.session').count(), 2);
    await laptop.locator('#login-title').waitFor();
    assert.equal(await laptop.locator('#login-why').innerText(), EN.account.signed_out);
    assert.equal(await laptop.locator('#login-name').inputValue(), 'Mary Read');
    assert.equal(await token(laptop), null);
    assert.equal(await laptop.locator('#who').innerText(), '');
    await shoot(laptop, 'signed-out-desktop-en');

    // The laptop logs in again, the tablet's page is closed; the phone signs out every other
    // device. The laptop is told at once; the tablet when it is opened again (in Italian), its
    // kept token refused: asked to log in as Mary, not made a new guest.
    await logIn(laptop, 'Mary Read', 'a sloop called Ranger');
    await laptop.getByRole('heading', {name: 'Lobby'}).waitFor();
    const tabletContext = tablet.context();
    await tablet.close();
    await phone.reload();
    await phone.locator('.session').nth(2).waitFor();
    const hellos = () => laptop.sent.filter((m) => m.type === 'hello').length;
    const hellosBefore = hellos();
    await phone.getByRole('button', {name: 'Sign out every other device'}).click();
    await phone.locator('#sessions-said', {hasText: 'Every other device was signed out.'})
        .waitFor();
    assert.equal(await phone.locator('.session').count(), 1);
    await laptop.locator('#login-title').waitFor();
    assert.equal(await laptop.locator('#login-why').innerText(), EN.account.signed_out);
    // Told by the server before it closed the connection (4004), the page did not reconnect.
    assert.equal(hellos(), hellosBefore, 'no hello after the sign-out');
    const reopened = await tabletContext.newPage();
    await reopened.goto(server.url);
    await reopened.locator('#login-title').waitFor();
    assert.equal(await reopened.locator('#login-why').innerText(), IT.account.signed_out);
    assert.equal(await reopened.locator('#login-name').inputValue(), 'Mary Read');
    assert.equal(await token(reopened), null);
    assert.equal(await reopened.locator('#who').innerText(), '');
    await shoot(reopened, 'signed-out-desktop-it');

    // The password changed on the laptop: a wrong current one, a weak new one, then both right;
    // the phone is signed out, and the old password no longer logs in.
    await logIn(laptop, 'Mary Read', 'a sloop called Ranger');
    await laptop.getByRole('heading', {name: 'Lobby'}).waitFor();
    await laptop.getByRole('link', {name: 'Account'}).click();
    const problem = laptop.locator('#password-problem');
    const change = async (current, fresh) => {
      await problem.evaluate((p) => { p.textContent = ''; });
      await laptop.getByLabel('Current password').fill(current);
      await laptop.getByLabel('New password').fill(fresh);
      await laptop.getByRole('button', {name: 'Change password'}).click();
    };
    await change('a sloop called Rover', 'the Revenge of 1718');
    await laptop.locator('#password-problem:not(:empty)').waitFor();
    assert.equal(await problem.innerText(), EN.errors.bad_login);
    await change('a sloop called Ranger', 'mary');
    await laptop.locator('#password-problem:not(:empty)').waitFor();
    assert.equal(await problem.innerText(),
                 'Choose a password of at least 8 characters that is not your name.');
    await change('a sloop called Ranger', 'the Revenge of 1718');
    await laptop.locator('#password-said', {hasText: EN.account.password_changed}).waitFor();
    assert.equal(await laptop.locator('.session').count(), 1);
    await shoot(laptop, 'password-changed-desktop-en');
    await phone.locator('#login-title').waitFor();
    await shoot(phone, 'signed-out-phone-en');
    await logIn(phone, 'Mary Read', 'a sloop called Ranger');
    await phone.locator('#login-problem:not(:empty)').waitFor();
    assert.equal(await phone.locator('#login-problem').innerText(), EN.errors.bad_login);
    await phone.locator('#login-password').fill('the Revenge of 1718');
    await phone.locator('#login-form button[type=submit]').click();
    await phone.getByRole('heading', {name: 'Lobby'}).waitFor();

    // The laptop logs out: its session ends on the server (the phone's list loses it) and its
    // token is forgotten; it is not signed out as by another device, but told it logged out.
    await laptop.getByRole('button', {name: 'Log out'}).click();
    await laptop.locator('#login-title').waitFor();
    assert.equal(await laptop.locator('#login-said').innerText(), EN.account.logged_out);
    assert.equal(await laptop.locator('#login-why').count(), 0);
    assert.equal(await token(laptop), null);
    await phone.locator('#account-link').click();
    await phone.locator('.session.current').waitFor();
    assert.equal(await phone.locator('.session').count(), 1);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});

test('too many wrong passwords say how long to wait, in Italian', async () => {
  const server = await startServer({limits: {free_guesses: 0}});
  const browser = await launch();
  try {
    const giulia = await device(browser, server.url, {locale: 'it-IT'});
    await giulia.locator('#name').fill('Giulia');
    await giulia.locator('form button[type=submit]').click();
    await giulia.locator('#rooms').waitFor();
    await giulia.locator('#account-link').click();
    await giulia.locator('#signup-password').fill('corto');
    await giulia.locator('#signup-form button[type=submit]').click();
    await giulia.locator('#signup-problem:not(:empty)').waitFor();
    assert.equal(await giulia.locator('#signup-problem').innerText(),
                 IT.errors.weak_password.replace('{{min_length}}', '8'));
    await shoot(giulia, 'signup-refused-desktop-it');
    await giulia.locator('#signup-password').fill('una feluca nel porto');
    await giulia.locator('#signup-form button[type=submit]').click();
    await giulia.locator('#who', {hasText: 'Giulia'}).locator('#account-link').waitFor();
    await giulia.locator('.session.current').waitFor();
    await shoot(giulia, 'signed-in-desktop-it');

    const other = await device(browser, server.url, {locale: 'it-IT',
                                                     viewport: {width: 390, height: 844}});
    await other.locator('#to-login').click();
    await other.locator('#login-name').fill('Giulia');
    // Every wrong password doubles the wait: soon one is refused before it is checked, whatever
    // the machine's pace.
    const literal = IT.errors.too_many_logins.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const tooMany = new RegExp(`^${literal} Puoi riprovare tra \\d+ second[io]\\.$`);
    let said = '';
    for (let i = 0; i < 12 && !tooMany.test(said); ++i) {
      await other.locator('#login-problem').evaluate((p) => { p.textContent = ''; });
      await other.locator('#login-password').fill(`sbagliata ${i}`);
      await other.locator('#login-form button[type=submit]').click();
      await other.locator('#login-problem:not(:empty)').waitFor();
      said = await other.locator('#login-problem').innerText();
      assert.ok(said === IT.errors.bad_login || tooMany.test(said), said);
    }
    assert.match(said, tooMany);
    await shoot(other, 'too-many-phone-it');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 90000});
