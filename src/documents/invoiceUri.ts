// Where an invoice's JSON lives:
//   dataplatform:/<company label>/invoices/<invoice label>.json?companyId=<id>&invoiceId=<id>
// The path is for people: VS Code titles the tab by its last segment, so a user sees the invoice
// number, and the company name in the hover. The query is for the extension: the (companyId,
// invoiceId) pair in it is the document's identity, so URIs with different labels for one invoice
// are one invoice (one tab, one cached fetch). Older versions put the percent-encoded ids in the
// path and had no query; such a path (a tab restored from then) still parses.

export const DOCUMENT_SCHEME = 'dataplatform';

/** Longest label kept, in characters: a tab title, not the whole record. */
export const MAX_LABEL_LENGTH = 80;

export interface InvoiceRef {
  companyId: string;
  invoiceId: string;
}

/** What people recognise an invoice by; each falls back to the id when missing. */
export interface InvoiceLabels {
  companyName?: string;
  invoiceNumber?: string;
}

/** The parts of a URI after the scheme, as `vscode.Uri.from` takes and `Uri.path`/`Uri.query` give
 * them (not percent-encoded: the Uri encodes on `toString`). */
export interface InvoiceUriParts {
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

/** The path and query of an invoice's document. */
export function invoiceUriParts(ref: InvoiceRef, labels: InvoiceLabels = {}): InvoiceUriParts {
  if (!ref.companyId || !ref.invoiceId) throw new Error('an invoice document needs a company id and an invoice id');
  return {
    path: `/${labelOr(labels.companyName, ref.companyId)}/invoices/${labelOr(labels.invoiceNumber, ref.invoiceId)}.json`,
    query: new URLSearchParams({ companyId: ref.companyId, invoiceId: ref.invoiceId }).toString(),
  };
}

const PATH_SHAPE = /^\/([^/]+)\/invoices\/([^/]+)\.json$/;

/** The invoice a document's path and query stand for, or undefined for anything else. */
export function parseInvoiceUri({ path, query }: InvoiceUriParts): InvoiceRef | undefined {
  const m = PATH_SHAPE.exec(path);
  if (!m) return undefined;
  if (query) {
    const params = new URLSearchParams(query);
    const companyId = params.get('companyId');
    const invoiceId = params.get('invoiceId');
    return companyId && invoiceId ? { companyId, invoiceId } : undefined;
  }
  // The older shape: `/<companyId>/invoices/<invoiceId>.json`, each id percent-encoded.
  try {
    const companyId = decodeURIComponent(m[1]);
    const invoiceId = decodeURIComponent(m[2]);
    return companyId && invoiceId ? { companyId, invoiceId } : undefined;
  } catch {
    // A malformed escape (`%zz`) is not one of our paths.
    return undefined;
  }
}

/** One string per invoice, for maps keyed by identity (unambiguous whatever the ids hold). */
export function invoiceKey(ref: InvoiceRef): string {
  return JSON.stringify([ref.companyId, ref.invoiceId]);
}

export function sameInvoice(a: InvoiceRef, b: InvoiceRef): boolean {
  return a.companyId === b.companyId && a.invoiceId === b.invoiceId;
}

/** What the open command may be given besides a tree node: `{companyId, invoiceId, companyName?}`. */
export function asInvoiceArgument(value: unknown): { ref: InvoiceRef; companyName?: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { companyId, invoiceId, companyName } = value as Record<string, unknown>;
  if (typeof companyId !== 'string' || !companyId || typeof invoiceId !== 'string' || !invoiceId) return undefined;
  return typeof companyName === 'string' && companyName ? { ref: { companyId, invoiceId }, companyName } : { ref: { companyId, invoiceId } };
}
