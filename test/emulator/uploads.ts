// Uploading an attachment (`POST …/connections/{connectionId}/push/invoices/{id}/attachment`,
// `…/push/bills/{id}/attachments`): multipart/form-data with one part `file`, read as it streams
// (its body is never read whole first, unlike the JSON routes' 1 MB), up to a cap, and kept with the
// record: it is listed after the record's other files. Answered 200 with no body, as the contract
// gives none. The request log records its name, size and type, never its bytes.
import type { Readable } from 'node:stream';
import { ATTACHMENT_TYPES, type AttachmentType, UPLOAD_SEGMENTS } from './attachments';
import { connectedRecord } from './documentRoutes';
import { ApiResponse, type Service, errorResponse, notFound } from './errors';
import { chunksSource } from './fileBytes';
import { MultipartError, boundaryOf, readPart } from './multipart';
import { readPath } from './percentEncoding';
import { type ApiRequest, isResponse } from './routing';
import type { EmulatorState } from './state';
import type { Attachment, DataConnection } from './wire';

/** The largest file an upload may carry (QuickBooks Online's and NetSuite's limit, Codat's Attachment says). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** What the request log keeps of an upload. */
export interface UploadLog {
  name: string | null;
  size: number;
  contentType: string;
}

export interface UploadAnswer {
  response: ApiResponse;
  upload?: UploadLog;
}

/** Whether a request to this path is an upload (of any type: one without uploads is a 404 read
 * without its body). */
export function isUploadPath(path: string): boolean {
  const s = readPath(path);
  if (!Array.isArray(s) || s.length !== 8) return false;
  const literal = (i: number, ...names: string[]): boolean => names.includes(s[i].toLowerCase());
  return (
    literal(0, 'companies') &&
    literal(2, 'connections') &&
    literal(4, 'push') &&
    literal(7, 'attachment', 'attachments')
  );
}

/** A 400 naming what was wrong; the connection closes once answered when the body was not all read. */
function refused(
  itemId: string,
  message: string,
  status: 400 | 413 = 400,
  service: Service = 'PublicApi',
): ApiResponse {
  const validation =
    status === 400 ? { errors: [{ itemId, message, validatorName: 'AttachmentUpload' }], warnings: [] } : undefined;
  return errorResponse(status, service, message, validation, { Connection: 'close' });
}

function notLinked(connection: DataConnection): ApiResponse {
  return refused(
    'dataConnectionKey',
    `The data connection ${connection.id} is ${connection.status}: the company must link it again before data can be pushed.`,
  );
}

/** Serves an upload: the record first (404s before a byte is read), then the body as it streams. */
export async function handleUpload(
  req: ApiRequest,
  body: Readable,
  state: EmulatorState,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<UploadAnswer> {
  const [, id, , connectionId, , type, recordId, segment] = readPath(req.path) as string[];
  const known = (ATTACHMENT_TYPES as readonly string[]).includes(type);
  if (!known || UPLOAD_SEGMENTS[type as AttachmentType] !== segment.toLowerCase()) return { response: notFound() };
  const found = connectedRecord(state, req, [id, connectionId, recordId], type as AttachmentType);
  if (isResponse(found)) return { response: found };
  const connection = found.connection as DataConnection;
  if (connection.status !== 'Linked') return { response: notLinked(connection) };
  const boundary = boundaryOf(req.contentType);
  if (boundary instanceof MultipartError) return { response: refused('Content-Type', boundary.message) };
  const chunks: Buffer[] = [];
  let part;
  try {
    part = await readPart(body, boundary, 'file', maxBytes, (chunk) => chunks.push(chunk));
  } catch (e) {
    if (!(e instanceof MultipartError)) throw e;
    return { response: refused('file', e.message, e.status) };
  }
  const created = state.iso();
  const meta: Attachment = {
    id: state.nextRandom('attachment').uuid(),
    name: part.fileName ?? null,
    contentType: part.contentType ?? 'application/octet-stream',
    dateCreated: created,
    fileSize: part.size,
    includeWhenSent: false,
    modifiedDate: created,
    sourceModifiedDate: created,
  };
  state.attachments.add(found.key, { meta, source: chunksSource(chunks, part.size) });
  return {
    response: new ApiResponse(200),
    upload: { name: meta.name, size: part.size, contentType: meta.contentType as string },
  };
}
