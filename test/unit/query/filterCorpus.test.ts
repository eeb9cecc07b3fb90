// The shared filter corpus through the client's filter language (src/query): what it refuses
// before sending, and what a filter or orderBy means when it evaluates one. The emulator meets
// the same corpus with its own code in test/unit/emulator/filterCorpus.test.ts.
import * as assert from 'node:assert/strict';
import {
  COMPANY_SCHEMA,
  INVOICE_SCHEMA,
  fieldType,
  parseOrderBy,
  parseQuery,
  type QueryError,
  type QuerySchema,
} from '../../../src/query';
import { compareByField, evaluateQuery } from '../../support/queryOracle';
import { COMPANY_CORPUS, INVOICE_CORPUS, type Corpus, type Refusal } from '../../corpus/filters';

/** The 400 the client's refusal stands for: unknown field, too long, or any other problem. */
function refusal(text: string, error: QueryError): { refused: Refusal; field?: string } {
  if (error.code === 'unknownField') return { refused: 'unknownField', field: text.slice(error.start, error.end) };
  return { refused: error.code === 'tooLong' ? 'tooLong' : 'malformed' };
}

const ids = (records: readonly Record<string, unknown>[], positions: number[]): string[] =>
  positions.map((i) => String(records[i].id));

function select(corpus: Corpus, schema: QuerySchema, query: string): string[] {
  const parsed = parseQuery(query, schema);
  if (!parsed.ok) throw new Error(`refused ${JSON.stringify(query)}: ${parsed.error.message}`);
  return corpus.records.filter((r) => evaluateQuery(parsed.ast, r, schema)).map((r) => String(r.id));
}

function order(corpus: Corpus, schema: QuerySchema, orderBy: string, query?: string): string[] {
  const parsed = parseOrderBy(orderBy, schema);
  if (!parsed.ok) throw new Error(`refused ${JSON.stringify(orderBy)}: ${parsed.error.message}`);
  const type = fieldType(schema, parsed.field);
  if (!type) throw new Error(`no type for ${parsed.field}`);
  const wanted = query === undefined ? undefined : new Set(select(corpus, schema, query));
  const positions = corpus.records.map((_, i) => i).filter((i) => !wanted || wanted.has(String(corpus.records[i].id)));
  // Ties keep record order, as the emulator's sort is stable.
  positions.sort(
    (a, b) => compareByField(corpus.records[a], corpus.records[b], parsed.path, type, parsed.descending) || a - b,
  );
  return ids(corpus.records, positions);
}

function runCorpus(corpus: Corpus, schema: QuerySchema): void {
  it('selects what each filter must select', () => {
    for (const c of corpus.selects) assert.deepEqual(select(corpus, schema, c.query), c.ids, c.query);
  });

  it('refuses what must be refused, for the same reason as the API', () => {
    for (const c of corpus.refused) {
      const parsed = parseQuery(c.query, schema);
      assert.ok(!parsed.ok, `accepted ${JSON.stringify(c.query)}`);
      assert.deepEqual(
        refusal(c.query, parsed.error),
        { refused: c.refused, ...(c.field ? { field: c.field } : {}) },
        c.query,
      );
    }
  });

  it('orders as each orderBy must', () => {
    for (const c of corpus.orders)
      assert.deepEqual(order(corpus, schema, c.orderBy, c.query), c.ids, `${c.orderBy} ${c.query ?? ''}`);
  });

  it('refuses orderBys that must be refused', () => {
    for (const c of corpus.refusedOrders) {
      const parsed = parseOrderBy(c.orderBy, schema);
      assert.ok(!parsed.ok, `accepted ${JSON.stringify(c.orderBy)}`);
      assert.deepEqual(
        refusal(c.orderBy, parsed.error),
        { refused: c.refused, ...(c.field ? { field: c.field } : {}) },
        c.orderBy,
      );
    }
  });
}

describe('filter corpus: the client', () => {
  describe('invoices', () => runCorpus(INVOICE_CORPUS, INVOICE_SCHEMA));
  describe('companies', () => runCorpus(COMPANY_CORPUS, COMPANY_SCHEMA));

  it('names the record the corpus names', () => {
    assert.equal(INVOICE_SCHEMA.recordName, INVOICE_CORPUS.recordName);
    assert.equal(COMPANY_SCHEMA.recordName, COMPANY_CORPUS.recordName);
  });
});
