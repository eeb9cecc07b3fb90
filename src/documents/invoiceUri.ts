// Where an invoice's JSON lives: `dataplatform:/<companyId>/invoices/<invoiceId>.json`. Only ids go
// in the path, so every way of opening an invoice (tree click, palette, a link) lands on the same
// URI and therefore the same tab. Each id is percent-encoded as one segment: an id holding `/`
// or `%` cannot split or shift the path.

export const DOCUMENT_SCHEME = 'dataplatform';

export interface InvoiceRef {
  companyId: string;
  invoiceId: string;
}

/** The URI path of an invoice's document (the part after `dataplatform:`). */
export function invoicePath(ref: InvoiceRef): string {
  if (!ref.companyId || !ref.invoiceId) throw new Error('an invoice document needs a company id and an invoice id');
  return `/${encodeURIComponent(ref.companyId)}/invoices/${encodeURIComponent(ref.invoiceId)}.json`;
}

/** The ids a document path stands for, or undefined for any other path. */
export function parseInvoicePath(path: string): InvoiceRef | undefined {
  const m = /^\/([^/]+)\/invoices\/([^/]+)\.json$/.exec(path);
  if (!m) return undefined;
  try {
    const companyId = decodeURIComponent(m[1]);
    const invoiceId = decodeURIComponent(m[2]);
    return companyId && invoiceId ? { companyId, invoiceId } : undefined;
  } catch {
    // A malformed escape (`%zz`) is not one of our paths.
    return undefined;
  }
}

/** Accepts what the open command may be given besides a tree node: `{companyId, invoiceId}`. */
export function asInvoiceRef(value: unknown): InvoiceRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { companyId, invoiceId } = value as Record<string, unknown>;
  return typeof companyId === 'string' && companyId && typeof invoiceId === 'string' && invoiceId ? { companyId, invoiceId } : undefined;
}
