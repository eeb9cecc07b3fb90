// The client's webhook consumers: listed, created and deleted against the emulator, each request
// as Copy as cURL builds it; a create refused before anything is sent when a field is wrong; both
// writes sent once whatever happens to their answer.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { ApiError } from '../../../src/api/errors';
import { rejectsWith } from '../../support/apiErrors';
import { TestServer, replies } from '../../support/httpDouble';
import { emulatorSuite } from '../../support/emulatorSuite';

describe('client: webhook consumers', function () {
  this.timeout(20_000);
  const suite = emulatorSuite({ invoices: 20, companies: 10 });
  const { received, client } = suite;

  it('creates, lists and deletes a consumer, each request as Copy as cURL builds it', async () => {
    const c = client();
    assert.deepEqual(await c.webhooks.list(), []);
    const request = { url: 'http://127.0.0.1:9/events/x', eventTypes: ['read.completed', 'bills.write.successful'] };
    const built = c.webhooks.createRequest(request);
    assert.equal(built.method, 'POST');
    assert.equal(built.url, `${suite.emu.url}/webhooks`);
    assert.deepEqual(built.body, request);
    const made = await c.webhooks.create(request);
    assert.deepEqual(made, { id: made.id, ...request, disabled: false });
    assert.deepEqual(await c.webhooks.list(), [made]);
    assert.equal(c.webhooks.deleteRequest(made.id).url, `${suite.emu.url}/webhooks/${made.id}`);
    assert.equal(c.webhooks.listRequest().url, `${suite.emu.url}/webhooks`);
    await c.webhooks.delete(made.id);
    assert.deepEqual(await c.webhooks.list(), []);
    const missing = await rejectsWith(c.webhooks.delete(made.id), 'notFound');
    assert.equal(missing.status, 404);
    assert.deepEqual(
      received.filter((l) => l.includes('/webhooks')).map((l) => l.split(' ').slice(0, 3).join(' ')),
      [
        'GET /webhooks 200',
        'POST /webhooks 201',
        'GET /webhooks 200',
        `DELETE /webhooks/${made.id} 204`,
        'GET /webhooks 200',
        `DELETE /webhooks/${made.id} 404`,
      ],
    );
  });

  it('refuses a bad create before sending anything, never echoing the URL', async () => {
    const c = client();
    const bad: [unknown, string][] = [
      [{ url: 'http://example.com/hook', eventTypes: ['read.completed'] }, 'url'],
      [{ url: 'https://user:secret-pw@example.com/', eventTypes: ['read.completed'] }, 'url'],
      [{ url: 'not a url', eventTypes: ['read.completed'] }, 'url'],
      [{ url: 'https://example.com/', eventTypes: [] }, 'eventTypes'],
      [{ url: 'https://example.com/', eventTypes: ['DataSyncCompleted'] }, 'eventTypes'],
      [{ url: 'https://example.com/', eventTypes: ['read.completed'], companyTags: ['nocolon'] }, 'companyTags'],
      [
        { url: 'https://example.com/', eventTypes: ['read.completed'], companyTags: Array(11).fill('a:b') },
        'companyTags',
      ],
      [{ url: 'https://example.com/', eventTypes: ['read.completed'], disabled: 'yes' }, 'disabled'],
      [null, 'body'],
    ];
    for (const [request, parameter] of bad) {
      const e: ApiError = await rejectsWith(
        c.webhooks.create(request as Parameters<typeof c.webhooks.create>[0]),
        'invalidParameter',
      );
      assert.equal(e.validation?.parameter, parameter, JSON.stringify(request));
      assert.equal(e.message.includes('secret-pw'), false);
    }
    await rejectsWith(c.webhooks.delete('../apiKeys'), 'invalidParameter');
    assert.deepEqual(received, [], 'nothing was sent');
  });

  it('sends each write once, whatever happens to its answer', async () => {
    const server = await TestServer.start();
    try {
      const c = new DataPlatformClient({ baseUrl: server.url, apiKey: 'k-123456789', sleep: () => Promise.resolve() });
      server.reply(replies.json(503, { statusCode: 503, error: 'down' }));
      await rejectsWith(
        c.webhooks.create({ url: 'https://example.com/h', eventTypes: ['company.created'] }),
        'unavailable',
      );
      server.reply(replies.json(503, { statusCode: 503, error: 'down' }));
      await rejectsWith(c.webhooks.delete('w-1'), 'unavailable');
      assert.deepEqual(
        server.requests.map((r) => `${r.method} ${r.url}`),
        ['POST /webhooks', 'DELETE /webhooks/w-1'],
      );
      server.reply(replies.json(200, { results: [{ id: 'w-2', url: 'https://example.com/h' }] }));
      assert.deepEqual(await c.webhooks.list(), [{ id: 'w-2', url: 'https://example.com/h', eventTypes: [] }]);
      server.reply(replies.json(200, { results: [{ url: 'https://example.com/h' }] }));
      await rejectsWith(c.webhooks.list(), 'malformedResponse');
    } finally {
      await server.close();
    }
  });
});
