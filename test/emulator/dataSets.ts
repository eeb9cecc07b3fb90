// A company's data sets, one per data type: not requested, unsupported by its platform, ready,
// and possibly a sync running. How a type starts out follows how the company's invoices start
// (companies.ts) and which types its platform lacks.
import type { WellKnownName } from './companies';
import { DATA_TYPES } from './dataTypes';
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

// Codat names a type in `GET /dataStatus` and `POST /data/queue/{dataType}` by its path segment,
// but for the chart of accounts (Codat-Platform.json, `DataStatus.dataType`).
const STATUS_KEYS: Readonly<Record<string, string>> = { accounts: 'chartOfAccounts' };

/** A type's key in `GET /dataStatus`, its name in the sync queue and a pull operation's `dataType`. */
export function statusKey(segment: string): string {
  return STATUS_KEYS[segment] ?? segment;
}

/** The path segment of a name the sync queue takes; undefined for a name it does not know (the
 * chart of accounts' path segment, `accounts`, among them). */
export function segmentOf(name: string): string | undefined {
  return DATA_TYPES.find((segment) => statusKey(segment) === name);
}

/** The data set's line in `GET /dataStatus`, or undefined while it was never requested. */
export function statusOf(segment: string, d: Readonly<Dataset>): DataStatus | undefined {
  const type = statusKey(segment);
  if (d.state === 'unsupported') return { dataType: type, currentStatus: 'NotSupported' };
  if (!d.running && d.state === 'notRequested') return undefined;
  const status: DataStatus = { dataType: type, currentStatus: d.running ? 'Fetching' : 'Complete' };
  if (d.lastSuccessfulSync) status.lastSuccessfulSync = d.lastSuccessfulSync;
  const latest = d.running?.op.id ?? d.latestSuccessfulSyncId;
  if (latest) status.latestSyncId = latest;
  if (d.latestSuccessfulSyncId) status.latestSuccessfulSyncId = d.latestSuccessfulSyncId;
  return status;
}
