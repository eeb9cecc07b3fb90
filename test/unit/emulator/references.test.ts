// The data types hold together as real books do: every reference resolves in the type it names,
// payments pay what invoices say was paid, bill payments and paid bills pair up, journal entries
// balance; amounts add up to the cent; and seed 1 keeps its values and counts.
import * as assert from 'node:assert/strict';
import { DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { call, listPaths } from '../../emulator/testing';
import type { Page } from '../../emulator/wire';

// The records as these tests read them: only what they check is typed.
interface Ref {
  id: string;
  name?: string;
  companyName?: string;
  supplierName?: string;
}
interface Line {
  accountRef?: Ref;
  taxRateRef?: Ref;
  itemRef?: Ref;
  subTotal?: number;
  taxAmount?: number;
  totalAmount?: number;
}
interface Link {
  type: string;
  id?: string;
  amount: number;
  currencyRate?: number;
}
interface Rec {
  id: string;
  status?: string;
  customerRef?: Ref;
  supplierRef?: Ref;
  accountRef?: Ref;
  lineItems?: Line[];
  lines?: { amount: number; links: Link[] }[];
  journalLines?: { netAmount: number; accountRef: Ref }[];
  recordRef?: { id: string; dataType: string };
  paymentAllocations?: { payment: { id?: string }; allocation: { totalAmount: number } }[];
  billItem?: Line;
  invoiceItem?: Line;
  totalAmount?: number;
  subTotal?: number;
  taxAmount?: number;
  totalTaxAmount?: number;
  amountDue?: number;
  currency?: string;
  currencyRate?: number;
  [field: string]: unknown;
}

const cents = (n: number | undefined): number => Math.round((n ?? 0) * 100);

/** A payment that applies a credit note to an invoice (links of both), not one of money. */
const isCreditApplication = (p: Rec): boolean => (p.lines?.[0]?.links ?? []).some((l) => l.type === 'CreditNote');

describe('emulator: references between data types', () => {
  let emu: RunningEmulator;
  const books = new Map<string, Rec[]>();
  const ids = (type: string): Map<string, Rec> => new Map((books.get(type) ?? []).map((r) => [r.id, r]));
  const list = (type: string): Rec[] => books.get(type) ?? [];

  before(async () => {
    emu = await startEmulator({ invoices: 800 });
    for (const type of DATA_TYPES) {
      const records: Rec[] = [];
      for (const path of await listPaths(emu, emu.companies.many, type))
        records.push(...(await call<Page<Rec>>(emu, `${path}?pageSize=5000`)).json.results);
      books.set(type, records);
    }
  });
  after(() => emu.close());

  it('resolves every customerRef and supplierRef, with the same name', () => {
    const customers = ids('customers');
    const suppliers = ids('suppliers');
    for (const type of ['invoices', 'payments', 'creditNotes']) {
      for (const r of list(type))
        assert.equal(
          customers.get(r.customerRef?.id ?? '')?.customerName,
          r.customerRef?.companyName,
          `${type} ${r.id}`,
        );
    }
    for (const type of ['bills', 'billPayments', 'billCreditNotes']) {
      for (const r of list(type))
        assert.equal(
          suppliers.get(r.supplierRef?.id ?? '')?.supplierName,
          r.supplierRef?.supplierName,
          `${type} ${r.id}`,
        );
    }
    // Invoices use the customers, not just a few of them.
    assert.ok(new Set(list('invoices').map((r) => r.customerRef?.id)).size > customers.size / 2);
  });

  it('resolves every accountRef, taxRateRef and itemRef in the chart, the tax rates and the items', () => {
    const accounts = ids('accounts');
    const rates = ids('taxRates');
    const items = ids('items');
    const lines: [string, Line][] = [];
    for (const type of ['invoices', 'bills', 'creditNotes', 'billCreditNotes'])
      for (const r of list(type)) for (const l of r.lineItems ?? []) lines.push([`${type} ${r.id}`, l]);
    for (const r of list('items')) for (const l of [r.billItem, r.invoiceItem]) if (l) lines.push([`item ${r.id}`, l]);
    for (const [where, l] of lines) {
      if (l.accountRef) assert.equal(accounts.get(l.accountRef.id)?.name, l.accountRef.name, where);
      if (l.taxRateRef) assert.equal(rates.get(l.taxRateRef.id)?.name, l.taxRateRef.name, where);
      if (l.itemRef) assert.equal(items.get(l.itemRef.id)?.name, l.itemRef.name, where);
    }
    for (const type of ['payments', 'billPayments']) {
      // Applying a credit note moves no money, through no bank account.
      for (const r of list(type).filter((p) => !isCreditApplication(p)))
        assert.equal(accounts.get(r.accountRef?.id ?? '')?.isBankAccount, true, `${type} ${r.id}`);
    }
    for (const r of list('journalEntries'))
      for (const l of r.journalLines ?? []) assert.equal(accounts.get(l.accountRef.id)?.name, l.accountRef.name, r.id);
  });

  it('pays real invoices: what was paid, by their customer; groups with none paid are paid on account', () => {
    const invoices = ids('invoices');
    let onAccount = 0;
    for (const p of list('payments').filter((x) => !isCreditApplication(x))) {
      assert.equal(p.lines?.length, 1);
      const [line] = p.lines ?? [];
      assert.equal(cents(line.amount), cents(p.totalAmount));
      const [link] = line.links;
      assert.equal(cents(link.amount), -cents(line.amount));
      if (link.type === 'PaymentOnAccount') {
        onAccount++;
        continue;
      }
      assert.equal(link.type, 'Invoice');
      const invoice = invoices.get(link.id ?? '');
      assert.ok(invoice, `payment ${p.id} links ${String(link.id)}`);
      assert.ok(invoice.status === 'Paid' || invoice.status === 'PartiallyPaid');
      assert.equal(cents(p.totalAmount), cents(invoice.totalAmount) - cents(invoice.amountDue));
      assert.deepEqual(p.customerRef, invoice.customerRef);
      assert.equal(p.currency, invoice.currency);
    }
    assert.ok(onAccount < list('payments').length / 10);
    const paid = list('payments')
      .filter((x) => !isCreditApplication(x))
      .flatMap((p) => p.lines?.[0].links.map((l) => l.id) ?? [])
      .filter(Boolean);
    assert.equal(new Set(paid).size, paid.length, 'no invoice is paid twice');
  });

  it('pairs every paid bill with one bill payment of what was paid, and the other way round', () => {
    const bills = ids('bills');
    const payments = ids('billPayments');
    const paidBills = list('bills').filter((b) => b.status === 'Paid' || b.status === 'PartiallyPaid');
    assert.equal(paidBills.length, payments.size);
    for (const bill of paidBills) {
      const [allocation] = bill.paymentAllocations ?? [];
      const payment = payments.get(allocation.payment.id ?? '');
      assert.ok(payment, bill.id);
      assert.equal(payment.lines?.[0].links[0].id, bill.id);
      assert.equal(payment.lines?.[0].links[0].type, 'Bill');
      assert.equal(cents(payment.totalAmount), cents(bill.totalAmount) - cents(bill.amountDue));
      assert.equal(cents(allocation.allocation.totalAmount), cents(payment.totalAmount));
      assert.deepEqual(payment.supplierRef, bill.supplierRef);
    }
    for (const b of list('bills').filter((x) => x.status !== 'Paid' && x.status !== 'PartiallyPaid'))
      assert.equal(b.paymentAllocations, undefined);
    assert.ok([...payments.values()].every((p) => bills.has(p.lines?.[0].links[0].id ?? '')));
  });

  it("applies credit notes to their customer's invoices through a payment, leaving what was not applied", () => {
    const invoices = ids('invoices');
    const payments = ids('payments');
    const applications = list('payments').filter(isCreditApplication);
    assert.equal(
      applications.length,
      list('creditNotes').filter((n) => n.paymentAllocations).length,
      'one payment per applied note',
    );
    for (const n of list('creditNotes')) {
      assert.equal(cents(n.subTotal) + cents(n.totalTaxAmount), cents(n.totalAmount));
      for (const a of n.paymentAllocations ?? []) {
        // The allocation names the payment (Codat's model), which links the invoice and the note.
        const payment = payments.get(a.payment.id ?? '');
        assert.ok(payment && isCreditApplication(payment), `${n.id} → ${String(a.payment.id)}`);
        const [invoiceLink, noteLink] = payment.lines?.[0].links ?? [];
        assert.equal(noteLink.id, n.id);
        assert.equal(cents(payment.totalAmount), 0);
        assert.equal(cents(invoiceLink.amount), -cents(noteLink.amount));
        assert.equal(cents(noteLink.amount), cents(a.allocation.totalAmount));
        assert.deepEqual(invoices.get(invoiceLink.id ?? '')?.customerRef, n.customerRef);
        assert.deepEqual(payment.customerRef, n.customerRef);
        assert.equal(cents(a.allocation.totalAmount) + cents(n.remainingCredit as number), cents(n.totalAmount));
      }
      if (n.status === 'Paid' || n.status === 'Void') assert.equal(n.remainingCredit, 0);
      if (n.status === 'Submitted' || n.status === 'Draft') assert.equal(n.remainingCredit, n.totalAmount);
    }
  });

  it('balances every journal entry to the cent and names real records', () => {
    for (const e of list('journalEntries')) {
      const lines = e.journalLines ?? [];
      assert.ok(lines.length >= 2, e.id);
      assert.equal(
        lines.reduce((sum, l) => sum + cents(l.netAmount), 0),
        0,
        e.id,
      );
      if (e.recordRef)
        assert.ok(ids(e.recordRef.dataType).has(e.recordRef.id), `${e.id} → ${e.recordRef.dataType} ${e.recordRef.id}`);
    }
    const kinds = new Set(list('journalEntries').map((e) => e.recordRef?.dataType ?? 'manual'));
    assert.deepEqual([...kinds].sort(), ['bills', 'invoices', 'manual']);
  });

  it('adds up every document to the cent, lines to totals', () => {
    for (const b of list('bills')) {
      const lines = b.lineItems ?? [];
      assert.equal(
        lines.reduce((s, l) => s + cents(l.subTotal), 0),
        cents(b.subTotal),
        b.id,
      );
      assert.equal(
        lines.reduce((s, l) => s + cents(l.taxAmount), 0),
        cents(b.taxAmount),
        b.id,
      );
      assert.equal(cents(b.subTotal) + cents(b.taxAmount), cents(b.totalAmount), b.id);
      assert.ok(cents(b.amountDue) >= 0 && cents(b.amountDue) <= cents(b.totalAmount));
      if (b.status === 'Paid' || b.status === 'Void') assert.equal(b.amountDue, 0);
    }
  });
});

describe('emulator: seeded data of every type is stable', () => {
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ seed: 1 });
  });
  after(() => emu.close());

  const totals = async (company: string): Promise<Record<string, number | string>> => {
    const out: Record<string, number | string> = {};
    for (const type of DATA_TYPES) {
      let total = 0;
      for (const path of await listPaths(emu, company, type)) {
        const r = await call<Page<unknown>>(emu, `${path}?pageSize=1`);
        total += r.status === 200 ? r.json.totalResults : NaN;
      }
      out[type] = total;
    }
    return out;
  };

  it('keeps the counts of the well-known companies for seed 1', async () => {
    assert.deepEqual(await totals(emu.companies.many), {
      invoices: 25000,
      bills: 5000,
      customers: 37,
      suppliers: 10,
      payments: 5464,
      billPayments: 3018,
      creditNotes: 1000,
      accounts: 59,
      journalEntries: 2500,
      taxRates: 2,
      items: 18,
      billCreditNotes: 200,
      trackingCategories: 14,
      journals: 7,
      purchaseOrders: 2500,
      salesOrders: 2000,
      paymentMethods: 8,
      bankAccounts: 4,
      bankTransactions: 6400,
      accountTransactions: 12500,
      transfers: 500,
      directCosts: 2000,
      directIncomes: 1000,
      itemReceipts: 1500,
    });
    assert.deepEqual(await totals(emu.companies.few), {
      invoices: 7,
      bills: 5,
      customers: 18,
      suppliers: 12,
      payments: 2,
      billPayments: 1,
      creditNotes: 2,
      accounts: 62,
      journalEntries: 5,
      taxRates: 4,
      items: 18,
      billCreditNotes: 1,
      trackingCategories: 10,
      journals: 7,
      purchaseOrders: 3,
      salesOrders: 3,
      paymentMethods: 8,
      // Its two connections serve the same books: each type served per connection twice over.
      bankAccounts: 10,
      bankTransactions: 34,
      accountTransactions: 10,
      transfers: 6,
      directCosts: 8,
      directIncomes: 6,
      itemReceipts: 2,
    });
  });

  it('keeps a few record values for seed 1', async () => {
    const few = (type: string, query = ''): Promise<Rec[]> =>
      call<Page<Rec>>(emu, `/companies/${emu.companies.few}/data/${type}?pageSize=100${query}`).then(
        (r) => r.json.results,
      );
    const [bill] = await few('bills');
    const [customer] = await few('customers');
    const [entry] = await few('journalEntries');
    const accounts = await few('accounts');
    assert.deepEqual(
      {
        id: bill.id,
        reference: bill.reference,
        totalAmount: bill.totalAmount,
        supplier: bill.supplierRef?.supplierName,
      },
      {
        id: 'c7def14f-6350-42fa-bc7d-000000000000',
        reference: 'INV-277169',
        totalAmount: 531.96,
        supplier: 'Pinnacle Print Works Pty Ltd',
      },
    );
    assert.deepEqual(
      { id: customer.id, customerName: customer.customerName, emailAddress: customer.emailAddress },
      {
        id: '40',
        customerName: 'Westbrook Engineering Pty. Ltd.',
        emailAddress: 'mia.jones@westbrook-engineering.example',
      },
    );
    assert.deepEqual(
      { description: entry.description, lines: entry.journalLines?.map((l) => l.netAmount) },
      { description: 'Bill INV-277169 from Pinnacle Print Works Pty Ltd', lines: [483.6, 48.36, -531.96] },
    );
    assert.deepEqual(
      accounts.slice(0, 3).map((a) => [a.id, a.name]),
      [
        ['090', 'Business Bank Account'],
        ['091', 'Business Savings Account'],
        ['092', 'Foreign Currency Account'],
      ],
    );
  });
});
