// A write whose answer never came (the client gave up waiting, the connection dropped) may still
// have been taken. Before the user sends it again, the push history is asked for an operation of
// the same type through the same connection, requested since the push was sent; for a company,
// the companies for one of that name created since.
import type { ApiError, Company, ListParams, Page, PushOperation } from '../api';
import { cancelledError } from '../api/failures';
import { formatValue } from '../query';
import { parseInstant } from '../query/values';

/** A failure after which a write may have been taken: it was sent, and no answer came or the one
 * that came could not be read. */
export function answerLost(e: ApiError): boolean {
  return e.attempts > 0 && ['timeout', 'network', 'malformedResponse'].includes(e.kind);
}

/** What `find` finds, asked after each of these waits (ms) while a write may still be landing. */
export async function findWithin<T>(
  waitsMs: readonly number[],
  find: () => Promise<T | undefined>,
): Promise<T | undefined> {
  for (const waitMs of waitsMs) {
    if (waitMs) await new Promise((r) => setTimeout(r, waitMs));
    const found = await find();
    if (found) return found;
  }
  return undefined;
}

export interface SentPush {
  companyId: string;
  connectionId: string;
  dataType: string;
  sentAt: Date;
}

/** The client's clock and the server's need not agree: a push is looked for from this long before
 * it was sent. */
const DEFAULT_SKEW_MS = 5 * 60_000;
/** The newest operations come first, so a lost push is on the first page unless the company
 * pushes a great deal; past these, it is not worth the wait. */
const MAX_PAGES = 3;
const PAGE_SIZE = 100;

/** Whether the operation could be the push (the server's filter is read as a hint only). */
function matches(op: PushOperation, sent: SentPush, sinceMs: number): boolean {
  const requested = typeof op.requestedOnUtc === 'string' ? parseInstant(op.requestedOnUtc) : undefined;
  return (
    op.dataType.toLowerCase() === sent.dataType.toLowerCase() &&
    typeof op.dataConnectionKey === 'string' &&
    op.dataConnectionKey.toLowerCase() === sent.connectionId.toLowerCase() &&
    requested !== undefined &&
    requested >= sinceMs
  );
}

/** The one requested last of the page's matches. */
function newest(ops: PushOperation[]): PushOperation | undefined {
  let best: PushOperation | undefined;
  let bestMs = -Infinity;
  for (const op of ops) {
    const ms = parseInstant(op.requestedOnUtc) ?? -Infinity;
    if (best === undefined || ms > bestMs) [best, bestMs] = [op, ms];
  }
  return best;
}

/**
 * The newest push operation of `sent`'s data type and connection requested at or after its
 * `sentAt` less `skewMs`, or undefined when the history holds none (at most three pages of 100 are
 * read). `list` is the company's push history (`listPushOperations` of `sent.companyId`).
 */
export async function findLostPush(
  list: (params: ListParams) => Promise<Page<PushOperation>>,
  sent: SentPush,
  options: { skewMs?: number; signal?: AbortSignal } = {},
): Promise<PushOperation | undefined> {
  const sinceMs = sent.sentAt.getTime() - (options.skewMs ?? DEFAULT_SKEW_MS);
  const query = [
    `dataType=${formatValue(sent.dataType)}`,
    `dataConnectionKey=${formatValue(sent.connectionId)}`,
    `requestedOnUtc>=${new Date(sinceMs).toISOString()}`,
  ].join('&&');
  for (let page = 1; page <= MAX_PAGES; page++) {
    if (options.signal?.aborted)
      throw cancelledError('GET', `/companies/${encodeURIComponent(sent.companyId)}/push`, 0);
    const answer = await list({ query, orderBy: '-requestedOnUtc', page, pageSize: PAGE_SIZE });
    const found = newest(answer.results.filter((op) => matches(op, sent, sinceMs)));
    if (found) return found;
    if (answer.results.length === 0 || page * PAGE_SIZE >= answer.totalResults) return undefined;
  }
  return undefined;
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
