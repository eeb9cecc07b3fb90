// Copy as cURL: the command is run for real (sh + curl) against the emulator and must get the same
// body the client got for the same request; the key is only ever in the environment.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DataPlatformClient } from '../../../src/api/client';
import type { RequestSummary } from '../../../src/api/transportOptions';
import { ApiError } from '../../../src/api/errors';
import { API_KEY_VARIABLE, curlCommand, requestOfError, shellQuote } from '../../../src/share/curl';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { TestServer } from '../../support/httpDouble';
import { getInvoice, listInvoices } from '../../support/invoiceReads';

const run = promisify(execFile);

async function runCurl(command: string, key: string): Promise<unknown> {
  const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, [API_KEY_VARIABLE]: key } });
  return JSON.parse(stdout);
}

describe('Copy as cURL', function () {
  this.timeout(20_000);
  let emu: RunningEmulator;
  let sent: RequestSummary[];
  const client = () =>
    new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, onRequest: (s) => sent.push(s) });
  /** The request the client made last, as a shareable command. */
  const lastAsCurl = (body?: unknown) => {
    const s = sent.at(-1);
    assert.ok(s, 'the client sent a request');
    return curlCommand({ method: s.method, url: `${emu.url}${s.path}`, body });
  };

  before(async () => {
    // The point is to run the command as a user would: a missing curl is a failure, not a skip.
    await run('sh', ['-c', 'command -v curl']).catch(() =>
      assert.fail('curl is needed to run a copied command: install it (apt-get install curl)'),
    );
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
    assert.ok(command.includes('query=name~%22%26%20Co%22'), 'the query string exactly as the client encodes it');
    assert.deepEqual(await runCurl(command, emu.keys.normal), JSON.parse(JSON.stringify(page)));
  });

  it('gets the same invoices page and the same invoice as the client', async () => {
    const c = client();
    const page = await listInvoices(c, emu.companies.many, {
      pageSize: 5,
      query: 'status=Paid && totalAmount>100',
      orderBy: '-issueDate',
    });
    assert.deepEqual(await runCurl(lastAsCurl(), emu.keys.normal), JSON.parse(JSON.stringify(page)));
    const invoice = await getInvoice(c, emu.companies.many, page.results[0].id);
    assert.deepEqual(await runCurl(lastAsCurl(), emu.keys.normal), JSON.parse(JSON.stringify(invoice)));
  });

  it('sends a POST body as JSON', async () => {
    const command = curlCommand({
      method: 'POST',
      url: `${emu.url}/companies`,
      body: { name: "Bob's Shop & Co", description: 'say "hi" $HOME `id`' },
    });
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
    for (const form of [key, Buffer.from(key).toString('base64'), encodeURIComponent(key)])
      assert.ok(!command.includes(form));
    assert.match(command, /\$DATA_PLATFORM_API_KEY/);
    const { stdout } = await run('sh', ['-c', command], { env: { ...process.env, [API_KEY_VARIABLE]: 'wrong-key' } });
    assert.equal((JSON.parse(stdout) as { statusCode: number }).statusCode, 401, 'another key is another account');
  });

  it('each request the client builds gets, when run, the body the client gets', async () => {
    const c = client();
    const { many } = emu.companies;
    const same = async (request: Parameters<typeof curlCommand>[0], answer: unknown) =>
      assert.deepEqual(
        await runCurl(c.redact(curlCommand(request)), emu.keys.normal),
        JSON.parse(JSON.stringify(answer)),
      );
    await same(c.companyRequest(many), await c.getCompany(many));
    await same(
      c.companiesRequest({ pageSize: 5, orderBy: '-name' }),
      await c.listCompanies({ pageSize: 5, orderBy: '-name' }),
    );
    const bills = { pageSize: 4, query: 'status=Paid || status=PartiallyPaid', orderBy: '-issueDate' };
    await same(c.recordsRequest('bills', many, bills), await c.listRecords('bills', many, bills));
    const invoices = { pageSize: 2, query: 'totalAmount>100 && status!=Void' };
    const page = await listInvoices(c, many, invoices);
    await same(c.recordsRequest('invoices', many, invoices), page);
    await same(c.recordRequest('invoices', many, page.results[0].id), await getInvoice(c, many, page.results[0].id));
  });

  /** The ApiError a call rejects with. */
  const failure = async (call: Promise<unknown>): Promise<ApiError> => {
    const e: unknown = await call.then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(e instanceof ApiError, 'the call failed');
    return e;
  };

  it('a failed GET copied from its error gets the same error', async () => {
    const error = await failure(client().getRecord('bills', emu.companies.many, 'no such bill'));
    assert.equal(error.request?.url, `${emu.url}/companies/${emu.companies.many}/data/bills/no%20such%20bill`);
    const request = requestOfError(error.toJSON());
    assert.ok(request);
    const body = (await runCurl(curlCommand(request), emu.keys.normal)) as { statusCode: number };
    assert.equal(body.statusCode, error.status);
  });

  it('a failed Create Company keeps its body (the user’s input, redacted) and repeats as it was', async () => {
    const key = emu.keys.freeTrial;
    const c = new DataPlatformClient({ baseUrl: emu.url, apiKey: key });
    const error = await failure(c.createCompany({ name: `O'Brien & Co ${key}`, description: 'at the limit' }));
    assert.equal(error.status, 402, 'the Free trial account is at its limit');
    assert.equal(
      error.request?.body,
      JSON.stringify({ name: "O'Brien & Co ***", description: 'at the limit' }),
      'the key never kept',
    );
    const command = curlCommand(requestOfError(error.toJSON()) ?? assert.fail('no request'));
    assert.ok(!command.includes(key));
    assert.equal(((await runCurl(command, key)) as { statusCode: number }).statusCode, 402);
  });

  it('a POST whose answer a gateway lost says, in a comment line, that it may already have been applied (issue 30, item 11)', async () => {
    emu.faults.add({ kind: 'appliedThenGateway', method: 'POST', path: '^/companies$', times: 1 });
    const lost = await failure(client().createCompany({ name: 'Maybe Applied Ltd' }));
    assert.equal(lost.status, 502);
    const request = requestOfError(lost.toJSON()) ?? assert.fail('no request');
    const command = curlCommand(request);
    const [first, ...rest] = command.split('\n');
    assert.match(first, /^# WARNING: this POST got no usable answer, so it may already have been applied/);
    assert.ok(rest[0].startsWith('curl '), 'the command itself follows, unchanged');
    // The comment is a comment: the command still runs as the one request it shows.
    emu.reset();
    const created = (await runCurl(command, emu.keys.normal)) as { name: string };
    assert.equal(created.name, 'Maybe Applied Ltd');
    // A note cannot end its line and run as a command of its own.
    const sneaky = curlCommand({ ...request, note: 'x\ntouch /tmp/owned\u2028y' });
    assert.equal(sneaky.split('\n')[0], '# x touch /tmp/owned y');
    // A failed GET, a refused POST (400) and a write never sent carry no such word.
    emu.faults.add({ kind: 'status', status: 502, method: 'GET', times: 1 });
    const get = await failure(
      new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, retry: { maxAttempts: 1 } }).getCompany(
        emu.companies.many,
      ),
    );
    assert.equal(requestOfError(get.toJSON())?.note, undefined, 'a GET changes nothing');
    emu.faults.add({ kind: 'status', status: 400, method: 'POST', times: 1 });
    const refused = await failure(client().createCompany({ name: 'Refused Ltd' }));
    assert.ok(requestOfError(refused.toJSON()), 'a refused POST is kept');
    assert.equal(requestOfError(refused.toJSON())?.note, undefined, 'a 400 says it was not done');
  });

  it('a lost write names where it would show: the push history, the connections, the company, the list', () => {
    const lost = (method: string, path: string) =>
      requestOfError({
        method,
        attempts: 1,
        kind: 'timeout',
        status: undefined,
        code: undefined,
        request: { url: `https://api.example.com${path}` },
      })?.note ?? '';
    assert.match(lost('POST', '/companies/c1/connections/x1/push/invoices'), /check the push history first/);
    assert.match(lost('DELETE', '/companies/c1/connections/x1'), /check the company’s connections first/);
    assert.match(lost('PATCH', '/companies/c1'), /check the company first/);
    assert.match(lost('POST', '/companies'), /check the companies list first/);
    assert.match(lost('POST', '/companies/c1/data/all'), /check the sync history and settings first/);
    assert.match(lost('DELETE', '/apiKeys/k1'), /check the API keys first/);
  });

  it('keeps no request it could not repeat as it was', async () => {
    const refused = await failure(listInvoices(client(), emu.companies.many, { query: 'status=' }));
    assert.equal(refused.request, undefined, 'refused before sending: never made');
    assert.equal(requestOfError(refused.toJSON()), undefined);
    // A POST whose body is not the user's own input in a Create Company: not kept at all.
    emu.faults.add({ kind: 'status', status: 500, path: '/apiKeys', times: 1 });
    const apiKey = await failure(client().createApiKey({ name: 'ci' }));
    assert.equal(apiKey.status, 500);
    assert.equal(apiKey.request, undefined);
    // A request too long to keep (a description pasted from a file) is not kept either.
    const trial = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.freeTrial });
    const long = await failure(trial.createCompany({ name: 'Long', description: 'x'.repeat(20_000) }));
    assert.equal(
      long.status,
      400,
      'it was sent (and refused: the emulator takes descriptions of at most 4,096 characters)',
    );
    assert.equal(long.request, undefined);
  });

  it('refuses a method that is not one', () => {
    assert.throws(() => curlCommand({ method: 'GET; rm -rf /', url: 'https://x' }), /Not an HTTP method/);
  });
});

/** What a pasted command must not hold: control, format (bidi, zero-width, soft hyphen, BOM…),
 * line and paragraph separators. The command's own line breaks (` \` + newline) are not counted. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;
const invisibleIn = (command: string): string | undefined => {
  const found = INVISIBLE.exec(command.replace(/ \\\n {2}/g, ' '));
  return found ? `U+${found[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}` : undefined;
};

describe('Copy as cURL of a hostile URL or body: one request, to the path the client sent, nothing invisible', function () {
  this.timeout(30_000);
  let server: TestServer;
  /** The `_links.next` href the first page carries. */
  let next = '';
  const runCommand = (command: string) =>
    run('sh', ['-c', command], { env: { ...process.env, [API_KEY_VARIABLE]: 'key' } });
  /** Runs the command and returns the path and query of every request it made. */
  const sentBy = async (command: string): Promise<string[]> => {
    server.requests.splice(0);
    await runCommand(command);
    return server.requests.map((r) => r.url);
  };

  before(async () => {
    server = await TestServer.start();
    server.otherwise((_req, res, recorded) => {
      res.setHeader('Content-Type', 'application/json');
      if (recorded.url.startsWith('/companies?page=1&')) {
        const self = { href: recorded.url };
        res.end(
          JSON.stringify({
            results: [{ id: 'c1', name: 'One' }],
            pageNumber: 1,
            pageSize: 1,
            totalResults: 2,
            _links: { self, current: self, next: { href: next } },
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ statusCode: 404, service: 'test', error: 'Not found', correlationId: 'x' }));
    });
  });
  after(async () => server.close());

  const hrefs = [
    '/companies/[0-9][0-9]?page=2',
    '/companies?page=2&x=[1-40]',
    '/companies/{x,.}./{x,.}./apiKeys',
    '/companies?page=2&x={a,b}',
    '/companies/[a-z]?page=2',
    '/companies/\u202Eexe.pdf?page=2',
    '/companies?page=2&q=a\u200Bb',
    '/companies/\u2066x\u2069/\u00AD\u061C\u2060\u0085?page=2',
  ];
  for (const href of hrefs) {
    it(`a failed page at _links.next ${JSON.stringify(href)} is repeated once, to the path the client sent`, async () => {
      next = href;
      const client = new DataPlatformClient({ baseUrl: server.url, apiKey: 'key' });
      const first = await client.listCompanies({ pageSize: 1 });
      server.requests.splice(0);
      const e: unknown = await client.getPage(first._links.next?.href ?? '').then(
        () => undefined,
        (x: unknown) => x,
      );
      assert.ok(e instanceof ApiError && e.status === 404, 'the page failed');
      const sentByClient = server.requests.map((r) => r.url);
      assert.equal(sentByClient.length, 1);
      const command = curlCommand(requestOfError(e.toJSON()) ?? assert.fail('no request kept'));
      assert.equal(invisibleIn(command), undefined, 'no control, bidi or invisible character in the copied text');
      assert.match(command, /^[\x20-\x7e\n]*$/, 'printable ASCII only');
      assert.deepEqual(await sentBy(command), sentByClient, 'one request, to exactly what the client sent');
    });
  }

  it('a raw tab, newline, C1 control or format character a URL cannot hold from the client is percent-encoded, never copied', async () => {
    // The client refuses such an href before sending: there is no error request to copy.
    next = '/companies/a\tb?page=2';
    const client = new DataPlatformClient({ baseUrl: server.url, apiKey: 'key' });
    const refused: unknown = await client.getPage(next).then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(refused instanceof ApiError && refused.request === undefined);
    // Every control and format character at once, straight to the builder.
    const odd = [...Array(0x110000).keys()]
      .filter((c) => (c < 0xd800 || c > 0xdfff) && INVISIBLE.test(String.fromCodePoint(c)))
      .map((c) => String.fromCodePoint(c))
      .join('');
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'a\u0085b', '\u0000x', odd]) {
      const command = curlCommand({ method: 'GET', url: `${server.url}/companies/${text}?q=${text}` });
      assert.equal(invisibleIn(command), undefined);
      assert.deepEqual(await sentBy(command), [`/companies/${encodeURI(text)}?q=${encodeURI(text)}`]);
    }
  });

  it('a JSON body holding invisible characters is written with \\u escapes: the same JSON, nothing invisible', async () => {
    const value = {
      name: 'O\u202Egnp.exe\u200B',
      description: 'soft\u00ADhyphen \uFEFF\u2028\u2029 \u0085 \u0007 \u061C\u2066 \u00A0\u3000 é 日本 \u{E0041}',
    };
    for (const request of [
      { method: 'POST', url: `${server.url}/companies`, body: value },
      {
        method: 'POST',
        url: `${server.url}/companies`,
        bodyText: `{\t"name":\r\n${JSON.stringify(value.name)},"description":${JSON.stringify(value.description)}}`,
      },
    ]) {
      const command = curlCommand(request);
      assert.equal(invisibleIn(command), undefined);
      assert.ok(command.includes('é 日本'), 'visible text stays as it is');
      await sentBy(command);
      assert.equal(server.requests.length, 1);
      assert.deepEqual(JSON.parse(server.requests[0].body), value, 'the API gets the same JSON');
    }
  });

  it('refuses a body that is not JSON text and holds an invisible character, which it could not show', () => {
    assert.throws(
      () => curlCommand({ method: 'POST', url: `${server.url}/companies`, bodyText: 'a\u202Eb' }),
      /invisible/,
    );
    assert.doesNotThrow(() => curlCommand({ method: 'POST', url: `${server.url}/companies`, bodyText: 'not json' }));
  });
});
