// A company's data sets, one per data type: not requested, unsupported by its platform, ready,
// and possibly a sync running. How a type starts out follows how the company's invoices start
// (companies.ts) and which types its platform lacks.
import type { WellKnownName } from './companies';
import type { DataStatus, PullOperation } from './wire';

export interface RunningSync {
  op: PullOperation;
  /** Clock time it completes at; undefined for the `syncing` company, whose sync never ends. */
  completesAt?: number;
  countAfter: number;
}

export interface Dataset {
  state: 'notRequested' | 'unsupported' | 'ready';
  /**
   * Invoices available (only meaningful when ready). The other types are sized by the company's
   * books when listed (dataTypes.ts), so theirs stays 0: nothing is counted at reset.
   */
  count: number;
  lastSuccessfulSync?: string;
  latestSuccessfulSyncId?: string;
  running?: RunningSync;
}

/**
 * Types a platform does not offer, for filler companies. The emulator's choice, not a claim about
 * the real platform: one platform lacks some types so a client meets the 404 next to ready types.
 */
const UNSUPPORTED_BY: Record<string, readonly string[]> = {
  FreshBooks: ['journalEntries', 'billCreditNotes'],
};

/**
 * Whether a company's platform offers a type. The well-known companies are exempt: `many`, `few`
 * and `empty` hold every type, `unsupported` none (its invoices data set decides that).
 */
export function supports(platform: string, type: string, wellKnown: WellKnownName | undefined): boolean {
  return wellKnown !== undefined || !(UNSUPPORTED_BY[platform] ?? []).includes(type);
}

/** The data set's line in `GET /dataStatus`, or undefined while it was never requested. */
export function statusOf(type: string, d: Readonly<Dataset>): DataStatus | undefined {
  if (d.state === 'unsupported') return { dataType: type, currentStatus: 'NotSupported' };
  if (!d.running && d.state === 'notRequested') return undefined;
  const status: DataStatus = { dataType: type, currentStatus: d.running ? 'Fetching' : 'Complete' };
  if (d.lastSuccessfulSync) status.lastSuccessfulSync = d.lastSuccessfulSync;
  const latest = d.running?.op.id ?? d.latestSuccessfulSyncId;
  if (latest) status.latestSyncId = latest;
  if (d.latestSuccessfulSyncId) status.latestSuccessfulSyncId = d.latestSuccessfulSyncId;
  return status;
}
