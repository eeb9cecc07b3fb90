// Where a record's JSON lives:
//   dataplatform:/<company label>/<type>/<record label>.json?companyId=<id>&<type's id name>=<id>&account=<id>
// e.g. `/Acme Ltd/bills/BILL-0042.json?companyId=…&billId=…`. The path is for people: VS Code
// titles the tab by its last segment, so a user sees the record's label, and the company name in
// the hover. The query is for the extension: the company id and the record id under its type's
// name (`invoiceId`, `billId`, `journalEntryId`: see idParameter in the catalog) are the
// document's identity with the account, so URIs with different labels for one record are one
// record (one tab, one cached fetch).
import { dataType, idParameter, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';

export const DOCUMENT_SCHEME = 'dataplatform';

/** Longest label kept, in characters: a tab title, not the whole record. */
export const MAX_LABEL_LENGTH = 80;

export interface RecordRef {
  companyId: string;
  dataType: DataTypeId;
  recordId: string;
  /** The account whose key fetches it: the same ids under two accounts are two records. */
  accountId: string;
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
  return {
    path: `/${labelOr(labels.companyName, ref.companyId)}/${ref.dataType}/${labelOr(labels.recordLabel, ref.recordId)}.json`,
    query: new URLSearchParams({
      companyId: ref.companyId,
      [idParameter(dataType(ref.dataType))]: ref.recordId,
      account: ref.accountId,
    }).toString(),
  };
}

const PATH_SHAPE = /^\/([^/]+)\/([^/]+)\/([^/]+)\.json$/;

/** The record a document's path and query stand for, or undefined for anything else. */
export function parseRecordUri({ path, query }: RecordUriParts): RecordRef | undefined {
  const m = PATH_SHAPE.exec(path);
  if (!m || !isDataTypeId(m[2])) return undefined;
  const type = m[2];
  const params = new URLSearchParams(query);
  const companyId = params.get('companyId');
  const recordId = params.get(idParameter(dataType(type)));
  const accountId = params.get('account');
  return companyId && recordId && accountId ? { companyId, dataType: type, recordId, accountId } : undefined;
}

/** The record's label in a document's path (the tab's title without `.json`), as written above. */
export function recordLabelOfPath(path: string): string | undefined {
  return PATH_SHAPE.exec(path)?.[3];
}

/** One string per record, for maps keyed by identity (unambiguous whatever the ids hold). */
export function recordKey(ref: RecordRef): string {
  return JSON.stringify([ref.companyId, ref.dataType, ref.recordId, ref.accountId]);
}

/** One record of one account: the same ids under two accounts are two documents. */
export function sameRecord(a: RecordRef, b: RecordRef): boolean {
  return (
    a.companyId === b.companyId && a.dataType === b.dataType && a.recordId === b.recordId && a.accountId === b.accountId
  );
}

/** What the open command may be given besides a tree node: `{companyId, dataType, recordId,
 * accountId?, companyName?}`; with no account, `defaultAccountId` (the first account's). */
export function asRecordArgument(
  value: unknown,
  defaultAccountId: string | undefined,
): { ref: RecordRef; companyName?: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { companyId, companyName, dataType: type, recordId, accountId: given } = value as Record<string, unknown>;
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
  const ref: RecordRef = { companyId, dataType: type, recordId, accountId };
  return typeof companyName === 'string' && companyName ? { ref, companyName } : { ref };
}
