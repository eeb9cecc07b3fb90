// The write side's requests and answers: the push options of a connection (connections.ts builds
// the connection's own requests), a push (a POST, never retried or resent: see transport.ts) and
// the push history. Built here as requests.ts builds the reads, every parameter checked first.
import { t } from '../l10n';
import { idParameter, syncName, type DataTypeId, type DataTypeSpec } from '../dataTypes/catalog';
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

/** A write the contract may have for a type: the keys of the catalog's `writes`. */
export type WriteKind = keyof NonNullable<DataTypeSpec['writes']>;

/** Where a write goes: the company's connection, and for a type under a parent record (bank
 * transactions under their bank account: the catalog's `parent`) that record's id. */
export interface PushPlace {
  readonly companyId: string;
  readonly connectionId: string;
  readonly parentId?: string;
}

export interface UpdateParams extends PushParams {
  /** Update even when the record changed in the platform since it was read (the contract's
   * `forceUpdate`: its `sourceModifiedDate` is otherwise compared with the platform's). */
  forceUpdate?: boolean;
}

/** `…/connections/{connectionId}/{segment}/{type path}`: the connection checked, and the parent's id
 * for a type under a parent (`bankAccounts/{accountId}/bankTransactions`). */
function writeBase(place: PushPlace, spec: DataTypeSpec, method: string, segment: 'options' | 'push', rest = '') {
  const parent = spec.parent;
  const name = segment === 'options' ? syncName(spec) : spec.id;
  const typePath = parent ? `${parent.type}/{${parent.idName}}/${name}` : name;
  const connection = connectionPath(place.companyId, place.connectionId, method, `/${segment}/${typePath}${rest}`);
  const target: Target = { method, path: `${connection}/${segment}/${typePath}${rest}` };
  if (!parent) return { path: `${connection}/${segment}/${name}`, target };
  const parentId = checkId(target, place.parentId, parent.idName);
  return { path: `${connection}/${segment}/${parent.type}/${parentId}/${name}`, target };
}

/** The type, refused unless the contract has the write (`writes` in the catalog). */
function writable(target: Target, type: DataTypeId, kind: WriteKind): DataTypeSpec {
  const spec = checkDataType(target, type);
  if (spec.writes?.[kind] !== true) throw refusedParameter(target, 'dataType', refusedWords(spec.id, kind));
  return spec;
}

function refusedWords(type: string, kind: WriteKind): string {
  switch (kind) {
    case 'create':
      return t('{0} cannot be created through the API', type);
    case 'update':
      return t('{0} cannot be updated through the API', type);
    case 'delete':
      return t('{0} cannot be deleted through the API', type);
  }
}

const TEMPLATE: Target = {
  method: 'GET',
  path: '/companies/{companyId}/connections/{connectionId}/options/{dataType}',
};

/** What a create of the type takes: `…/options/{syncName}` (accounts: `chartOfAccounts`). */
export function pushOptionsRequest(place: PushPlace, type: DataTypeId): ApiRequest {
  const spec = writable(TEMPLATE, type, 'create');
  return { method: 'GET', path: writeBase(place, spec, 'GET', 'options').path };
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

function checkBody(target: Target, body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw refusedParameter(target, 'body', t('The record to push must be a JSON object'));
  return body;
}

/** A create (push) of one record: the body is sent as given (the server checks it against the options). */
export function pushRequest(place: PushPlace, type: DataTypeId, body: unknown, params: PushParams = {}): ApiRequest {
  const template: Target = {
    method: 'POST',
    path: '/companies/{companyId}/connections/{connectionId}/push/{dataType}',
  };
  const spec = writable(template, type, 'create');
  const { path, target } = writeBase(place, spec, 'POST', 'push');
  const checked = checkBody(target, body);
  const timeout = checkTimeout(target, params?.timeoutInMinutes);
  return { method: 'POST', path: `${path}${buildQueryString([['timeoutInMinutes', timeout]])}`, body: checked };
}

/** `PUT …/push/{type}/{recordId}`: the record as it should be; answered with a push operation. */
export function updateRecordRequest(
  place: PushPlace,
  type: DataTypeId,
  recordId: string,
  body: unknown,
  params: UpdateParams = {},
): ApiRequest {
  const template: Target = {
    method: 'PUT',
    path: '/companies/{companyId}/connections/{connectionId}/push/{dataType}/{id}',
  };
  const spec = writable(template, type, 'update');
  const parameter = idParameter(spec);
  const { path, target } = writeBase(place, spec, 'PUT', 'push', `/{${parameter}}`);
  const id = checkId(target, recordId, parameter);
  const checked = checkBody(target, body);
  const timeout = checkTimeout(target, params?.timeoutInMinutes);
  const force = params?.forceUpdate;
  if (force !== undefined && typeof force !== 'boolean')
    throw refusedParameter(target, 'forceUpdate', t('forceUpdate must be true or false'));
  const query = buildQueryString([
    ['forceUpdate', force === undefined ? undefined : String(force)],
    ['timeoutInMinutes', timeout],
  ]);
  return { method: 'PUT', path: `${path}/${id}${query}`, body: checked };
}

/** `DELETE …/push/{type}/{recordId}`: answered with a push operation (the delete is itself a push). */
export function deleteRecordRequest(place: PushPlace, type: DataTypeId, recordId: string): ApiRequest {
  const template: Target = {
    method: 'DELETE',
    path: '/companies/{companyId}/connections/{connectionId}/push/{dataType}/{id}',
  };
  const spec = writable(template, type, 'delete');
  const parameter = idParameter(spec);
  const { path, target } = writeBase(place, spec, 'DELETE', 'push', `/{${parameter}}`);
  return { method: 'DELETE', path: `${path}/${checkId(target, recordId, parameter)}` };
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
