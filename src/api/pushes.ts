// The write side's requests and answers: the push options of a connection (connections.ts builds
// the connection's own requests), a push (a POST, never retried or resent: see transport.ts) and
// the push history. Built here as requests.ts builds the reads, every parameter checked first.
import { t } from '../l10n';
import type { DataTypeId } from '../dataTypes/catalog';
import { PUSH_OPERATION_SCHEMA } from '../query';
import { refusedParameter } from './failures';
import { connectionPath } from './connections';
import type { PushOperation, PushOption } from './models';
import { checkDataType, checkId, type Target } from './requestChecks';
import { companyPath, listPath, type ApiRequest, type ListParams } from './requests';
import { isRecord, type Guard } from '../util/guards';
import { pageGuard } from './responseShapes';
import { buildQueryString } from './url';

/** The Accounting API's `timeoutInMinutes` is an int32. */
const MAX_TIMEOUT_MINUTES = 2_147_483_647;

export interface PushParams {
  /** Whole minutes the platform has to take the push before it is TimedOut; the server's default when absent. */
  timeoutInMinutes?: number;
}

const text = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => text(v) && v !== '';

/** How far a push options tree is read. A real one is a few levels deep with a few hundred fields
 * and choices; a hostile one nesting thousands of levels would build a schema of many megabytes
 * (and overflow the stack of any recursive reader). */
export const PUSH_OPTION_BOUNDS = { depth: 32, entries: 5_000 } as const;

/** Whether the tree stays within the bounds: read with a stack of its own, never recursively. */
function withinBounds(root: Record<string, unknown>): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  let entries = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (!isRecord(node)) continue;
    if (Array.isArray(node.options)) entries += node.options.length;
    if (!isRecord(node.properties)) continue;
    const children = Object.values(node.properties);
    entries += children.length;
    if (entries > PUSH_OPTION_BOUNDS.entries) return false;
    if (children.length > 0 && depth >= PUSH_OPTION_BOUNDS.depth) return false;
    for (const child of children) stack.push([child, depth + 1]);
  }
  return entries <= PUSH_OPTION_BOUNDS.entries;
}

/** The root's type, and the whole tree within bounds; each field below is checked where it is read
 * (src/push/schema.ts), a field of the wrong type left out there. */
export const isPushOption: Guard<PushOption> = (v): v is PushOption =>
  isRecord(v) && text(v.type) && (v.properties == null || isRecord(v.properties)) && withinBounds(v);

/** What a push is known by: its key, status and type. Every other field may hold any JSON (a
 * hostile history does) and is checked where it is read (push/labels.ts, push/follow.ts). */
export const isPushOperation: Guard<PushOperation> = (v): v is PushOperation =>
  isRecord(v) && nonEmpty(v.pushOperationKey) && text(v.status) && text(v.dataType);

export const PUSH_OPERATION_PAGE = pageGuard(isPushOperation);

export function pushOptionsRequest(companyId: string, connectionId: string, type: DataTypeId): ApiRequest {
  const connection = connectionPath(companyId, connectionId, 'GET', '/options/{dataType}');
  const { id } = checkDataType({ method: 'GET', path: `${connection}/options/{dataType}` }, type);
  return { method: 'GET', path: `${connection}/options/${id}` };
}

function checkTimeout(target: Target, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TIMEOUT_MINUTES) {
    throw refusedParameter(
      target,
      'timeoutInMinutes',
      t('timeoutInMinutes must be a whole number from 0 to {0} (got {1})', MAX_TIMEOUT_MINUTES, String(value)),
    );
  }
  return value;
}

/** A push of one record: the body is sent as given (the server checks it against the options). */
export function pushRequest(
  companyId: string,
  connectionId: string,
  type: DataTypeId,
  body: unknown,
  params: PushParams = {},
): ApiRequest {
  const connection = connectionPath(companyId, connectionId, 'POST', '/push/{dataType}');
  const target: Target = { method: 'POST', path: `${connection}/push/{dataType}` };
  const { id } = checkDataType(target, type);
  if (!isRecord(body)) throw refusedParameter(target, 'body', t('The record to push must be a JSON object'));
  const timeout = checkTimeout(target, params?.timeoutInMinutes);
  return {
    method: 'POST',
    path: `${connection}/push/${id}${buildQueryString([['timeoutInMinutes', timeout]])}`,
    body,
  };
}

/** A page of a company's push history; query and orderBy checked against its schema. */
export function pushOperationsRequest(companyId: string, params: ListParams = {}): ApiRequest {
  const base = `${companyPath(companyId, 'GET', '/push')}/push`;
  return { method: 'GET', path: listPath(base, params, PUSH_OPERATION_SCHEMA) };
}

export function pushOperationRequest(companyId: string, pushOperationKey: string): ApiRequest {
  const company = companyPath(companyId, 'GET', '/push/{pushOperationKey}');
  const target: Target = { method: 'GET', path: `${company}/push/{pushOperationKey}` };
  return { method: 'GET', path: `${company}/push/${checkId(target, pushOperationKey, 'pushOperationKey')}` };
}
