// Whether an attachment write whose answer was lost took, read from the record's attachments as
// listed after it: an upload answers 200 with no body the contract names, so the new attachment is
// found by what was sent (its name and size), among those not there before.
import type { Attachment } from '../api';

interface SentUpload {
  name: string;
  size: number;
  /** The ids listed before the upload was sent: none of them is the new one. */
  before: readonly string[];
}

const same = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The attachment the upload made: a new one of the same name and (when the server says) size;
 * the last listed when several match. */
export function findUploaded(attachments: readonly Attachment[], sent: SentUpload): Attachment | undefined {
  const before = new Set(sent.before.map((id) => id.toLowerCase()));
  const found = attachments.filter(
    (a) =>
      typeof a.id === 'string' &&
      !before.has(a.id.toLowerCase()) &&
      same(a.name, sent.name) &&
      (typeof a.fileSize !== 'number' || a.fileSize === sent.size),
  );
  return found.at(-1);
}

/** Whether a delete took: the attachment is no longer listed. */
export function attachmentGone(attachments: readonly Attachment[], attachmentId: string): boolean {
  return !attachments.some((a) => same(a.id, attachmentId));
}
