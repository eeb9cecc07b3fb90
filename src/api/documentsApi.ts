// A record's documents: an invoice's PDF and the attachments of the types that have them. The
// downloads stream (download.ts); the writes (upload, delete) are sent once and never retried:
// after a lost answer the caller lists the attachments before offering to send again.
import * as documents from './documents';
import type { RecordPlace } from './documents';
import type { Attachment, PushOperation } from './models';
import type { Downloaded, DownloadOptions, UploadOptions, UploadSource } from './downloads';
import { attachmentCheck, pdfCheck } from './fileChecks';
import { isPushOperation } from './pushes';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';
import { checkUpload } from './upload';

export type { RecordPlace };

export class DocumentsApi {
  constructor(private readonly session: ApiSession) {}

  /** What `downloadInvoicePdf` sends (Copy as cURL writes the body to a file). */
  invoicePdfRequest(companyId: string, invoiceId: string): PreparedRequest {
    return { ...this.session.prepared(documents.invoicePdfRequest(companyId, invoiceId)), download: true };
  }
  /** `GET /companies/{companyId}/data/invoices/{invoiceId}/pdf`, streamed into the caller's sink.
   * Only a PDF is accepted (content type `application/pdf` or `application/octet-stream`, and the
   * bytes start with `%PDF-`); anything else fails as a malformed response with its body kept. */
  async downloadInvoicePdf(companyId: string, invoiceId: string, options: DownloadOptions): Promise<Downloaded> {
    return this.session.download(documents.invoicePdfRequest(companyId, invoiceId).path, pdfCheck, options);
  }

  /** What `listAttachments` sends. */
  attachmentsRequest(place: RecordPlace): PreparedRequest {
    return this.session.prepared(documents.attachmentsRequest(place));
  }
  /** `GET …/connections/{connectionId}/data/{dataType}/{id}/attachments`. */
  async listAttachments(place: RecordPlace, options?: CallOptions): Promise<Attachment[]> {
    const request = documents.attachmentsRequest(place);
    const accept = documents.isAttachmentList;
    const list = await this.session.send({ ...request, accept, expected: 'a list of attachments' }, options);
    return list.attachments ?? [];
  }
  /** What `getAttachment` sends. */
  attachmentRequest(place: RecordPlace, attachmentId: string): PreparedRequest {
    return this.session.prepared(documents.attachmentRequest(place, attachmentId));
  }
  /** `GET …/attachments/{attachmentId}`. */
  async getAttachment(place: RecordPlace, attachmentId: string, options?: CallOptions): Promise<Attachment> {
    const request = documents.attachmentRequest(place, attachmentId);
    return this.session.send({ ...request, accept: documents.isAttachment, expected: 'an attachment' }, options);
  }
  /** What `downloadAttachment` sends. */
  attachmentDownloadRequest(place: RecordPlace, attachmentId: string): PreparedRequest {
    return { ...this.session.prepared(documents.attachmentDownloadRequest(place, attachmentId)), download: true };
  }
  /** `GET …/attachments/{attachmentId}/download`, streamed into the caller's sink. `expectedType`
   * (the attachment's `contentType`) decides what is accepted besides `application/octet-stream`:
   * an HTML page or a JSON body is refused unless that is what the attachment is. */
  async downloadAttachment(
    place: RecordPlace,
    attachmentId: string,
    expectedType: string | undefined,
    options: DownloadOptions,
  ): Promise<Downloaded> {
    const { path } = documents.attachmentDownloadRequest(place, attachmentId);
    return this.session.download(path, attachmentCheck(expectedType), options);
  }

  /** What `uploadAttachment` sends (the body is the file, named, not its bytes). */
  uploadRequest(place: RecordPlace, file: Pick<UploadSource, 'name' | 'contentType' | 'size'>): PreparedRequest {
    const request = documents.uploadAttachmentRequest(place);
    checkUpload(request, file);
    return { ...this.session.prepared(request), upload: { name: file.name, contentType: file.contentType } };
  }
  /** `POST …/connections/{connectionId}/push/{dataType}/{id}/attachment(s)` (the path the contract
   * gives the type: invoices `attachment`, bills `attachments`), multipart/form-data with one part
   * `file`, streamed from the source. Sent once. Answers 200 with no body the contract names: the
   * caller lists the attachments to find the new one. */
  async uploadAttachment(place: RecordPlace, file: UploadSource, options?: UploadOptions): Promise<void> {
    await this.session.upload(documents.uploadAttachmentRequest(place).path, file, options);
  }

  /** What `deleteAttachment` sends. */
  deleteAttachmentRequest(place: RecordPlace, attachmentId: string): PreparedRequest {
    return this.session.prepared(documents.deleteAttachmentRequest(place, attachmentId));
  }
  /** `DELETE …/connections/{connectionId}/push/bills/{billId}/attachments/{attachmentId}` (Sync for
   * Payables v1): answered with a push operation, which the caller follows. Sent once. */
  async deleteAttachment(place: RecordPlace, attachmentId: string, options?: CallOptions): Promise<PushOperation> {
    const request = documents.deleteAttachmentRequest(place, attachmentId);
    const call = { ...request, once: true, accept: isPushOperation, expected: 'a push operation' };
    return this.session.send(call, options);
  }
}
