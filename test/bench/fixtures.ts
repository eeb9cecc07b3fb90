// Data the suites share: invoices as the emulator serves them (same generator, so amounts,
// customers, notes and currencies have the real mix) and filters of typical and maximal length.
import type { Invoice } from '../../src/api/models';
import { MAX_QUERY_LENGTH } from '../../src/query';
import { generateInvoice, type InvoiceSource } from '../emulator/invoices';

/** The size of the emulator's big company: what "Load all" and a filtered page scan. */
export const BIG_COMPANY_INVOICES = 25_000;

/** The big company's size for a run: `--quick` proves the cases run on a smaller one. */
export function bigCompanyInvoices(quick: boolean): number {
  return quick ? 2_000 : BIG_COMPANY_INVOICES;
}

/** `25,000` */
export const count = (n: number): string => n.toLocaleString('en-US');

export function invoiceSource(count: number): InvoiceSource {
  return { seed: 1, companyId: '6a1f3c52-0b7e-4d2a-9c41-5e8f7a2b3c10', count, currency: 'GBP' };
}

export function invoices(count: number): Invoice[] {
  const source = invoiceSource(count);
  // The emulator sends `note: null` as the contract allows; the client's model does not say so yet
  // (src/api/models.ts), and the client reads the JSON as given either way.
  return Array.from({ length: count }, (_, i) => generateInvoice(source, i) as unknown as Invoice);
}

/** What a user types into Run Query…: a status choice and an amount. */
export const TYPICAL_FILTER = '{status=Paid||status=PartiallyPaid}&&totalAmount>100';

/** A filter just under the API's 2,048-character limit, mixing every field type and operator. */
export const LONG_FILTER = ((): string => {
  const parts = [
    '{status=Paid&&totalAmount>=250.50}',
    '{customerRef.companyName~Ltd&&issueDate>=2024-01-01}',
    '{currency!=GBP&&currencyRate<1.5}',
    '{metadata.isDeleted=false&&note~"a & b"}',
    '{dueDate<2025-06-30T12:00:00Z&&amountDue>0}',
  ];
  let text = parts[0];
  for (let i = 1; ; i++) {
    const next = `${text}||${parts[i % parts.length]}`;
    if (next.length > MAX_QUERY_LENGTH) return text;
    text = next;
  }
})();

/**
 * An API error body of `size` characters: the JSON error shape with a long validation list, as
 * a 400 on a big create request reads. Carries the key in use and an `apiKey` field, so the
 * redactor has real work.
 */
export function largeErrorBody(size: number, apiKey: string): string {
  const errors: { itemId: string; message: string; validatorName: string }[] = [];
  const body = {
    statusCode: 400,
    service: 'ClientsApi',
    error: 'Validation failed for the request body.',
    correlationId: '5d9f3a7e-4c1b-4e8a-9f2d-7b6c5a4e3d21',
    canBeRetried: 'False',
    detailedErrorCode: 0,
    echo: { authorization: `Basic ${Buffer.from(apiKey).toString('base64')}`, apiKey },
    validation: { errors, warnings: [] as typeof errors },
  };
  // Lengths are added up rather than re-serialising the body per item (that is quadratic).
  let length = JSON.stringify(body).length;
  for (let i = 0; ; i++) {
    const item = {
      itemId: `lines[${i}].description`,
      message: `Line ${i}: the description "Widget ${i}" is longer than the platform allows (max 40).`,
      validatorName: 'LineValidator',
    };
    const added = JSON.stringify(item).length + (errors.length > 0 ? 1 : 0);
    if (length + added > size) break;
    errors.push(item);
    length += added;
  }
  const text = JSON.stringify(body);
  // Whitespace before the last brace makes the size exact, so MB/s reads against a known count.
  return `${text.slice(0, -1)}${' '.repeat(size - text.length)}}`;
}

/** An nginx-style HTML error page of `size` characters, as a gateway in front of the API sends. */
export function largeHtmlBody(size: number): string {
  const head = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>';
  const tail = '<hr><center>nginx</center></body></html>';
  const filler = '<p>upstream prematurely closed connection while reading response header from upstream</p>';
  let middle = '';
  while (head.length + middle.length + filler.length + tail.length <= size) middle += filler;
  return head + middle + ' '.repeat(size - head.length - middle.length - tail.length) + tail;
}
