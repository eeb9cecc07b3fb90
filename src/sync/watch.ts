// A queued sync followed until its pull operation is done: complete, or ended in error. Its status
// moves through Queued, Fetching, Mapping… (Codat's data set states); `isCompleted` and `isErrored`
// say when it has ended, and a state that is an error says so even when they lag.
import { pullOperationPath, type PullOperation } from '../api';
import { followUntil, type FollowOptions } from '../push/follow';

const ENDED = new Set([
  'Complete',
  'FetchError',
  'MapError',
  'InternalError',
  'ProcessingError',
  'ValidationError',
  'AuthError',
  'NotSupported',
  'PrerequisiteNotMet',
]);

export function isSyncDone(op: PullOperation): boolean {
  return op.isCompleted || op.isErrored || ENDED.has(op.status);
}

/** Whether a finished sync failed. */
export function syncFailed(op: PullOperation): boolean {
  return op.isErrored || (op.status !== 'Complete' && ENDED.has(op.status));
}

/** Polls the pull operation (GET …/data/history/{id}) with backoff until it is done. */
export function watchSync(
  get: (signal?: AbortSignal) => Promise<PullOperation>,
  initial: PullOperation,
  options: FollowOptions<PullOperation> = {},
): Promise<PullOperation> {
  const path = pullOperationPath(initial.companyId, initial.id);
  const fingerprint = (op: PullOperation) => `${op.status} ${op.progress} ${op.isCompleted} ${op.isErrored}`;
  return followUntil(get, initial, { settled: isSyncDone, fingerprint, path }, options);
}
