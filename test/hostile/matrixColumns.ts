// The columns of the fault matrix: the operations of the extension, each driving the same domain
// code its command uses (the tree's paged lists, Create company, the invoice document's fetch, Set
// API key's check) through the Node pipeline against the emulator. Each column prepares the state
// the user would be in (e.g. the first page shown), runs its operation, and checks what must hold
// after any run: nothing loaded is lost, nothing is there twice, no POST is sent twice.
import * as assert from 'node:assert/strict';
import type { DataPlatformClient } from '../../src/api/client';
import { isApiError, type ApiError } from '../../src/api/errors';
import type { PagedList } from '../../src/api/paging';
import { apiKeyProblem } from '../../src/accounts/apiKeyInput';
import { errorText, prettyJson } from '../../src/documents/json';
import type { RunningEmulator } from '../emulator';
import type { Pipeline } from '../support/pipeline';
import { reportingList } from './perform';
import { getInvoice, invoiceList } from '../support/invoiceReads';
import { createCompanyColumn, pushColumn } from './lostWrites';

/** Every progress indicator an operation shows (notification, or the tree's loading state). */
export class Progress {
  active = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
    }
  }
}

/** What a fault-free emulator serves, fetched once: what every recovery must end with. */
export interface Reference {
  /** Every company of the account, in order. */
  companies: string[];
  /** The first page of the query's invoices. */
  paid: string[];
  invoiceId: string;
  /** The invoice document's text. */
  document: string;
}

export interface World {
  emu: RunningEmulator;
  p: Pipeline;
  client: DataPlatformClient;
  key: string;
  progress: Progress;
  reference: Reference;
}

export interface Operation {
  /** The command's work, once: resolves with its one error, or undefined on success. */
  run(signal?: AbortSignal): Promise<ApiError | undefined>;
  /** What holds after any run; after a recovery, that everything is there. */
  check(recovered: boolean): void;
  /** No load of it is still in flight. */
  idle(): boolean;
  /** For a write looked up after a lost answer: how many records its writes made. */
  made?(): Promise<number>;
}

export interface Column {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Its success is a 204 without a body: whatever body a 2xx carries is not read. */
  noContent?: boolean;
  /** After a lost answer, the write is looked up (lostWrites.ts): one the server did is a success. */
  recoversLost?: boolean;
  /** The emulator path the fault applies to (a regex). */
  path(emu: RunningEmulator): string;
  prepare(world: World): Promise<Operation>;
}

export const PAGE_SIZE = 25;
export const QUERY = 'status=Paid';
const LOAD_ALL_CONCURRENCY = 4;

async function settled(work: () => Promise<unknown>): Promise<ApiError | undefined> {
  try {
    await work();
    return undefined;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
}

const ids = (list: PagedList<{ id: string }>): string[] => list.items.map((i) => i.id);

/** A tree node's list: `before` pages loaded first, then Load more (or Load all) is the operation. */
function listColumn(
  name: string,
  path: (emu: RunningEmulator) => string,
  make: (w: World) => PagedList<{ id: string }>,
  options: { before: number; all?: boolean; expected: (r: Reference) => string[] },
): Column {
  return {
    name,
    method: 'GET',
    path,
    async prepare(w) {
      const list = reportingList(make(w), w.p);
      for (let i = 0; i < options.before; i++) await list.loadMore();
      const kept = ids(list);
      const expected = options.expected(w.reference);
      return {
        run: (signal) =>
          w.progress.run(() =>
            settled(() =>
              options.all ? list.loadAll({ signal, concurrency: LOAD_ALL_CONCURRENCY }) : list.loadMore({ signal }),
            ),
          ),
        check(recovered) {
          const now = ids(list);
          assert.equal(new Set(now).size, now.length, `${name}: duplicates`);
          assert.deepEqual(now.slice(0, kept.length), kept, `${name}: loaded records lost`);
          assert.deepEqual(now, expected.slice(0, now.length), `${name}: not a prefix of the list`);
          if (recovered) assert.equal(now.length, expected.length, `${name}: records missing after the retry`);
        },
        idle: () => !list.loading,
      };
    },
  };
}

const companiesPath = (): string => '^/companies$';

/** A read of one answer (not a list the tree pages): after a recovery, the same answer as a
 * fault-free emulator gives. */
export function readColumn<T>(
  name: string,
  path: (emu: RunningEmulator) => string,
  read: (w: World, signal?: AbortSignal) => Promise<T>,
): Column {
  return {
    name,
    method: 'GET',
    path,
    async prepare(w) {
      const expected = await read(w);
      w.emu.requests.clear();
      let got: T | undefined;
      return {
        run: (signal) =>
          w.progress.run(async () => {
            const error = await settled(async () => (got = await read(w, signal)));
            if (error && error.kind !== 'cancelled') w.p.report(error);
            return error;
          }),
        check(recovered) {
          if (recovered) assert.deepEqual(got, expected, `${name}: the answer after the retry`);
        },
        idle: () => true,
      };
    },
  };
}

/** A write (a POST): never sent twice by one command, whatever the fault. */
function postColumn(
  name: string,
  path: (emu: RunningEmulator) => string,
  write: (w: World, signal?: AbortSignal) => Promise<unknown>,
  noContent = false,
): Column {
  return {
    name,
    method: 'POST',
    noContent,
    path,
    prepare(w) {
      let calls = 0;
      const pattern = new RegExp(path(w.emu));
      return Promise.resolve({
        run: (signal) => {
          calls++;
          return w.progress.run(async () => {
            const error = await settled(() => write(w, signal));
            if (error && error.kind !== 'cancelled') w.p.report(error, { prompt: false });
            return error;
          });
        },
        check() {
          const posts = w.emu.requests.entries().filter((r) => r.method === 'POST' && pattern.test(r.path)).length;
          assert.ok(posts <= calls, `${name}: ${posts} POSTs for ${calls} commands`);
        },
        idle: () => true,
      });
    },
  };
}

export const COLUMNS: readonly Column[] = [
  listColumn('list companies', companiesPath, (w) => w.client.companyList({ pageSize: PAGE_SIZE }), {
    before: 0,
    expected: (r) => r.companies.slice(0, PAGE_SIZE),
  }),
  listColumn('next page', companiesPath, (w) => w.client.companyList({ pageSize: PAGE_SIZE }), {
    before: 1,
    expected: (r) => r.companies.slice(0, 2 * PAGE_SIZE),
  }),
  listColumn('Load all', companiesPath, (w) => w.client.companyList({ pageSize: PAGE_SIZE }), {
    before: 1,
    all: true,
    expected: (r) => r.companies,
  }),
  createCompanyColumn,
  listColumn(
    'run query',
    (emu) => `^/companies/${emu.companies.many}/data/invoices$`,
    (w) => invoiceList(w.client, w.emu.companies.many, { pageSize: PAGE_SIZE, query: QUERY }),
    { before: 0, expected: (r) => r.paid },
  ),
  {
    name: 'open invoice JSON',
    method: 'GET',
    path: (emu) => `^/companies/${emu.companies.few}/data/invoices/`,
    prepare(w) {
      const ref = {
        companyId: w.emu.companies.few,
        dataType: 'invoices' as const,
        recordId: w.reference.invoiceId,
        accountId: 'a',
      };
      let document = '';
      return Promise.resolve({
        run: (signal) =>
          w.progress.run(async () => {
            let text = '';
            const error = await settled(
              async () => (text = prettyJson(await getInvoice(w.client, ref.companyId, ref.recordId, { signal }))),
            );
            if (error && error.kind !== 'cancelled') w.p.report(error);
            document = error ? errorText(ref, error) : text;
            return error;
          }),
        check(recovered) {
          if (recovered) assert.equal(document, w.reference.document);
          else if (document !== w.reference.document)
            assert.ok(
              document
                .split('\n')
                .slice(0, -1)
                .every((l) => l.startsWith('// ')),
              document,
            );
        },
        idle: () => true,
      });
    },
  },
  pushColumn,
  {
    name: 'set sync schedule',
    method: 'POST',
    noContent: true,
    path: (emu) => `^/companies/${emu.companies.few}/syncSettings$`,
    prepare(w) {
      let calls = 0;
      const companyId = w.emu.companies.few;
      const setting = { dataType: 'invoices', fetchOnFirstLink: true, syncOrder: 0, syncSchedule: 12 };
      return Promise.resolve({
        run: (signal) => {
          calls++;
          return w.progress.run(async () => {
            const error = await settled(() =>
              w.client.setSyncSettings(companyId, { settings: [setting], overridesDefaults: true }, { signal }),
            );
            if (error && error.kind !== 'cancelled') w.p.report(error, { prompt: false });
            return error;
          });
        },
        check() {
          const posts = w.emu.requests.entries().filter((r) => r.method === 'POST' && r.path.endsWith('/syncSettings'));
          assert.ok(posts.length <= calls, `${posts.length} POSTs for ${calls} commands`);
        },
        idle: () => true,
      });
    },
  },
  {
    name: 'list API keys',
    method: 'GET',
    path: () => '^/apiKeys$',
    prepare(w) {
      let keys: string[] | undefined;
      return Promise.resolve({
        run: (signal) =>
          w.progress.run(async () => {
            const error = await settled(
              async () => (keys = (await w.client.listApiKeys({ signal })).results.map((k) => k.id)),
            );
            if (error && error.kind !== 'cancelled') w.p.report(error, { prompt: false });
            return error;
          }),
        check(recovered) {
          if (recovered) assert.ok(keys && keys.length > 0, 'the keys are listed once the fault is gone');
        },
        idle: () => true,
      });
    },
  },
  readColumn(
    'push options',
    (emu) => `^/companies/${emu.companies.empty}/connections/[^/]+/options/invoices$`,
    (w, signal) =>
      w.client
        .getPushOptions(w.emu.companies.empty, w.emu.connections.empty[0], 'invoices', { signal })
        .then((o) => o.type),
  ),
  readColumn(
    'push history',
    (emu) => `^/companies/${emu.companies.few}/push$`,
    (w, signal) => w.client.listPushOperations(w.emu.companies.few, {}, { signal }).then((p) => p.totalResults),
  ),
  readColumn(
    'sync history',
    (emu) => `^/companies/${emu.companies.few}/data/history$`,
    (w, signal) => w.client.listPullOperations(w.emu.companies.few, {}, { signal }).then((p) => p.totalResults),
  ),
  postColumn(
    'create API key',
    () => '^/apiKeys$',
    (w, signal) => w.client.createApiKey({ name: 'Matrix' }, { signal }),
  ),
  postColumn(
    'refresh all data',
    (emu) => `^/companies/${emu.companies.few}/data/all$`,
    (w, signal) => w.client.refreshAllData(w.emu.companies.few, { signal }),
    true,
  ),
  {
    name: 'set API key',
    method: 'GET',
    path: companiesPath,
    prepare(w) {
      let stored = false;
      return Promise.resolve({
        run: (signal) =>
          w.progress.run(async () => {
            assert.equal(apiKeyProblem(w.key), undefined);
            const error = await settled(() => w.client.listCompanies({ pageSize: 1 }, { signal }));
            if (error && error.kind !== 'cancelled') w.p.report(error, { prompt: false });
            // As the command: stored only when the check succeeded.
            stored ||= error === undefined;
            return error;
          }),
        check(recovered) {
          if (recovered) assert.ok(stored, 'the key is stored once its check succeeded');
        },
        idle: () => true,
      });
    },
  },
];
