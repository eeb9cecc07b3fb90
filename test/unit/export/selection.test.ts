// Export of several nodes: the selected records read as a list by the page walk, and file names
// that never take one already there.
import * as assert from 'node:assert/strict';
import { exportList } from '../../../src/export/exportList';
import { recordFormat } from '../../../src/export/formats';
import { freeFileName, selectedRecordPages } from '../../../src/export/selection';

describe('export of a selection', () => {
  const fetchFrom = (fetched: string[]) => (id: string) => {
    fetched.push(id);
    return Promise.resolve({ id, totalAmount: Number(id.slice(1)) });
  };

  for (const concurrency of [1, 3]) {
    it(`writes exactly the records selected, once each and in their order (concurrency ${concurrency})`, async () => {
      const fetched: string[] = [];
      const ids = ['r5', 'r1', 'r9', 'r2'];
      let text = '';
      const progress: number[] = [];
      const result = await exportList(
        { load: selectedRecordPages(ids, fetchFrom(fetched)), concurrency },
        recordFormat('jsonl', 'invoices'),
        { write: (s) => Promise.resolve(void (text += s)) },
        { onProgress: (p) => progress.push(p.written) },
      );
      assert.equal(result.written, 4);
      assert.equal(result.dataChanged, undefined);
      assert.deepEqual(
        text
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { id: string }).id),
        ids,
      );
      assert.deepEqual([...fetched].sort(), [...ids].sort(), 'each record fetched once');
      assert.equal(progress.at(-1), 4);
    });
  }

  it('passes the cancellation on to each fetch, and stops', async () => {
    const controller = new AbortController();
    const signals: (AbortSignal | undefined)[] = [];
    const load = selectedRecordPages(['a', 'b', 'c'], (id, signal) => {
      signals.push(signal);
      if (id === 'b') controller.abort();
      return Promise.resolve({ id });
    });
    await assert.rejects(
      exportList(
        { load, concurrency: 1 },
        recordFormat('json', 'invoices'),
        { write: () => Promise.resolve() },
        {
          signal: controller.signal,
        },
      ),
    );
    assert.ok(signals.every((s) => s !== undefined));
    assert.ok(signals.length < 3);
  });

  it('names a file that is taken "name (2).ext", then (3)…, keeping the extension', () => {
    const taken = new Set(['Invoices.csv', 'Invoices (2).csv', 'README']);
    assert.equal(
      freeFileName('Bills.csv', (n) => taken.has(n)),
      'Bills.csv',
    );
    assert.equal(
      freeFileName('Invoices.csv', (n) => taken.has(n)),
      'Invoices (3).csv',
    );
    assert.equal(
      freeFileName('README', (n) => taken.has(n)),
      'README (2)',
    );
    assert.equal(
      freeFileName('Acme Ltd. (x).jsonl', (n) => n === 'Acme Ltd. (x).jsonl'),
      'Acme Ltd. (x) (2).jsonl',
    );
  });
});
