// The redactor's cost per character on invoice JSON (issue 37: at most 3 ns; it was 7–9 ns when
// the linear redactor landed): a page of 500 invoices as JSON, as the export checks a page's
// records and as a record opened alone is redacted, with a key of the emulator's shape. Beside it,
// the regular expression the linear redactor replaced (legacyRedactor.ts), as a reference.
import { createRedactor } from '../../src/api/redact';
import { invoices } from './fixtures';
import type { BenchCase, CaseResult, Figure, Suite } from './harness';
import { legacyRedactor } from './legacyRedactor';

const PAGE = 500;
const QUICK_PAGE = 50;
const KEY = 'emu-normal-7Jq2xWv9Lk3Bz8Rt5Yp1Hn6Cd4Fg0Sm';
const REDACTOR = 'redactor, invoice JSON';
const LEGACY = 'the regular expression it replaced (reference), invoice JSON';
const GOAL_NS_PER_CHAR = 3;

function perChar(name: string, result: CaseResult | undefined, chars: number, goal: boolean): Figure | undefined {
  if (!result) return undefined;
  return {
    name,
    value: result.medianNs / chars,
    unit: 'ns/char',
    detail: `${(result.medianNs / 1e6).toFixed(2)} ms for ${chars.toLocaleString('en-US')} characters`,
    ...(goal ? { goal: { comparison: '≤', target: GOAL_NS_PER_CHAR } as const } : {}),
  };
}

export const redactSuite: Suite = {
  name: `redaction (${PAGE} invoices as JSON; --quick: ${QUICK_PAGE})`,
  prepare({ quick }) {
    const json = JSON.stringify(invoices(quick ? QUICK_PAGE : PAGE));
    const redact = createRedactor(KEY);
    const legacy = legacyRedactor(KEY);
    // A page that holds no key comes back as it went in; one that does, with it blanked.
    if (redact(json) !== json || !redact(`${json}${KEY}`).endsWith('***')) throw new Error('redactor: wrong result');
    const bytes = { amount: Buffer.byteLength(json), unit: 'bytes' } as const;
    const cases: BenchCase[] = [
      { name: REDACTOR, fn: () => redact(json), throughput: bytes },
      { name: LEGACY, fn: () => legacy(json), throughput: bytes },
    ];
    return {
      cases,
      ratios: (results) =>
        [
          perChar('redactor: ns per character of invoice JSON', results.get(REDACTOR), json.length, true),
          perChar('reference: the replaced regular expression', results.get(LEGACY), json.length, false),
        ].filter((f): f is Figure => f !== undefined),
    };
  },
};
