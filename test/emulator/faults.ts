// Fault rules: make chosen requests fail in chosen ways, changeable while the server runs.
// Rules are checked in the order they were added: every matching `latency` rule adds its delay,
// then the first matching rule of another kind decides the answer. `rate` draws from a seeded
// generator, so the same seed and the same requests fail the same way.
import { patternMatches, patternProblem } from './faultPattern';
import { Random } from './random';
import { RuleList, type RuleEntry } from './ruleList';

export const FAULT_KINDS = [
  'status',
  'html',
  'malformedJson',
  'truncatedJson',
  'appliedThenGateway',
  'emptyBody',
  'textBody',
  'cutBody',
  'stallBody',
  'reset',
  'latency',
  'misstatedTotal',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** Status code of the answer; each kind has its own default. */
  status?: number;
  /** Only this HTTP method (any case). */
  method?: string;
  /** Substring of the request path (no query string); a string starting with ^ is a regex of
   * bounded cost (faultPattern.ts). */
  path?: string;
  /** Apply this many times, then the rule removes itself. Default: until removed. */
  times?: number;
  /** Probability 0..1 that a matching request is hit. Default 1. */
  rate?: number;
  /** Retry-After: seconds, or an HTTP-date string; `false` sends none, not even a 429's default
   * (a gateway's 429 may come without one). */
  retryAfter?: number | string | false;
  /** Delay of a `latency` rule (also usable on other kinds: wait, then fail). */
  latencyMs?: number;
  /** Only requests made with a key of this account (`normal`, `freeTrial`, `expired`): one
   * account's fault leaves another's requests on the same server untouched. */
  account?: string;
}

export type FaultEntry = RuleEntry<FaultRule>;

export class FaultRuleError extends Error {}

export interface FaultDecision {
  latencyMs: number;
  /** Whether a `latency` rule applied (the request log names it when no other rule did). */
  delayed: boolean;
  fault?: FaultEntry;
}

/** A path prefix, or a `^` pattern that compiles and cannot take unbounded time to match. */
function checkedPath(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0) throw new FaultRuleError('"path" must be a non-empty string.');
  if (path.startsWith('^')) {
    try {
      new RegExp(path);
    } catch {
      throw new FaultRuleError('"path" is not a valid regular expression.');
    }
    const problem = patternProblem(path);
    if (problem) throw new FaultRuleError(`"path" could take unbounded time to match: ${problem}.`);
  }
  return path;
}

function validate(input: unknown): FaultRule {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new FaultRuleError('A fault rule must be a JSON object.');
  const r = input as Record<string, unknown>;
  const known = new Set(['kind', 'status', 'method', 'path', 'times', 'rate', 'retryAfter', 'latencyMs', 'account']);
  for (const k of Object.keys(r)) if (!known.has(k)) throw new FaultRuleError(`Unknown fault rule field "${k}".`);
  if (typeof r.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(r.kind)) {
    throw new FaultRuleError(`"kind" must be one of ${FAULT_KINDS.join(', ')}.`);
  }
  const rule: FaultRule = { kind: r.kind as FaultKind };
  if (r.status !== undefined) {
    if (!Number.isInteger(r.status) || (r.status as number) < 100 || (r.status as number) > 599)
      throw new FaultRuleError('"status" must be an integer 100–599.');
    rule.status = r.status as number;
  }
  if (r.method !== undefined) {
    if (typeof r.method !== 'string' || !/^[A-Za-z]+$/.test(r.method))
      throw new FaultRuleError('"method" must be an HTTP method name.');
    rule.method = r.method.toUpperCase();
  }
  if (r.path !== undefined) rule.path = checkedPath(r.path);
  if (r.times !== undefined) {
    if (!Number.isInteger(r.times) || (r.times as number) < 1)
      throw new FaultRuleError('"times" must be a positive integer.');
    rule.times = r.times as number;
  }
  if (r.rate !== undefined) {
    if (typeof r.rate !== 'number' || !(r.rate >= 0 && r.rate <= 1))
      throw new FaultRuleError('"rate" must be a number from 0 to 1.');
    rule.rate = r.rate;
  }
  if (r.retryAfter !== undefined) {
    const ok =
      r.retryAfter === false ||
      (typeof r.retryAfter === 'number' && Number.isInteger(r.retryAfter) && r.retryAfter >= 0) ||
      (typeof r.retryAfter === 'string' && r.retryAfter.length > 0);
    if (!ok) throw new FaultRuleError('"retryAfter" must be whole seconds, an HTTP-date string or false.');
    rule.retryAfter = r.retryAfter as number | string | false;
  }
  if (r.account !== undefined) {
    if (typeof r.account !== 'string' || r.account === '')
      throw new FaultRuleError('"account" must be an account name.');
    rule.account = r.account;
  }
  if (r.latencyMs !== undefined) {
    if (typeof r.latencyMs !== 'number' || !(r.latencyMs >= 0) || !Number.isFinite(r.latencyMs))
      throw new FaultRuleError('"latencyMs" must be a non-negative number.');
    rule.latencyMs = r.latencyMs;
  }
  return rule;
}

function matches(rule: FaultRule, method: string, path: string, account: string | undefined): boolean {
  if (rule.method && rule.method !== method.toUpperCase()) return false;
  if (rule.account !== undefined && rule.account !== account) return false;
  if (rule.path)
    return rule.path.startsWith('^') ? patternMatches(new RegExp(rule.path), path) : path.includes(rule.path);
  return true;
}

/** The fault rules (ids `fault-1`, …), and what each request meets. Throws FaultRuleError for a
 * rule that is not valid. */
export class FaultController extends RuleList<FaultRule> {
  private random: Random;

  constructor(private readonly seed: number) {
    super('fault', validate);
    this.random = Random.of(seed, 'faults');
  }

  /** Back to the seeded state: no rules, ids and the `rate` generator restarted. */
  override reset(): void {
    super.reset();
    this.random = Random.of(this.seed, 'faults');
  }

  private hits(rule: FaultEntry): boolean {
    if (rule.rate !== undefined && rule.rate < 1 && !(this.random.next() < rule.rate)) return false;
    rule.applied++;
    if (rule.times !== undefined && rule.applied >= rule.times) this.remove(rule.id);
    return true;
  }

  /** Decides what happens to one API request (of `account`, when its key is one), consuming
   * `times` of the rules that apply. */
  decide(method: string, path: string, account?: string): FaultDecision {
    let latencyMs = 0;
    let delayed = false;
    let fault: FaultEntry | undefined;
    for (const rule of [...this.rules]) {
      if (!matches(rule, method, path, account)) continue;
      if (rule.kind === 'latency') {
        if (this.hits(rule)) {
          latencyMs += rule.latencyMs ?? 0;
          delayed = true;
        }
      } else if (!fault && this.hits(rule)) {
        fault = { ...rule };
        latencyMs += rule.latencyMs ?? 0;
      }
    }
    return { latencyMs, delayed, fault };
  }
}
