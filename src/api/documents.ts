// Documents of a record (Codat's Accounting API 2.1.0 and Sync for Payables v1): an invoice's PDF,
// the attachments of the types that have them (listed, read, downloaded, uploaded) and a bill
// attachment's delete. Request builders (ids checked) and the guards of their JSON answers.
import type { Attachment } from './models';
import type { Guard } from '../util/guards';

/** `{ attachments: Attachment[] | null }` (the contract's `Attachments`). */
export const isAttachmentList: Guard<{ attachments?: Attachment[] | null }> = (
  v,
): v is {
  attachments?: Attachment[] | null;
} => {
  void v;
  throw new Error('not implemented');
};
