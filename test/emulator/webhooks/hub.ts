// The emulator's webhooks: its consumers, what happens in it turned into the contract's events,
// and their deliveries. The rest of the emulator calls the hooks below (one line where a thing
// happens); they find the hub of their state here and do nothing when no consumer is subscribed.
// Syncs and pushes end lazily, when a request reads them (state.ts, pushOperations.ts): while an
// account has a consumer a ticker settles its companies every `tickMs` of wall time, so their
// events arrive without a poll, as Codat's do.
import { randomUUID } from 'node:crypto';
import type { RunningSync } from '../dataSets';
import type { PushOperationKind } from '../pushRules';
import type { CompanyEntry, EmulatorState } from '../state';
import type { Company, DataConnection, PullOperation, PushOperation } from '../wire';
import {
  type EventBody,
  companyDetails,
  connectionPayload,
  rateLimitPayload,
  readPayload,
  writePayload,
} from './catalog';
import { ConsumerStore } from './consumers';
import { Deliveries, type DeliveryOptions } from './delivery';

export interface WebhookOptions extends DeliveryOptions {
  /** How often (wall clock) companies of accounts with consumers are settled (default 250 ms). */
  tickMs?: number;
}

interface PendingRead {
  entry: CompanyEntry;
  initial: boolean;
  modifiedFromDate: string | null;
  completed: { op: PullOperation; recordsModified: boolean }[];
}

const hubs = new WeakMap<EmulatorState, WebhookHub>();

export function webhooksOf(state: EmulatorState): WebhookHub | undefined {
  return hubs.get(state);
}

export class WebhookHub {
  readonly consumers = new ConsumerStore();
  readonly deliveries: Deliveries;
  private readonly tickMs: number;
  private ticker: NodeJS.Timeout | undefined;
  private readonly reads = new Map<string, PendingRead>();

  constructor(
    private readonly state: EmulatorState,
    options: WebhookOptions = {},
    /** The emulator's log: each consumer with its secret as it is created, each delivery's attempts. */
    readonly log: (line: string) => void = () => undefined,
  ) {
    this.deliveries = new Deliveries(options, log);
    this.tickMs = options.tickMs ?? 250;
    hubs.set(state, this);
    state.pushes.onSettled = (op, kind) => this.pushSettled(op, kind);
  }

  /** The ticker runs while any consumer exists. */
  consumersChanged(): void {
    const any = this.consumers.all().length > 0;
    if (any && !this.ticker) {
      this.ticker = setInterval(() => this.tick(), this.tickMs);
      this.ticker.unref();
    } else if (!any && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  reset(): void {
    this.consumers.reset();
    this.deliveries.clear();
    this.reads.clear();
    this.consumersChanged();
  }

  close(): void {
    this.reset();
  }

  /** Settles the companies of every account with a consumer: their due syncs and pushes end. */
  tick(): void {
    const accounts = new Set(this.consumers.all().map((c) => c.account));
    for (const account of accounts) {
      for (const company of this.state.companiesOf(account as Parameters<EmulatorState['companiesOf']>[0])) {
        const entry = this.state.find(company.id);
        if (!entry) continue;
        this.state.pushes.settle(company.id);
        this.state.settle(entry);
      }
    }
  }

  /** Sends the event to every consumer of the account subscribed to it (and to its company's tags). */
  emit(account: string, eventType: string, payload: Record<string, unknown>, company?: Company): void {
    const to = this.consumers.subscribed(account, eventType, company ? (company.tags ?? {}) : undefined);
    if (to.length === 0) return;
    const body: EventBody = { id: randomUUID(), eventType, generatedDate: this.state.iso(), payload };
    for (const consumer of to) this.deliveries.send(consumer, { account, body, company });
  }

  /** A sync of the company completed; the syncs that complete in one settle make one read.completed. */
  syncCompleted(entry: CompanyEntry, op: PullOperation, recordsModified: boolean): void {
    const id = entry.company.id;
    let pending = this.reads.get(id);
    if (!pending) {
      const modifiedFromDate = entry.company.lastSync ?? null;
      pending = { entry, initial: modifiedFromDate === null, modifiedFromDate, completed: [] };
      this.reads.set(id, pending);
      queueMicrotask(() => this.flushRead(id));
    }
    pending.completed.push({ op: { ...op }, recordsModified });
  }

  private flushRead(id: string): void {
    const pending = this.reads.get(id);
    this.reads.delete(id);
    if (!pending) return;
    const { entry, completed, modifiedFromDate } = pending;
    const payload = readPayload(entry.company, completed, modifiedFromDate);
    this.emit(entry.account, 'read.completed', payload, entry.company);
    if (pending.initial) this.emit(entry.account, 'read.completed.initial', payload, entry.company);
  }

  private pushSettled(op: PushOperation, kind: PushOperationKind): void {
    const entry = this.state.find(op.companyId);
    if (!entry || op.status === 'Pending') return;
    const outcome = op.status === 'Success' ? 'successful' : 'unsuccessful';
    this.emit(entry.account, `${op.dataType}.write.${outcome}`, writePayload(entry.company, op, kind), entry.company);
  }
}

// ---- hooks: what the rest of the emulator calls ------------------------------------------------

export function companyEvent(
  state: EmulatorState,
  account: string,
  company: Company,
  type: 'created' | 'deleted',
): void {
  webhooksOf(state)?.emit(account, `company.${type}`, companyDetails(company), company);
}

export type ConnectionEvent = 'created' | 'connected' | 'failed' | 'disconnected' | 'reconnected' | 'deleted';

export function connectionEvent(
  state: EmulatorState,
  entry: CompanyEntry,
  connection: DataConnection,
  type: ConnectionEvent,
): void {
  const payload = connectionPayload(entry.company, connection);
  webhooksOf(state)?.emit(entry.account, `connection.${type}`, payload, entry.company);
}

/** Called as a sync's operation turns Complete, before its data set takes the new state. */
export function syncCompleted(
  state: EmulatorState,
  entry: CompanyEntry,
  run: RunningSync,
  before: { state: string },
): void {
  webhooksOf(state)?.syncCompleted(entry, run.op, before.state !== 'ready');
}

/** The first request of a window refused for the rate limit: its limit and end from the window's headers. */
export function rateLimitReached(state: EmulatorState, account: string, headers: Record<string, string>): void {
  const limit = Number(headers['X-Rate-Limit-Limit']);
  const resetsAt = new Date(headers['X-Rate-Limit-Reset']).toISOString();
  webhooksOf(state)?.emit(account, 'client.rateLimit.reached', rateLimitPayload(limit, resetsAt));
}
