// `POST /_emulator/attachments`: a file of any size added to a record, its bytes made from the seed
// as they are downloaded (fileBytes.ts patternSource), never held: a 200 MB attachment costs the
// emulator one 64 KiB block. What the benchmark and the size-cap tests download.
import { ATTACHMENT_TYPES, type AttachmentType } from './attachments';
import { findRecord } from './documentRoutes';
import { ApiResponse, errorResponse } from './errors';
import { PNG_SIGNATURE, patternSource } from './fileBytes';
import { isResponse } from './routing';
import type { EmulatorState } from './state';
import type { Attachment } from './wire';

/** The contract's fileSize is an int32. */
const MAX_SIZE = 2_147_483_647;

/** What a file of the type starts with, so a client checking the first bytes meets the right ones. */
function prefixOf(contentType: string): Buffer {
  if (contentType === 'application/pdf') return Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  if (contentType === 'image/png') return PNG_SIGNATURE;
  return Buffer.alloc(0);
}

const bad = (message: string): ApiResponse =>
  errorResponse(
    400,
    'PublicApi',
    `${message} The body is {"companyId", "dataType" (${ATTACHMENT_TYPES.join(', ')}), "recordId", "size" (bytes), "contentType"?, "name"?, "includeWhenSent"?}.`,
  );

/** Adds the file the body describes to the record; answers the attachment as the API lists it. */
export function addGeneratedFile(body: unknown, state: EmulatorState): ApiResponse {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return bad('The body is not a JSON object.');
  const b = body as Record<string, unknown>;
  const { companyId, dataType, recordId, size } = b;
  if (typeof companyId !== 'string' || typeof recordId !== 'string') return bad('companyId and recordId are strings.');
  if (!(ATTACHMENT_TYPES as readonly unknown[]).includes(dataType)) return bad('dataType has no attachments.');
  if (!Number.isInteger(size) || (size as number) < 0 || (size as number) > MAX_SIZE)
    return bad(`size is a whole number of bytes from 0 to ${MAX_SIZE}.`);
  const contentType = b.contentType ?? 'application/octet-stream';
  const name = b.name ?? 'generated.bin';
  if (typeof contentType !== 'string' || typeof name !== 'string') return bad('contentType and name are strings.');
  const entry = state.find(companyId);
  if (!entry) return errorResponse(404, 'PublicApi', `No company was found with ID ${companyId}`);
  const found = findRecord(state, entry, dataType as AttachmentType, recordId);
  if (isResponse(found)) return found;
  const created = state.iso();
  const id = state.nextRandom('attachment').uuid();
  const meta: Attachment = {
    id,
    name,
    contentType,
    dateCreated: created,
    fileSize: size as number,
    includeWhenSent: b.includeWhenSent === true,
    modifiedDate: created,
    sourceModifiedDate: created,
  };
  state.attachments.add(found.key, {
    meta,
    source: patternSource(size as number, state.seed, id, prefixOf(contentType.toLowerCase())),
  });
  return new ApiResponse(201, { ...meta });
}
