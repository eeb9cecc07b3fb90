// What the soak configures as faults, and how each answer is told apart: the request's own answer,
// one of the configured faults (each has a shape no real answer has), or something unexpected,
// which fails the soak.
import type { FaultEntry, FaultRule } from '../emulator';
import { isErrorBody, type SoakRequest } from './requests';

/** One rule per kind of failure a client can meet, each at the same rate. */
export const SOAK_FAULTS: readonly FaultRule[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 429, retryAfter: 7 },
  { kind: 'html' },
  { kind: 'malformedJson' },
  { kind: 'truncatedJson' },
  { kind: 'emptyBody' },
  { kind: 'textBody' },
  { kind: 'reset' },
];

/** The rate each rule gets so that about `share` of all requests meet one (the first rule that
 * hits decides, so they compound). */
export function ruleRate(share: number, rules = SOAK_FAULTS.length): number {
  return 1 - (1 - share) ** (1 / rules);
}

/** A fault rule's name in the counts: its kind, and the status for `status` rules. */
export function faultClass(rule: Pick<FaultEntry, 'kind' | 'status'>): string {
  return rule.kind === 'status' ? `status${rule.status ?? 500}` : rule.kind;
}

export interface Received {
  status?: number;
  contentType?: string;
  body: string;
  /** The network error's code when no answer came. */
  error?: string;
}

/** The body the emulator's malformedJson fault sends. */
const MALFORMED = "{results: [{'id': 'not json'},], pageNumber: 1,";

function parse(text: string): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** `answered`, a fault class, or `unexpected`. */
export function classify(req: SoakRequest, got: Received): string {
  if (got.error !== undefined) return got.error === 'ECONNRESET' ? 'reset' : 'unexpected';
  const type = got.contentType ?? '';
  if (got.status === 502 && type.startsWith('text/html')) return 'html';
  if (got.status === 500 && type.startsWith('text/plain')) return 'textBody';
  if (got.status === 200 && got.body === MALFORMED) return 'malformedJson';
  // No real answer of the mix is empty.
  if (got.status === 200 && got.body === '') return 'emptyBody';
  const parsed = parse(got.body);
  if (!parsed.ok) return got.status === req.status && got.body !== '' ? 'truncatedJson' : 'unexpected';
  if (got.status === req.status && req.check(parsed.json)) return 'answered';
  // The emulator never answers these itself here: its rate limit is far above the run's requests
  // and a 500 of its own says "(emulator: …)", which the error text would not match.
  for (const status of [500, 503, 429]) {
    if (
      got.status === status &&
      isErrorBody(status)(parsed.json) &&
      !/\(emulator:/.test(String((parsed.json as { error: unknown }).error))
    )
      return `status${status}`;
  }
  return 'unexpected';
}
