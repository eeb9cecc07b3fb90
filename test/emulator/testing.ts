// Test helpers for talking to the emulator with Node's own fetch, as any HTTP client would
// (never through the extension's client, so the emulator is checked on its own).
import { request as httpRequest } from 'node:http';
import { ADMIN_PREFIX, ADMIN_TOKEN_HEADER } from './handler';
import { servesBooks } from './connectionData';
import { recordType } from './dataTypes';
import type { Attachment, DataConnection, ErrorBody, Page, Validation } from './wire';
import type { RunningEmulator } from './server';

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: T;
}

/** An error body that carries `validation`, as the API's 400s and 402s do. */
export type ValidationErrorBody = ErrorBody & { validation: Validation };

export function basic(key: string): string {
  return `Basic ${Buffer.from(key, 'utf8').toString('base64')}`;
}

export interface RequestOptions {
  method?: string;
  key?: string | null;
  authorization?: string;
  body?: unknown;
  /** Sent as given, with no Content-Type unless `contentType` names one. */
  rawBody?: string;
  /** Overrides the Content-Type header (a `body` is sent as `application/json` otherwise). */
  contentType?: string;
  /** Further headers, sent as given. */
  headers?: Record<string, string>;
}

/**
 * Sends one request; `key` defaults to the normal account's, `null` sends no credential. `T` is
 * the body the test expects (the API's shapes from the client's models, or the emulator's own
 * wire types); it is not checked here: the test asserts what it reads.
 */
export async function call<T = unknown>(
  emulator: RunningEmulator,
  path: string,
  options: RequestOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? emulator.keys.normal : options.key;
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  else if (key !== null) headers.Authorization = basic(key);
  // Bytes, not a string: fetch would add `text/plain` to a string body.
  let body: Uint8Array | undefined = options.rawBody === undefined ? undefined : Buffer.from(options.rawBody, 'utf8');
  if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body), 'utf8');
    headers['Content-Type'] = 'application/json';
  }
  if (options.contentType !== undefined) headers['Content-Type'] = options.contentType;
  const res = await fetch(emulator.url + path, { method: options.method ?? 'GET', headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: parsed(text) as T };
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls an admin endpoint (`path` after `/_emulator`) as a test or a demo script does: no key,
 * the emulator's admin token, and a POST sent as JSON even when it has no body.
 */
export function admin<T = unknown>(
  emulator: RunningEmulator,
  path: string,
  options: RequestOptions = {},
): Promise<Reply<T>> {
  const json =
    (options.method ?? 'GET').toUpperCase() === 'POST' &&
    options.body === undefined &&
    options.contentType === undefined;
  return call<T>(emulator, ADMIN_PREFIX + path, {
    key: null,
    ...options,
    ...(json ? { contentType: 'application/json' } : {}),
    headers: { [ADMIN_TOKEN_HEADER]: emulator.adminToken, ...options.headers },
  });
}

/**
 * Sends `path` byte for byte (fetch would resolve `..` and `.` segments before sending), with
 * the normal account's key unless `headers` says otherwise.
 */
export function callRaw<T = unknown>(
  emulator: RunningEmulator,
  method: string,
  path: string,
  headers?: Record<string, string>,
): Promise<Omit<Reply<T>, 'headers'>> {
  const { hostname, port } = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, method, path, headers: headers ?? { Authorization: basic(emulator.keys.normal) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: parsed(text) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What `POST /_emulator/attachments` adds to a record: `size` bytes made from the seed as they
 * stream, never held (a 200 MB file costs the emulator 64 KiB). */
export interface GeneratedFile {
  companyId: string;
  dataType: 'invoices' | 'bills' | 'customers' | 'suppliers';
  recordId: string;
  size: number;
  contentType?: string;
  name?: string;
  includeWhenSent?: boolean;
}

/** Adds a generated file to a record over the admin endpoint; answers the attachment (its id). */
export async function addAttachment(emulator: RunningEmulator, file: GeneratedFile): Promise<Attachment> {
  const reply = await admin<Attachment>(emulator, '/attachments', { method: 'POST', body: file });
  if (reply.status !== 201) throw new Error(`/_emulator/attachments answered ${reply.status}: ${reply.text}`);
  return reply.json;
}

/** A clock tests move by hand. */
export class ManualClock {
  constructor(public ms = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Every page of a list, following `_links.next` from the first page at `path` (query included). */
export async function walk<T>(
  emulator: RunningEmulator,
  path: string,
  options: RequestOptions = {},
): Promise<Reply<Page<T>>[]> {
  const pages: Reply<Page<T>>[] = [];
  let next: string | undefined = path;
  while (next !== undefined) {
    const page: Reply<Page<T>> = await call<Page<T>>(emulator, next, options);
    if (page.status !== 200) throw new Error(`${next} answered ${page.status}: ${page.text}`);
    pages.push(page);
    next = page.json._links.next?.href;
  }
  return pages;
}

/**
 * Where a company's records of a type are listed: `/companies/{id}/data/{type}`, or for a type
 * served per data connection each connection that serves the books (connectionData.ts), and for
 * bank transactions each bank account's list under those.
 */
export async function listPaths(emulator: RunningEmulator, companyId: string, type: string): Promise<string[]> {
  const spec = recordType(type);
  if (spec?.scope !== 'connection') return [`/companies/${companyId}/data/${type}`];
  const company = await call<{ dataConnections?: DataConnection[] }>(emulator, `/companies/${companyId}`);
  const bases = (company.json.dataConnections ?? [])
    .filter(servesBooks)
    .map((c) => `/companies/${companyId}/connections/${c.id}/data`);
  if (!spec.parent) return bases.map((base) => `${base}/${type}`);
  const paths: string[] = [];
  for (const base of bases) {
    const parents = await call<{ results?: { id: string }[] }>(
      emulator,
      `${base}/${spec.parent.segment}?pageSize=5000`,
    );
    for (const p of parents.json.results ?? []) paths.push(`${base}/${spec.parent.segment}/${p.id}/${type}`);
  }
  return paths;
}

/**
 * One place a company's records of a type are listed at, for tests of one list: the company's data
 * path, or its first connection's (whatever its status) and, under a parent, the first parent
 * record listed there (`any` when the parents cannot be listed: the data set answers first).
 */
export async function dataPath(emulator: RunningEmulator, companyId: string, type: string): Promise<string> {
  const spec = recordType(type);
  if (spec?.scope !== 'connection') return `/companies/${companyId}/data/${type}`;
  const company = await call<{ dataConnections?: DataConnection[] }>(emulator, `/companies/${companyId}`);
  const base = `/companies/${companyId}/connections/${company.json.dataConnections?.[0]?.id ?? 'none'}/data`;
  if (!spec.parent) return `${base}/${type}`;
  const parents = await call<{ results?: { id: string }[] }>(emulator, `${base}/${spec.parent.segment}?pageSize=1`);
  return `${base}/${spec.parent.segment}/${parents.json.results?.[0]?.id ?? 'any'}/${type}`;
}

/** The place (company, connection, parent record) `dataPath` reads a type at, as the client's
 * record calls take it: the company id alone for a type of the company's. */
export async function dataPlace(
  emulator: RunningEmulator,
  companyId: string,
  type: string,
): Promise<string | { companyId: string; connectionId: string; parentId?: string }> {
  const spec = recordType(type);
  if (spec?.scope !== 'connection') return companyId;
  const parts = (await dataPath(emulator, companyId, type)).split('/');
  // /companies/{c}/connections/{cn}/data/…[/{parent}/{parentId}/{type}]
  return { companyId, connectionId: parts[4], ...(spec.parent ? { parentId: parts[7] } : {}) };
}
