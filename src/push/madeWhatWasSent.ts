// Whether a record is the one a push sent: the push history says only a push's type, connection and
// time (Codat's PushOperation holds no body), so another client's push of the same type through the
// same connection looks like ours until the record it made is read and compared with what we sent.
import { parseInstant } from '../query/values';

/** Fields the platform works out from the lines (or fills in) whatever the push said: a draft's
 * figure for them says nothing about which push made the record. */
const WORKED_OUT = new Set([
  'subTotal',
  'totalAmount',
  'totalTaxAmount',
  'taxAmount',
  'amountDue',
  'totalDiscount',
  'currencyRate',
  'modifiedDate',
  'sourceModifiedDate',
]);
/** Deeper than any record a draft makes; past it nothing more is compared. */
const MAX_DEPTH = 8;
/** Leaves compared at most: a draft's handful of fields and lines decide it long before. */
const MAX_LEAVES = 500;

type Leaf = string | number | boolean;

/** The scalar leaves of `value` with their paths, skipping empty strings and nulls (a placeholder
 * the platform may drop or fill), in document order. */
function leaves(value: unknown, path: readonly (string | number)[] = [], out: [(string | number)[], Leaf][] = []) {
  if (out.length >= MAX_LEAVES || path.length > MAX_DEPTH) return out;
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push([[...path], value]);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    out.push([[...path], value]);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length && out.length < MAX_LEAVES; i++) leaves(value[i], [...path, i], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const k in value) {
      if (out.length >= MAX_LEAVES) break;
      if (Object.prototype.hasOwnProperty.call(value, k) && !WORKED_OUT.has(k) && k !== '$schema')
        leaves((value as Record<string, unknown>)[k], [...path, k], out);
    }
  }
  return out;
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = Object.prototype.hasOwnProperty.call(v, step) ? (v as Record<string | number, unknown>)[step] : undefined;
  }
  return v;
}

/** Equal as the platform may write them: numbers by value (`"10.5"` is 10.5), instants by the time
 * they name (`2026-01-05` is `2026-01-05T00:00:00Z`), text trimmed. */
function sameLeaf(sent: Leaf, stored: unknown): boolean {
  if (typeof stored !== 'string' && typeof stored !== 'number' && typeof stored !== 'boolean') return false;
  if (typeof sent === 'boolean' || typeof stored === 'boolean') return sent === stored;
  const [a, b] = [Number(sent), Number(stored)];
  if (String(sent).trim() !== '' && String(stored).trim() !== '' && Number.isFinite(a) && Number.isFinite(b))
    return Math.abs(a - b) < 1e-9;
  const [x, y] = [String(sent).trim(), String(stored).trim()];
  if (x === y) return true;
  const [ix, iy] = [parseInstant(x), parseInstant(y)];
  return ix !== undefined && ix === iy;
}

/**
 * Whether `stored` (a record the platform holds) is what `sent` (a push's body) made: true when
 * every field sent that the record also holds has the value sent; false when one differs;
 * undefined when the two share no field, so nothing can be said. Fields the platform works out
 * (totals, rates) and fields it dropped are not held against it.
 */
export function madeWhatWasSent(sent: Record<string, unknown>, stored: unknown): boolean | undefined {
  let compared = 0;
  for (const [path, value] of leaves(sent)) {
    const there = at(stored, path);
    if (there === undefined || there === null || there === '') continue;
    if (!sameLeaf(value, there)) return false;
    compared++;
  }
  return compared > 0 ? true : undefined;
}
