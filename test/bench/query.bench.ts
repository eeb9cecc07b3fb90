// The filter language: what runs on every keystroke in Run Query… (parse + validate, format),
// what the client does before sending (encode), and what the emulator does for a filtered page
// request that is not cached (its own parse and compile of the filter, then all 25,000 invoices
// tested against its columns).
import { INVOICE_SCHEMA, encodeQueryValue, formatQuery, parseQuery, type QueryExpr } from '../../src/query';
import { compileQuery } from '../support/queryOracle';
import { INVOICE_FIELDS } from '../emulator/fields';
import { type Filter, isFilter, parseFilter } from '../emulator/filter';
import { invoiceColumn, invoiceColumns } from '../emulator/invoiceColumns';
import { compileFilter } from '../emulator/match';
import { LONG_FILTER, TYPICAL_FILTER, bigCompanyInvoices, count, invoiceSource, invoices } from './fixtures';
import type { Suite } from './harness';

function parsed(text: string): QueryExpr {
  const r = parseQuery(text, INVOICE_SCHEMA);
  if (!r.ok) throw new Error(`fixture filter refused: ${r.error.message}`);
  return r.ast;
}

function emulatorParsed(text: string): Filter {
  const r = parseFilter(text, INVOICE_FIELDS);
  if (!isFilter(r)) throw new Error(`fixture filter refused by the emulator: ${r.kind}`);
  return r;
}

export const querySuite: Suite = {
  name: 'query language',
  prepare({ quick }) {
    const size = bigCompanyInvoices(quick);
    const typical = parsed(TYPICAL_FILTER);
    const long = parsed(LONG_FILTER);
    const records = invoices(size);
    const columns = invoiceColumns(invoiceSource(size));
    const scan = (ast: QueryExpr, row: (i: number) => unknown) => () => {
      const predicate = compileQuery(ast, INVOICE_SCHEMA);
      let matches = 0;
      for (let i = 0; i < size; i++) if (predicate(row(i))) matches++;
      return matches;
    };
    const emulatorScan = (text: string) => () => {
      const predicate = compileFilter(emulatorParsed(text), INVOICE_FIELDS, (field) => invoiceColumn(columns, field));
      let matches = 0;
      for (let i = 0; i < size; i++) if (predicate(i)) matches++;
      return matches;
    };
    const perRecords = { amount: size, unit: 'records' } as const;
    return {
      cases: [
        {
          name: `parse + validate typical (${TYPICAL_FILTER.length} chars)`,
          fn: () => parseQuery(TYPICAL_FILTER, INVOICE_SCHEMA),
        },
        {
          name: `parse + validate long (${LONG_FILTER.length} chars)`,
          fn: () => parseQuery(LONG_FILTER, INVOICE_SCHEMA),
        },
        { name: 'format typical', fn: () => formatQuery(typical) },
        { name: 'format long', fn: () => formatQuery(long) },
        { name: 'encode typical', fn: () => encodeQueryValue(TYPICAL_FILTER) },
        { name: 'encode long', fn: () => encodeQueryValue(LONG_FILTER) },
        {
          name: `evaluate typical over ${count(size)} invoices`,
          fn: scan(typical, (i) => records[i]),
          throughput: perRecords,
        },
        {
          name: `evaluate long over ${count(size)} invoices`,
          fn: scan(long, (i) => records[i]),
          throughput: perRecords,
        },
        // What the emulator does, with its own filter code, reading its cached columns.
        {
          name: `emulator: parse + evaluate typical over ${count(size)} invoice columns`,
          fn: emulatorScan(TYPICAL_FILTER),
          throughput: perRecords,
        },
        {
          name: `emulator: parse + evaluate long over ${count(size)} invoice columns`,
          fn: emulatorScan(LONG_FILTER),
          throughput: perRecords,
        },
      ],
    };
  },
};
