// Updates and deletes (Accounting API 2.1.0): `PUT …/connections/{connectionId}/push/{type}/{id}`
// (`forceUpdate`, `timeoutInMinutes`) takes the record as a create would, checked against the
// type's push options, and answers a push operation with the record as it will be (`data`);
// `DELETE …/push/{type}/{id}` answers a push operation. Both settle as creates do (the push rules
// and delay, pushOperations.ts): on Success the record is replaced (its modifiedDate moved) or
// leaves the lists, counts and single reads (recordChanges.ts). An unknown id is a 404.
import { DATA_TYPES, type DataType, recordType } from './dataTypes';
import { ApiResponse, errorResponse } from './errors';
import type { Apply } from './pushOperations';
import { pushOptionsOf } from './pushOptions';
import { invoiceType, updatedRecord, withPushed } from './pushRecords';
import { type PushTarget, pushTarget, readFlag, readTimeout, unlinked } from './pushTargets';
import { DELETE_TYPES, type PushDataType, UPDATE_TYPES, nounOf, placeOf, pushName } from './pushTypes';
import { type PushCheck, checkPush, fieldPaths } from './pushValidation';
import { type RecordPlace, placeKey, withChanges } from './recordChanges';
import { type Handler, type Route, isResponse, ok, readObject, readyData } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import type { PushStore } from './pushOperations';
import type { ValidationItem } from './wire';

type Json = Record<string, unknown>;

/** A type's records at a place as pushes left them: those created after its own, updates and deletes applied. */
export function withWrites(pushes: PushStore, place: RecordPlace, type: DataType): DataType {
  const pushed = pushes.records(place, type.segment);
  const created = pushed.length > 0 ? withPushed(type, pushed) : type;
  return withChanges(created, pushes.changes.changes(placeKey(place, type.segment)));
}

/** Whether pushes created or changed any of a type's records at a place. */
export function written(pushes: PushStore, place: RecordPlace, segment: string): boolean {
  return pushes.records(place, segment).length > 0 || pushes.changes.changes(placeKey(place, segment)) !== undefined;
}

/** The company's records of a type the emulator serves, as pushes left them; undefined for a type it does not serve. */
function servedType(state: EmulatorState, entry: CompanyEntry, type: PushDataType, place: RecordPlace) {
  const own = type === 'invoices' ? invoiceType(state.invoiceSource(entry)) : recordType(type);
  return own && DATA_TYPES.includes(type) ? withWrites(state.pushes, place, own) : undefined;
}

interface Found extends PushTarget {
  type: PushDataType;
  place: RecordPlace;
  record: Json;
  id: string;
}

const notFound = (type: PushDataType, id: string): ApiResponse =>
  errorResponse(404, 'PullApi', `No ${nounOf(type)} was found with ID ${id}`);

/** The record a PUT or DELETE names, through a connection a push can go through; else the 404 (or 409) that says why not. */
function findTarget(
  state: EmulatorState,
  req: Parameters<Handler>[0],
  [id, connectionId, recordId]: string[],
  type: PushDataType,
): Found | ApiResponse {
  const target = pushTarget(state, req, [id, connectionId], type);
  if (isResponse(target)) return target;
  const place = placeOf(type, target.entry.company.id);
  const served = servedType(state, target.entry, type, place);
  if (!served) return notFound(type, recordId);
  const notReady = readyData(state, target.entry, type);
  if (notReady) return notReady;
  const books = state.books(target.entry);
  const index = served.indexOf(books, recordId);
  if (index === undefined) return notFound(type, recordId);
  const record = served.record(books, index) as Json;
  return { ...target, type, place, record, id: String(record.id) };
}

const sameTime = (a: string, b: string): boolean => a === b || Date.parse(a) === Date.parse(b);

/** An update's body checked: as a create's, what the record carries unasked left out quietly; an
 * id that is not the record's, or a version older than the record's (unless `forceUpdate`), refused. */
function checkUpdate(found: Found, body: Json, forceUpdate: boolean): PushCheck {
  const { record, type } = found;
  const check = checkPush(pushOptionsOf(type), body, fieldPaths(record));
  const problem = (itemId: string, message: string, validatorName: string): void => {
    check.errors.push({ itemId, message, validatorName } satisfies ValidationItem);
  };
  if (body.id !== undefined && body.id !== null && body.id !== record.id)
    problem(
      'id',
      `id ${JSON.stringify(body.id)} is not the id of the ${nounOf(type)} updated (${found.id}).`,
      'IdValidator',
    );
  const sent = body.sourceModifiedDate;
  const now = record.sourceModifiedDate;
  if (!forceUpdate && typeof sent === 'string' && typeof now === 'string' && !sameTime(sent, now))
    problem(
      'sourceModifiedDate',
      `The ${nounOf(type)} was changed in the platform (${now}) since the version sent (${sent}): read it again, or update with forceUpdate=true to overwrite it.`,
      'SourceModifiedDateValidator',
    );
  return check;
}

/** What an update does on Success: the record's new version replaces it, unless a delete took it first. */
function applyUpdate(state: EmulatorState, found: Found, next: Json): Apply {
  const key = placeKey(found.place, found.type);
  return (at) => {
    if (state.pushes.changes.isDeleted(key, found.id))
      return `The ${nounOf(found.type)} ${found.id} was deleted before the update reached the platform: nothing was changed.`;
    state.pushes.changes.update(key, found.id, { ...next, modifiedDate: at, sourceModifiedDate: at });
    return [{ type: 'Modified', recordRef: { id: found.id, dataType: pushName(found.type) } }];
  };
}

function updateHandler(type: PushDataType): Handler {
  return (req, args, state) => {
    const found = findTarget(state, req, args, type);
    if (isResponse(found)) return found;
    const timeoutInMinutes = readTimeout(req.params);
    if (isResponse(timeoutInMinutes)) return timeoutInMinutes;
    const forceUpdate = readFlag(req.params, 'forceUpdate', false);
    if (isResponse(forceUpdate)) return forceUpdate;
    const body = readObject(req, false);
    if (isResponse(body)) return body;
    const { entry, connection } = found;
    const check = connection.status === 'Linked' ? checkUpdate(found, body, forceUpdate) : unlinked(connection);
    const named = Object.keys(pushOptionsOf(type).properties ?? {});
    const next = updatedRecord(type, found.record, check.record, named, entry.currency);
    const answer = state.pushes.push({
      companyId: entry.company.id,
      connection,
      type,
      kind: 'update',
      currency: entry.currency,
      timeoutInMinutes,
      check,
      apply: applyUpdate(state, found, next),
      data: check.errors.length === 0 ? next : null,
    });
    return ok(answer.data ? { ...answer.op, data: answer.data } : answer.op, answer.status);
  };
}

function deleteHandler(type: PushDataType): Handler {
  return (req, args, state) => {
    const found = findTarget(state, req, args, type);
    if (isResponse(found)) return found;
    const { entry, connection } = found;
    const check = connection.status === 'Linked' ? { record: {}, errors: [], warnings: [] } : unlinked(connection);
    const key = placeKey(found.place, type);
    const answer = state.pushes.push({
      companyId: entry.company.id,
      connection,
      type,
      kind: 'delete',
      currency: entry.currency,
      check,
      data: null,
      apply: () => {
        if (state.pushes.changes.isDeleted(key, found.id))
          return `The ${nounOf(type)} ${found.id} was already deleted: nothing was changed.`;
        state.pushes.changes.delete(key, found.id);
        return [{ type: 'Deleted', recordRef: { id: found.id, dataType: pushName(type) } }];
      },
    });
    return ok(answer.op, answer.status);
  };
}

/** `PUT` and `DELETE` of `…/push/{type}/{id}`, for each type the contract lets one update or delete. */
export const WRITE_ROUTES: Route[] = [...new Set([...UPDATE_TYPES, ...DELETE_TYPES])].map((type) => {
  const methods: Record<string, Handler> = {};
  if (UPDATE_TYPES.includes(type)) methods.PUT = updateHandler(type);
  if (DELETE_TYPES.includes(type)) methods.DELETE = deleteHandler(type);
  return { pattern: ['companies', '*', 'connections', '*', 'push', type, '*'], methods };
});
