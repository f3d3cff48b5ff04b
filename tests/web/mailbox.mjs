// A real SMTP server for the browser tests, as tests/notify/servers.cpp starts one for the
// server's: Debian's aiosmtpd (python3-aiosmtpd) on a free port of the loopback, keeping each
// mail it is given in a Maildir of its own temporary directory, stopped with the test.

import {spawn} from 'node:child_process';
import {connect} from 'node:net';
import {mkdtempSync, readdirSync, readFileSync, rmSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {freePort} from './harness.mjs';

// Debian's packages install for the system's interpreter, not another one first on the PATH.
const PYTHON = '/usr/bin/python3';

const accepts = (port) => new Promise((resolve) => {
  const socket = connect(port, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});

// "=?UTF-8?B?...?=" words of a header, as the server writes a subject that is not ASCII.
const decodeWords = (value) => value.replace(/=\?utf-8\?b\?([^?]*)\?=\s*/gi,
                                             (_, b64) => Buffer.from(b64, 'base64').toString());

function readMail(path) {
  const text = readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split < 0 ? text : text.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const headers = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {headers, subject: decodeWords(headers.subject ?? ''), to: headers.to ?? '',
          body: split < 0 ? '' : text.slice(split + 2)};
}

export async function startMailbox() {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-mail-'));
  const port = await freePort();
  const child = spawn(PYTHON, ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`,
                               '-c', 'aiosmtpd.handlers.Mailbox', join(dir, 'mail')],
                      {stdio: ['ignore', 'ignore', 'inherit']});
  let exited = false;
  child.on('exit', () => { exited = true; });
  for (let i = 0; !(await accepts(port)); ++i) {
    if (exited || i > 200) {
      throw new Error('aiosmtpd did not start (python3-aiosmtpd: scripts/deps.sh --tests)');
    }
    await sleep(50);
  }
  // Python's Maildir names each file "<s>.M<us>P<pid>Q<n>.<host>", n counting the mails this
  // server kept: their order of arrival.
  const arrival = (name) => Number(name.match(/Q(\d+)/)?.[1] ?? 0);
  const mails = () => {
    const fresh = join(dir, 'mail', 'new');
    if (!existsSync(fresh)) return [];
    return readdirSync(fresh).sort((a, b) => arrival(a) - arrival(b))
        .map((name) => readMail(join(fresh, name)));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    // The first mail (in order of arrival) that `matches`, once it has come.
    async waitFor(matches, what, timeoutMs = 30000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = mails().find(matches);
        if (found) return found;
        if (Date.now() > end) {
          throw new Error(`no mail ${what} came; the mails: ${
            JSON.stringify(mails().map((m) => m.subject))}`);
        }
        await sleep(50);
      }
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        for (let i = 0; i < 100 && !exited; ++i) await sleep(50);
      }
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
