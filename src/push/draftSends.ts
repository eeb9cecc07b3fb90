// What this window knows of each draft's sends, so that Push never sends one again without asking:
// a draft that made a record (its push operation), or one whose push got no usable answer and was
// not found (it may have been written all the same). Free of `vscode`; keyed by the draft's URI.
import type { PushOperation } from '../api';

type DraftSend =
  | { kind: 'pushed'; operationKey: string }
  | {
      kind: 'uncertain';
      /** When the push whose answer was lost was sent, and what it sent: looked up again later. */
      sentAt: Date;
      body: Record<string, unknown>;
      /** The failure that stood in for the answer (already redacted). */
      reason: string;
    };

/** Drafts remembered at most: a window seldom holds more, and the oldest is the least likely pushed again. */
const MAX_DRAFTS = 500;

export class DraftSends {
  private readonly byDraft = new Map<string, DraftSend>();

  get(draft: string): DraftSend | undefined {
    return this.byDraft.get(draft);
  }

  /** The draft made `op` (answered, or found in the history). */
  pushed(draft: string, op: PushOperation): void {
    this.set(draft, { kind: 'pushed', operationKey: op.pushOperationKey });
  }

  /** The draft was sent, and whether it was written is not known. */
  uncertain(draft: string, sentAt: Date, body: Record<string, unknown>, reason: string): void {
    this.set(draft, { kind: 'uncertain', sentAt, body, reason });
  }

  /** Puts back what was known before a send that was surely not written (refused, never sent). */
  restore(draft: string, send: DraftSend | undefined): void {
    if (send) this.set(draft, send);
    else this.byDraft.delete(draft);
  }

  private set(draft: string, send: DraftSend): void {
    this.byDraft.delete(draft);
    this.byDraft.set(draft, send);
    if (this.byDraft.size > MAX_DRAFTS) this.byDraft.delete(this.byDraft.keys().next().value as string);
  }
}
