// One record read through its type's list: the way to a record of a type the contract gives no
// GET of one record (bank transactions, the catalog's `getOne: false`). The list is asked for the
// id (`query=id=…`, one record a page); a list without it answers as a GET of a missing record does.
import { t } from '../l10n';
import { ApiError } from './errors';
import type { DataRecord, Page } from './models';
import type { Redactor } from './redact';
import type { ApiRequest } from './requests';

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
