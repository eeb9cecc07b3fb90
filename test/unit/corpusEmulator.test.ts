// The shared filter corpus through the emulator's own filter language (test/emulator, no src/):
// directly, and over HTTP through the emulator's listing. The client meets the same corpus in
// corpusClient.test.ts; neither side computed the expectations.
import * as assert from 'node:assert/strict';
import { COMPANY_CORPUS, INVOICE_CORPUS, type Corpus, type Refusal } from '../corpus/filters';
import { COMPANY_FIELDS, INVOICE_FIELDS, type RecordFields } from '../emulator/fields';
import { type CriteriaProblem, isCriteria, objectColumns, readCriteria, selectRecords } from '../emulator/selection';

function select(corpus: Corpus, fields: RecordFields, query: string | undefined, orderBy?: string): string[] {
  const criteria = readCriteria(query, orderBy, fields);
  if (!isCriteria(criteria)) throw new Error(`refused ${JSON.stringify(query ?? orderBy)}: ${criteria.problem.kind}`);
  return selectRecords(corpus.records.length, objectColumns(corpus.records), criteria, fields).map((i) => String(corpus.records[i].id));
}

function refusal(problem: CriteriaProblem['problem']): { refused: Refusal; field?: string } {
  return problem.kind === 'unknownField' ? { refused: 'unknownField', field: problem.field } : { refused: problem.kind };
}

function refused(fields: RecordFields, query: string | undefined, orderBy?: string): { refused: Refusal; field?: string } {
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
      assert.deepEqual(refused(fields, c.query), { refused: c.refused, ...(c.field ? { field: c.field } : {}) }, c.query);
    }
  });

  it('orders as each orderBy must', () => {
    for (const c of corpus.orders) assert.deepEqual(select(corpus, fields, c.query, c.orderBy), c.ids, `${c.orderBy} ${c.query ?? ''}`);
  });

  it('refuses orderBys that must be refused', () => {
    for (const c of corpus.refusedOrders) {
      assert.deepEqual(refused(fields, undefined, c.orderBy), { refused: c.refused, ...(c.field ? { field: c.field } : {}) }, c.orderBy);
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
});
