// The push trackers of the accounts, one each, kept across the tree's rebuilds of an account's
// root (a new key, a new page size): a push is followed whatever the tree does, until its account
// is removed. extension.ts makes them and says which accounts remain; the tree hands each account's
// nodes its tracker.
import { PushTracker } from './tracker';

export class PushTrackers {
  private readonly trackers = new Map<string, PushTracker>();

  /** The account's tracker, made on first use. */
  of(accountId: string): PushTracker {
    let tracker = this.trackers.get(accountId);
    if (!tracker) {
      tracker = new PushTracker();
      this.trackers.set(accountId, tracker);
    }
    return tracker;
  }

  /** Accounts were removed: their trackers stop following. */
  keepOnly(accountIds: readonly string[]): void {
    for (const [id, tracker] of [...this.trackers]) {
      if (accountIds.includes(id)) continue;
      tracker.dispose();
      this.trackers.delete(id);
    }
  }

  dispose(): void {
    for (const tracker of this.trackers.values()) tracker.dispose();
    this.trackers.clear();
  }
}
