// The quick picks of Run query… driven as a user drives them: real keystrokes typed into the
// workbench (the runner sends them to the page), and the rows read back as VS Code shows them.
// Only the offline web workbench can type; the desktop host skips these.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Company } from '../../src/api';
import type { DataPlatformClient } from '../../src/api/client';
import type { QueryResult } from '../../src/commands/query';
import type { QuickPickSnapshot } from '../../src/commands/quickPicks';
import type { DataPlatformApi } from '../../src/testApi';
import { formatValue } from '../../src/query';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { DATA_TYPES } from '../../src/dataTypes/catalog';
import { typeTitle } from '../../src/dataTypes/words';
import {
  admin,
  canScreenshot,
  canType,
  emulatorClient,
  firstPageCompany,
  keyboard,
  openView,
  screenshot,
  signIn,
  sleep,
  waitFor,
} from './helpers';

const LOAD_MORE = /Load more \(/;
const SETTLE_MS = 250;
const companyRows = (p: QuickPickSnapshot) => p.items.filter((i) => !i.separator && !LOAD_MORE.test(i.label));

describe('quick picks driven by typing', function () {
  let api: DataPlatformApi;
  let emu: DataPlatformClient;

  /** Waits until the extension's quick pick on screen satisfies `check`. */
  const pick = async (what: string, check: (p: QuickPickSnapshot) => boolean): Promise<QuickPickSnapshot> => {
    let last: QuickPickSnapshot | undefined;
    const holds = () => {
      last = api.quickPick();
      return last !== undefined && check(last) && last;
    };
    try {
      // The rows are set in the extension host at once but reach the workbench a moment later:
      // a key pressed before then acts on the old rows. So the state must hold for a little while.
      return await waitFor(what, async () => holds() && (await sleep(SETTLE_MS), holds()));
    } catch (e) {
      // What was on screen instead says more than the timeout.
      const rows = last && { ...last, items: last.items.slice(0, 6) };
      throw new Error(`${(e as Error).message}; the pick showed ${JSON.stringify(rows)}`, { cause: e });
    }
  };

  /** A company on the second page, whose name no other company shares. */
  async function companyOnPage2(): Promise<Company> {
    const all = [
      ...(await emu.listCompanies({ page: 1, pageSize: 100 })).results,
      ...(await emu.listCompanies({ page: 2, pageSize: 100 })).results,
    ];
    const second = all.slice(100);
    const unique = second.find((c) => all.filter((o) => o.name === c.name).length === 1 && /^[A-Za-z ]+$/.test(c.name));
    assert.ok(unique, 'a uniquely named company on page 2');
    return unique;
  }

  before(async function () {
    if (!canType()) this.skip();
    api = await openView();
    await signIn(api);
    emu = await emulatorClient();
  });

  afterEach(async () => {
    // Leave no pick open for the next test, whatever happened.
    if (api?.quickPick()) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('the company picker shows the page the view holds without fetching it, and "Load more" chosen by keyboard appends page 2', async () => {
    await vscode.commands.executeCommand('dataPlatform.refresh', api.tree.root);
    await api.tree.getChildren();
    await admin.clearRequests();
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery');
    const first = await pick(
      'the company picker with its first page',
      (p) => p.title === 'Run Query: company' && !p.busy && p.items.some((i) => LOAD_MORE.test(i.label)),
    );
    assert.equal(companyRows(first).length, 100);
    assert.match(first.items.at(-1)?.label ?? '', /Load more \(100 of [\d,]+ loaded\)/);

    // Up from the first row wraps to the last one, "Load more".
    await keyboard.press('ArrowUp');
    await pick('"Load more" highlighted', (p) => LOAD_MORE.test(p.active ?? ''));
    await keyboard.press('Enter');
    const second = await pick('the second page in the picker', (p) => !p.busy && companyRows(p).length > 100);
    assert.equal(second.title, 'Run Query: company', 'the picker stays open');
    const pages = (await admin.requests()).filter((r) => r.path === '/companies').map((r) => r.query.page);
    assert.deepEqual(pages, ['2'], 'page 1 came from the view; only page 2 was fetched');
    assert.ok((api.tree.root?.pagedList?.items.length ?? 0) > 100, 'and the view has page 2 too');

    await keyboard.press('Escape');
    assert.deepEqual(await running, { outcome: 'cancelled' });
    assert.equal(api.quickPick(), undefined, 'the pick is gone');
  });

  it('typing in the company picker searches the API for companies not loaded yet, and Enter picks one', async () => {
    const target = await companyOnPage2();
    // Back to the first page only (the test before loaded page 2 into the view's list).
    await vscode.commands.executeCommand('dataPlatform.refresh', api.tree.root);
    await admin.clearRequests();
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery');
    await pick(
      'the company picker',
      (p) => p.title === 'Run Query: company' && !p.busy && companyRows(p).length === 100,
    );
    assert.ok(
      !companyRows(api.quickPick()!).some((r) => r.label === target.name),
      'the company is not on the first page',
    );

    await keyboard.type(target.name);
    const found = await pick(
      `"${target.name}" found by a search`,
      (p) =>
        p.value === target.name &&
        p.items.some((i) => i.separator && i.label === 'search results') &&
        p.active === target.name,
    );
    assert.ok(found.items.some((i) => i.label === target.name));
    // Results of a search for part of the name can show the company before the search for the
    // whole name (sent after the typing pauses) has arrived: wait for that one.
    const whole = `name~${formatValue(target.name)}`;
    await waitFor('a search for the whole typed name', async () =>
      (await admin.requests()).some((r) => r.path === '/companies' && r.query.query === whole),
    );
    await pick(`"${target.name}" still highlighted after the last search`, (p) => !p.busy && p.active === target.name);

    await keyboard.press('Enter');
    await pick(
      'the data type step, Invoices highlighted',
      (p) => p.title === 'Run Query: data type' && p.active === 'Invoices',
    );
    await keyboard.press('Enter');
    await pick('the filter step for the picked company', (p) => p.title === `Invoices of ${target.name}: filter`);
    await keyboard.type('status=Paid');
    await pick('the typed filter', (p) => p.active === 'status=Paid');
    await keyboard.press('Enter');
    await pick('the orderBy step', (p) => p.title === `Invoices of ${target.name}: orderBy (optional)`);
    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result?.outcome, 'shown');

    // The company is shown without paging the view to it: no request for page 2.
    const pages = (await admin.requests())
      .filter((r) => r.path === '/companies' && !r.query.query)
      .map((r) => r.query.page ?? '1');
    assert.deepEqual(
      pages.filter((p) => p !== '1'),
      [],
      'no further page of companies loaded',
    );
    assert.equal(api.tree.root?.pagedList?.items.length, 100);
    const top = await api.tree.getChildren();
    const shown = api.tree.root?.companyNode(target.id);
    assert.ok(shown && top?.includes(shown), 'the picked company is a top-level node');
    assert.equal(top?.indexOf(shown), 101, 'after the API Keys folder and the loaded companies, before Load more');
    assert.strictEqual((result as { node: { parent: unknown } }).node.parent, shown);

    // When its page arrives it moves to its place, the same node with its query.
    await vscode.commands.executeCommand('dataPlatform.loadMore', api.tree.root);
    const after = (await api.tree.getChildren()) ?? [];
    assert.equal(after.filter((n) => n === shown).length, 1, 'shown once');
    assert.ok(api.tree.root?.pagedList?.items.some((c) => c.id === target.id));
  });

  it('the filter is checked as it is typed; an invalid one cannot be run; a valid one and an orderBy make a query node', async () => {
    const ids = (await admin.info()).companies;
    const company = await firstPageCompany(api, ids.many);
    assert.ok(company);
    const name = company.company.name;
    await api.queryHistory.clear(ids.many);
    await admin.clearRequests();
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', company);

    await pick(
      'the data type step, Invoices highlighted',
      (p) => p.title === 'Run Query: data type' && p.active === 'Invoices',
    );
    await keyboard.press('Enter');
    await pick('the filter step', (p) => p.title === `Invoices of ${name}: filter`);
    await keyboard.type('status=');
    const invalid = await pick(
      'the parse error in the first row',
      (p) => p.value === 'status=' && p.items[0]?.label === '$(error) status=',
    );
    assert.equal(
      invalid.items[0].detail,
      'Col 7: Expected a value after "="',
      'the column of the "=" missing its value',
    );
    await screenshot('query-validation');

    // Enter on an invalid filter does nothing: the pick stays, no request is sent.
    await keyboard.press('Enter');
    await sleep(500);
    assert.equal(api.quickPick()?.title, `Invoices of ${name}: filter`);

    await keyboard.type('Paid');
    const valid = await pick(
      'the typed filter as a runnable row',
      (p) => p.items[0]?.label === 'status=Paid' && p.active === 'status=Paid',
    );
    assert.equal(valid.items[0].description, 'Run this filter');
    await keyboard.press('Enter');

    await pick('the orderBy step', (p) => p.title === `Invoices of ${name}: orderBy (optional)`);
    await keyboard.type('-issueDat');
    await pick(
      'an invalid field, with the suggestion offered',
      (p) => p.items[0]?.label === '$(error) -issueDat' && p.items.some((i) => i.label === '-issueDate'),
    );
    await keyboard.type('e');
    await pick(
      'the typed orderBy as a runnable row',
      (p) => p.items[0]?.label === '-issueDate' && p.active === '-issueDate',
    );
    await keyboard.press('Enter');

    const result = await running;
    assert.equal(result?.outcome, 'shown');
    const node = (result as { node: { query: { query?: string; orderBy?: string }; parent: unknown } }).node;
    assert.deepEqual(node.query, { query: 'status=Paid', orderBy: '-issueDate' });
    assert.equal(node.parent, company);
    const sent = await waitFor('the query request', async () =>
      (await admin.requests()).find((r) => r.path.endsWith('/data/invoices')),
    );
    assert.equal(sent.query.query, 'status=Paid');
    assert.equal(sent.query.orderBy, '-issueDate');
    assert.deepEqual(api.queryHistory.list(ids.many)[0], { query: 'status=Paid', orderBy: '-issueDate' });
  });

  it('a filter typed by keys alone, taking each field, operator, value and connective from the completions', async () => {
    const ids = (await admin.info()).companies;
    const company = (await firstPageCompany(api, ids.many)) as CompanyNode;
    await api.queryHistory.clear(ids.many);
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', company);
    await pick(
      'the data type step, Invoices highlighted',
      (p) => p.title === 'Run Query: data type' && p.active === 'Invoices',
    );
    await keyboard.press('Enter');
    const title = `Invoices of ${company.company.name}: filter`;
    await pick(
      'the filter step offering the fields',
      (p) => p.title === title && p.items.some((i) => i.label === '$(symbol-field) status'),
    );

    /** Types `keys`, then goes down to the completion `label` and takes it with Enter; `shot`
     * names a screenshot of the completions offered. */
    const complete = async (keys: string, label: string, expected: string, shot?: string): Promise<void> => {
      if (keys) await keyboard.type(keys);
      const shown = await pick(
        `"${label}" offered after "${keys}"`,
        (p) => p.items.some((i) => i.label === label) && p.value.endsWith(keys),
      );
      if (shot && canScreenshot()) await screenshot(shot);
      const rows = shown.items.filter((i) => !i.separator);
      const steps = rows.findIndex((i) => i.label === label) - rows.findIndex((i) => i.label === shown.active);
      assert.ok(steps > 0, `"${label}" is below the highlighted row`);
      for (let i = 0; i < steps; i++) await keyboard.press('ArrowDown');
      await pick(`"${label}" highlighted`, (p) => p.active === label);
      await keyboard.press('Enter');
      await pick(`the filter text "${expected}"`, (p) => p.value === expected);
    };
    await complete('sta', '$(symbol-field) status', 'status');
    await complete('', '$(symbol-operator) =', 'status=');
    await complete('Pa', '$(symbol-enum-member) Paid', 'status=Paid', 'query-completion');
    await complete('', '$(symbol-keyword) &&', 'status=Paid && ');
    await complete('tot', '$(symbol-field) totalAmount', 'status=Paid && totalAmount');
    await complete('', '$(symbol-operator) >', 'status=Paid && totalAmount>');
    await keyboard.type('1000');
    await pick(
      'the whole filter as a runnable row',
      (p) => p.items[0]?.label === 'status=Paid && totalAmount>1000' && p.active === p.items[0]?.label,
    );
    await keyboard.press('Enter');
    await pick('the orderBy step', (p) => p.title === `Invoices of ${company.company.name}: orderBy (optional)`);
    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result?.outcome, 'shown');
    assert.deepEqual((result as { node: { query: unknown } }).node.query, {
      query: 'status=Paid && totalAmount>1000',
      orderBy: undefined,
    });
  });

  it('a recent query is offered as one types, and picking it skips the orderBy step', async () => {
    const ids = (await admin.info()).companies;
    const company = (await firstPageCompany(api, ids.many)) as CompanyNode;
    await api.queryHistory.add(ids.many, { query: 'currency=GBP', orderBy: 'totalAmount' });
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.filter', company.invoices);

    await pick('the filter step', (p) => p.title === `Invoices of ${company.company.name}: filter`);
    await keyboard.type('GBP');
    const offered = await pick(
      'the recent query under its separator',
      (p) =>
        p.items.some((i) => i.separator && i.label === 'recent queries') &&
        p.items.some((i) => i.label === 'currency=GBP'),
    );
    assert.equal(offered.items[0].label, '$(error) GBP', '"GBP" alone is not a filter');
    assert.match(offered.items[0].detail ?? '', /^Col 1: /);
    assert.equal(offered.items.find((i) => i.label === 'currency=GBP')?.description, 'recent · orderBy totalAmount');

    await keyboard.press('ArrowDown');
    await pick('the recent query highlighted', (p) => p.active === 'currency=GBP');
    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result?.outcome, 'shown', 'no orderBy step: the recent entry brings its own');
    assert.deepEqual((result as { node: { query: unknown } }).node.query, {
      query: 'currency=GBP',
      orderBy: 'totalAmount',
    });
  });

  it('the data type is picked by typing, and the filter is checked against that type as it is typed', async () => {
    const ids = (await admin.info()).companies;
    const company = (await firstPageCompany(api, ids.many)) as CompanyNode;
    const name = company.company.name;
    // From the Data folder's context menu: its company, no company step.
    const running = vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', company.data);
    const types = await pick(
      'the data type step',
      (p) => p.title === 'Run Query: data type' && p.active === 'Invoices',
    );
    assert.deepEqual(
      types.items.map((i) => i.label),
      DATA_TYPES.filter((d) => d.scope !== 'connection').map((d) => typeTitle(d.id)),
      'every type of the company (not those per connection), in the catalog order',
    );

    await keyboard.type('Bill pay');
    await pick('Bill payments highlighted', (p) => p.active === 'Bill payments');
    await keyboard.press('Enter');
    await pick('the filter step of bill payments', (p) => p.title === `Bill payments of ${name}: filter`);
    // An invoice field is unknown on a bill payment: the type's own schema checks what is typed.
    await keyboard.type('amountDue>0');
    const invalid = await pick('the field refused', (p) => p.items[0]?.label === '$(error) amountDue>0');
    assert.equal(invalid.items[0].detail, 'Col 1: Unknown field "amountDue" on BillPayment');
    await keyboard.press('Escape');
    assert.deepEqual(await running, { outcome: 'cancelled' });
  });
});
