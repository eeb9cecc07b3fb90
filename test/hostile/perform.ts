// Runs one corpus operation as the extension's command would, through the Node pipeline: the
// tree's paged list (its error reported once, as the node reports it), the invoice document's
// text (the record, or the error document), Create company, and Set API key's check.
import { ApiError, isApiError } from '../../src/api/errors';
import { refusedParameter } from '../../src/api/failures';
import { PagedList } from '../../src/api/paging';
import { exportList } from '../../src/export/exportList';
import { recordFormat } from '../../src/export/formats';
import { COMPANY_TYPES, readExport } from '../support/csv';
import { apiKeyProblem } from '../../src/accounts/apiKeyInput';
import { errorText, prettyJson } from '../../src/documents/json';
import type { Pipeline } from '../support/pipeline';
import type { Operation } from './corpus';
import { getInvoice } from '../support/invoiceReads';
import { followPush } from '../../src/push/follow';
import { pushSchema, pushTemplate } from '../../src/push/schema';
import type { ApiKeyDetails, PushOperation } from '../../src/api/models';
import { apiKeySurfaces, pushSurfaces, syncSurfaces } from './surfaces';
import { performConnectionCall } from './performConnections';
import { performDocumentCall } from './performDocuments';
import { performReportCall } from './performReports';

export interface Performed {
  error?: ApiError;
  /** Records the operation ended with: loaded in the list, or the one record. */
  ids: string[];
  /** The invoice document's text, as Open invoice JSON would show it (for errors of any
   * operation: the error document built from that error). */
  document?: string;
  /** An export's text. */
  text?: string;
  /** Load all or an export: records that may be missing because the data moved. */
  dataChanged?: number;
  /** What else the extension shows of the answer, by name: a push's tooltip, its Open JSON, the
   * tree's API key rows (surfaces.ts). */
  surfaces?: Record<string, string>;
}

/** Concurrency of Load all, as the setting's default. */
const LOAD_ALL_CONCURRENCY = 4;

/** Each item's id: a push operation's is its `pushOperationKey`. */
const idsOf = (items: readonly unknown[]): string[] =>
  items.map((i) => {
    const item = i as { id?: unknown; pushOperationKey?: unknown };
    return String(item.id ?? item.pushOperationKey);
  });

/** Reports each new error of the list once, as the tree node does. */
export function reportingList<T>(list: PagedList<T>, p: Pipeline): PagedList<T> {
  let last: Error | undefined;
  list.onDidChange(() => {
    const error = list.lastError;
    if (error && error !== last) {
      last = error;
      if (isApiError(error)) p.report(error);
    }
  });
  return list;
}

async function listed<T>(list: PagedList<T>, load: (l: PagedList<T>) => Promise<unknown>): Promise<Performed> {
  try {
    await load(list);
  } catch (e) {
    // The list keeps the error (lastError), as the tree shows it; anything else is a bug.
    if (!isApiError(e)) throw e;
  }
  const error = list.lastError;
  if (error !== undefined && !isApiError(error)) throw error;
  return { ids: idsOf(list.items), dataChanged: list.dataChanged, ...(error ? { error } : {}) };
}

/** Export Companies as the command runs it, into memory; a failed export keeps no records (the
 * command deletes its temporary file). */
async function exported(p: Pipeline, key: string, op: Extract<Operation, { op: 'export' }>): Promise<Performed> {
  const client = p.client(key);
  let text = '';
  const sink = { write: (more: string) => Promise.resolve(void (text += more)) };
  const source = { load: client.companyPages({ pageSize: op.pageSize }), concurrency: LOAD_ALL_CONCURRENCY };
  try {
    const result = await exportList(source, recordFormat(op.format, 'companies'), sink, {
      redact: client.redact,
      maxRecords: op.maxRecords,
    });
    return { ids: idsOf(readExport(text, op.format, COMPANY_TYPES)), text, dataChanged: result.dataChanged ?? 0 };
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e);
    return { ids: [], error: e, text };
  }
}

async function one(p: Pipeline, call: () => Promise<{ id: string }>, prompt = true): Promise<Performed> {
  try {
    return { ids: [(await call()).id] };
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e, { prompt });
    return { ids: [], error: e };
  }
}

/** Create Invoice…'s read, and the draft it opens: its schema and its template, as JSON. */
async function pushOptions(p: Pipeline, key: string): Promise<Performed> {
  const client = p.client(key);
  let text = '';
  const done = await one(p, async () => {
    const options = await client.getPushOptions('c1', 'conn-1', 'invoices');
    const draft = pushTemplate(options, new Date('2026-11-27T10:00:00Z'));
    text = JSON.stringify({ schema: pushSchema(options, 'New invoice'), draft });
    return { id: 'options' };
  });
  return { ...done, text };
}

async function setKey(p: Pipeline, key: string): Promise<Performed> {
  const problem = apiKeyProblem(key);
  // The command shows the message and sends nothing; as an error here, so the outcome reads alike.
  if (problem)
    return { ids: [], error: refusedParameter({ method: 'GET', path: '/companies?pageSize=1' }, 'apiKey', problem) };
  try {
    return { ids: idsOf((await p.client(key).listCompanies({ pageSize: 1 })).results) };
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e, { prompt: false });
    return { ids: [], error: e };
  }
}

/** The push followed by `followPush`, as its POST answered. */
export const FOLLOWED_PUSH = {
  pushOperationKey: 'b9a2c0de-0000-4000-8000-000000000001',
  companyId: 'c1',
  dataConnectionKey: 'conn-1',
  dataType: 'invoices',
  status: 'Pending',
  requestedOnUtc: '2026-01-15T12:00:00.000Z',
};

/** Follows FOLLOWED_PUSH as the push tracker does, every wait recorded as the transport's are. */
async function followed(p: Pipeline, key: string): Promise<Performed> {
  const client = p.client(key);
  const { companyId, pushOperationKey } = FOLLOWED_PUSH;
  const sleep = (ms: number): Promise<void> => {
    p.waits.push(ms);
    return Promise.resolve();
  };
  const get = (signal?: AbortSignal) => client.getPushOperation(companyId, pushOperationKey, { signal });
  return one(p, async () => ({ id: (await followPush(get, FOLLOWED_PUSH, { sleep })).pushOperationKey }), false);
}

async function run(p: Pipeline, key: string, op: Operation): Promise<Performed> {
  switch (op.op) {
    case 'listCompanies':
      return listed(reportingList(p.client(key).companyList(), p), (l) => l.loadMore());
    case 'loadAll': {
      const list = new PagedList(p.client(key).companyPages({ pageSize: op.pageSize }), { maxRecords: op.maxRecords });
      return listed(reportingList(list, p), (l) => l.loadAll({ concurrency: LOAD_ALL_CONCURRENCY }));
    }
    case 'export':
      return exported(p, key, op);
    case 'followPush':
      return followed(p, key);
    case 'pushHistory': {
      const list = p.client(key).pushOperationList('c1', { pageSize: op.pageSize, orderBy: '-requestedOnUtc' });
      return listed(reportingList(list, p), (l) => l.loadAll({ concurrency: LOAD_ALL_CONCURRENCY }));
    }
    case 'getInvoice': {
      const client = p.client(key);
      let invoice: { id: string } | undefined;
      const done = await one(p, async () => (invoice = await getInvoice(client, op.companyId, op.invoiceId)));
      return invoice ? { ...done, document: prettyJson(invoice) } : done;
    }
    case 'getCompany': {
      const client = p.client(key);
      return one(p, () => client.getCompany(op.companyId));
    }
    case 'createCompany': {
      const client = p.client(key);
      return one(p, () => client.createCompany({ name: op.name }), false);
    }
    case 'setKey':
      return setKey(p, key);
    case 'push': {
      const client = p.client(key);
      const body = { customerRef: { id: '40' }, issueDate: '2026-01-15', status: 'Draft', lineItems: [] };
      let op: PushOperation | undefined;
      const pushed = async () => ({
        id: (op = await client.pushRecord('c1', 'conn-1', 'invoices', body)).pushOperationKey,
      });
      const done = await one(p, pushed, false);
      return op ? { ...done, surfaces: pushSurfaces(p, [op]) } : done;
    }
    case 'pushHistoryPage': {
      const page = await p.client(key).listPushOperations('c1');
      return { ids: page.results.map((o) => o.pushOperationKey), surfaces: pushSurfaces(p, page.results) };
    }
    case 'syncHistory': {
      const page = await p.client(key).listPullOperations('c1');
      return { ids: idsOf(page.results), surfaces: syncSurfaces(page.results) };
    }
    case 'createApiKey': {
      const client = p.client(key);
      let created: ApiKeyDetails | undefined;
      const done = await one(p, async () => (created = await client.createApiKey({ name: 'new' })), false);
      return created ? { ...done, surfaces: apiKeySurfaces([created]) } : done;
    }
    case 'listApiKeys': {
      const client = p.client(key);
      try {
        const { results } = await client.listApiKeys();
        return { ids: idsOf(results), surfaces: apiKeySurfaces(results) };
      } catch (e) {
        if (!isApiError(e)) throw e;
        p.report(e);
        return { ids: [], error: e };
      }
    }
    case 'pushOptions':
      return pushOptions(p, key);
    case 'connections':
      return performConnectionCall(p, key, op.call);
    case 'documents':
      return performDocumentCall(p, key, op.call);
    case 'reports':
      return performReportCall(p, key, op.call);
    case 'syncSettings': {
      const client = p.client(key);
      try {
        return { ids: (await client.getSyncSettings('c1')).settings.map((s) => s.dataType) };
      } catch (e) {
        if (!isApiError(e)) throw e;
        p.report(e);
        return { ids: [], error: e };
      }
    }
  }
}

/** The operation's result, with the error document for any failure. */
export async function perform(p: Pipeline, key: string, op: Operation): Promise<Performed> {
  const done = await run(p, key, op);
  if (!done.error) return done;
  const [companyId, recordId] = op.op === 'getInvoice' ? [op.companyId, op.invoiceId] : ['c1', 'inv-1'];
  return { ...done, document: errorText({ companyId, dataType: 'invoices', recordId, accountId: 'a' }, done.error) };
}
