import * as assert from 'node:assert/strict';
import type { Invoice as InvoiceOf } from '../../../src/api/models';
import { type Company, type CustomerRef, type Invoice, type InvoiceLineItem, type Page } from '../../../src/api/models';
import { columnsBuilt, invoicesGenerated, startEmulator, type RunningEmulator } from '../../emulator';
import { call, type Reply, type ValidationErrorBody } from '../../emulator/testing';

/** An invoice as the emulator generates it: fields the API leaves optional are always filled
 * ('generates realistic invoices' checks them). */
interface GeneratedLine extends InvoiceLineItem {
  subTotal: number;
  taxAmount: number;
  totalAmount: number;
}
interface GeneratedInvoice extends Invoice {
  invoiceNumber: string;
  customerRef: Required<CustomerRef>;
  lineItems: GeneratedLine[];
  subTotal: number;
  metadata: { isDeleted: boolean };
}

describe('emulator: paging', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 2000, companies: 120 });
  });
  after(() => emu.close());

  const invoices = (): string => `/companies/${emu.companies.many}/data/invoices`;

  it('pages companies with the default page size of 100 and relative links', async () => {
    const r = await call<Page<Company>>(emu, '/companies');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json).sort(), ['_links', 'pageNumber', 'pageSize', 'results', 'totalResults']);
    assert.equal(r.json.pageNumber, 1);
    assert.equal(r.json.pageSize, 100);
    assert.equal(r.json.totalResults, 120);
    assert.equal(r.json.results.length, 100);
    assert.deepEqual(r.json._links, {
      self: { href: '/companies' },
      current: { href: '/companies?page=1&pageSize=100' },
      next: { href: '/companies?page=2&pageSize=100' },
    });
    const last = await call<Page<Company>>(emu, r.json._links.next.href);
    assert.equal(last.json.results.length, 20);
    assert.equal(last.json._links.next, undefined);
    assert.deepEqual(last.json._links.previous, { href: '/companies?page=1&pageSize=100' });
    const ids = new Set([...r.json.results, ...last.json.results].map((c: { id: string }) => c.id));
    assert.equal(ids.size, 120);
  });

  it('gives companies the required fields and omits optional ones rather than sending null', async () => {
    const r = await call<Page<Company>>(emu, '/companies?pageSize=120');
    for (const c of r.json.results) {
      assert.equal(typeof c.id, 'string');
      assert.equal(typeof c.name, 'string');
      assert.equal(typeof c.redirect, 'string');
      for (const value of Object.values(c)) assert.notEqual(value, null);
    }
    const named = r.json.results.map((c: { name: string }) => c.name);
    assert.ok(named.includes('Many Invoices Wholesale Ltd'));
  });

  it('links first, middle, last and past-the-end pages of invoices', async () => {
    const first = await call<Page<Invoice>>(emu, `${invoices()}?pageSize=500`);
    assert.equal(first.json.totalResults, 2000);
    assert.equal(first.json._links.self.href, invoices());
    assert.equal(first.json._links.current.href, `${invoices()}?page=1&pageSize=500`);
    assert.equal(first.json._links.next?.href, `${invoices()}?page=2&pageSize=500`);
    assert.equal(first.json._links.previous, undefined);

    const middle = await call<Page<Invoice>>(emu, `${invoices()}?page=2&pageSize=500`);
    assert.equal(middle.json.pageNumber, 2);
    assert.equal(middle.json._links.previous?.href, `${invoices()}?page=1&pageSize=500`);
    assert.equal(middle.json._links.next?.href, `${invoices()}?page=3&pageSize=500`);
    assert.notEqual(middle.json.results[0].id, first.json.results[0].id);

    const last = await call<Page<Invoice>>(emu, `${invoices()}?page=4&pageSize=500`);
    assert.equal(last.json.results.length, 500);
    assert.equal(last.json._links.next, undefined);
    assert.equal(last.json._links.previous?.href, `${invoices()}?page=3&pageSize=500`);

    const past = await call<Page<Invoice>>(emu, `${invoices()}?page=9&pageSize=500`);
    assert.equal(past.status, 200);
    assert.deepEqual(past.json.results, []);
    assert.equal(past.json.totalResults, 2000);
    assert.equal(past.json.pageNumber, 9);
    assert.equal(past.json._links.next, undefined);
    assert.equal(
      past.json._links.previous?.href,
      `${invoices()}?page=4&pageSize=500`,
      'previous leads back to the last page with records',
    );
  });

  it('pages every invoice exactly once when following next links', async () => {
    const seen = new Set<string>();
    let href: string | undefined = `${invoices()}?pageSize=300`;
    let pages = 0;
    while (href) {
      const r: Reply<{ results: { id: string }[]; _links: { next?: { href: string } } }> = await call(emu, href);
      for (const inv of r.json.results) seen.add(inv.id);
      href = r.json._links.next?.href;
      pages++;
    }
    assert.equal(pages, Math.ceil(2000 / 300));
    assert.equal(seen.size, 2000);
  });

  it('answers an empty data set with one empty page and no links to follow', async () => {
    const r = await call<Page<Invoice>>(emu, `/companies/${emu.companies.empty}/data/invoices`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.results, []);
    assert.equal(r.json.totalResults, 0);
    assert.equal(r.json._links.next, undefined);
    assert.equal(r.json._links.previous, undefined);
  });

  it('accepts pageSize 1 and 5000 and refuses 0, 5001, page 0, negative and non-integer values', async () => {
    assert.equal((await call<Page<Invoice>>(emu, `${invoices()}?pageSize=1`)).json.results.length, 1);
    assert.equal((await call<Page<Invoice>>(emu, `${invoices()}?pageSize=5000`)).json.results.length, 2000);
    const bad: [string, string][] = [
      ['pageSize=0', 'pageSize'],
      ['pageSize=5001', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['pageSize=2.5', 'pageSize'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=', 'page'],
      ['page=two', 'page'],
    ];
    for (const [qs, param] of bad) {
      for (const path of [`${invoices()}?${qs}`, `/companies?${qs}`]) {
        const r = await call<ValidationErrorBody>(emu, path);
        assert.equal(r.status, 400, path);
        assert.equal(r.json.statusCode, 400);
        assert.ok(r.json.error.includes(param), r.json.error);
        assert.equal(r.json.validation.errors[0].itemId, param, path);
        assert.deepEqual(r.json.validation.warnings, []);
      }
    }
  });
});

describe('emulator: filters and order', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ invoices: 3000 });
  });
  after(() => emu.close());

  const invoices = (): string => `/companies/${emu.companies.many}/data/invoices`;
  const all = async (query?: string, orderBy?: string): Promise<GeneratedInvoice[]> => {
    let qs = 'pageSize=5000';
    if (query !== undefined) qs += `&query=${encodeURIComponent(query)}`;
    if (orderBy !== undefined) qs += `&orderBy=${encodeURIComponent(orderBy)}`;
    const r = await call<Page<GeneratedInvoice>>(emu, `${invoices()}?${qs}`);
    assert.equal(r.status, 200, r.text);
    return r.json.results;
  };

  it('generates realistic invoices: all six statuses, consistent totals, currencies, deleted flags', async () => {
    const list = await all();
    assert.deepEqual(
      new Set(list.map((i) => i.status)),
      new Set<InvoiceOf['status']>(['Unknown', 'Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void']),
    );
    assert.ok(new Set(list.map((i) => i.currency)).size >= 3);
    assert.ok(list.some((i) => i.metadata.isDeleted === true) && list.some((i) => i.metadata.isDeleted === false));
    const cents = (n: number): number => Math.round(n * 100);
    for (const inv of list) {
      assert.ok(inv.lineItems.length >= 1 && inv.lineItems.length <= 5);
      assert.equal(
        cents(inv.subTotal),
        inv.lineItems.reduce((s, l) => s + cents(l.subTotal), 0),
      );
      assert.equal(
        cents(inv.totalTaxAmount),
        inv.lineItems.reduce((s, l) => s + cents(l.taxAmount), 0),
      );
      assert.equal(cents(inv.totalAmount), cents(inv.subTotal) + cents(inv.totalTaxAmount));
      for (const l of inv.lineItems) assert.equal(cents(l.totalAmount), cents(l.subTotal) + cents(l.taxAmount));
      if (inv.status === 'Paid') assert.equal(typeof inv.paidOnDate, 'string');
      if (inv.status === 'Paid' || inv.status === 'Void') assert.equal(inv.amountDue, 0);
      assert.match(inv.issueDate, /^\d{4}-\d{2}-\d{2}T00:00:00$/);
      assert.equal(typeof inv.customerRef.id, 'string');
      // A null only where Codat's contract allows it (test/unit/contract/emulator.test.ts): here, only the note.
      for (const [key, value] of Object.entries(inv)) if (key !== 'note') assert.notEqual(value, null, key);
    }
  });

  it('filters, and totalResults counts only the matches', async () => {
    const everything = await all();
    const paid = everything.filter((i) => i.status === 'Paid');
    const r = await call<Page<Invoice>>(emu, `${invoices()}?pageSize=10&query=${encodeURIComponent('status=Paid')}`);
    assert.equal(r.json.totalResults, paid.length);
    assert.ok(paid.length > 0 && paid.length < everything.length);
    assert.ok(r.json.results.every((i) => i.status === 'Paid'));
    const complex = await all('{totalAmount>1000||totalAmount<50}&&status!=Paid&&metadata.isDeleted!=true');
    const expected = everything.filter(
      (i) => (i.totalAmount > 1000 || i.totalAmount < 50) && i.status !== 'Paid' && i.metadata.isDeleted !== true,
    );
    assert.deepEqual(
      complex.map((i) => i.id),
      expected.map((i) => i.id),
    );
    const byDate = await all('issueDate>=2024-01-01&&issueDate<2024-02-01');
    assert.ok(byDate.length > 0);
    assert.ok(byDate.every((i) => i.issueDate.startsWith('2024-01')));
    const byCustomer = await all(`customerRef.id=${everything[0].customerRef.id}`);
    assert.deepEqual(
      byCustomer.map((i) => i.id),
      everything.filter((i) => i.customerRef.id === everything[0].customerRef.id).map((i) => i.id),
    );
  });

  it('keeps query and orderBy, percent-encoded, in the links', async () => {
    const query = 'status=Paid&&totalAmount>100';
    const r = await call<Page<Invoice>>(
      emu,
      `${invoices()}?pageSize=10&query=${encodeURIComponent(query)}&orderBy=-totalAmount`,
    );
    const next = r.json._links.next!.href;
    assert.equal(
      next,
      `${invoices()}?page=2&pageSize=10&query=status%3DPaid%26%26totalAmount%3E100&orderBy=-totalAmount`,
    );
    assert.equal(new URL(next, emu.url).searchParams.get('query'), query);
    const page2 = await call<Page<Invoice>>(emu, next);
    assert.equal(page2.json.pageNumber, 2);
    assert.equal(page2.json.totalResults, r.json.totalResults);
  });

  it('orders ascending and descending, with missing values last and ties in original order', async () => {
    const up = await all(undefined, 'totalAmount');
    const down = await all(undefined, '-totalAmount');
    for (let i = 1; i < up.length; i++) assert.ok(up[i - 1].totalAmount <= up[i].totalAmount);
    for (let i = 1; i < down.length; i++) assert.ok(down[i - 1].totalAmount >= down[i].totalAmount);
    const paid = await all(undefined, '-paidOnDate');
    const firstMissing = paid.findIndex((i) => i.paidOnDate === undefined);
    assert.ok(firstMissing > 0);
    assert.ok(
      paid.slice(firstMissing).every((i) => i.paidOnDate === undefined),
      'missing values sort last',
    );
    for (let i = 1; i < firstMissing; i++) assert.ok(paid[i - 1].paidOnDate! >= paid[i].paidOnDate!);
    const byStatus = await all(undefined, 'status');
    for (let i = 1; i < byStatus.length; i++) {
      const [a, b] = [byStatus[i - 1], byStatus[i]];
      assert.ok(a.status.toLowerCase() <= b.status.toLowerCase());
      if (a.status === b.status) assert.ok(a.invoiceNumber < b.invoiceNumber, 'ties keep their original order');
    }
    const byName = await all('status=Void', 'customerRef.companyName');
    for (let i = 1; i < byName.length; i++) {
      assert.ok(byName[i - 1].customerRef.companyName.toLowerCase() <= byName[i].customerRef.companyName.toLowerCase());
    }
  });

  it('filters and orders companies on the company schema', async () => {
    const r = await call<Page<Company>>(emu, `/companies?query=${encodeURIComponent('name~invoices')}&orderBy=-name`);
    assert.deepEqual(
      r.json.results.map((c) => c.name),
      ['Many Invoices Wholesale Ltd', 'Few Invoices Florists Ltd'],
    );
    assert.equal(r.json.totalResults, 2);
    const bad = await call<ValidationErrorBody>(emu, `/companies?query=${encodeURIComponent('colour=red')}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error, 'Error parsing query - Could not resolve property colour on Company');
  });

  it('refuses bad queries with the reference messages', async () => {
    const cases: [string, string][] = [
      ['status=', 'Error parsing query - Malformed query.'],
      ['{status=Paid', 'Error parsing query - Malformed query.'],
      ['totalAmount>abc', 'Error parsing query - Malformed query.'],
      ['foo=1', 'Error parsing query - Could not resolve property foo on Invoice'],
      ['customerRef.colour=red', 'Error parsing query - Could not resolve property customerRef.colour on Invoice'],
    ];
    for (const [query, error] of cases) {
      const r = await call<ValidationErrorBody>(emu, `${invoices()}?query=${encodeURIComponent(query)}`);
      assert.equal(r.status, 400, query);
      assert.equal(r.json.error, error, query);
      assert.equal(r.json.validation.errors[0].itemId, 'query');
    }
    const order = await call<ValidationErrorBody>(emu, `${invoices()}?orderBy=colour`);
    assert.equal(order.status, 400);
    assert.match(order.json.error, /Could not resolve property colour on Invoice/);
    assert.equal(order.json.validation.errors[0].itemId, 'orderBy');
  });

  it('accepts a 2048-character query and refuses a 2049-character one', async () => {
    const base = 'status=Paid';
    const pad = (n: number): string => `${base}||note=${'x'.repeat(n - base.length - '||note='.length)}`;
    assert.equal(pad(2048).length, 2048);
    assert.equal((await call(emu, `${invoices()}?query=${encodeURIComponent(pad(2048))}`)).status, 200);
    const r = await call<ValidationErrorBody>(emu, `${invoices()}?query=${encodeURIComponent(pad(2049))}`);
    assert.equal(r.status, 400);
    assert.match(r.json.error, /^Error parsing query - .*2048/);
  });

  it('treats a blank query or orderBy as none', async () => {
    const r = await call<Page<Invoice>>(emu, `${invoices()}?pageSize=1&query=&orderBy=`);
    assert.equal(r.status, 200);
    assert.equal(r.json.totalResults, 3000);
    assert.equal(r.json._links.current.href, `${invoices()}?page=1&pageSize=1`);
  });
});

describe('emulator: lazy invoices', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu.close());

  it('builds only the requested page of the 25,000-invoice company', async () => {
    const before = invoicesGenerated();
    const r = await call<Page<Invoice>>(emu, `/companies/${emu.companies.many}/data/invoices?page=120&pageSize=100`);
    assert.equal(r.json.totalResults, 25000);
    assert.equal(r.json.results.length, 100);
    assert.equal(r.json.results[0].invoiceNumber, 'INV-11901');
    assert.equal(invoicesGenerated() - before, 100);
    const one = invoicesGenerated();
    const single = await call<Invoice>(emu, `/companies/${emu.companies.many}/data/invoices/${r.json.results[7].id}`);
    assert.deepEqual(single.json, r.json.results[7]);
    assert.equal(invoicesGenerated() - one, 1);
  });

  it('scans the columns once per company for filters, then builds only the page each time', async () => {
    const path = `/companies/${emu.companies.many}/data/invoices?pageSize=50&query=${encodeURIComponent('status=Draft')}`;
    await call(emu, path);
    const builds = columnsBuilt();
    const before = invoicesGenerated();
    const r = await call<Page<Invoice>>(emu, `${path}&orderBy=-amountDue`);
    assert.equal(r.json.results.length, 50);
    assert.equal(columnsBuilt(), builds);
    assert.equal(invoicesGenerated() - before, 50);
  });
});
