// Copy as cURL: the command is run for real (sh + curl) against the emulator and must get the same
// body the client got for the same request; the key is only ever in the environment.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DataPlatformClient } from '../../src/api/client';
import type { RequestSummary } from '../../src/api/transport';
import { API_KEY_VARIABLE, curlCommand, shellQuote } from '../../src/share/curl';
import { startEmulator, type RunningEmulator } from '../emulator';

const run = promisify(execFile);

async function runCurl(command: string, key: string): Promise<unknown> {
  const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, [API_KEY_VARIABLE]: key } });
  return JSON.parse(stdout);
}

describe('Copy as cURL', function () {
  this.timeout(20_000);
  let emu: RunningEmulator;
  let sent: RequestSummary[];
  const client = () => new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, onRequest: (s) => sent.push(s) });
  /** The request the client made last, as a shareable command. */
  const lastAsCurl = (body?: unknown) => {
    const s = sent.at(-1);
    assert.ok(s, 'the client sent a request');
    return curlCommand({ method: s.method, url: `${emu.url}${s.path}`, body });
  };

  before(async () => {
    // The point is to run the command as a user would: a missing curl is a failure, not a skip.
    await run('sh', ['-c', 'command -v curl']).catch(() => assert.fail('curl is needed to run a copied command: install it (apt-get install curl)'));
    emu = await startEmulator({ invoices: 300 });
  });
  after(async () => emu.close());
  beforeEach(() => {
    emu.reset();
    sent = [];
  });

  it('quotes anything for a POSIX shell', async () => {
    for (const text of ["it's", 'a b', '$HOME', '`id`', '"', '\\', 'a\nb', '!x', '']) {
      const { stdout } = await run('sh', ['-c', `printf '%s' ${shellQuote(text)}`]);
      assert.equal(stdout, text);
    }
  });

  it('gets the same page of companies, with an encoded query, as the client', async () => {
    const page = await client().listCompanies({ pageSize: 7, query: 'name~"& Co"', orderBy: '-name' });
    const command = lastAsCurl();
    assert.ok(command.includes("query=name~%22%26%20Co%22"), "the query string exactly as the client encodes it");
    assert.deepEqual(await runCurl(command, emu.keys.normal), JSON.parse(JSON.stringify(page)));
  });

  it('gets the same invoices page and the same invoice as the client', async () => {
    const c = client();
    const page = await c.listInvoices(emu.companies.many, { pageSize: 5, query: 'status=Paid && totalAmount>100', orderBy: '-issueDate' });
    assert.deepEqual(await runCurl(lastAsCurl(), emu.keys.normal), JSON.parse(JSON.stringify(page)));
    const invoice = await c.getInvoice(emu.companies.many, page.results[0].id);
    assert.deepEqual(await runCurl(lastAsCurl(), emu.keys.normal), JSON.parse(JSON.stringify(invoice)));
  });

  it('sends a POST body as JSON', async () => {
    const command = curlCommand({ method: 'POST', url: `${emu.url}/companies`, body: { name: "Bob's Shop & Co", description: 'say "hi" $HOME `id`' } });
    const created = (await runCurl(command, emu.keys.normal)) as { name: string; id: string; description: string };
    assert.equal(created.name, "Bob's Shop & Co");
    assert.equal(created.description, 'say "hi" $HOME `id`', 'quotes, $ and backquotes reach the API as typed');
    const again = await client().getCompany(created.id);
    assert.equal(again.name, created.name);
  });

  it('never holds the key: it is read from the environment when the command runs', async () => {
    await client().listCompanies({ pageSize: 1 });
    const command = lastAsCurl();
    const key = emu.keys.normal;
    for (const form of [key, Buffer.from(key).toString('base64'), encodeURIComponent(key)]) assert.ok(!command.includes(form));
    assert.match(command, /\$DATA_PLATFORM_API_KEY/);
    const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, [API_KEY_VARIABLE]: 'wrong-key' } });
    assert.equal((JSON.parse(stdout) as { statusCode: number }).statusCode, 401, 'another key is another account');
  });

  it('refuses a method that is not one', () => {
    assert.throws(() => curlCommand({ method: 'GET; rm -rf /', url: 'https://x' }), /Not an HTTP method/);
  });
});
