// A new connection followed until it leaves PendingAuth (the company's user authorized or denied
// it at its link): asked for again with backoff, 1 s doubling to 30 s, through the client and its
// rate gate, for at most an hour, stopped by its signal.
import type { DataConnection } from '../api';
import { followUntil, type FollowOptions } from '../push/follow';

/** How long a pending connection is watched: past it, its node still says pending and Refresh asks. */
const WATCH_CONNECTION_FOR_MS = 60 * 60_000;

export function isPending(c: Pick<DataConnection, 'status'>): boolean {
  return c.status === 'PendingAuth';
}

/** Polls `get` until the connection is no longer PendingAuth, or the deadline passes (then the
 * connection as last seen, still pending). A transient failure delays the next poll; another, or
 * five in a row, ends the watch with it. `path` (what `get` asks for) names a cancellation. */
export function watchConnection(
  get: (signal?: AbortSignal) => Promise<DataConnection>,
  initial: DataConnection,
  path: string,
  options: FollowOptions<DataConnection> = {},
): Promise<DataConnection> {
  const id = initial.id.toLowerCase();
  return followUntil(
    get,
    initial,
    {
      settled: (c) => !isPending(c),
      fingerprint: (c) => `${String(c.status)} ${String(c.lastSync)}`,
      path,
      isOwn: (c) => typeof c.id === 'string' && c.id.toLowerCase() === id,
    },
    { firstDelayMs: 1000, maxDelayMs: 30_000, deadlineMs: WATCH_CONNECTION_FOR_MS, ...options },
  );
}
