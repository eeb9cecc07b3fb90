// The data types of Accounting API 2.1.0 beyond the first twelve, as the emulator serves them: per
// data connection where the contract says so (through the company's Linked accounting
// connections; another answers the not-supported 404), bank transactions under their bank account
// (paged, queried, sorted; no GET of one), the references between them holding, the 404 of each
// type's noun, syncs of the new types, and direct costs' and incomes' attachments.
import * as assert from 'node:assert/strict';
import { SYNC_DURATION_MS, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, call, listPaths, walk } from '../../emulator/testing';
import type { ErrorBody, Page } from '../../emulator/wire';

type Rec = Record<string, unknown> & { id: string };
type Ref = { id: string; name?: string };

const cents = (n: unknown): number => Math.round(Number(n) * 100);

describe('emulator: the accounting types served per connection and under a parent', function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let few: string;
  let data: string;

  before(async () => {
    emu = await startEmulator({ invoices: 120, companies: 12, now: clock.now });
    few = emu.companies.few;
    data = `/companies/${few}/connections/${emu.connections.few[0]}/data`;
  });
  after(() => emu.close());
  afterEach(() => emu.reset());

  const all = async (path: string): Promise<Rec[]> =>
    (await walk<Rec>(emu, `${path}${path.includes('?') ? '&' : '?'}pageSize=100`)).flatMap((p) => p.json.results);

  it('serves a type per connection through each Linked accounting connection, not at the company', async () => {
    const first = await call<Page<Rec>>(emu, `${data}/bankAccounts`);
    assert.equal(first.status, 200);
    assert.equal(first.json._links.self.href, `${data}/bankAccounts`);
    const second = await call<Page<Rec>>(
      emu,
      `/companies/${few}/connections/${emu.connections.few[1]}/data/bankAccounts`,
    );
    assert.deepEqual(second.json.results, first.json.results, 'one set of books, whichever connection serves it');
    assert.equal((await call(emu, `/companies/${few}/data/bankAccounts`)).status, 404);
    assert.equal(
      (await call(emu, `/companies/${few}/connections/${emu.connections.few[0]}/data/invoices`)).status,
      404,
    );
    const unknown = await call<ErrorBody>(emu, `/companies/${few}/connections/nope/data/transfers`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.json.error, /^No data connection was found with ID nope$/);
  });

  it('answers the not-supported 404 through a connection that is not Linked', async () => {
    const second = emu.connections.few[1];
    const unlink = await call(emu, `/companies/${few}/connections/${second}`, {
      method: 'PATCH',
      body: { status: 'Unlinked' },
    });
    assert.equal(unlink.status, 200);
    const base = `/companies/${few}/connections/${second}/data`;
    const r = await call<ErrorBody>(emu, `${base}/directCosts`);
    assert.equal(r.status, 404);
    assert.match(r.json.error, /^Datatype \[directCosts\] not supported by platform\(s\) \[.+\]$/);
    const cost = (await call<Page<Rec>>(emu, `${data}/directCosts`)).json.results[0];
    assert.equal((await call(emu, `${base}/directCosts/${cost.id}/attachments`)).status, 404);
    assert.equal((await call(emu, `${data}/directCosts/${cost.id}/attachments`)).status, 200);
  });

  it('lists bank transactions under their account only: paged, queried, sorted, balances that add up', async () => {
    const accounts = await all(`${data}/bankAccounts`);
    assert.ok(accounts.length >= 2);
    const seen = new Set<string>();
    for (const account of accounts) {
      const list = `${data}/bankAccounts/${account.id}/bankTransactions`;
      const txs = (await walk<Rec>(emu, `${list}?pageSize=7`)).flatMap((p) => p.json.results);
      assert.ok(txs.length >= 3, account.id);
      for (const t of txs) {
        assert.equal(t.accountId, account.id);
        assert.ok(!seen.has(t.id), 'each transaction under one account');
        seen.add(t.id);
      }
      for (let i = 1; i < txs.length; i++)
        assert.equal(cents(txs[i].balance), cents(txs[i - 1].balance) + cents(txs[i].amount), `${account.id} #${i}`);
      assert.equal(cents(account.balance), cents(txs[txs.length - 1].balance), 'the account ends where its feed does');
      const credits = await all(`${list}?query=${encodeURIComponent('amount>0')}&orderBy=-amount`);
      assert.deepEqual(
        credits.map((t) => t.id),
        txs
          .filter((t) => Number(t.amount) > 0)
          .sort((a, b) => Number(b.amount) - Number(a.amount))
          .map((t) => t.id),
      );
      const one = await call<Page<Rec>>(emu, `${list}?query=${encodeURIComponent(`id=${txs[1].id}`)}`);
      assert.deepEqual(one.json.results, [txs[1]]);
    }
    const first = accounts[0].id;
    const tx = (await call<Page<Rec>>(emu, `${data}/bankAccounts/${first}/bankTransactions`)).json.results[0];
    assert.equal(
      (await call(emu, `${data}/bankAccounts/${first}/bankTransactions/${tx.id}`)).status,
      404,
      'no GET of one',
    );
    const missing = await call<ErrorBody>(emu, `${data}/bankAccounts/nope/bankTransactions`);
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error, 'No bank account was found with ID nope');
  });

  it("answers each type's 404 with its noun, and a tracking category as its tree", async () => {
    const nouns: [string, string][] = [
      [`/companies/${few}/data/trackingCategories`, 'tracking category'],
      [`/companies/${few}/data/journals`, 'journal'],
      [`/companies/${few}/data/purchaseOrders`, 'purchase order'],
      [`/companies/${few}/data/salesOrders`, 'sales order'],
      [`/companies/${few}/data/paymentMethods`, 'payment method'],
      [`${data}/bankAccounts`, 'bank account'],
      [`${data}/accountTransactions`, 'account transaction'],
      [`${data}/transfers`, 'transfer'],
      [`${data}/directCosts`, 'direct cost'],
      [`${data}/directIncomes`, 'direct income'],
      [`${data}/itemReceipts`, 'item receipt'],
    ];
    for (const [list, noun] of nouns) {
      const records = await all(list);
      assert.ok(records.length > 0, list);
      const one = await call<Rec>(emu, `${list}/${records[records.length - 1].id}`);
      assert.equal(one.status, 200, list);
      assert.equal(one.json.id, records[records.length - 1].id);
      const r = await call<ErrorBody>(emu, `${list}/not-an-id`);
      assert.equal(r.status, 404, list);
      assert.equal(r.json.error, `No ${noun} was found with ID not-an-id`);
    }
    const categories = await all(`/companies/${few}/data/trackingCategories`);
    const parent = categories.find((c) => c.hasChildren === true) as Rec;
    const tree = await call<Rec & { subCategories: Rec[] }>(
      emu,
      `/companies/${few}/data/trackingCategories/${parent.id}`,
    );
    assert.deepEqual(
      tree.json.subCategories.map((c) => c.id),
      categories.filter((c) => c.parentId === parent.id).map((c) => c.id),
    );
  });

  it('filters and sorts every new type by its fields, and refuses a field it lacks', async () => {
    const lists = [
      `/companies/${few}/data/purchaseOrders`,
      `/companies/${few}/data/salesOrders`,
      `${data}/accountTransactions`,
      `${data}/directCosts`,
      `${data}/itemReceipts`,
    ];
    for (const list of lists) {
      const records = await all(list);
      const sorted = await all(`${list}?orderBy=-modifiedDate`);
      assert.deepEqual(
        sorted.map((r) => r.modifiedDate),
        records
          .map((r) => r.modifiedDate)
          .sort()
          .reverse(),
        list,
      );
      const deleted = await all(`${list}?query=${encodeURIComponent('metadata.isDeleted=true')}`);
      assert.deepEqual(
        deleted.map((r) => r.id),
        records.filter((r) => (r.metadata as { isDeleted?: boolean }).isDeleted === true).map((r) => r.id),
      );
      const bad = await call<ErrorBody>(emu, `${list}?query=${encodeURIComponent('nope=1')}`);
      assert.equal(bad.status, 400, list);
    }
  });

  it('syncs a new type of a company that never asked for it, then serves it through its connection', async () => {
    const company = emu.companies.notRequested;
    const [path] = await listPaths(emu, company, 'transfers');
    assert.equal((await call(emu, path)).status, 409);
    const q = await call<{ dataType: string }>(emu, `/companies/${company}/data/queue/transfers`, { method: 'POST' });
    assert.equal(q.json.dataType, 'transfers');
    clock.advance(SYNC_DURATION_MS);
    const page = await call<Page<Rec>>(emu, path);
    assert.equal(page.status, 200);
    assert.ok(page.json.totalResults > 0);
    const status = await call<Record<string, { currentStatus: string }>>(emu, `/companies/${company}/dataStatus`);
    assert.deepEqual(Object.keys(status.json), ['transfers']);
  });
});

describe('emulator: references of the accounting types hold', function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  const books = new Map<string, Rec[]>();
  const ids = (type: string): Set<string> => new Set((books.get(type) ?? []).map((r) => r.id));
  const list = (type: string): Rec[] => books.get(type) ?? [];

  before(async () => {
    emu = await startEmulator({ invoices: 300, companies: 8 });
    const types = ['trackingCategories', 'journals', 'journalEntries', 'bills', 'suppliers', 'customers'];
    types.push('purchaseOrders', 'salesOrders', 'bankAccounts', 'bankTransactions', 'transfers', 'payments');
    types.push('billPayments', 'accountTransactions', 'directCosts', 'directIncomes', 'itemReceipts', 'items');
    types.push('accounts');
    for (const type of types) {
      const records: Rec[] = [];
      // The first connection's lists only: the second serves the same books.
      for (const path of (await listPaths(emu, emu.companies.many, type)).slice(0, type === 'bankTransactions' ? 9 : 1))
        records.push(...(await call<Page<Rec>>(emu, `${path}?pageSize=5000`)).json.results);
      books.set(type, records);
    }
  });
  after(() => emu.close());

  const refs = (type: string, pick: (r: Rec) => unknown[]): string[] =>
    list(type).flatMap((r) =>
      pick(r)
        .filter((x): x is Ref => x !== undefined && x !== null)
        .map((x) => x.id),
    );
  const lines = (r: Rec): Rec[] => (r.lineItems as Rec[] | null) ?? [];

  it('tracking refs of bills, purchase orders, direct costs and transfers name options that exist', () => {
    const leaves = new Set(
      list('trackingCategories')
        .filter((c) => c.hasChildren === false)
        .map((c) => c.id),
    );
    const tracked = [
      ...refs('bills', (r) => lines(r).flatMap((l) => (l.trackingCategoryRefs as Ref[] | undefined) ?? [])),
      ...refs('purchaseOrders', (r) => lines(r).flatMap((l) => (l.trackingCategoryRefs as Ref[] | undefined) ?? [])),
      ...refs('directCosts', (r) => lines(r).flatMap((l) => (l.trackingCategoryRefs as Ref[] | undefined) ?? [])),
      ...refs('transfers', (r) => (r.trackingCategoryRefs as Ref[] | undefined) ?? []),
    ];
    assert.ok(tracked.length > 20);
    for (const id of tracked) assert.ok(leaves.has(id), id);
    for (const c of list('trackingCategories'))
      if (typeof c.parentId === 'string') assert.ok(ids('trackingCategories').has(c.parentId));
  });

  it('journal entries name journals; orders and receipts their suppliers, customers and orders', () => {
    const journals = ids('journals');
    for (const id of refs('journalEntries', (r) => [r.journalRef])) assert.ok(journals.has(id), id);
    for (const id of refs('purchaseOrders', (r) => [r.supplierRef])) assert.ok(ids('suppliers').has(id), id);
    for (const id of refs('itemReceipts', (r) => [r.supplierRef])) assert.ok(ids('suppliers').has(id), id);
    for (const id of refs('salesOrders', (r) => [r.customerRef])) assert.ok(ids('customers').has(id), id);
    const orders = new Map(list('purchaseOrders').map((o) => [o.id, o]));
    for (const receipt of list('itemReceipts')) {
      const [order] = receipt.purchaseOrderRefs as Ref[];
      assert.deepEqual((orders.get(order.id)?.supplierRef as Ref).id, (receipt.supplierRef as Ref).id);
      for (const l of lines(receipt)) assert.equal((l.purchaseOrderLineRef as Ref).id, order.id);
    }
    const items = ids('items');
    for (const type of ['purchaseOrders', 'salesOrders', 'directCosts', 'directIncomes', 'itemReceipts'])
      for (const id of refs(type, (r) => lines(r).map((l) => l.itemRef))) assert.ok(items.has(id), `${type} → ${id}`);
  });

  it('bank transactions, transfers and account transactions name bank accounts that exist; account transactions their records', () => {
    const accounts = ids('bankAccounts');
    for (const t of list('bankTransactions')) assert.ok(accounts.has(String(t.accountId)));
    for (const t of list('transfers')) {
      const from = (t.from as { accountRef: Ref }).accountRef.id;
      const to = (t.to as { accountRef: Ref }).accountRef.id;
      assert.ok(accounts.has(from) && accounts.has(to) && from !== to, t.id);
    }
    for (const t of list('accountTransactions')) {
      assert.ok(accounts.has((t.bankAccountRef as Ref).id));
      for (const l of (t.lines as { recordRef: { id: string; dataType: string } }[]) ?? [])
        assert.ok(ids(l.recordRef.dataType).has(l.recordRef.id), `${t.id} → ${l.recordRef.dataType}`);
    }
    const chart = ids('accounts');
    for (const a of list('bankAccounts')) if (typeof a.nominalCode === 'string') assert.ok(chart.has(a.nominalCode));
  });

  it('adds up orders, receipts, direct costs and incomes to the cent; direct ones paid in full', () => {
    for (const type of ['purchaseOrders', 'salesOrders']) {
      for (const o of list(type)) {
        const sum = (f: string): number => lines(o).reduce((s, l) => s + cents(l[f]), 0);
        assert.equal(sum('subTotal'), cents(o.subTotal), o.id);
        assert.equal(sum('taxAmount'), cents(o.totalTaxAmount), o.id);
        assert.equal(cents(o.subTotal) + cents(o.totalTaxAmount), cents(o.totalAmount), o.id);
      }
    }
    for (const type of ['directCosts', 'directIncomes', 'itemReceipts']) {
      for (const d of list(type)) {
        const sum = (f: string): number => lines(d).reduce((s, l) => s + cents(l[f]), 0);
        assert.equal(sum('totalAmount'), cents(d.totalAmount), d.id);
        if (type === 'itemReceipts') continue;
        const [paid] = d.paymentAllocations as { allocation: { totalAmount: number } }[];
        assert.equal(cents(paid.allocation.totalAmount), cents(d.totalAmount));
        assert.equal(cents(d.subTotal) + cents(d.taxAmount), cents(d.totalAmount));
      }
    }
  });
});
