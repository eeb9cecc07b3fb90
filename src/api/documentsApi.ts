// A record's documents: an invoice's PDF and the attachments of the types that have them. The
// downloads stream (downloads.ts); the writes (upload, delete) are sent once and never retried:
// after a lost answer the caller lists the attachments before offering to send again.
import type { DataTypeId } from '../dataTypes/catalog';
import type { Attachment, PushOperation } from './models';
import type { Downloaded, DownloadOptions, UploadOptions, UploadSource } from './downloads';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

/** Where a record's attachments are: they are read per connection. */
export interface RecordPlace {
  companyId: string;
  connectionId: string;
  dataType: DataTypeId;
  recordId: string;
}

export class DocumentsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `downloadInvoicePdf` sends (Copy as cURL writes the body to a file). */
  invoicePdfRequest(companyId: string, invoiceId: string): PreparedRequest {
    void [companyId, invoiceId];
    throw new Error('not implemented');
  }
  /** `GET /companies/{companyId}/data/invoices/{invoiceId}/pdf`, streamed into the caller's sink.
   * Only a PDF is accepted (content type `application/pdf` or `application/octet-stream`, and the
   * bytes start with `%PDF-`); anything else fails as a malformed response with its body kept. */
  downloadInvoicePdf(companyId: string, invoiceId: string, options: DownloadOptions): Promise<Downloaded> {
    void [companyId, invoiceId, options, this.session];
    throw new Error('not implemented');
  }

  /** What `listAttachments` sends. */
  attachmentsRequest(place: RecordPlace): PreparedRequest {
    void place;
    throw new Error('not implemented');
  }
  /** `GET …/connections/{connectionId}/data/{dataType}/{id}/attachments`. */
  listAttachments(place: RecordPlace, options?: CallOptions): Promise<Attachment[]> {
    void [place, options];
    throw new Error('not implemented');
  }
  /** `GET …/attachments/{attachmentId}`. */
  getAttachment(place: RecordPlace, attachmentId: string, options?: CallOptions): Promise<Attachment> {
    void [place, attachmentId, options];
    throw new Error('not implemented');
  }
  /** What `downloadAttachment` sends. */
  attachmentDownloadRequest(place: RecordPlace, attachmentId: string): PreparedRequest {
    void [place, attachmentId];
    throw new Error('not implemented');
  }
  /** `GET …/attachments/{attachmentId}/download`, streamed into the caller's sink. `expectedType`
   * (the attachment's `contentType`) decides what is accepted besides `application/octet-stream`:
   * an HTML page or a JSON body is refused unless that is what the attachment is. */
  downloadAttachment(
    place: RecordPlace,
    attachmentId: string,
    expectedType: string | undefined,
    options: DownloadOptions,
  ): Promise<Downloaded> {
    void [place, attachmentId, expectedType, options];
    throw new Error('not implemented');
  }

  /** What `uploadAttachment` sends (the body is the file, named, not its bytes). */
  uploadRequest(place: RecordPlace, file: Pick<UploadSource, 'name' | 'contentType' | 'size'>): PreparedRequest {
    void [place, file];
    throw new Error('not implemented');
  }
  /** `POST …/connections/{connectionId}/push/{dataType}/{id}/attachment(s)` (the path the contract
   * gives the type: invoices `attachment`, bills `attachments`), multipart/form-data with one part
   * `file`, streamed from the source. Sent once. Answers 200 with no body the contract names: the
   * caller lists the attachments to find the new one. */
  uploadAttachment(place: RecordPlace, file: UploadSource, options?: UploadOptions): Promise<void> {
    void [place, file, options];
    throw new Error('not implemented');
  }

  /** What `deleteAttachment` sends. */
  deleteAttachmentRequest(place: RecordPlace, attachmentId: string): PreparedRequest {
    void [place, attachmentId];
    throw new Error('not implemented');
  }
  /** `DELETE …/connections/{connectionId}/push/bills/{billId}/attachments/{attachmentId}` (Sync for
   * Payables v1): answered with a push operation, which the caller follows. Sent once. */
  deleteAttachment(place: RecordPlace, attachmentId: string, options?: CallOptions): Promise<PushOperation> {
    void [place, attachmentId, options];
    throw new Error('not implemented');
  }
}
