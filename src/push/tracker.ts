// The pushes of one account that are still Pending, followed until they settle, whatever the tree
// does meanwhile (a refresh makes new nodes; the follow goes on). Nodes read the latest state of
// an operation here; commands hear when one settles. Free of `vscode`.
import { isCancellation, type PushOperation } from '../api';
import { Emitter, type Event } from '../util/emitter';
import { followPush, isSettled, type FollowOptions } from './follow';

/** How an operation is read again: GET /companies/{id}/push/{key} (through the rate gate). */
type ReadOperation = (signal?: AbortSignal) => Promise<PushOperation>;

export interface PushSettled {
  operation: PushOperation;
  /** Set when following failed (the operation may still settle; the history shows it). */
  error?: Error;
}

export class PushTracker {
  private readonly latest = new Map<string, PushOperation>();
  private readonly follows = new Map<string, AbortController>();
  /** Follows that reached their deadline still pending, with how to read them again. */
  private readonly stalled = new Map<string, ReadOperation>();
  private readonly changed = new Emitter<PushOperation>();
  private readonly settled = new Emitter<PushSettled>();
  /** An operation's state changed (each poll that brought news, and a follow that ran out). */
  readonly onDidChange: Event<PushOperation> = this.changed.event;
  /** An operation this tracker followed settled, or could not be followed further. */
  readonly onDidSettle: Event<PushSettled> = this.settled.event;

  constructor(private readonly followOptions: Omit<FollowOptions, 'signal' | 'onUpdate'> = {}) {}

  /** The latest state seen of an operation, if this tracker has seen it. */
  get(key: string): PushOperation | undefined {
    return this.latest.get(key);
  }

  /** Whether the operation is being followed now. */
  following(key: string): boolean {
    return this.follows.has(key);
  }

  /** Whether following the operation ran out of time while it was still pending: checkAgain
   * follows it again. */
  isStalled(key: string): boolean {
    return this.stalled.has(key);
  }

  /** Keeps `op` and, while it is Pending, follows it; settles at once when it already has. */
  track(op: PushOperation, read: ReadOperation): void {
    const key = op.pushOperationKey;
    this.latest.set(key, op);
    this.stalled.delete(key);
    this.changed.fire(op);
    if (isSettled(op)) {
      this.settled.fire({ operation: op });
      return;
    }
    this.follow(op, read, {});
  }

  /** Follows a stalled operation again, its first poll at once; false when it is not stalled. */
  checkAgain(key: string): boolean {
    const read = this.stalled.get(key);
    const op = this.latest.get(key);
    if (!read || !op) return false;
    this.stalled.delete(key);
    this.follow(op, read, { firstDelayMs: 0 });
    this.changed.fire(op);
    return true;
  }

  private follow(op: PushOperation, read: ReadOperation, extra: Pick<FollowOptions, 'firstDelayMs'>): void {
    const key = op.pushOperationKey;
    if (this.follows.has(key)) return;
    const controller = new AbortController();
    this.follows.set(key, controller);
    // A poll's operation has no `data` (the push's answer alone carries it): keep the answer's.
    const update = (next: PushOperation): void => {
      const data = next.data ?? this.latest.get(key)?.data;
      const merged = data ? { ...next, data } : next;
      this.latest.set(key, merged);
      this.changed.fire(merged);
    };
    const options = { ...this.followOptions, ...extra, signal: controller.signal, onUpdate: update };
    followPush(read, op, options).then(
      (last) => {
        this.follows.delete(key);
        if (!isSettled(last)) return this.stall(key, read);
        update(last);
        this.settled.fire({ operation: this.latest.get(key) ?? last });
      },
      (error: unknown) => {
        this.follows.delete(key);
        if (isCancellation(error)) return;
        this.settled.fire({ operation: this.latest.get(key) ?? op, error: error as Error });
      },
    );
  }

  /** The follow ran out of time: the node says so (a change), and Refresh checks again. */
  private stall(key: string, read: ReadOperation): void {
    this.stalled.set(key, read);
    const op = this.latest.get(key);
    if (op) this.changed.fire(op);
  }

  /** Stops every follow (the account's key changed or the extension is leaving). */
  dispose(): void {
    for (const c of this.follows.values()) c.abort();
    this.follows.clear();
    this.stalled.clear();
    this.changed.dispose();
    this.settled.dispose();
  }
}
