// Create company in the real host against the emulator: the node appears (selected) with the name
// the API stored, bad names send nothing, and the Free-trial limit opens the diagnostics panel; a
// create whose answer was lost (a timeout, a gateway's 5xx) is looked for before it is sent again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import {
  admin,
  createCompany,
  emulatorClient,
  labelOf,
  modals,
  openView,
  refusal,
  setApiKey,
  signIn,
  waitFor,
} from './helpers';

describe('Create company', () => {
  let api: DataPlatformApi;
  const create = (c: { name: string; description?: string }) => createCompany(api, c);

  before(async () => {
    api = await openView();
    await signIn(api);
  });

  after(async () => {
    // Later test files count the seeded companies: put the emulator back and reload the tree.
    await admin.reset();
    await signIn(api);
    await vscode.commands.executeCommand('dataPlatform.refresh');
  });

  it('creates the company, stores the sanitised name, and reveals and selects its node', async () => {
    await admin.clearRequests();
    const result = await create({ name: 'Quokka <Labs> #42 Ltd', description: 'made by a test' });
    assert.equal(result?.outcome, 'created', JSON.stringify(result));
    if (result?.outcome !== 'created') return;
    assert.equal(result.company.name, 'Quokka Labs 42 Ltd', 'the emulator strips what the input box said it would');

    const stored = await (await emulatorClient()).getCompany(result.company.id);
    assert.equal(stored.name, 'Quokka Labs 42 Ltd');
    assert.equal(stored.description, 'made by a test');

    const node = api.tree.root?.companyNode(result.company.id);
    assert.ok(node, 'the new company is in the tree');
    assert.equal(labelOf(node), 'Quokka Labs 42 Ltd');
    assert.ok(result.revealed, 'revealed');
    await waitFor('the new company to be selected', () => api.companiesView.selection[0] === node);
    const posts = (await admin.requests()).filter((r) => r.method === 'POST');
    assert.deepEqual(
      posts.map((r) => [r.path, r.status]),
      [['/companies', 200]],
    );
    // Shown without paging to it: the new company is the 121st, yet only page 1 was read again.
    const pages = (await admin.requests())
      .filter((r) => r.method === 'GET' && r.path === '/companies' && r.query.pageSize !== '1')
      .map((r) => r.query.page ?? '1');
    assert.deepEqual(pages, ['1']);
    assert.equal(
      api.tree.root?.pagedList?.items.some((c) => c.id === result.company.id),
      false,
      'its page is not loaded',
    );
  });

  it('a company whose answer does not come in time is found in the list, not created twice', async () => {
    await vscode.workspace.getConfiguration('dataPlatform').update('requestTimeout', 1, true);
    await admin.addFault({ kind: 'latency', latencyMs: 2_000, method: 'POST', path: '^/companies$', times: 1 });
    try {
      await admin.clearRequests();
      const result = await create({ name: 'Slow Answer Ltd' });
      assert.equal(result?.outcome, 'created', JSON.stringify(result));
      if (result?.outcome !== 'created') return;
      assert.equal(result.recovered, true, 'found after the timeout');
      assert.equal(result.company.name, 'Slow Answer Ltd');
      assert.ok(api.tree.root?.companyNode(result.company.id), 'shown in the tree');
      const posts = (await admin.requests()).filter((r) => r.method === 'POST' && r.path === '/companies');
      assert.equal(posts.length, 1, 'sent once');
    } finally {
      await admin.clearFaults();
      await vscode.workspace.getConfiguration('dataPlatform').update('requestTimeout', undefined, true);
    }
  });

  it('a company a gateway answered 502 after creating it is found in the list, not created twice (issue 30, item 2)', async () => {
    await admin.addFault({ kind: 'appliedThenGateway', method: 'POST', path: '^/companies$', times: 1 });
    try {
      await admin.clearRequests();
      const result = await create({ name: 'Gateway Lost Ltd' });
      assert.equal(result?.outcome, 'created', JSON.stringify(result));
      if (result?.outcome !== 'created') return;
      assert.equal(result.recovered, true, 'found after the 502');
      assert.equal(result.company.name, 'Gateway Lost Ltd');
      const posts = (await admin.requests()).filter((r) => r.method === 'POST' && r.path === '/companies');
      assert.equal(posts.length, 1, 'sent once');
    } finally {
      await admin.clearFaults();
    }
  });

  it('a create whose 503 left it unknown and that is not in the list: the next create of the name asks first', async () => {
    await admin.addFault({ kind: 'status', status: 503, method: 'POST', path: '^/companies$', times: 1 });
    api.prompts.answers.length = 0;
    const asked = modals(api).length;
    const posts = async () =>
      (await admin.requests()).filter((r) => r.method === 'POST' && r.path === '/companies').length;
    try {
      await admin.clearRequests();
      const lost = await create({ name: 'Unknown Fate Ltd' });
      assert.equal(lost?.outcome, 'failed', JSON.stringify(lost));
      assert.equal(modals(api).length, asked, 'no question yet on a local account');
      // Declined (the queue is empty): nothing sent.
      assert.deepEqual(await create({ name: 'Unknown Fate Ltd' }), { outcome: 'cancelled' });
      assert.equal(modals(api).length, asked + 1, 'asked before creating it again');
      assert.match(modals(api)[asked].message, /got no usable answer/);
      assert.equal(await posts(), 1);
      // Another name is not asked about.
      const other = await create({ name: 'Certain Fate Ltd' });
      assert.equal(other?.outcome, 'created');
      assert.equal(modals(api).length, asked + 1);
    } finally {
      await admin.clearFaults();
      api.prompts.answers.length = 0;
    }
  });

  it('refuses an empty or all-stripped name without a request', async () => {
    await admin.clearRequests();
    for (const name of ['', '   ', '<#>*']) {
      const result = await create({ name });
      assert.equal(result?.outcome, 'cancelled', `${JSON.stringify(name)}: ${JSON.stringify(result)}`);
      assert.ok(refusal(api), `${JSON.stringify(name)} refused by the input box`);
    }
    assert.deepEqual(await admin.requests(), [], 'nothing was sent');
  });

  it("opens the diagnostics panel on the Free-trial key's 51st company with the 402 body", async () => {
    const info = await admin.info();
    const result = await setApiKey(api, info.keys.freeTrial);
    assert.equal(result?.outcome, 'stored');
    await waitFor('the free-trial connection', () => api.connection.state.kind === 'ready');
    api.diagnostics.clear();

    const created = await create({ name: 'The fifty-first company' });
    assert.equal(created?.outcome, 'failed');
    if (created?.outcome !== 'failed') return;
    const error = created.error;
    assert.equal(error.status, 402);
    assert.equal(api.diagnostics.size, 1, 'reported once');
    const correlationId = error.correlationId;
    assert.ok(correlationId);
    await waitFor('the diagnostics panel', () => api.diagnosticsPanel.panel);
    const r = await waitFor('the panel to show the 402', () => {
      const x = api.diagnosticsPanel.lastRender();
      return x && x.focused !== undefined && x.correlationIds.includes(correlationId) && x;
    });
    for (const text of ['402', 'POST /companies', 'Company limit exceeded', 'CreateCompany']) {
      assert.ok(r.text.includes(text), `panel lacks ${text}:\n${r.text}`);
    }
    assert.ok(!r.text.includes(info.keys.freeTrial), 'never the key');
    api.diagnosticsPanel.panel?.dispose();
  });
});
