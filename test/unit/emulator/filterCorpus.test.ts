// The shared filter corpus through the emulator's own filter language (test/emulator, no src/):
// directly, and over HTTP through the emulator's listing. The client meets the same corpus in
// test/unit/query/filterCorpus.test.ts; neither side computed the expectations.
import * as assert from 'node:assert/strict';
import { COMPANY_CORPUS, INVOICE_CORPUS, type Corpus, type Refusal } from '../../corpus/filters';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { COMPANY_FIELDS, INVOICE_FIELDS, type RecordFields } from '../../emulator/fields';
import { ApiResponse } from '../../emulator/errors';
import { listCompanies } from '../../emulator/listing';
import { type CriteriaProblem, isCriteria, objectColumns, readCriteria, selectRecords } from '../../emulator/selection';
import { call } from '../../emulator/testing';
import type { Company, ErrorBody, Page } from '../../emulator/wire';

function select(corpus: Corpus, fields: RecordFields, query: string | undefined, orderBy?: string): string[] {
  const criteria = readCriteria(query, orderBy, fields);
  if (!isCriteria(criteria)) throw new Error(`refused ${JSON.stringify(query ?? orderBy)}: ${criteria.problem.kind}`);
  return selectRecords(corpus.records.length, objectColumns(corpus.records), criteria, fields).map((i) =>
    String(corpus.records[i].id),
  );
}

function refusal(problem: CriteriaProblem['problem']): { refused: Refusal; field?: string } {
  return problem.kind === 'unknownField'
    ? { refused: 'unknownField', field: problem.field }
    : { refused: problem.kind };
}

function refused(
  fields: RecordFields,
  query: string | undefined,
  orderBy?: string,
): { refused: Refusal; field?: string } {
  const criteria = readCriteria(query, orderBy, fields);
  if (isCriteria(criteria)) throw new Error(`accepted ${JSON.stringify(query ?? orderBy)}`);
  assert.equal(criteria.parameter, query === undefined ? 'orderBy' : 'query');
  return refusal(criteria.problem);
}

function runCorpus(corpus: Corpus, fields: RecordFields): void {
  it('selects what each filter must select', () => {
    for (const c of corpus.selects) assert.deepEqual(select(corpus, fields, c.query), c.ids, c.query);
  });

  it('refuses what must be refused, for the reason the 400 gives', () => {
    for (const c of corpus.refused) {
      assert.deepEqual(
        refused(fields, c.query),
        { refused: c.refused, ...(c.field ? { field: c.field } : {}) },
        c.query,
      );
    }
  });

  it('orders as each orderBy must', () => {
    for (const c of corpus.orders)
      assert.deepEqual(select(corpus, fields, c.query, c.orderBy), c.ids, `${c.orderBy} ${c.query ?? ''}`);
  });

  it('refuses orderBys that must be refused', () => {
    for (const c of corpus.refusedOrders) {
      assert.deepEqual(
        refused(fields, undefined, c.orderBy),
        { refused: c.refused, ...(c.field ? { field: c.field } : {}) },
        c.orderBy,
      );
    }
  });
}

/** The `error` of the 400 a refusal gives, as the README states it. */
function message(
  parameter: 'query' | 'orderBy',
  recordName: string,
  c: { refused: Refusal; field?: string },
  text: string,
): string {
  if (c.refused === 'unknownField')
    return `Error parsing ${parameter} - Could not resolve property ${c.field ?? ''} on ${recordName}`;
  if (c.refused === 'tooLong')
    return `Error parsing query - Query is ${text.length} characters long; the maximum is 2048.`;
  return parameter === 'query'
    ? 'Error parsing query - Malformed query.'
    : 'Error parsing orderBy - Malformed orderBy; expected one field, optionally preceded by "-".';
}

/** One listing request as a client sends it: the answer's status, ids or error. */
type Listing = (
  query: string | undefined,
  orderBy?: string,
) => Promise<{ status: number; ids?: string[]; error?: string }>;

function runOverListing(corpus: Corpus, list: Listing): void {
  it('answers every filter and orderBy with the expected records, in order', async () => {
    for (const c of corpus.selects) assert.deepEqual(await list(c.query), { status: 200, ids: c.ids }, c.query);
    for (const c of corpus.orders)
      assert.deepEqual(await list(c.query, c.orderBy), { status: 200, ids: c.ids }, c.orderBy);
  });

  it('answers every refused filter and orderBy with the 400 for its reason', async () => {
    for (const c of corpus.refused) {
      assert.deepEqual(
        await list(c.query),
        { status: 400, error: message('query', corpus.recordName, c, c.query) },
        c.query,
      );
    }
    for (const c of corpus.refusedOrders) {
      assert.deepEqual(
        await list(undefined, c.orderBy),
        { status: 400, error: message('orderBy', corpus.recordName, c, c.orderBy) },
        c.orderBy,
      );
    }
  });
}

describe('filter corpus: the emulator', () => {
  describe('invoices', () => runCorpus(INVOICE_CORPUS, INVOICE_FIELDS));
  describe('companies', () => runCorpus(COMPANY_CORPUS, COMPANY_FIELDS));

  it('names the record the corpus names', () => {
    assert.equal(INVOICE_FIELDS.name, INVOICE_CORPUS.recordName);
    assert.equal(COMPANY_FIELDS.name, COMPANY_CORPUS.recordName);
  });

  describe("invoices over HTTP (served as the few company's)", () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator({ invoices: 10, companies: 6, invoiceRecords: INVOICE_CORPUS.records });
    });
    after(() => emu.close());

    runOverListing(INVOICE_CORPUS, async (query, orderBy) => {
      let path = `/companies/${emu.companies.few}/data/invoices?pageSize=5000`;
      if (query !== undefined) path += `&query=${encodeURIComponent(query)}`;
      if (orderBy !== undefined) path += `&orderBy=${encodeURIComponent(orderBy)}`;
      const r = await call<Page<{ id: string }> & ErrorBody>(emu, path);
      return r.status === 200
        ? { status: 200, ids: r.json.results.map((i) => i.id) }
        : { status: r.status, error: r.json.error };
    });

    it('serves each given record by its id, as given', async () => {
      const r = await call(emu, `/companies/${emu.companies.few}/data/invoices/i6`);
      assert.deepEqual(r.json, INVOICE_CORPUS.records[5]);
      assert.equal((await call(emu, `/companies/${emu.companies.few}/data/invoices/i8`)).status, 404);
    });
  });

  describe('companies through the listing of GET /companies', () => {
    const companies = COMPANY_CORPUS.records as unknown as Company[];
    runOverListing(COMPANY_CORPUS, (query, orderBy) => {
      const page = listCompanies('/companies', { page: 1, pageSize: 5000, query, orderBy }, companies);
      if (page instanceof ApiResponse)
        return Promise.resolve({ status: page.status, error: (page.body as ErrorBody).error });
      return Promise.resolve({ status: 200, ids: page.results.map((c) => c.id) });
    });
  });
});
