// An account's notification settings through the SDK (docs/notifications.md): a guest refused,
// the settings in the SDK's words, a new webhook's key answered once and never read back, the
// server's refusals as TortugaErrors with their codes, and a mode the SDK checks before sending.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TortugaError} from '../../sdk/js/index.js';
import {startServer, newClient} from './sdk_harness.mjs';

async function refusal(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof TortugaError, `a TortugaError, not ${error}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

test('an account reads and changes its notifications; a guest has none', async () => {
  const server = await startServer();
  const guest = newClient(server, 'Jack Rackham');
  const anne = newClient(server, 'Anne Bonny');
  try {
    await guest.connect();
    await refusal(guest.getNotifications(), 'not_registered');
    await refusal(guest.setNotifications({mode: 'off'}), 'not_registered');

    await anne.connect();
    await anne.register('barbary coast 1720');
    assert.deepEqual(await anne.getNotifications(),
                     {email: '', emailVerified: false, emailUnsubscribed: false, webhookUrl: '',
                      mode: 'digest', language: 'en'});

    const set = await anne.setNotifications({webhookUrl: 'https://hooks.example.org/tortuga',
                                             mode: 'immediate', language: 'it'});
    assert.equal(set.webhookUrl, 'https://hooks.example.org/tortuga');
    assert.equal(set.mode, 'immediate');
    assert.equal(set.language, 'it');
    assert.match(set.webhookSecret, /^[0-9a-f]{64}$/);
    const read = await anne.getNotifications();
    assert.equal(read.webhookUrl, 'https://hooks.example.org/tortuga');
    assert.equal('webhookSecret' in read, false, 'the key is shown once');

    await refusal(anne.setNotifications({mode: 'hourly'}), 'bad_field');  // checked here
    await refusal(anne.setNotifications({email: 'nobody'}), 'bad_email');
    await refusal(anne.setNotifications({webhookUrl: 'https://10.0.0.7/hook'}), 'webhook_refused');
    await refusal(anne.setNotifications({webhookUrl: 'http://hooks.example.org/x'}), 'bad_webhook');
    assert.equal((await anne.setNotifications({webhookUrl: ''})).webhookUrl, '');
  } finally {
    guest.close();
    anne.close();
    await server.stop();
  }
});
