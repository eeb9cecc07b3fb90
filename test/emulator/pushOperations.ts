// Push operations: each push to a company, Pending until its time on the emulator's clock comes,
// then Success (a create's record joins the company's data; an update or a delete changes it,
// recordChanges.ts), Failed or TimedOut. A push whose body fails validation is Failed at once.
// Settled lazily, as syncs are: every request about the company first completes what is due, so
// no timer runs and the injected clock drives it.
import { createdRecord, pushedData, transactionRecords } from './pushRecords';
import { type PushOperationKind, type PushRule, PushRules } from './pushRules';
import { type PushDataType, pushName } from './pushTypes';
import { RecordChanges, type RecordPlace, placeKey } from './recordChanges';
import type { PushCheck } from './pushValidation';
import { Random } from './random';
import type { DataConnection, PushOperation, PushOperationChange, PushOperationStatus, ValidationItem } from './wire';

type Json = Record<string, unknown>;
type Outcome = Exclude<PushOperationStatus, 'Pending'>;

/** The push's status code once it ends this way (the emulator's choice: Codat does not list them). */
const STATUS_CODES: Record<Outcome, number> = { Success: 200, Failed: 500, TimedOut: 504 };

interface Due {
  at: number;
  outcome: Outcome;
  type: PushDataType;
  record: Json;
  currency: string;
  /** Records of the type the company had before any push: a pushed invoice's number follows them. */
  existing: number;
  /** Where a created record is kept. */
  place: RecordPlace;
  /** What a push that creates no record does when it succeeds (an update, a delete, a bill
   * attachment's delete), given the time it completes: its changes, or why the platform refused it. */
  apply?: Apply;
  kind: PushOperationKind;
}

/** A change's effect on Success: the push operation's `changes`, or (a string) why it fails instead. */
export type Apply = (completedOnUtc: string) => PushOperationChange[] | string;

interface Entry {
  op: PushOperation;
  due?: Due;
}

export interface NewPush {
  companyId: string;
  connection: DataConnection;
  type: PushDataType;
  /** Create (the default), update or delete: what push rules may pick out. */
  kind?: PushOperationKind;
  /** Where the created record is listed, when not at the company itself (a connection, a parent). */
  place?: RecordPlace;
  /** The company's base currency, for what the pushed record leaves out. */
  currency: string;
  /** Records of the type the company has from its books (invoices: their count), so the platform
   * numbers a pushed invoice after them; 0 when unknown. */
  existing?: number;
  timeoutInMinutes?: number;
  check: PushCheck;
  /** An update's or a delete's effect on Success (a create adds its record instead). */
  apply?: Apply;
  /** The answer's `data` when it is not the record as pushed (an update's: the record as it will be; a delete: none). */
  data?: Json | null;
}

export interface PushAnswer {
  op: PushOperation;
  /** The HTTP status of the push's answer. */
  status: 200 | 202;
  /** The record as the platform takes it (the Accounting API's `data`), for a push that passed validation. */
  data?: Json;
}

export const DEFAULT_PUSH_DELAY_MS = 1500;

export class PushStore {
  readonly rules = new PushRules();
  /** How long a push takes by default, on the emulator's clock (a rule may say otherwise). */
  delayMs: number;
  private operations = new Map<string, Entry[]>();
  private created = new Map<string, Json[]>();
  /** Records updates and deletes changed. */
  readonly changes = new RecordChanges();
  /** Told of each push as it ends (webhooks/hub.ts: the write events). */
  onSettled?: (op: PushOperation, kind: PushOperationKind) => void;
  private counter = 0;
  /** Resets so far: a key is never handed out twice by one emulator, as a real server's never is
   * (a client that remembers the operations it followed would take a new one for an old one). */
  private generation = 0;

  constructor(
    private readonly seed: number,
    private readonly now: () => Date,
    private readonly defaultDelayMs = DEFAULT_PUSH_DELAY_MS,
  ) {
    this.delayMs = defaultDelayMs;
  }

  reset(): void {
    this.operations.clear();
    this.created.clear();
    this.changes.reset();
    this.counter = 0;
    this.generation++;
    this.delayMs = this.defaultDelayMs;
    this.rules.reset();
  }

  /** A deleted company's pushes and the records they created go with it. */
  forget(companyId: string): void {
    this.operations.delete(companyId);
    for (const key of [...this.created.keys()]) if (key.startsWith(`${companyId}/`)) this.created.delete(key);
    this.changes.forget(companyId);
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  /** Takes a push: Failed at once when its body failed validation, Pending otherwise. */
  push(p: NewPush): PushAnswer {
    const nowMs = this.now().getTime();
    const r = Random.of(this.seed, 'push', this.generation, this.counter++);
    const op: PushOperation = {
      dataType: pushName(p.type),
      companyId: p.companyId,
      pushOperationKey: r.uuid(),
      dataConnectionKey: p.connection.id,
      requestedOnUtc: this.iso(nowMs),
      status: 'Pending',
      validation: { errors: p.check.errors, warnings: p.check.warnings },
      statusCode: 202,
    };
    if (p.timeoutInMinutes !== undefined) op.timeoutInMinutes = p.timeoutInMinutes;
    const entry: Entry = { op };
    const list = this.operations.get(p.companyId) ?? [];
    this.operations.set(p.companyId, list);
    list.push(entry);
    const errors = p.check.errors.length;
    if (errors > 0) {
      Object.assign(op, { status: 'Failed', statusCode: 400, completedOnUtc: op.requestedOnUtc });
      op.errorMessage = `The ${op.dataType} push failed validation with ${errors} error${errors === 1 ? '' : 's'}: see validation.errors.`;
      this.onSettled?.(op, p.kind ?? 'create');
      return { op: structuredClone(op), status: 200 };
    }
    const rule = this.rules.take(p.companyId, p.type, p.kind ?? 'create') ?? {};
    entry.due = {
      ...this.dueOf(rule, p.timeoutInMinutes, nowMs),
      type: p.type,
      record: p.check.record,
      currency: p.currency,
      existing: p.existing ?? 0,
      place: p.place ?? { companyId: p.companyId },
      apply: p.apply,
      kind: p.kind ?? 'create',
    };
    const data = p.data === undefined ? pushedData(p.type, p.check.record, p.currency) : p.data;
    return { op: structuredClone(op), status: rule.answer ?? 200, ...(data ? { data } : {}) };
  }

  /**
   * A push that changes a record rather than creating one (a bill attachment's delete): Failed at
   * once with `errors`, else Pending, then, as the push rules and delay say, `apply` on Success.
   */
  act(
    p: { companyId: string; connection: DataConnection; type: PushDataType; errors: ValidationItem[] },
    apply: () => PushOperationChange[],
  ): PushOperation {
    const check = { record: {}, errors: p.errors, warnings: [] };
    return this.push({ ...p, kind: 'delete', currency: '', check, apply, data: null }).op;
  }

  /** When and how a valid push ends: a timeout shorter than the delay wins. */
  private dueOf(rule: PushRule, timeoutInMinutes: number | undefined, nowMs: number): Pick<Due, 'at' | 'outcome'> {
    const delay = rule.delayMs ?? this.delayMs;
    const timeout = timeoutInMinutes === undefined ? undefined : timeoutInMinutes * 60_000;
    if (rule.outcome === 'TimedOut') return { at: nowMs + (timeout ?? delay), outcome: 'TimedOut' };
    if (timeout !== undefined && timeout < delay) return { at: nowMs + timeout, outcome: 'TimedOut' };
    return { at: nowMs + delay, outcome: rule.outcome ?? 'Success' };
  }

  /** Ends the company's pushes whose time has come, in the order they were made. */
  settle(companyId: string): void {
    const nowMs = this.now().getTime();
    for (const entry of this.operations.get(companyId) ?? []) {
      const due = entry.due;
      if (!due || due.at > nowMs) continue;
      entry.due = undefined;
      this.end(entry.op, due);
      this.onSettled?.(entry.op, due.kind);
    }
  }

  private end(op: PushOperation, due: Due): void {
    const completedOnUtc = this.iso(due.at);
    Object.assign(op, { status: due.outcome, statusCode: STATUS_CODES[due.outcome], completedOnUtc });
    const what = due.apply ? 'change' : 'record';
    if (due.outcome === 'Success') {
      const changes = due.apply ? due.apply(completedOnUtc) : this.create(op, due, completedOnUtc);
      if (typeof changes !== 'string') {
        op.changes = changes;
        return;
      }
      // The platform refused it when it came to it (the record went meanwhile).
      Object.assign(op, { status: 'Failed', statusCode: STATUS_CODES.Failed, errorMessage: changes });
    } else if (due.outcome === 'Failed') {
      op.errorMessage = due.apply
        ? `The platform refused the change to the ${op.dataType} record: nothing was changed.`
        : `The platform refused the ${op.dataType} record: nothing was created.`;
    } else {
      op.errorMessage = `The push timed out before the platform confirmed the ${op.dataType} ${what}.`;
    }
  }

  /** A successful create: its record (bank transactions: each line a record) joins the company's data. */
  private create(op: PushOperation, due: Due, at: string): PushOperationChange[] {
    const key = placeKey(due.place, due.type);
    const records = this.created.get(key) ?? [];
    this.created.set(key, records);
    const made =
      due.type === 'bankTransactions'
        ? transactionRecords(
            due.record,
            (i) => Random.of(this.seed, 'pushed-record', op.pushOperationKey, i).uuid(),
            at,
          )
        : [
            createdRecord(
              due.type,
              due.record,
              Random.of(this.seed, 'pushed-record', op.pushOperationKey).uuid(),
              due.currency,
              at,
              due.existing + records.length + 1,
            ),
          ];
    records.push(...made);
    return made.map((r) => ({ type: 'Created', recordRef: { id: String(r.id), dataType: op.dataType } }));
  }

  /** The company's push operations, the newest first. */
  history(companyId: string): PushOperation[] {
    return (this.operations.get(companyId) ?? []).map((e) => e.op).reverse();
  }

  /** One push operation of the company (keys compare in any case, as UUIDs do). */
  find(companyId: string, key: string): PushOperation | undefined {
    const wanted = key.toLowerCase();
    const entry = (this.operations.get(companyId) ?? []).find((e) => e.op.pushOperationKey === wanted);
    return entry ? structuredClone(entry.op) : undefined;
  }

  /** The records pushes created in a type's data at a place (a company's when a string), oldest first. */
  records(place: RecordPlace | string, type: string): readonly Json[] {
    const at = typeof place === 'string' ? { companyId: place } : place;
    return this.created.get(placeKey(at, type)) ?? [];
  }
}
