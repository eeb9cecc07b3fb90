// A record's documents (Accounting API 2.1.0; bills' from Sync for Payables): an invoice's PDF
// (`GET /companies/{id}/data/invoices/{invoiceId}/pdf`), the attachments of invoices, bills,
// customers, suppliers, direct costs and direct incomes, read through any of the company's connections (listed, one, downloaded),
// and a bill attachment's delete, a push operation. Uploads stream (uploads.ts): their routes here
// only give other methods their 405.
import {
  ATTACHMENT_TYPES,
  type AttachmentType,
  type StoredFile,
  UPLOAD_SEGMENTS,
  recordKey,
  seededFiles,
} from './attachments';
import { servingConnection } from './connectionData';
import { findConnection } from './connections';
import { type DataType, recordType } from './dataTypes';
import { ApiResponse, dataTypeNotSupported, errorResponse } from './errors';
import { bufferSource, contentDisposition } from './fileBytes';
import { FileBody } from './http';
import { hasInvoicePdfs } from './integrations';
import { textPdf } from './pdf';
import { invoiceType } from './pushRecords';
import { withWrites } from './pushWrites';
import { type ApiRequest, type Route, isEntry, isResponse, ok, ownCompany, readyData } from './routing';
import type { CompanyEntry, EmulatorState } from './state';
import type { DataConnection } from './wire';

type Json = Record<string, unknown>;

/** A record a document route names, found through the company's connection. */
export interface FoundRecord {
  entry: CompanyEntry;
  connection?: DataConnection;
  record: Json;
  /** Where its files are kept (attachments.ts recordKey). */
  key: string;
  /** Its files now. */
  files: StoredFile[];
}

/** The company's records of a type, as pushes left them (created after its own, updated, deleted). */
function typeOf(state: EmulatorState, entry: CompanyEntry, type: string): { own: DataType; all: DataType } {
  const own = type === 'invoices' ? invoiceType(state.invoiceSource(entry)) : (recordType(type) as DataType);
  return { own, all: withWrites(state.pushes, { companyId: entry.company.id }, own) };
}

/** The company's record of a type (its data set synced), or the 404/409 that says why not. */
export function findRecord(
  state: EmulatorState,
  entry: CompanyEntry,
  type: AttachmentType,
  recordId: string,
): FoundRecord | ApiResponse {
  const notReady = readyData(state, entry, type);
  if (notReady) return notReady;
  const books = state.books(entry);
  const { own, all } = typeOf(state, entry, type);
  const index = all.indexOf(books, recordId);
  if (index === undefined) return errorResponse(404, 'PullApi', `No ${all.noun} was found with ID ${recordId}`);
  const record = all.record(books, index) as Json;
  const companyId = entry.company.id;
  const key = recordKey(companyId, type, String(record.id));
  // Records a push created have no seeded files; a seeded record's are by its own index (deletes shift the list's).
  const ownIndex = own.indexOf(books, String(record.id));
  const seeded = ownIndex === undefined ? [] : seededFiles(state.seed, companyId, type, ownIndex, record);
  return { entry, record, key, files: state.attachments.list(key, seeded) };
}

/** The record behind `…/companies/{id}/connections/{connectionId}/…/{type}/{recordId}/…`. */
export function connectedRecord(
  state: EmulatorState,
  req: ApiRequest,
  [id, connectionId, recordId]: string[],
  type: AttachmentType,
): FoundRecord | ApiResponse {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  // A type served per connection is served through the connections that serve the books only.
  const connection =
    recordType(type)?.scope === 'connection'
      ? servingConnection(entry, connectionId, type)
      : findConnection(entry, connectionId);
  if (connection instanceof ApiResponse) return connection;
  const found = findRecord(state, entry, type, recordId);
  return isResponse(found) ? found : { ...found, connection };
}

function fileOf(found: FoundRecord, attachmentId: string): StoredFile | ApiResponse {
  const wanted = attachmentId.toLowerCase();
  return (
    found.files.find((f) => f.meta.id.toLowerCase() === wanted) ??
    errorResponse(404, 'PullApi', `No attachment was found with ID ${attachmentId}`)
  );
}

/** The file as a download: its bytes, its type, its name. */
function download(file: StoredFile): ApiResponse {
  const headers: Record<string, string> = { 'Content-Disposition': contentDisposition(file.meta.name ?? 'attachment') };
  return new ApiResponse(200, new FileBody(file.meta.contentType ?? 'application/octet-stream', file.source), headers);
}

function attachmentRoutes(type: AttachmentType): Route[] {
  const base = ['companies', '*', 'connections', '*', 'data', type, '*', 'attachments'];
  const withFile =
    (answer: (file: StoredFile) => ApiResponse) =>
    (req: ApiRequest, [id, connectionId, recordId, attachmentId]: string[], state: EmulatorState): ApiResponse => {
      const found = connectedRecord(state, req, [id, connectionId, recordId], type);
      if (isResponse(found)) return found;
      const file = fileOf(found, attachmentId);
      return isResponse(file) ? file : answer(file);
    };
  const routes: Route[] = [
    {
      pattern: base,
      methods: {
        GET: (req, args, state) => {
          const found = connectedRecord(state, req, args, type);
          return isResponse(found) ? found : ok({ attachments: found.files.map((f) => ({ ...f.meta })) });
        },
      },
    },
    { pattern: [...base, '*'], methods: { GET: withFile((file) => ok({ ...file.meta })) } },
    { pattern: [...base, '*', 'download'], methods: { GET: withFile(download) } },
  ];
  const segment = UPLOAD_SEGMENTS[type];
  if (segment) {
    // Served by uploads.ts before this table: a POST here never comes this way.
    const streamed = (): ApiResponse => errorResponse(500, 'PublicApi', 'An upload reached the JSON route table.');
    routes.push({
      pattern: ['companies', '*', 'connections', '*', 'push', type, '*', segment],
      methods: { POST: streamed },
    });
  }
  return routes;
}

/** `DELETE …/push/bills/{billId}/attachments/{attachmentId}` (Sync for Payables): a push operation
 * (pushOperations.ts: Pending, then as the push rules and delay say); the file goes on Success. */
function deleteBillAttachment(
  req: ApiRequest,
  [id, connectionId, billId, attachmentId]: string[],
  state: EmulatorState,
): ApiResponse {
  const found = connectedRecord(state, req, [id, connectionId, billId], 'bills');
  if (isResponse(found)) return found;
  const file = fileOf(found, attachmentId);
  if (isResponse(file)) return file;
  const connection = found.connection as DataConnection;
  const errors =
    connection.status === 'Linked'
      ? []
      : [
          {
            itemId: 'dataConnectionKey',
            message: `The data connection ${connection.id} is ${connection.status}: the company must link it again before data can be pushed.`,
            validatorName: 'DataConnectionValidator',
          },
        ];
  const recordId = String(found.record.id);
  const op = state.pushes.act({ companyId: found.entry.company.id, connection, type: 'bills', errors }, () => {
    state.attachments.remove(found.key, file.meta.id);
    return [{ type: 'Deleted', recordRef: { id: recordId, dataType: 'bills' }, attachmentId: file.meta.id }];
  });
  return ok(op);
}

/** Whether the company's invoices have PDFs: not on a platform without them, but for the
 * well-known companies, whose PDFs always work whatever platform the seed gave them. */
export function invoicePdfsOf(entry: CompanyEntry): boolean {
  return entry.wellKnown !== undefined || hasInvoicePdfs(entry.platform);
}

/** The first filler of the normal account whose platform has no PDFs and whose connection is Linked. */
export function noPdfCompany(state: EmulatorState): string | undefined {
  return state
    .companiesOf('normal')
    .map((c) => state.find(c.id) as CompanyEntry)
    .find((e) => !invoicePdfsOf(e) && e.company.dataConnections?.[0]?.status === 'Linked')?.company.id;
}

const scalar = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function money(value: unknown): string {
  return typeof value === 'number' ? value.toFixed(2) : '';
}

/** The invoice's PDF: what a platform renders from it, in text a test can find in the bytes. */
export function invoicePdf(invoice: Json, baseCurrency: string): Buffer {
  const number = typeof invoice.invoiceNumber === 'string' ? invoice.invoiceNumber : String(invoice.id);
  const customer = (invoice.customerRef as { companyName?: string } | undefined)?.companyName ?? '';
  const currency = typeof invoice.currency === 'string' ? invoice.currency : baseCurrency;
  const day = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');
  const lines = Array.isArray(invoice.lineItems) ? (invoice.lineItems as Json[]) : [];
  return textPdf(`Invoice ${number}`, [
    `Invoice ${number}`,
    `Customer: ${customer}`,
    `Issue date: ${day(invoice.issueDate)}`,
    `Due date: ${day(invoice.dueDate)}`,
    ...lines.map((l) => `${scalar(l.description)}  ${scalar(l.quantity)} x ${money(l.unitAmount)}`),
    `Total: ${currency} ${money(invoice.totalAmount)}`,
  ]);
}

/** `GET /companies/{id}/data/invoices/{invoiceId}/pdf`. */
function invoicePdfRoute(req: ApiRequest, [id, invoiceId]: string[], state: EmulatorState): ApiResponse {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const notReady = readyData(state, entry, 'invoices');
  if (notReady) return notReady;
  if (!invoicePdfsOf(entry)) return dataTypeNotSupported('invoices', entry.platform);
  const found = findRecord(state, entry, 'invoices', invoiceId);
  if (isResponse(found)) return found;
  const invoice = found.record;
  const name = `${typeof invoice.invoiceNumber === 'string' ? invoice.invoiceNumber : String(invoice.id)}.pdf`;
  // Codat's contract writes the 200 as application/octet-stream; the real service sends application/pdf.
  return new ApiResponse(200, new FileBody('application/pdf', bufferSource(invoicePdf(invoice, entry.currency))), {
    'Content-Disposition': contentDisposition(name),
  });
}

export const DOCUMENT_ROUTES: Route[] = [
  { pattern: ['companies', '*', 'data', 'invoices', '*', 'pdf'], methods: { GET: invoicePdfRoute } },
  ...ATTACHMENT_TYPES.flatMap(attachmentRoutes),
  {
    pattern: ['companies', '*', 'connections', '*', 'push', 'bills', '*', 'attachments', '*'],
    methods: { DELETE: deleteBillAttachment },
  },
];
