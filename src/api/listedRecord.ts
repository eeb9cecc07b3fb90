// One record read through its type's list: the way to a record of a type the contract gives no
// GET of one record (bank transactions, the catalog's `getOne: false`). The list is asked for the
// id (`query=id=…`, one record a page); a list without it answers as a GET of a missing record does.
import { dataType, idParameter, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { formatValue } from '../query';
import { t } from '../l10n';
import { ApiError } from './errors';
import type { DataRecord, Page } from './models';
import type { Redactor } from './redact';
import { checkDataType, checkId } from './requestChecks';
import { listPath, listTemplate, recordRequest, recordsBase, type ApiRequest, type PlaceArg } from './requests';

/** Whether a record of the type is read through its list (no GET of one record in the contract). */
export function readThroughList(type: DataTypeId): boolean {
  return isDataTypeId(type) && dataType(type).getOne === false;
}

/** What reading one record sends: its GET, or for a type read through its list, that list's query. */
export function oneRecordRequest(type: DataTypeId, place: PlaceArg, recordId: string): ApiRequest {
  return readThroughList(type) ? listedRecordRequest(type, place, recordId) : recordRequest(type, place, recordId);
}

/** `GET <the type's list at place>?page=1&pageSize=1&query=id=<recordId>`, the place's ids and the
 * record's id checked as a GET of the record checks them. */
export function listedRecordRequest(type: DataTypeId, place: PlaceArg, recordId: string): ApiRequest {
  const spec = checkDataType({ method: 'GET', path: '/companies/{companyId}/data/{dataType}' }, type);
  const parameter = idParameter(spec);
  const tail = `?query=id={${parameter}}`;
  checkId({ method: 'GET', path: `${listTemplate(spec)}${tail}` }, recordId, parameter);
  const base = recordsBase(spec, place, 'GET', tail);
  return { method: 'GET', path: listPath(base, { pageSize: 1, query: `id=${formatValue(recordId)}` }, spec.schema) };
}

/** The record of `page` with the id asked for; none, an ApiError as a 404 of the record would be
 * (`notFound`, status 404), naming the request that was sent. */
export function listedRecord(
  page: Page<DataRecord>,
  recordId: string,
  request: ApiRequest,
  baseUrl: string,
  redact: Redactor,
): DataRecord {
  const record = page.results.find((r) => r.id === recordId);
  if (record) return record;
  const path = redact(request.path);
  const message = redact(t('Not found: no record with id {0} in {1}', recordId, path.split('?')[0]));
  throw new ApiError({
    kind: 'notFound',
    message,
    method: 'GET',
    path,
    status: 404,
    request: { url: `${baseUrl}${path}` },
  });
}
