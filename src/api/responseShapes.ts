// Response checks: that a success body has the shape the caller relies on, so a proxy's JSON or a
// half-migrated server becomes a `malformedResponse` instead of a crash deep in the UI.
// Deliberately shallow: required identifiers and the paging envelope, not every field.
import { isRecord, type Guard } from '../util/guards';
import type { ApiKeyDetails, ApiKeyList, Company, DataRecord, DataStatusMap, Page, PullOperation } from './models';

const hasStringId = (v: unknown): v is { id: string } => isRecord(v) && typeof v.id === 'string' && v.id !== '';

export const isAnyRecord: Guard<Record<string, unknown>> = isRecord;

/** A 204's answer: no body (the transport reads none when the request says `emptyOk`). */
export const isNoContent: Guard<undefined> = (v): v is undefined => v === undefined;

export const isCompany: Guard<Company> = (v): v is Company =>
  hasStringId(v) && typeof (v as Record<string, unknown>).name === 'string';

export const isDataRecord: Guard<DataRecord> = (v): v is DataRecord => hasStringId(v);

export const isApiKeyDetails: Guard<ApiKeyDetails> = (v): v is ApiKeyDetails => hasStringId(v);

export const isApiKeyList: Guard<ApiKeyList> = (v): v is ApiKeyList =>
  isRecord(v) && Array.isArray(v.results) && v.results.every(isApiKeyDetails);

export const isPullOperation: Guard<PullOperation> = (v): v is PullOperation => hasStringId(v);

const STATUS_FIELDS = [
  'dataType',
  'currentStatus',
  'lastSuccessfulSync',
  'latestSyncId',
  'latestSuccessfulSyncId',
] as const;
const isTextOrNothing = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** Every entry, and every field of one, may be null in Codat's contract; what is there is text. */
export const isDataStatusMap: Guard<DataStatusMap> = (v): v is DataStatusMap =>
  isRecord(v) &&
  Object.values(v).every((s) => s === null || (isRecord(s) && STATUS_FIELDS.every((k) => isTextOrNothing(s[k]))));

function isLink(v: unknown): boolean {
  return isRecord(v) && typeof v.href === 'string';
}

const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The paged envelope with every result passing `isItem`. */
export function pageGuard<T>(isItem: Guard<T>): Guard<Page<T>> {
  return (v): v is Page<T> => {
    if (!isRecord(v) || !Array.isArray(v.results) || !v.results.every(isItem)) return false;
    if (!isCount(v.totalResults) || !isCount(v.pageNumber) || !isCount(v.pageSize)) return false;
    const links = v._links;
    if (!isRecord(links)) return false;
    return ['self', 'current', 'next', 'previous'].every((k) => links[k] === undefined || isLink(links[k]));
  };
}
