// The shape of the hostile-server corpus: each case is data — what the server answers, which
// operation of the extension meets it, and what must come of it. The cases live in cases/; the
// server that plays them in server.ts; the test that runs them is test/unit/hostile/corpus.test.ts.
import type { ApiErrorKind } from '../../src/api/errors';
import type { ExportFormat } from '../../src/export/formats';
import type { AgedKind, AgedParams, StatementKind, StatementParams } from '../../src/api';

export const GROUPS = [
  'echo',
  'keyShape',
  'redirect',
  'links',
  'envelope',
  'retry',
  'size',
  'id',
  'csv',
  'moving',
  'pushOptions',
  'connection',
  'documents',
  'reports',
] as const;
export type Group = (typeof GROUPS)[number];

/** One answer of the server. Strings may hold `{{origin}}` (this server's base URL), `{{host}}`
 * (its host and port), `{{other}}` (another host's base URL, which must never be reached) and
 * `{{n}}` (the request's number, from 1). */
export interface ReplySpec {
  /** Only for a request whose path and query contain this; replies are otherwise used in order. */
  when?: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Sent as JSON (`Content-Type: application/json` unless a header says otherwise). */
  json?: unknown;
  /** A body of `bytes` bytes written in chunks: `prefix`, `fill` repeated, `suffix`; `chunked`
   * sends it without a Content-Length. */
  stream?: { bytes: number; prefix?: string; suffix?: string; fill?: string; chunked?: boolean };
  /** Closes the connection without answering. */
  reset?: boolean;
  /** Sends the headers and the body, promising 100 bytes more, then drops the connection. */
  cut?: boolean;
}

/** What the extension does when it meets the server, as the command would. */
export type Operation =
  /** The first page of the Companies view (a PagedList's first load). */
  | { op: 'listCompanies' }
  /** Load all on the Companies view: the first page, then the rest, 4 pages at once. `maxRecords`
   * stands for the cap on an announced total (MAX_WALK_RECORDS), which takes seconds to reach. */
  | { op: 'loadAll'; pageSize: number; maxRecords?: number }
  /** Export Companies into memory as Export… writes a file: 4 pages at once, the key redacted. */
  | { op: 'export'; format: ExportFormat; pageSize: number; maxRecords?: number }
  /** Open invoice JSON: the record, or the error document. */
  | { op: 'getInvoice'; companyId: string; invoiceId: string }
  | { op: 'getCompany'; companyId: string }
  | { op: 'createCompany'; name: string }
  /** Set API key: the key is checked at entry, then with `GET /companies?pageSize=1`. */
  | { op: 'setKey' }
  /** Push an invoice (a POST, never retried): the push operation, or one error. */
  | { op: 'push' }
  /** The API Keys node: the account's keys (whole keys in the answer, never shown). */
  | { op: 'listApiKeys' }
  /** Set Sync Schedule's first read: the company's sync settings. */
  | { op: 'syncSettings' }
  /** Load all on company c1's Push history, as the tree makes its list: 4 pages at once. */
  | { op: 'pushHistory'; pageSize: number }
  /** A Pending push of company c1 followed until it settles (its waits recorded, none real). */
  | { op: 'followPush' }
  /** Create Invoice…: the connection's push options, then the draft's schema and template built
   * from them (the text: both as JSON). */
  | { op: 'pushOptions' }
  /** The first page of a company's Push history, each push as its tree row, Open JSON and Show
   * Details show it. */
  | { op: 'pushHistoryPage' }
  /** The first page of a company's Sync history, each sync as its tree row and Open JSON show it. */
  | { op: 'syncHistory' }
  /** Create API Key: the new key, as its row and its notification show it. */
  | { op: 'createApiKey' }
  /** Issue 32: one request of the connections and companies API (performConnections.ts). */
  | { op: 'connections'; call: ConnectionCall }
  /** Issue 33: one call of `client.documents` (performDocuments.ts), a download into a recording sink. */
  | { op: 'documents'; call: DocumentCall }
  /** Issue 35: one call of `client.reports` for company c1, a report made into its table, CSV and
   * chart as the report view makes them (performReports.ts). */
  | { op: 'reports'; call: ReportCall };

export type ReportCall =
  | { call: 'statement'; kind: StatementKind; params: StatementParams }
  | { call: 'aged'; kind: AgedKind; params: AgedParams }
  | { call: 'available'; kind: AgedKind }
  | { call: 'info' };

/** Where the corpus's attachments are: company c1, connection conn-1, the record `recordId`. */
export interface DocumentPlace {
  dataType: 'invoices' | 'bills' | 'customers' | 'suppliers' | 'payments';
  recordId: string;
}

/** A call of `client.documents`; a download's cap is `maxBytes` (1 MB unless told). */
export type DocumentCall =
  | { call: 'pdf'; invoiceId: string; maxBytes?: number }
  | { call: 'download'; place: DocumentPlace; attachmentId: string; contentType?: string; maxBytes?: number }
  | { call: 'list'; place: DocumentPlace }
  | { call: 'get'; place: DocumentPlace; attachmentId: string }
  | { call: 'upload'; place: DocumentPlace; name: string; contentType: string; text: string }
  | { call: 'delete'; place: DocumentPlace; attachmentId: string };

/** A call of `client.connections` / `client.companies`, or the companies list filtered by tags. */
export type ConnectionCall =
  /** The first page of the integrations (Create Connection's pick). */
  | { call: 'integrations' }
  | { call: 'integration'; platformKey: string }
  /** The first page of a company's connections (the Connections folder). */
  | { call: 'connections'; companyId: string }
  | { call: 'connection'; companyId: string; connectionId: string }
  | { call: 'create'; companyId: string; platformKey: string }
  | { call: 'unlink'; companyId: string; connectionId: string }
  | { call: 'delete'; companyId: string; connectionId: string }
  | { call: 'authorize'; companyId: string; connectionId: string; authorization: Record<string, string> }
  | { call: 'validation'; companyId: string; datasetId: string }
  | {
      call: 'editCompany';
      companyId: string;
      update: { name?: string; description?: string; tags?: Record<string, string> };
    }
  | { call: 'deleteCompany'; companyId: string }
  /** The first page of the companies filtered by tags (Filter Companies by Tag…). */
  | { call: 'byTag'; tags: string };

export type Outcome =
  /** The operation succeeded with this many records (a page's, all pages', or 1). */
  | { outcome: 'success'; items: number }
  /** One error of this kind; `items` records loaded before it are kept. */
  | { outcome: 'error'; kind: ApiErrorKind; items?: number }
  /** Refused before sending (no request for it went out); `items` loaded before it are kept. */
  | { outcome: 'refused'; kind: ApiErrorKind; items?: number };

export type Expect = Outcome & {
  /** Requests the server got; unless told, 0 for a refusal and 1 otherwise, except for Load all
   * (how many pages it asks for at once is its own business). */
  requests?: number;
  /** The path and query of the last request, as the server received it. */
  path?: string;
  /** Each retry waited at least this long before it went (the injected sleep records the waits). */
  minRetryWaitMs?: number;
  /** No wait, of a retry or between polls, was longer than this. */
  maxWaitMs?: number;
  /** Load all or an export: how many records it says may be missing because the data moved. */
  dataChanged?: number;
  /** An export: texts its output holds. */
  contains?: string[];
  /** The output's text is at most this many characters. */
  maxTextLength?: number;
};

export interface HostileCase {
  /** Unique: `group/what`. */
  id: string;
  group: Group;
  /** The API key in use; the corpus default when absent. */
  key?: string;
  /** Other secrets the answers hold (another listed key), which must appear nowhere either. */
  secrets?: string[];
  run: Operation;
  replies: ReplySpec[];
  /** The last reply answers every request after the scripted ones (an endless server). */
  repeatLast?: boolean;
  /** The log at its default level, without trace lines: the worst case (trace, every body
   * logged) is the rule; a 64 MB body would only cost time there. */
  noTrace?: boolean;
  expect: Expect;
}

/** The key of cases that are not about its shape. */
export const DEFAULT_KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a';

/** `text` with each `{{name}}` replaced by `vars[name]`; unknown names are left alone. */
export function fill(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => vars[name] ?? all);
}

export interface PageOptions {
  next?: unknown;
  total?: number;
  pageNumber?: number;
  pageSize?: number;
  path?: string;
}

/** A page of records in the API's envelope; `next` is the `_links.next` value as given. */
export function page(results: unknown[], options: PageOptions = {}): Record<string, unknown> {
  const path = options.path ?? '/companies';
  const pageNumber = options.pageNumber ?? 1;
  const pageSize = options.pageSize ?? Math.max(results.length, 1);
  return {
    results,
    pageNumber,
    pageSize,
    totalResults: options.total ?? results.length,
    _links: {
      self: { href: path },
      current: { href: `${path}?page=${pageNumber}&pageSize=${pageSize}` },
      ...(options.next !== undefined ? { next: options.next } : {}),
    },
  };
}

/** `n` companies with ids `<prefix>1`…, as the API lists them. */
export function companies(n: number, prefix = 'c'): Array<{ id: string; name: string }> {
  return [...Array(n).keys()].map((i) => ({ id: `${prefix}${i + 1}`, name: `Company ${prefix}${i + 1}` }));
}

/** The API's error body. */
export function errorBody(status: number, error: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    statusCode: status,
    service: 'PublicApi',
    error,
    correlationId: '7c1d2e3f-0a1b-4c5d-8e9f-a0b1c2d3e4f5',
    ...extra,
  };
}
