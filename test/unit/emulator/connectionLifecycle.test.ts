// A connection from creation to Linked: integrations, POST a PendingAuth connection, its link page
// (played as a browser would: GET the page, read the form, POST it), Authorize queuing the first
// sync of every type, Deny, the token, unlinking, deleting, the authorization and the injected
// deauthorization.
import * as assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { DATA_TYPES, SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { escapeHtml } from '../../emulator/linkPage';
import { ManualClock, admin, basic, call, walk } from '../../emulator/testing';
import type { Company, DataConnection, DataStatusMap, ErrorBody, Page, PullOperation } from '../../emulator/wire';

interface Integration {
  key: string;
  name: string;
  enabled: boolean;
  logoUrl: string;
  sourceType: string;
  isBeta: boolean;
  integrationId: string;
}

/** The link page's form of `id`: where it posts and the token it carries. */
function formOf(html: string, id: 'authorize' | 'deny'): { action: string; token: string } {
  const m = new RegExp(
    `<form id="${id}" method="post" action="([^"]+)"><input type="hidden" name="token" value="([0-9a-f]+)">`,
  ).exec(html);
  if (!m) throw new Error(`no ${id} form in ${html}`);
  return { action: m[1], token: m[2] };
}

function post(url: URL | string, body: string, type = 'application/x-www-form-urlencoded'): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body });
}

describe('emulator: integrations and the connection lifecycle', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 12, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const create = (company: string, platformKey: unknown): Promise<{ status: number; json: DataConnection }> =>
    call<DataConnection>(emu, `/companies/${company}/connections`, { method: 'POST', body: { platformKey } });

  it('lists integrations paged and filtered, each with a 4-letter key, https logo; two disabled, one in beta', async () => {
    const all = (await walk<Integration>(emu, '/integrations?pageSize=3')).flatMap((p) => p.json.results);
    assert.ok(all.length >= 8, `${all.length} integrations`);
    assert.ok(all.every((i) => /^[a-z]{4}$/.test(i.key) && i.logoUrl.startsWith('https://') && i.name !== ''));
    assert.deepEqual(
      all.filter((i) => !i.enabled).map((i) => i.name),
      ['QuickBooks Desktop', 'Shopify'],
    );
    assert.deepEqual(
      all.filter((i) => i.isBeta).map((i) => i.key),
      ['rwuv'],
    );
    assert.deepEqual([...new Set(all.map((i) => i.sourceType))].sort(), ['Accounting', 'Banking', 'Commerce']);
    const banking = await call<Page<Integration>>(
      emu,
      `/integrations?query=${encodeURIComponent('sourceType=Banking')}`,
    );
    assert.deepEqual(
      banking.json.results.map((i) => i.name),
      ['Plaid'],
    );
    const sorted = await call<Page<Integration>>(emu, '/integrations?orderBy=name&pageSize=1');
    assert.equal(sorted.json.results[0].name, 'FreshBooks');
    assert.equal((await call<Integration>(emu, '/integrations/GBOL')).json.name, 'Xero');
    const missing = await call<ErrorBody>(emu, '/integrations/zzzz');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error, 'No integration was found with key zzzz');
  });

  it('names the integration of every seeded connection by key and id', async () => {
    const few = await call<Page<DataConnection>>(emu, `/companies/${emu.companies.few}/connections`);
    for (const c of few.json.results) {
      const integration = await call<Integration>(emu, `/integrations/${c.integrationKey ?? 'none'}`);
      assert.equal(integration.json.name, c.platformName);
      assert.equal(integration.json.integrationId, c.integrationId);
    }
  });

  it('creates a PendingAuth connection whose linkUrl is on the emulator, and refuses a bad key with 400', async () => {
    const company = emu.companies.empty;
    const created = await create(company, 'qhyg');
    assert.equal(created.status, 200);
    const c = created.json;
    assert.equal(c.status, 'PendingAuth');
    assert.equal(c.platformName, 'QuickBooks Online');
    assert.equal(c.integrationKey, 'qhyg');
    assert.equal(c.sourceType, 'Accounting');
    assert.equal(c.created, clock.now().toISOString());
    assert.equal(c.linkUrl, `${emu.url}/link/companies/${company}/connections/${c.id}/start`);
    const listed = await call<Page<DataConnection>>(emu, `/companies/${company}/connections`);
    assert.deepEqual(listed.json.results.at(-1), c);
    for (const [key, why] of [
      [undefined, 'required'],
      ['', 'required'],
      [7, 'required'],
      ['nope', 'No integration has the platform key "nope".'],
      ['pqsw', 'QuickBooks Desktop (pqsw) is not enabled'],
    ] as const) {
      const refused = await call<ErrorBody>(emu, `/companies/${company}/connections`, {
        method: 'POST',
        body: key === undefined ? {} : { platformKey: key },
      });
      assert.equal(refused.status, 400, String(key));
      assert.ok(refused.json.error.includes(why), refused.json.error);
      assert.equal(refused.json.validation?.errors[0].itemId, 'platformKey');
    }
    assert.equal((await call<Page<DataConnection>>(emu, `/companies/${company}/connections`)).json.totalResults, 2);
  });

  it('gives link URLs at the loopback name the client used', async () => {
    const port = new URL(emu.url).port;
    const res = await fetch(`http://localhost:${port}/companies/${emu.companies.few}/connections`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(emu.keys.normal).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ platformKey: 'gbol' }),
    });
    const c = (await res.json()) as DataConnection;
    assert.ok(c.linkUrl.startsWith(`http://localhost:${port}/link/`), c.linkUrl);
  });

  it('gives link URLs at the emulator URL when the Host is not a loopback name with its port', async () => {
    const { port } = new URL(emu.url);
    for (const host of ['evil.example', `evil.example:${port}`, 'localhost:1', `127.0.0.1:${port}@evil.example`]) {
      const c = await new Promise<DataConnection>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/companies/${emu.companies.few}/connections`,
            headers: { Host: host, Authorization: basic(emu.keys.normal), 'Content-Type': 'application/json' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as DataConnection));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ platformKey: 'gbol' }));
      });
      assert.ok(c.linkUrl.startsWith(`${emu.url}/link/`), `${host}: ${c.linkUrl}`);
    }
  });

  it('authorizing on the link page links it and queues the first sync of every type through it', async () => {
    const created = await call<Company>(emu, '/companies', { method: 'POST', body: { name: 'Link Me Ltd' } });
    const company = created.json.id;
    const c = (await create(company, 'gbol')).json;
    const page = await fetch(c.linkUrl);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    const html = await page.text();
    assert.match(html, /Link Me Ltd asks for access to its Xero data/);
    assert.ok(!html.includes(emu.keys.normal), 'never the key');
    const form = formOf(html, 'authorize');
    assert.equal(formOf(html, 'deny').token, form.token);
    const done = await post(new URL(form.action, c.linkUrl), new URLSearchParams({ token: form.token }).toString());
    assert.equal(done.status, 200);
    assert.match(await done.text(), /Linked — you can close this window/);
    const linked = await call<DataConnection>(emu, `/companies/${company}/connections/${c.id}`);
    assert.equal(linked.json.status, 'Linked');
    assert.equal(linked.json.lastSync, undefined, 'no sync has completed yet');
    const history = await call<Page<PullOperation>>(emu, `/companies/${company}/data/history?pageSize=100`);
    assert.equal(history.json.totalResults, DATA_TYPES.length);
    assert.ok(history.json.results.every((op) => op.connectionId === c.id && op.status === 'Fetching'));
    const statuses = await call<DataStatusMap>(emu, `/companies/${company}/dataStatus`);
    assert.equal(statuses.json.invoices.currentStatus, 'Fetching');
    clock.advance(SYNC_DURATION_MS);
    const synced = await call<DataConnection>(emu, `/companies/${company}/connections/${c.id}`);
    assert.equal(synced.json.lastSync, clock.now().toISOString());
    assert.equal(
      (await call<DataStatusMap>(emu, `/companies/${company}/dataStatus`)).json.invoices.currentStatus,
      'Complete',
    );
    const again = await fetch(c.linkUrl);
    assert.match(await again.text(), /already Linked/);
    const late = await post(new URL(form.action, c.linkUrl), `token=${form.token}`);
    assert.match(await late.text(), /already Linked/);
  });

  it('deny keeps it PendingAuth; a wrong or missing token is 403 and changes nothing', async () => {
    const company = emu.companies.few;
    const c = (await create(company, 'tgff')).json;
    const html = await (await fetch(c.linkUrl)).text();
    const deny = formOf(html, 'deny');
    const authorize = new URL(formOf(html, 'authorize').action, c.linkUrl);
    for (const body of ['', 'token=', `token=${'0'.repeat(48)}`, `token=${deny.token}x`]) {
      const forged = await post(authorize, body);
      assert.equal(forged.status, 403, body);
    }
    assert.equal((await post(authorize, `token=${deny.token}`, 'text/plain')).status, 415);
    assert.equal((await fetch(authorize)).status, 405);
    const denied = await post(new URL(deny.action, c.linkUrl), `token=${deny.token}`);
    assert.equal(denied.status, 200);
    assert.match(await denied.text(), /Access .* was denied/);
    const still = await call<DataConnection>(emu, `/companies/${company}/connections/${c.id}`);
    assert.equal(still.json.status, 'PendingAuth');
    assert.equal((await fetch(`${emu.url}/link/companies/${company}/connections/nope/start`)).status, 404);
  });

  it('escapes the names it shows, and every character HTML gives a meaning', async () => {
    const created = await call<Company>(emu, '/companies', { method: 'POST', body: { name: "Smith & Jones's" } });
    const c = (await create(created.json.id, 'gbol')).json;
    const html = await (await fetch(c.linkUrl)).text();
    assert.ok(html.includes('Smith &amp; Jones&#39;s asks for access'), html);
    assert.equal(
      escapeHtml(`<script>alert("x")</script> & 'y'`),
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('unlinks by PATCH {status: Unlinked} only, deletes with 200 and no body', async () => {
    const company = emu.companies.few;
    const [first, second] = emu.connections.few;
    const path = `/companies/${company}/connections/${first}`;
    for (const body of [{ status: 'Linked' }, { status: 'Unlinked', platformName: 'x' }, {}, { status: null }]) {
      const refused = await call<ErrorBody>(emu, path, { method: 'PATCH', body });
      assert.equal(refused.status, 400, JSON.stringify(body));
    }
    const unlinked = await call<DataConnection>(emu, path, { method: 'PATCH', body: { status: 'Unlinked' } });
    assert.equal(unlinked.status, 200);
    assert.equal(unlinked.json.status, 'Unlinked');
    const deleted = await call(emu, path, { method: 'DELETE' });
    assert.deepEqual([deleted.status, deleted.text], [200, '']);
    assert.equal((await call(emu, path)).status, 404);
    const company2 = await call<Company>(emu, `/companies/${company}`);
    assert.deepEqual(
      company2.json.dataConnections?.map((c) => c.id),
      [second],
    );
    assert.equal((await call(emu, path, { method: 'DELETE' })).status, 404);
  });

  it('takes an authorization of strings, relinks a deauthorized connection; the admin endpoint deauthorizes', async () => {
    const company = emu.companies.many;
    const [id] = emu.connections.many;
    const path = `/companies/${company}/connections/${id}`;
    const injected = await admin<DataConnection>(emu, '/deauthorize', { method: 'POST', body: { companyId: company } });
    assert.deepEqual([injected.status, injected.json.id, injected.json.status], [200, id, 'Deauthorized']);
    assert.equal((await call<DataConnection>(emu, path)).json.status, 'Deauthorized');
    for (const body of [{ token: 7 }, { a: 'b', nested: { c: 'd' } }]) {
      const refused = await call<ErrorBody>(emu, `${path}/authorization`, { method: 'PUT', body });
      assert.equal(refused.status, 400);
    }
    const put = await call<DataConnection>(emu, `${path}/authorization`, { method: 'PUT', body: { token: 'abc' } });
    assert.deepEqual([put.status, put.json.status], [200, 'Linked']);
    const none = await admin(emu, '/deauthorize', { method: 'POST', body: { companyId: emu.companies.syncing } });
    assert.equal(none.status, 404);
    assert.equal((await admin(emu, '/deauthorize', { method: 'POST', body: {} })).status, 400);
    const noToken = await call(emu, '/_emulator/deauthorize', {
      key: null,
      method: 'POST',
      body: { companyId: company },
    });
    assert.equal(noToken.status, 401);
  });
});
