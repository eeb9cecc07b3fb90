// Push rules: how the next valid pushes turn out, changeable while the server runs, as fault rules
// are (`emu.pushes.add(rule)`, `/_emulator/pushes`). The first rule (in the order added) that
// matches a push decides it; `times` uses a rule up, then it removes itself. A push no rule
// matches is answered 200 Pending and succeeds after the default delay (the `pushDelayMs` option).
// Faults still apply first: a faulted push (other than truncatedJson and appliedThenGateway) never reaches this.
import type { PushOperationStatus } from './wire';
import { RuleList, type RuleEntry } from './ruleList';

/** What a push does: creates a record (`POST …/push/{type}`), updates one (`PUT`) or deletes one (`DELETE`). */
export type PushOperationKind = 'create' | 'update' | 'delete';
const KINDS: readonly string[] = ['create', 'update', 'delete'];

export interface PushRule {
  /** What the push ends as: Success (default), Failed (the platform refused it) or TimedOut. */
  outcome?: Exclude<PushOperationStatus, 'Pending'>;
  /** The HTTP status of the push's own answer: 200 (default) or 202, accepted and pending. */
  answer?: 200 | 202;
  /** Milliseconds, on the emulator's clock, from the push to its outcome (instead of the default). */
  delayMs?: number;
  /** Only pushes of this data type (`invoices`, …; the chart of accounts' as `accounts` or `chartOfAccounts`). */
  dataType?: string;
  /** Only creates, updates or deletes (a bill attachment's delete is a delete). */
  operation?: PushOperationKind;
  /** Only pushes to this company. */
  companyId?: string;
  /** Apply this many times, then the rule removes itself. Default: until removed. */
  times?: number;
}

export type PushRuleEntry = RuleEntry<PushRule>;

export class PushRuleError extends Error {}

const OUTCOMES = ['Success', 'Failed', 'TimedOut'];
const KNOWN = new Set(['outcome', 'answer', 'delayMs', 'dataType', 'companyId', 'operation', 'times']);

function validate(input: unknown): PushRule {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new PushRuleError('A push rule must be a JSON object.');
  const r = input as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!KNOWN.has(k)) throw new PushRuleError(`Unknown push rule field "${k}".`);
  const rule: PushRule = {};
  if (r.outcome !== undefined) {
    if (typeof r.outcome !== 'string' || !OUTCOMES.includes(r.outcome))
      throw new PushRuleError(`"outcome" must be one of ${OUTCOMES.join(', ')}.`);
    rule.outcome = r.outcome as PushRule['outcome'];
  }
  if (r.answer !== undefined) {
    if (r.answer !== 200 && r.answer !== 202) throw new PushRuleError('"answer" must be 200 or 202.');
    rule.answer = r.answer;
  }
  if (r.delayMs !== undefined) {
    if (typeof r.delayMs !== 'number' || !Number.isFinite(r.delayMs) || r.delayMs < 0)
      throw new PushRuleError('"delayMs" must be a non-negative number.');
    rule.delayMs = r.delayMs;
  }
  if (r.operation !== undefined) {
    if (typeof r.operation !== 'string' || !KINDS.includes(r.operation))
      throw new PushRuleError(`"operation" must be one of ${KINDS.join(', ')}.`);
    rule.operation = r.operation as PushOperationKind;
  }
  for (const key of ['dataType', 'companyId'] as const) {
    const value = r[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') throw new PushRuleError(`"${key}" must be a non-empty string.`);
    rule[key] = value;
  }
  if (r.times !== undefined) {
    if (!Number.isInteger(r.times) || (r.times as number) < 1)
      throw new PushRuleError('"times" must be a positive integer.');
    rule.times = r.times as number;
  }
  return rule;
}

/** The push rules (ids `push-1`, …). Throws PushRuleError for a rule that is not valid. */
export class PushRules extends RuleList<PushRule> {
  constructor() {
    super('push', validate);
  }

  /** The rule that decides a valid push of this type to this company, if any; uses up its `times`. */
  take(companyId: string, dataType: string, operation: PushOperationKind = 'create'): PushRule | undefined {
    const names = dataType === 'accounts' ? ['accounts', 'chartOfAccounts'] : [dataType];
    const rule = this.rules.find(
      (r) =>
        (r.dataType === undefined || names.includes(r.dataType)) &&
        (r.operation === undefined || r.operation === operation) &&
        (r.companyId === undefined || r.companyId.toLowerCase() === companyId.toLowerCase()),
    );
    if (!rule) return undefined;
    rule.applied++;
    if (rule.times !== undefined && rule.applied >= rule.times) this.remove(rule.id);
    const { id: _id, applied: _applied, ...decided } = rule;
    return decided;
  }
}
