// A company's pull operations (Codat's "datasets"), its sync history: the syncs queued through the
// emulator and, for a seeded company whose data is synced, the syncs that brought it. Those are
// made from the seed the first time the company's history is read, so a reset stays cheap and a
// fresh emulator already shows a history that agrees with the data status: the latest operation
// of each synced type is the data set's `latestSuccessfulSyncId`, completed at its
// `lastSuccessfulSync`.
import type { SeededCompany } from './companies';
import { statusKey, supports } from './dataSets';
import { DATA_TYPES } from './dataTypes';
import { Random } from './random';
import type { PullOperation } from './wire';

const DAY_MS = 24 * 3_600_000;

/** The id of the sync that brought a seeded company's data of a type (its data status names it). */
export function seededSyncId(seed: number, companyId: string, type: string): string {
  // Invoices keep the sync ids they always had; the other types get their own.
  return (type === 'invoices' ? Random.of(seed, companyId, 'sync') : Random.of(seed, companyId, 'sync', type)).uuid();
}

interface Seeded {
  companyId: string;
  connectionId: string | undefined;
  dataType: string;
}

/** A completed sync, its fields in the contract's order. */
function completeOp(of: Seeded, id: string, requestedMs: number, completed: string): PullOperation {
  return {
    id,
    companyId: of.companyId,
    ...(of.connectionId ? { connectionId: of.connectionId } : {}),
    dataType: of.dataType,
    status: 'Complete',
    requested: new Date(requestedMs).toISOString(),
    completed,
    progress: 100,
    isCompleted: true,
    isErrored: false,
  };
}

/** The two daily syncs of invoices before the latest, the older of which failed. */
function earlierInvoiceSyncs(seed: number, of: Seeded, latestMs: number, durationMs: number): PullOperation[] {
  return [1, 2].map((days) => {
    const requested = latestMs - days * DAY_MS;
    const id = Random.of(seed, of.companyId, 'sync', 'invoices', 'earlier', days).uuid();
    const op = completeOp(of, id, requested, new Date(requested + durationMs).toISOString());
    if (days === 1) return op;
    const errorMessage = 'The accounting platform did not answer in time; queue the sync again.';
    return { ...op, status: 'FetchError', progress: 40, isCompleted: false, isErrored: true, errorMessage };
  });
}

/**
 * The syncs a seeded company's synced data came from: one per type its platform offers, requested
 * a few minutes before the company's `lastSync` and completed then; for invoices also the two daily
 * syncs before, the older of which failed (FetchError), so a history shows a failure too.
 * Companies not synced at seed time (not requested, syncing, unsupported) have none.
 */
export function seededPulls(seed: number, s: SeededCompany): PullOperation[] {
  const lastSync = s.company.lastSync;
  if (s.dataset.kind !== 'complete' || lastSync === undefined) return [];
  const companyId = s.company.id;
  const connectionId = s.company.dataConnections?.[0]?.id;
  const ops: PullOperation[] = [];
  for (const type of DATA_TYPES.filter((t) => supports(s.platform, t, s.wellKnown))) {
    const of: Seeded = { companyId, connectionId, dataType: statusKey(type) };
    const durationMs = Random.of(seed, companyId, 'sync-duration', type).int(20, 600) * 1000;
    const requestedMs = Date.parse(lastSync) - durationMs;
    ops.push(completeOp(of, seededSyncId(seed, companyId, type), requestedMs, lastSync));
    if (type === 'invoices') ops.push(...earlierInvoiceSyncs(seed, of, requestedMs, durationMs));
  }
  return ops;
}

/** Every company's pull operations; each company's list starts from `seeded` when first touched. */
export class PullStore {
  private byCompany = new Map<string, PullOperation[]>();

  constructor(private readonly seeded: (companyId: string) => PullOperation[]) {}

  reset(): void {
    this.byCompany.clear();
  }

  /** A deleted company's history goes with it. */
  forget(companyId: string): void {
    this.byCompany.delete(companyId);
  }

  private listOf(companyId: string): PullOperation[] {
    let list = this.byCompany.get(companyId);
    if (!list) {
      list = this.seeded(companyId);
      this.byCompany.set(companyId, list);
    }
    return list;
  }

  /** Keeps an operation the emulator goes on changing (its sync settles it in place). */
  add(op: PullOperation): void {
    this.listOf(op.companyId).push(op);
  }

  /** The company's pull operations, the most recently requested first (ties: the later added). */
  history(companyId: string): readonly PullOperation[] {
    return [...this.listOf(companyId)].reverse().sort((a, b) => Date.parse(b.requested) - Date.parse(a.requested));
  }

  /** One of the company's pull operations, as a copy (ids compare in any case, as UUIDs do). */
  find(companyId: string, id: string): PullOperation | undefined {
    const wanted = id.toLowerCase();
    const op = this.listOf(companyId).find((o) => o.id.toLowerCase() === wanted);
    return op ? structuredClone(op) : undefined;
  }
}
