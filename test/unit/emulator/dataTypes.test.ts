// Every data type of issue 14 over HTTP: paging through all of a company's records, a filter on
// every queryable field checked against an independent evaluation of the walked records, orderBy,
// single records, and the 404s and 400s. The field list is the hand-written shared table
// (test/corpus/dataTypes.ts), not the emulator's own.
import * as assert from 'node:assert/strict';
import { COMMON_FIELDS, DATA_TYPE_SPECS, type DataTypeSpec, type FieldKind } from '../../corpus/dataTypes';
import { recordsBuilt, startEmulator, type RunningEmulator } from '../../emulator';
import { call, walk } from '../../emulator/testing';
import type { ErrorBody, Page } from '../../emulator/wire';

type Rec = Record<string, unknown>;

/** The value at a dotted path; a null (which the contract allows in many fields) reads as missing,
 * as the emulator's filters and sorts read it. */
function at(record: Rec, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Rec)[key];
  }
  return value ?? undefined;
}

const fieldsOf = (spec: DataTypeSpec): [string, FieldKind][] => Object.entries({ ...COMMON_FIELDS, ...spec.fields });

/** A filter on one field built from the records, and which records it must select, evaluated here. */
function filtersFor(
  field: string,
  kind: FieldKind,
  records: Rec[],
  values: readonly string[] | undefined,
): [string, (r: Rec) => boolean][] {
  const present = records.map((r) => at(r, field)).filter((v) => v !== undefined);
  if (present.length === 0) return [];
  if (values) return values.map((v) => [`${field}=${v}`, (r: Rec) => at(r, field) === v]);
  const middle = present[Math.floor(present.length / 2)];
  // The lower median: `> m` then leaves out at least the median, `<= m` keeps it.
  const lowerMedian = <T>(values: T[]): T => values.sort()[Math.floor((values.length - 1) / 2)];
  switch (kind) {
    case 'number': {
      const m = (present as number[]).slice().sort((a, b) => a - b)[Math.floor((present.length - 1) / 2)];
      return [
        [`${field}>${m}`, (r) => (at(r, field) as number) > m],
        [`${field}<=${m}`, (r) => (at(r, field) as number) <= m],
      ];
    }
    case 'date': {
      const day = lowerMedian((present as string[]).map((v) => v.slice(0, 10)));
      const dayOf = (r: Rec): string | undefined =>
        typeof at(r, field) === 'string' ? (at(r, field) as string).slice(0, 10) : undefined;
      return [
        [`${field}>${day}`, (r) => (dayOf(r) ?? '') > day],
        [`${field}=${day}`, (r) => dayOf(r) === day],
      ];
    }
    case 'boolean':
      return [
        [`${field}=true`, (r) => at(r, field) === true],
        [`${field}!=true`, (r) => at(r, field) !== true],
      ];
    case 'text': {
      const text = middle as string;
      const token = /[A-Za-z0-9]{2,4}/.exec(text)?.[0] ?? text;
      const quoted = `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
      const lower = (r: Rec): string | undefined =>
        typeof at(r, field) === 'string' ? (at(r, field) as string).toLowerCase() : undefined;
      return [
        [`${field}~${token}`, (r) => lower(r)?.includes(token.toLowerCase()) === true],
        [`${field}=${quoted}`, (r) => lower(r) === text.toLowerCase()],
      ];
    }
  }
}

describe('emulator: every data type', () => {
  let emu: RunningEmulator;
  const all = new Map<string, Rec[]>();
  const base = (segment: string): string => `/companies/${emu.companies.many}/data/${segment}`;

  before(async () => {
    emu = await startEmulator({ invoices: 600 });
    for (const spec of DATA_TYPE_SPECS) {
      const r = await call<Page<Rec>>(emu, `${base(spec.segment)}?pageSize=5000`);
      all.set(spec.segment, r.json.results);
    }
  });
  after(() => emu.close());

  for (const spec of DATA_TYPE_SPECS) {
    describe(spec.segment, () => {
      const records = (): Rec[] => all.get(spec.segment) ?? [];

      it('walks every page: counts match totalResults, ids are unique, _links are right', async () => {
        const pages = await walk<Rec>(emu, `${base(spec.segment)}?pageSize=7`);
        const total = pages[0].json.totalResults;
        assert.ok(total > 0);
        assert.equal(pages.length, Math.ceil(total / 7));
        pages.forEach(({ json }, i) => {
          const page = i + 1;
          assert.equal(json.pageNumber, page);
          assert.equal(json.pageSize, 7);
          assert.equal(json.totalResults, total);
          assert.equal(json._links.self.href, base(spec.segment));
          assert.equal(json._links.current.href, `${base(spec.segment)}?page=${page}&pageSize=7`);
          assert.equal(
            json._links.previous?.href,
            page === 1 ? undefined : `${base(spec.segment)}?page=${page - 1}&pageSize=7`,
          );
          assert.equal(
            json._links.next?.href,
            page === pages.length ? undefined : `${base(spec.segment)}?page=${page + 1}&pageSize=7`,
          );
        });
        const ids = pages.flatMap((p) => p.json.results.map((r) => r.id));
        assert.equal(ids.length, total);
        assert.equal(new Set(ids).size, total);
        assert.deepEqual(
          pages.flatMap((p) => p.json.results),
          records(),
          'the pages hold the one-page list, in order',
        );
      });

      // Where a null may stand, Codat's contract says (test/unit/contract/emulator.test.ts holds the records to it).
      it('gives every queryable field its type and every enumeration its values (or Unknown)', () => {
        for (const record of records()) {
          assert.equal(typeof record.id, 'string');
          assert.equal(typeof at(record, 'metadata.isDeleted'), 'boolean');
          for (const [field, kind] of fieldsOf(spec)) {
            const value = at(record, field);
            if (value === undefined) continue;
            assert.equal(
              typeof value,
              kind === 'date' ? 'string' : kind === 'text' ? 'string' : kind,
              `${field} of ${String(record.id)}`,
            );
            if (kind === 'date') assert.match(value as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z?$/);
          }
          // Unknown is a value of every enumeration in the contract; an optional field may be absent
          // (a journal entry without recordRef); one that is there is of the set.
          for (const [field, values] of Object.entries(spec.enums)) {
            const value = at(record, field);
            if (value !== undefined)
              assert.ok([...values, 'Unknown'].includes(value as string), `${field} ${JSON.stringify(value)}`);
          }
        }
      });

      it('filters on every queryable field as an independent reading of the records does', async () => {
        // Each kind of field (text, enumeration, number, date, boolean) whose values vary among the
        // records is tested by a filter that selects some of them but not all.
        const telling = new Set<string>();
        const varies = ([field]: [string, FieldKind]): boolean =>
          new Set(records().map((r) => JSON.stringify(at(r, field)))).size > 1;
        const kinds = new Set(
          fieldsOf(spec)
            .filter(varies)
            .map(([field, kind]) => (spec.enums[field] ? 'enum' : kind)),
        );
        for (const [field, kind] of fieldsOf(spec)) {
          for (const [query, selects] of filtersFor(field, kind, records(), spec.enums[field])) {
            const r = await call<Page<Rec>>(
              emu,
              `${base(spec.segment)}?pageSize=5000&query=${encodeURIComponent(query)}`,
            );
            assert.equal(r.status, 200, `${query}: ${r.text}`);
            const expected = records()
              .filter(selects)
              .map((x) => x.id);
            assert.equal(r.json.totalResults, expected.length, query);
            assert.deepEqual(
              r.json.results.map((x) => x.id),
              expected,
              query,
            );
            if (expected.length > 0 && expected.length < records().length)
              telling.add(spec.enums[field] ? 'enum' : kind);
          }
        }
        assert.deepEqual([...telling].sort(), [...kinds].sort());
      });

      it('sorts by each field, both ways, missing values last, and keeps orderBy in the links', async () => {
        for (const [field, kind] of fieldsOf(spec)) {
          for (const descending of [false, true]) {
            const orderBy = `${descending ? '-' : ''}${field}`;
            const r = await call<Page<Rec>>(
              emu,
              `${base(spec.segment)}?pageSize=5000&orderBy=${encodeURIComponent(orderBy)}`,
            );
            assert.equal(r.status, 200, r.text);
            assert.equal(r.json._links.current.href, `${base(spec.segment)}?page=1&pageSize=5000&orderBy=${orderBy}`);
            const key = (x: Rec): string | number | undefined => {
              const v = at(x, field);
              if (v === undefined) return undefined;
              if (kind === 'text') return (v as string).toLowerCase();
              if (kind === 'date') return Date.parse((v as string).endsWith('Z') ? (v as string) : `${v as string}Z`);
              return kind === 'boolean' ? Number(v) : (v as number);
            };
            const keys = r.json.results.map(key);
            const firstMissing = keys.indexOf(undefined);
            if (firstMissing >= 0)
              assert.ok(
                keys.slice(firstMissing).every((k) => k === undefined),
                `${orderBy}: missing values last`,
              );
            const present = keys.filter((k) => k !== undefined);
            for (let i = 1; i < present.length; i++)
              assert.ok(descending ? present[i - 1] >= present[i] : present[i - 1] <= present[i], `${orderBy} at ${i}`);
            assert.equal(new Set(r.json.results.map((x) => x.id)).size, records().length);
          }
        }
      });

      it('reads one record by id, and says 404 for an id the company does not have', async () => {
        const list = records();
        for (const record of [list[0], list[list.length - 1]]) {
          const r = await call<Rec>(emu, `${base(spec.segment)}/${encodeURIComponent(record.id as string)}`);
          assert.equal(r.status, 200);
          assert.deepEqual(r.json, record);
        }
        const few = await call<Page<Rec>>(emu, `/companies/${emu.companies.few}/data/${spec.segment}?pageSize=1`);
        for (const id of ['nope', '00000000-0000-4000-8000-000000000000', few.json.results[0].id as string]) {
          if (list.some((x) => x.id === id)) continue;
          const r = await call<ErrorBody>(emu, `${base(spec.segment)}/${encodeURIComponent(id)}`);
          assert.equal(r.status, 404, id);
          assert.equal(r.json.service, 'PullApi');
          assert.match(r.json.error, new RegExp(`^No [a-z ]+ was found with ID ${id}$`));
        }
      });

      it(`says 400 "Could not resolve property X on ${spec.recordName}" for an unknown field`, async () => {
        const q = await call<ErrorBody>(emu, `${base(spec.segment)}?query=${encodeURIComponent('nope=1')}`);
        assert.equal(q.status, 400);
        assert.equal(q.json.error, `Error parsing query - Could not resolve property nope on ${spec.recordName}`);
        assert.equal(q.json.service, 'PullApi');
        const o = await call<ErrorBody>(emu, `${base(spec.segment)}?orderBy=-nope`);
        assert.equal(o.status, 400);
        assert.equal(o.json.error, `Error parsing orderBy - Could not resolve property nope on ${spec.recordName}`);
        // Arrays are not queryable.
        const array = Object.keys(records()[0]).find((k) => Array.isArray(records()[0][k]));
        if (array)
          assert.equal(
            (await call(emu, `${base(spec.segment)}?query=${encodeURIComponent(`${array}=x`)}`)).status,
            400,
          );
      });
    });
  }

  it("builds only the page's records, and a filtered list's columns once for all its pages and filters", async () => {
    const big = await startEmulator({ invoices: 25000 });
    try {
      const bills = `/companies/${big.companies.many}/data/bills`;
      let before = recordsBuilt();
      assert.equal((await call<Page<Rec>>(big, `${bills}?page=37&pageSize=40`)).json.results.length, 40);
      assert.equal(recordsBuilt() - before, 40, 'a plain page of 5,000 bills builds its 40');
      before = recordsBuilt();
      const first = await call<Page<Rec>>(big, `${bills}?pageSize=40&query=status%3DPaid&orderBy=-totalAmount`);
      assert.equal(recordsBuilt() - before, 5000 + 40, 'the first filtered page reads every bill once');
      before = recordsBuilt();
      const second = await call<Page<Rec>>(big, first.json._links.next?.href ?? '');
      await call(big, `${bills}?pageSize=40&query=totalAmount%3E1000`);
      assert.equal(recordsBuilt() - before, 80, 'later pages and other filters of the type build only their pages');
      assert.ok((second.json.results[0].totalAmount as number) <= (first.json.results[39].totalAmount as number));
    } finally {
      await big.close();
    }
  });

  it('answers an unknown data type as any path that does not exist', async () => {
    const unknown = await call<ErrorBody>(emu, `/companies/${emu.companies.many}/nowhere`);
    // `history` is a path of its own (the pull operations), not a data type.
    for (const segment of ['bankAccounts', 'Invoice', 'queue', 'dataStatus']) {
      const r = await call<ErrorBody>(emu, `/companies/${emu.companies.many}/data/${segment}`);
      assert.equal(r.status, 404, segment);
      assert.equal(r.json.error, unknown.json.error);
      assert.equal(r.json.service, unknown.json.service);
    }
  });

  it("matches a type's segment exactly, as queueing a sync does; other literal segments in any case", async () => {
    const unknown = await call<ErrorBody>(emu, `/companies/${emu.companies.many}/nowhere`);
    const r = await call<ErrorBody>(emu, `/companies/${emu.companies.many}/data/BILLPAYMENTS?pageSize=2`);
    assert.equal(r.status, 404);
    assert.equal(r.json.error, unknown.json.error);
    const other = await call<Page<Rec>>(emu, `/COMPANIES/${emu.companies.many}/Data/billPayments?pageSize=2`);
    assert.equal(other.status, 200);
    assert.equal(other.json._links.self.href, base('billPayments'));
  });
});
