// The bot of docs/sdk.md, sdk/js/examples/random-bot.mjs, run as its reader would run it, plays a
// match of each game to its end against a real server.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {promisify} from 'node:util';
import {fileURLToPath} from 'node:url';
import {startServer, wsUrl} from './sdk_harness.mjs';

const bot = fileURLToPath(new URL('../../sdk/js/examples/random-bot.mjs', import.meta.url));
const docs = fileURLToPath(new URL('../../docs/sdk.md', import.meta.url));

test('the documented bot is the example file, word for word', () => {
  const example = readFileSync(bot, 'utf8');
  assert.ok(readFileSync(docs, 'utf8').includes('```js\n' + example + '```\n'),
            'docs/sdk.md shows examples/random-bot.mjs whole');
});

test('the example bot plays a match of every game to its end', async () => {
  const server = await startServer();
  try {
    for (const game of ['raft-and-scupper', 'scalawag', 'um-rum-und-ehre', 'colpaccio',
                        'riff-raff']) {
      const {stdout} = await promisify(execFile)(process.execPath, [bot, game, wsUrl(server)],
                                                 {timeout: 60000});
      const ended = stdout.match(/^match (\d+) over after (\d+) steps: (.*)$/m);
      assert.ok(ended, `${game}: ${stdout}`);
      const stored = await (await fetch(`http://127.0.0.1:${server.port}/api/matches/${ended[1]}`))
        .json();
      assert.equal(stored.match.game, game);
      assert.equal(stored.match.status, 'finished');
      assert.equal(stored.match.actions, Number(ended[2]));
      assert.deepEqual(stored.match.result, JSON.parse(ended[3]));
    }
  } finally {
    await server.stop();
  }
});
