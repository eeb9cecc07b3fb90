// Aged debtors and creditors (Accounting API 2.1.0) from the posted invoices and bills of the
// ledger (ledger.ts), by issue date as the contract says ("runs based on the issue dates … rather
// than the due date"), in each document's own currency, per customer (supplier), per currency, per
// ageing bucket, newest bucket first as Codat's examples give them:
// - documents issued before `reportDate` count ("up to, but not including" it, as Codat's portal says);
// - bucket k (0 the newest) holds issue dates in [reportDate − (k+1)·L, reportDate − k·L) days; the
//   last bucket reaches back to 0001-01-01, so every older document falls in it;
// - a document's amount is what it still owed on the report date: its `amountDue`, plus the part
//   paid on or after that date (the ledger's paid day);
// - `details` names the data type the amount comes from (`Invoices`, `Bills`); a party with nothing
//   outstanding is left out; every bucket of a currency is listed, 0 where it has nothing.
import { DAY_MS, type Doc, type Party } from './documents';
import type { AgedParams } from './params';

const money = (cents: number): number => Math.round(cents) / 100;
const dayText = (day: number): string => `${new Date(day * DAY_MS).toISOString().slice(0, 10)}T00:00:00`;
const EARLIEST = '0001-01-01T00:00:00';

export type AgedKind = 'agedDebtor' | 'agedCreditor';

/** What the document still owed on the report date, in cents of its currency (0 when issued after). */
export function owedOn(doc: Doc, reportDay: number): number {
  if (doc.issueDay >= reportDay) return 0;
  return doc.dueCents + (doc.paidDay >= reportDay ? doc.paidCents : 0);
}

/** The bucket of a document issued before the report date. */
export function bucketOf(issueDay: number, params: AgedParams): number {
  const age = params.reportDay - issueDay;
  return Math.min(params.numberOfPeriods - 1, Math.floor((age - 1) / params.periodLengthDays));
}

interface Outstanding {
  party: Party;
  /** Cents per bucket, per currency. */
  byCurrency: Map<string, number[]>;
}

function outstanding(docs: readonly Doc[], params: AgedParams): Outstanding[] {
  const parties = new Map<string, Outstanding>();
  for (const doc of docs) {
    const owed = owedOn(doc, params.reportDay);
    if (owed === 0) continue;
    let held = parties.get(doc.party.id);
    if (!held) parties.set(doc.party.id, (held = { party: doc.party, byCurrency: new Map() }));
    let buckets = held.byCurrency.get(doc.currency);
    if (!buckets) held.byCurrency.set(doc.currency, (buckets = new Array<number>(params.numberOfPeriods).fill(0)));
    buckets[bucketOf(doc.issueDay, params)] += owed;
  }
  return [...parties.values()].sort(
    (a, b) => a.party.name.localeCompare(b.party.name) || a.party.id.localeCompare(b.party.id),
  );
}

function amounts(buckets: number[], params: AgedParams, detail: string): object[] {
  return buckets.map((cents, k) => ({
    fromDate: k === buckets.length - 1 ? EARLIEST : dayText(params.reportDay - (k + 1) * params.periodLengthDays),
    toDate: dayText(params.reportDay - k * params.periodLengthDays),
    amount: money(cents),
    details: [{ name: detail, amount: money(cents) }],
  }));
}

/** The report's body; `generated` is the clock's instant. */
export function agedReport(kind: AgedKind, docs: readonly Doc[], params: AgedParams, generated: string): object {
  const debtor = kind === 'agedDebtor';
  const data = outstanding(docs, params).map(({ party, byCurrency }) => ({
    [debtor ? 'customerId' : 'supplierId']: party.id,
    [debtor ? 'customerName' : 'supplierName']: party.name,
    agedCurrencyOutstanding: [...byCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, buckets]) => ({
        currency,
        agedOutstandingAmounts: amounts(buckets, params, debtor ? 'Invoices' : 'Bills'),
      })),
  }));
  return { generated, reportDate: dayText(params.reportDay), data };
}
