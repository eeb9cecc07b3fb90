// A write whose answer never came (the client gave up waiting, the connection dropped) or came from
// a gateway (500, 502, 503, 504: it says nothing of whether the write was taken) may still have been
// taken. Before the user sends it again, the push history is asked for an operation of the same
// type through the same connection, requested since the push was sent, and the record it made is
// read and compared with what was sent: another client's push of the same type is not ours. For a
// company, the companies for one of that name created since.
import {
  cancelledError,
  pushHistoryPath,
  type ApiErrorJSON,
  type Company,
  type ListParams,
  type Page,
  type PushOperation,
} from '../api';
import { formatValue } from '../query';
import { parseInstant } from '../query/values';
import { madeWhatWasSent } from './madeWhatWasSent';

/** Statuses a gateway (or the API behind it) answers whether or not the write was done. */
const UNKNOWN_OUTCOME_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** A failure after which a write may have been taken: it was sent, and no answer came, the one
 * that came could not be read, or a gateway's error stood in for it. A refused connection is the
 * one network failure that proves the request never arrived. */
export function answerLost(e: Pick<ApiErrorJSON, 'kind' | 'attempts' | 'status' | 'code'>): boolean {
  if (e.attempts <= 0) return false;
  if (e.kind === 'network') return e.code !== 'ECONNREFUSED';
  if (e.kind === 'timeout' || e.kind === 'malformedResponse') return true;
  return (e.kind === 'server' || e.kind === 'unavailable') && UNKNOWN_OUTCOME_STATUSES.has(e.status ?? 0);
}

/** What `find` finds, asked after each of these waits (ms) while a write may still be landing:
 * the first answer that is `done`, else the last one. */
export async function findWithin<T>(
  waitsMs: readonly number[],
  find: () => Promise<T | undefined>,
  done: (found: T) => boolean = () => true,
): Promise<T | undefined> {
  let last: T | undefined;
  for (const waitMs of waitsMs) {
    if (waitMs) await new Promise((r) => setTimeout(r, waitMs));
    const found = await find();
    if (found !== undefined) last = found;
    if (found !== undefined && done(found)) return found;
  }
  return last;
}

export interface SentPush {
  companyId: string;
  connectionId: string;
  dataType: string;
  sentAt: Date;
  /** The record as sent: what a candidate's record is compared with (a delete sends none: `{}`). */
  body: Record<string, unknown>;
  /** An update's or a delete's record: only an operation that names it can be ours. */
  write?: { kind: 'update' | 'delete'; recordId: string };
}

/** What the history says of a lost push: `ours`, an operation whose record is what was sent;
 * `unconfirmed`, one that may be it but could not be compared (still Pending, Failed, its record
 * unreadable); `none`, no operation that could be it. */
export type LostPush =
  { found: 'ours'; operation: PushOperation } | { found: 'unconfirmed'; operation: PushOperation } | { found: 'none' };

/** Reads a record of the push's type by id (GET /companies/{id}/data/{type}/{recordId}). */
type ReadRecord = (recordId: string) => Promise<unknown>;

/** The client's clock and the server's need not agree: a push is looked for from this long before
 * it was sent. */
const DEFAULT_SKEW_MS = 5 * 60_000;
/** The newest operations come first, so a lost push is on the first page unless the company
 * pushes a great deal; past these, it is not worth the wait. */
const MAX_PAGES = 3;
const PAGE_SIZE = 100;
/** Candidates whose records are read at most (each one or two reads). */
const MAX_JUDGED = 10;

/** Whether the operation could be the push (the server's filter is read as a hint only). */
function matches(op: PushOperation, sent: SentPush, sinceMs: number): boolean {
  const requested = typeof op.requestedOnUtc === 'string' ? parseInstant(op.requestedOnUtc) : undefined;
  return (
    typeof op.dataType === 'string' &&
    op.dataType.toLowerCase() === sent.dataType.toLowerCase() &&
    typeof op.dataConnectionKey === 'string' &&
    op.dataConnectionKey.toLowerCase() === sent.connectionId.toLowerCase() &&
    requested !== undefined &&
    requested >= sinceMs &&
    (sent.write === undefined || namesRecord(op, sent.dataType, sent.write.recordId) || namesNone(op, sent.dataType))
  );
}

/** An operation that names no record yet (a Pending update or delete may not): it could be ours. */
function namesNone(op: PushOperation, dataType: string): boolean {
  const data: unknown = op.data;
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id !== 'string' && madeRecords(op, dataType).length === 0;
}

/** Whether an operation is about the record: its `data.id`, or a change's `recordRef`. */
function namesRecord(op: PushOperation, dataType: string, recordId: string): boolean {
  const data: unknown = op.data;
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  if (typeof id === 'string' && id.toLowerCase() === recordId.toLowerCase()) return true;
  return madeRecords(op, dataType).some((made) => made.toLowerCase() === recordId.toLowerCase());
}

/** Newest requested first. */
function newestFirst(ops: PushOperation[]): PushOperation[] {
  const ms = (op: PushOperation) => parseInstant(op.requestedOnUtc) ?? -Infinity;
  return [...ops].sort((a, b) => ms(b) - ms(a));
}

/** The ids of the records the operation made of the push's type (Codat: `changes[].recordRef`). */
function madeRecords(op: PushOperation, dataType: string): string[] {
  const changes: unknown = op.changes;
  if (!Array.isArray(changes)) return [];
  const ids: string[] = [];
  for (const c of changes as unknown[]) {
    const ref: unknown = typeof c === 'object' && c !== null ? (c as { recordRef?: unknown }).recordRef : undefined;
    if (typeof ref !== 'object' || ref === null) continue;
    const { id, dataType: type } = ref as { id?: unknown; dataType?: unknown };
    const ofType = typeof type !== 'string' || type.toLowerCase() === dataType.toLowerCase();
    if (typeof id === 'string' && id !== '' && ofType && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, 2);
}

/** Whether the operation made what was sent: its `data` when it carries one, else the records it
 * made, read. Undefined when neither can tell. */
async function judge(op: PushOperation, sent: SentPush, read?: ReadRecord): Promise<boolean | undefined> {
  // An update or a delete naming no record yet cannot be told from another's; a delete naming the
  // record is the only push that does, with nothing to compare.
  if (sent.write && namesNone(op, sent.dataType)) return undefined;
  if (sent.write?.kind === 'delete') return true;
  // An update not yet done has not changed the record: read now, it says nothing of whose it is.
  if (sent.write?.kind === 'update' && op.status !== 'Success') return undefined;
  const data: unknown = op.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const same = madeWhatWasSent(sent.body, data);
    if (same !== undefined) return same;
  }
  if (!read) return undefined;
  let verdict: boolean | undefined;
  for (const id of madeRecords(op, sent.dataType)) {
    const same = madeWhatWasSent(sent.body, await read(id).catch(() => undefined));
    if (same) return true;
    verdict ??= same;
  }
  return verdict;
}

/**
 * What the push history says of `sent`: among the operations of its data type and connection
 * requested at or after its `sentAt` less `skewMs` (at most three pages of 100, newest first), the
 * first whose record is what was sent (`ours`); else the newest that could not be compared or was
 * past the ten whose records are read (`unconfirmed`); else `none`. An operation whose record
 * differs from what was sent is another client's. `list` is the company's push history
 * (`listPushOperations` of `sent.companyId`), `readRecord` reads a record of `sent.dataType` of
 * that company.
 */
export async function findLostPush(
  list: (params: ListParams) => Promise<Page<PushOperation>>,
  sent: SentPush,
  options: { skewMs?: number; signal?: AbortSignal; readRecord?: ReadRecord } = {},
): Promise<LostPush> {
  const sinceMs = sent.sentAt.getTime() - (options.skewMs ?? DEFAULT_SKEW_MS);
  const query = [
    `dataType=${formatValue(sent.dataType)}`,
    `dataConnectionKey=${formatValue(sent.connectionId)}`,
    `requestedOnUtc>=${new Date(sinceMs).toISOString()}`,
  ].join('&&');
  const checkAborted = () => {
    if (options.signal?.aborted) throw cancelledError('GET', pushHistoryPath(sent.companyId), 0);
  };
  let unconfirmed: PushOperation | undefined;
  let judged = 0;
  for (let page = 1; page <= MAX_PAGES && judged < MAX_JUDGED; page++) {
    checkAborted();
    const answer = await list({ query, orderBy: '-requestedOnUtc', page, pageSize: PAGE_SIZE });
    for (const op of newestFirst(answer.results.filter((op) => matches(op, sent, sinceMs)))) {
      // Past the candidates worth reading, one left unread may be ours: nothing can be said of it.
      if (judged++ >= MAX_JUDGED) {
        unconfirmed ??= op;
        break;
      }
      checkAborted();
      const ours = await judge(op, sent, options.readRecord);
      if (ours) return { found: 'ours', operation: op };
      if (ours === undefined) unconfirmed ??= op;
    }
    if (answer.results.length === 0 || page * PAGE_SIZE >= answer.totalResults) break;
  }
  return unconfirmed ? { found: 'unconfirmed', operation: unconfirmed } : { found: 'none' };
}

/**
 * The newest company named `name` (as the API stores it) created at or after `sentAt` less
 * `skewMs`, or undefined. `list` is the account's companies (`listCompanies`); one page is read.
 */
export async function findLostCompany(
  list: (params: ListParams) => Promise<Page<Company>>,
  sent: { name: string; sentAt: Date },
  options: { skewMs?: number } = {},
): Promise<Company | undefined> {
  const sinceMs = sent.sentAt.getTime() - (options.skewMs ?? DEFAULT_SKEW_MS);
  const answer = await list({ query: `name=${formatValue(sent.name)}`, pageSize: PAGE_SIZE });
  // A company without a creation date cannot be told from an older one of the same name.
  const created = (c: Company) => (typeof c.created === 'string' ? parseInstant(c.created) : undefined);
  const found = answer.results.filter((c) => c.name === sent.name && (created(c) ?? -Infinity) >= sinceMs);
  return found.sort((a, b) => (created(b) ?? 0) - (created(a) ?? 0))[0];
}
