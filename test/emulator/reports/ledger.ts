// A company's books summed per month, once per company and state of its records: what the
// statements read (income, cost of sales and expenses per account, tax, what was invoiced, billed,
// received and paid out), and the posted documents the aged reports read. Built from the invoices
// and bills exactly as the company serves them (pushes included); rebuilt when a push creates,
// changes or deletes one (the types' counts and revisions are the key), and gone with the company's
// entry on reset. The big company's 25,000 invoices take one pass; a statement then reads ~50 months.
import { withPushes } from '../connectionData';
import { type DataType, recordType } from '../dataTypes';
import { invoiceType } from '../pushRecords';
import type { CompanyEntry, EmulatorState } from '../state';
import { type Doc, type DocKind, monthOfDay, readDoc } from './documents';

export type Section = 'income' | 'costOfSales' | 'expenses';

/** Cost of sales: the chart's Expense.CostOfSales accounts (records/accounts.ts). */
const COST_OF_SALES = new Set(['300', '310']);

export interface MonthSums {
  /** Base cents per account id, per section. */
  income: Map<string, number>;
  costOfSales: Map<string, number>;
  expenses: Map<string, number>;
  /** Tax on posted invoices and on posted bills. */
  salesTax: number;
  purchaseTax: number;
  /** Totals (subTotal + tax) of invoices and bills issued in the month. */
  invoiced: number;
  billed: number;
  /** Paid parts of invoices received, and of bills paid out, in the month. */
  received: number;
  paidOut: number;
}

export interface Ledger {
  currency: string;
  months: Map<number, MonthSums>;
  /** Every account a statement line names: its name, per section, by id. */
  accounts: Record<Section, Map<string, string>>;
  /** Month numbers (year × 12 + month − 1) of the first and last month with an entry; undefined for empty books. */
  first?: number;
  last?: number;
  /** Owner's capital, in base cents: what the bank starts with, sized so it never goes overdrawn. */
  capital: number;
  debtors: Doc[];
  creditors: Doc[];
}

const emptyMonth = (): MonthSums => ({
  income: new Map(),
  costOfSales: new Map(),
  expenses: new Map(),
  salesTax: 0,
  purchaseTax: 0,
  invoiced: 0,
  billed: 0,
  received: 0,
  paidOut: 0,
});

const add = (map: Map<string, number>, key: string, cents: number): void => {
  map.set(key, (map.get(key) ?? 0) + cents);
};

const NO_LINES: Doc['lines'] = [];

class Builder {
  readonly ledger: Ledger;
  /** One object per customer or supplier, shared by their documents. */
  private readonly parties = new Map<string, Doc['party']>();
  constructor(currency: string) {
    this.ledger = {
      currency,
      months: new Map(),
      accounts: { income: new Map(), costOfSales: new Map(), expenses: new Map() },
      capital: 0,
      debtors: [],
      creditors: [],
    };
  }

  private month(day: number): MonthSums {
    const m = monthOfDay(day);
    let sums = this.ledger.months.get(m);
    if (!sums) this.ledger.months.set(m, (sums = emptyMonth()));
    if (this.ledger.first === undefined || m < this.ledger.first) this.ledger.first = m;
    if (this.ledger.last === undefined || m > this.ledger.last) this.ledger.last = m;
    return sums;
  }

  add(doc: Doc, kind: DocKind): void {
    const issued = this.month(doc.issueDay);
    for (const line of doc.lines) {
      const section: Section =
        kind === 'invoice' ? 'income' : COST_OF_SALES.has(line.accountId) ? 'costOfSales' : 'expenses';
      add(issued[section], line.accountId, line.baseCents);
      if (!this.ledger.accounts[section].has(line.accountId))
        this.ledger.accounts[section].set(line.accountId, line.accountName);
    }
    const total = doc.base.sub + doc.base.tax;
    // The aged reports keep the document: its lines are summed already.
    doc.lines = NO_LINES;
    const key = `${kind}/${doc.party.id}`;
    const party = this.parties.get(key);
    if (party) doc.party = party;
    else this.parties.set(key, doc.party);
    if (kind === 'invoice') {
      issued.salesTax += doc.base.tax;
      issued.invoiced += total;
      this.ledger.debtors.push(doc);
    } else {
      issued.purchaseTax += doc.base.tax;
      issued.billed += total;
      this.ledger.creditors.push(doc);
    }
    if (doc.base.paid !== 0) {
      const paid = this.month(doc.paidDay);
      if (kind === 'invoice') paid.received += doc.base.paid;
      else paid.paidOut += doc.base.paid;
    }
  }

  /** Capital: enough that the bank, starting with it, never goes below zero, rounded up to 1,000 and at least 10,000. */
  finish(): Ledger {
    let cash = 0;
    let lowest = 0;
    for (const m of [...this.ledger.months.keys()].sort((a, b) => a - b)) {
      const sums = this.ledger.months.get(m) as MonthSums;
      cash += sums.received - sums.paidOut;
      lowest = Math.min(lowest, cash);
    }
    this.ledger.capital = Math.ceil((1_000_000 - lowest) / 100_000) * 100_000;
    return this.ledger;
  }
}

function each(type: DataType, books: Parameters<DataType['count']>[0], visit: (record: object) => void): void {
  const n = type.count(books);
  for (let i = 0; i < n; i++) visit(type.record(books, i));
}

/** The company's invoices and bills as it serves them. */
export function servedDocuments(state: EmulatorState, entry: CompanyEntry): { invoices: DataType; bills: DataType } {
  return {
    invoices: withPushes(state, entry, invoiceType(state.invoiceSource(entry))),
    bills: withPushes(state, entry, recordType('bills') as DataType),
  };
}

const cache = new WeakMap<CompanyEntry, { key: string; ledger: Ledger }>();
let built = 0;

/** How many ledgers were built since the process started (tests prove the cache with deltas). */
export function ledgersBuilt(): number {
  return built;
}

/** The company's ledger, built on first use and again only after its invoices or bills changed. */
export function ledgerOf(state: EmulatorState, entry: CompanyEntry): Ledger {
  const books = state.books(entry);
  const { invoices, bills } = servedDocuments(state, entry);
  const key = [invoices.count(books), invoices.revision, bills.count(books), bills.revision, entry.currency].join('|');
  const held = cache.get(entry);
  if (held?.key === key) return held.ledger;
  const builder = new Builder(entry.currency);
  for (const [type, kind] of [
    [invoices, 'invoice'],
    [bills, 'bill'],
  ] as const) {
    each(type, books, (record) => {
      const doc = readDoc(record as Record<string, unknown>, kind, entry.currency);
      if (doc) builder.add(doc, kind);
    });
  }
  const ledger = builder.finish();
  built++;
  cache.set(entry, { key, ledger });
  return ledger;
}
