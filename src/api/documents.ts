// Documents of a record (Codat's Accounting API 2.1.0 and Sync for Payables v1): an invoice's PDF,
// the attachments of the types that have them (listed, read, downloaded, uploaded) and a bill
// attachment's delete. Request builders (ids checked; a type without attachments, or without the
// write asked for, refused before sending) and the guards of their JSON answers.
import type { DataTypeSpec } from '../dataTypes/catalog';
import { t } from '../l10n';
import { isRecord, type Guard } from '../util/guards';
import { refusedParameter } from './failures';
import type { Attachment } from './models';
import { checkDataType, checkId, type Target } from './requestChecks';
import type { ApiRequest } from './requests';
import { companyPath } from './requests';
import { connectionPath } from './connections';

/** Where a record's attachments are: they are read per connection. */
export interface RecordPlace {
  companyId: string;
  connectionId: string;
  dataType: DataTypeSpec['id'];
  recordId: string;
}

const textOrAbsent = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** What an attachment is known by; the rest is shown as it came, when it has the contract's type. */
export const isAttachment: Guard<Attachment> = (v): v is Attachment =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  v.id !== '' &&
  ['name', 'contentType', 'dateCreated', 'modifiedDate', 'sourceModifiedDate'].every((k) => textOrAbsent(v[k])) &&
  (v.fileSize === undefined || v.fileSize === null || (typeof v.fileSize === 'number' && v.fileSize >= 0)) &&
  (v.includeWhenSent === undefined || typeof v.includeWhenSent === 'boolean');

/** `{ attachments: Attachment[] | null }` (the contract's `Attachments`). */
export const isAttachmentList: Guard<{ attachments?: Attachment[] | null }> = (
  v,
): v is { attachments?: Attachment[] | null } =>
  isRecord(v) &&
  (v.attachments === undefined ||
    v.attachments === null ||
    (Array.isArray(v.attachments) && v.attachments.every(isAttachment)));

type Need = 'read' | 'upload' | 'delete';

/** The type's spec, when its records have attachments (and the write asked for). */
function attachmentsOf(target: Target, place: RecordPlace, need: Need): DataTypeSpec {
  const spec = checkDataType(target, place?.dataType);
  const facts = spec.attachments;
  const refuse = (message: string): never => {
    throw refusedParameter(target, 'dataType', message);
  };
  if (!facts) refuse(t('Records of {0} have no attachments', spec.id));
  if (need === 'upload' && !facts?.upload) refuse(t('An attachment cannot be uploaded to records of {0}', spec.id));
  if (need === 'delete' && !facts?.delete) refuse(t('An attachment of records of {0} cannot be deleted', spec.id));
  return spec;
}

/** `/companies/{c}/connections/{conn}/{data|push}/{type}/{id}`, every id checked; `rest` names
 * the endpoint in a refusal. */
function recordPath(place: RecordPlace, method: string, segment: 'data' | 'push', need: Need, rest: string): string {
  const shape = `/companies/{companyId}/connections/{connectionId}/${segment}/{dataType}/{recordId}${rest}`;
  const spec = attachmentsOf({ method, path: shape }, place, need);
  const connection = connectionPath(place.companyId, place.connectionId, method, `/${segment}/${spec.id}`);
  const id = checkId({ method, path: shape }, place.recordId, 'recordId');
  return `${connection}/${segment}/${spec.id}/${id}`;
}

function attachmentId(method: string, path: string, value: string): string {
  return checkId({ method, path: `${path}/attachments/{attachmentId}` }, value, 'attachmentId');
}

/** `GET /companies/{companyId}/data/invoices/{invoiceId}/pdf`. */
export function invoicePdfRequest(companyId: string, invoiceId: string): ApiRequest {
  const company = companyPath(companyId, 'GET', '/data/invoices/{invoiceId}/pdf');
  const target: Target = { method: 'GET', path: '/companies/{companyId}/data/invoices/{invoiceId}/pdf' };
  return { method: 'GET', path: `${company}/data/invoices/${checkId(target, invoiceId, 'invoiceId')}/pdf` };
}

export function attachmentsRequest(place: RecordPlace): ApiRequest {
  return { method: 'GET', path: `${recordPath(place, 'GET', 'data', 'read', '/attachments')}/attachments` };
}

export function attachmentRequest(place: RecordPlace, id: string): ApiRequest {
  const record = recordPath(place, 'GET', 'data', 'read', '/attachments/{attachmentId}');
  return { method: 'GET', path: `${record}/attachments/${attachmentId('GET', record, id)}` };
}

export function attachmentDownloadRequest(place: RecordPlace, id: string): ApiRequest {
  const record = recordPath(place, 'GET', 'data', 'read', '/attachments/{attachmentId}/download');
  return { method: 'GET', path: `${record}/attachments/${attachmentId('GET', record, id)}/download` };
}

/** `POST …/push/{type}/{id}/attachment(s)`: the last segment is the one the contract gives the type. */
export function uploadAttachmentRequest(place: RecordPlace): ApiRequest {
  const record = recordPath(place, 'POST', 'push', 'upload', '/attachment(s)');
  const segment = checkDataType({ method: 'POST', path: record }, place.dataType).attachments?.upload ?? 'attachments';
  return { method: 'POST', path: `${record}/${segment}` };
}

/** `DELETE …/push/bills/{billId}/attachments/{attachmentId}` (Sync for Payables v1). */
export function deleteAttachmentRequest(place: RecordPlace, id: string): ApiRequest {
  const record = recordPath(place, 'DELETE', 'push', 'delete', '/attachments/{attachmentId}');
  return { method: 'DELETE', path: `${record}/attachments/${attachmentId('DELETE', record, id)}` };
}
