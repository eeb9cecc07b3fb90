// Journal entries: what invoices and bills post to the ledger (recordRef names the document),
// and manual journals (depreciation, payroll, bank fees, accruals, reclassifications). Lines are
// in the base currency, debits positive and credits negative, and each entry's lines sum to zero
// to the cent: the last line balances the others after conversion.
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, dayOfIndex, instant, money, recordId, stamps } from './books';
import { type AccountRef, PAYABLES, RECEIVABLES, SALES_TAX, accountRef } from './accounts';
import { billWithLines } from './bills';
import { billCount, journalEntryCount, windowOf } from './counts';
import { invoiceFacts } from './invoiceFacts';
import { journalId } from './setup';

interface Posting {
  description: string;
  postedMs: number;
  journal: string;
  recordRef?: { id: string; dataType: string };
  /** Account and amount in base cents; the last one is replaced by the balance. */
  lines: [AccountRef, number][];
}

function fromInvoice(books: Books, index: number, count: number): Posting {
  const inv = invoiceFacts(books, windowOf(index, count, books.invoices.count).start);
  const base = (c: number): number => Math.round(c * inv.currencyRate);
  const sub = base(inv.subCents);
  const lines: [AccountRef, number][] = [
    [inv.lines[0].accountRef, -sub],
    [SALES_TAX, sub - base(inv.totalCents)],
    [RECEIVABLES, 0],
  ];
  return {
    description: `Invoice ${inv.number} to ${inv.customerRef.companyName}`,
    postedMs: inv.issueMs,
    journal: 'Sales Journal',
    recordRef: { id: inv.id, dataType: 'invoices' },
    lines,
  };
}

function fromBill(books: Books, index: number, count: number): Posting {
  const { bill, docLines, issueMs } = billWithLines(
    books,
    windowOf(index, count, billCount(books.invoices.count)).start,
  );
  const base = (c: number): number => Math.round(c * bill.currencyRate);
  const lines: [AccountRef, number][] = docLines.map((l) => [l.accountRef, base(l.unitCents * l.quantity)]);
  lines.push([SALES_TAX, base(Math.round(bill.taxAmount * 100))], [PAYABLES, 0]);
  return {
    description: `Bill ${bill.reference} from ${bill.supplierRef.supplierName}`,
    postedMs: issueMs,
    journal: 'Purchases Journal',
    recordRef: { id: bill.id, dataType: 'bills' },
    lines,
  };
}

const MANUAL: readonly (readonly [string, readonly string[], number, number])[] = [
  ['Depreciation for {month}', ['416', '711'], 50, 900],
  ['Payroll {month}', ['477', '825', '090'], 2000, 40000],
  ['Bank fees {month}', ['404', '090'], 5, 120],
  ['Accrual: electricity {month}', ['445', '800'], 80, 900],
  ['Reclassification: office costs {month}', ['453', '461'], 10, 400],
];

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function manual(r: Random, index: number, count: number): Posting {
  const postedMs = dayOfIndex(r, index, count);
  const [text, accounts, low, high] = r.pick(MANUAL);
  const posted = new Date(postedMs);
  const month = `${MONTHS[posted.getUTCMonth()]} ${posted.getUTCFullYear()}`;
  const debit = r.int(low * 100, high * 100);
  const lines: [AccountRef, number][] = [[accountRef(accounts[0]), debit]];
  // A payroll splits the credit between tax withheld and the net pay.
  if (accounts.length === 3) lines.push([accountRef(accounts[1]), -Math.round((debit * r.int(15, 30)) / 100)]);
  lines.push([accountRef(accounts[accounts.length - 1]), 0]);
  return { description: text.replace('{month}', month), postedMs, journal: 'General Journal', lines };
}

export function journalEntry(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'journalEntries', index);
  const count = journalEntryCount(books.invoices.count);
  const kind = r.weighted([
    ['invoice', 40],
    ['bill', 25],
    ['manual', 35],
  ] as const);
  const p =
    kind === 'invoice'
      ? fromInvoice(books, index, count)
      : kind === 'bill'
        ? fromBill(books, index, count)
        : manual(r, index, count);
  // A zero line (no tax on the document) is left out; the last line balances the others.
  const lines = [...p.lines.slice(0, -1).filter(([, c]) => c !== 0), p.lines[p.lines.length - 1]];
  lines[lines.length - 1][1] = -lines.slice(0, -1).reduce((sum, [, c]) => sum + c, 0);
  const createdMs = p.postedMs + r.int(1, 72) * 3_600_000 + r.int(0, 3599) * 1000;
  const updatedMs = createdMs + r.int(0, 20) * DAY_MS;
  const v = new Variants(books, 'journalEntries', index);
  return {
    id: recordId(books, 'journalEntries', index),
    description: v.orNull(p.description),
    postedOn: day(p.postedMs),
    createdOn: instant(createdMs),
    updatedOn: instant(updatedMs),
    journalRef: { id: journalId(books, p.journal), name: v.orNull(p.journal) },
    ...(p.recordRef ? { recordRef: p.recordRef } : {}),
    journalLines: lines.map(([account, c]) => ({
      description: p.description,
      netAmount: money(c),
      currency: books.currency,
      accountRef: account,
    })),
    ...stamps(r, updatedMs),
  };
}
