// Where a record's JSON lives:
//   dataplatform:/<company label>/<type>/<record label>.json?companyId=<id>&<type's id name>=<id>&account=<id>
// with, for a type the catalog lists per connection, `connectionId=<id>`, and for a type under a
// parent record, that record's id under the name the contract's path gives it (`accountId`).
// e.g. `/Acme Ltd/bills/BILL-0042.json?companyId=…&billId=…`. The path is for people: VS Code
// titles the tab by its last segment, so a user sees the record's label, and the company name in
// the hover. The query is for the extension: the company id and the record id under its type's
// name (`invoiceId`, `billId`, `journalEntryId`: see idParameter in the catalog) are the
// document's identity with the account, so URIs with different labels for one record are one
// record (one tab, one cached fetch).
import { dataType, idParameter, isDataTypeId, type DataTypeId, type DataTypeSpec } from '../dataTypes/catalog';

export const DOCUMENT_SCHEME = 'dataplatform';

/** Longest label kept, in characters: a tab title, not the whole record. */
export const MAX_LABEL_LENGTH = 80;

export interface RecordRef {
  companyId: string;
  dataType: DataTypeId;
  recordId: string;
  /** The account whose key fetches it: the same ids under two accounts are two records. */
  accountId: string;
  /** The connection it is read through, for a connection-scoped type (the catalog's `scope`). */
  connectionId?: string;
  /** Its parent record's id, for a type listed under one (the catalog's `parent`). */
  parentId?: string;
}

/** Whether `ref` has the connection and parent its type is read by (and no more). */
function placed(spec: DataTypeSpec, ref: Pick<RecordRef, 'connectionId' | 'parentId'>): boolean {
  const connection = spec.scope === 'connection';
  return (
    connection === (ref.connectionId !== undefined && ref.connectionId !== '') &&
    (spec.parent !== undefined) === (ref.parentId !== undefined && ref.parentId !== '')
  );
}

/** The place's own parameters of a record's query, in the order written. */
function placeParams(spec: DataTypeSpec, ref: RecordRef): Record<string, string> {
  return {
    ...(ref.connectionId !== undefined ? { connectionId: ref.connectionId } : {}),
    ...(spec.parent && ref.parentId !== undefined ? { [spec.parent.idName]: ref.parentId } : {}),
  };
}

/** What people recognise a record by; each falls back to the id when missing. */
export interface RecordLabels {
  companyName?: string;
  recordLabel?: string;
}

/** The parts of a URI after the scheme, as `vscode.Uri.from` takes and `Uri.path`/`Uri.query` give
 * them (not percent-encoded: the Uri encodes on `toString`). */
interface RecordUriParts {
  path: string;
  query: string;
}

// C0, DEL and C1 controls: invisible in a tab title, and a newline would break it. Bidi controls
// and zero-width characters too: a server-supplied number could make the title read otherwise.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[/\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** `text` made into one readable path segment, or '' when nothing readable is left. */
export function sanitizeLabel(text: string): string {
  // Whitespace first: tabs and newlines are control characters too, but read as spaces.
  const cleaned = text.replace(/\s+/g, ' ').replace(UNSAFE, '_').trim();
  // By code points, so a cut never splits a surrogate pair.
  const capped = Array.from(cleaned).slice(0, MAX_LABEL_LENGTH).join('').trimEnd();
  // `.` and `..` are segments that path normalisation would collapse.
  return /^\.+$/.test(capped) ? capped.replace(/\./g, '_') : capped;
}

/** The label for a path segment: the preferred text when it has something readable, else the id. */
export function labelOr(preferred: string | undefined, id: string): string {
  return sanitizeLabel(preferred ?? '') || sanitizeLabel(id) || '_';
}

/** The path and query of a record's document. */
export function recordUriParts(ref: RecordRef, labels: RecordLabels = {}): RecordUriParts {
  if (!ref.companyId || !ref.recordId || !ref.accountId || !isDataTypeId(ref.dataType))
    throw new Error('a record document needs an account, a company id, a data type and a record id');
  const spec = dataType(ref.dataType);
  if (!placed(spec, ref)) throw new Error(`a record of ${spec.id} needs the connection and parent it is listed under`);
  return {
    path: `/${labelOr(labels.companyName, ref.companyId)}/${ref.dataType}/${labelOr(labels.recordLabel, ref.recordId)}.json`,
    query: new URLSearchParams({
      companyId: ref.companyId,
      ...placeParams(spec, ref),
      [idParameter(spec)]: ref.recordId,
      account: ref.accountId,
    }).toString(),
  };
}

const PATH_SHAPE = /^\/([^/]+)\/([^/]+)\/([^/]+)\.json$/;

/** The record a document's path and query stand for, or undefined for anything else. */
export function parseRecordUri({ path, query }: RecordUriParts): RecordRef | undefined {
  const m = PATH_SHAPE.exec(path);
  if (!m || !isDataTypeId(m[2])) return undefined;
  const spec = dataType(m[2]);
  const params = new URLSearchParams(query);
  const companyId = params.get('companyId');
  const recordId = params.get(idParameter(spec));
  const accountId = params.get('account');
  if (!companyId || !recordId || !accountId) return undefined;
  return withPlace(
    spec,
    { companyId, dataType: spec.id, recordId, accountId },
    params.get('connectionId'),
    params.get(spec.parent?.idName ?? ''),
  );
}

/** `ref` with the connection and parent ids given, when its type is read by exactly those. */
function withPlace(
  spec: DataTypeSpec,
  ref: RecordRef,
  connectionId: unknown,
  parentId: unknown,
): RecordRef | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const full: RecordRef = {
    ...ref,
    ...(spec.scope === 'connection' && text(connectionId) ? { connectionId: text(connectionId) } : {}),
    ...(spec.parent && text(parentId) ? { parentId: text(parentId) } : {}),
  };
  return placed(spec, full) ? full : undefined;
}

/** The record's label in a document's path (the tab's title without `.json`), as written above. */
export function recordLabelOfPath(path: string): string | undefined {
  return PATH_SHAPE.exec(path)?.[3];
}

/** One string per record, for maps keyed by identity (unambiguous whatever the ids hold). */
export function recordKey(ref: RecordRef): string {
  return JSON.stringify([ref.companyId, ref.dataType, ref.recordId, ref.accountId, ref.connectionId, ref.parentId]);
}

/** One record of one account: the same ids under two accounts are two documents. */
export function sameRecord(a: RecordRef, b: RecordRef): boolean {
  return (
    a.companyId === b.companyId &&
    a.dataType === b.dataType &&
    a.recordId === b.recordId &&
    a.accountId === b.accountId &&
    a.connectionId === b.connectionId &&
    a.parentId === b.parentId
  );
}

/** What the open command may be given besides a tree node: `{companyId, dataType, recordId,
 * accountId?, companyName?}`, with `connectionId` for a connection-scoped type and `parentId` for
 * a type under a parent; with no account, `defaultAccountId` (the first account's). */
export function asRecordArgument(
  value: unknown,
  defaultAccountId: string | undefined,
): { ref: RecordRef; companyName?: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { companyId, companyName, dataType: type, recordId, accountId: given } = value as Record<string, unknown>;
  const { connectionId, parentId } = value as Record<string, unknown>;
  const accountId = typeof given === 'string' && given ? given : defaultAccountId;
  if (
    typeof companyId !== 'string' ||
    !companyId ||
    !isDataTypeId(type) ||
    typeof recordId !== 'string' ||
    !recordId ||
    !accountId
  )
    return undefined;
  const ref = withPlace(dataType(type), { companyId, dataType: type, recordId, accountId }, connectionId, parentId);
  if (!ref) return undefined;
  return typeof companyName === 'string' && companyName ? { ref, companyName } : { ref };
}

/** The reference of a record listed at `place` (the client's ListPlace: its company, and its
 * connection and parent record where it has them). A RecordRef is itself such a place. */
export function recordRefAt(
  place: { readonly companyId: string; readonly connectionId?: string; readonly parentId?: string },
  dataType: DataTypeId,
  recordId: string,
  accountId: string,
): RecordRef {
  return { ...place, dataType, recordId, accountId };
}
