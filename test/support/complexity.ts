// Complexity checks without timed assertions: a pass over hostile text is timed against the same
// pass over plain text of the same length, in the same run, and only their ratio is asserted. A
// linear pass stays within a small factor whatever the machine's speed; a quadratic one, at the
// sizes used (tens or hundreds of kilobytes), is hundreds or thousands of times slower.

/** A hostile case: the text a server or user might send, and a plain text of the same length. */
export interface ComplexityCase<T = string> {
  what: string;
  hostile: T;
  plain: T;
}

/** Bound on the hostile/plain time ratio: generous enough for real per-character differences
 * (escapes decoded, cells quoted), far below what a quadratic pass gives at these sizes. */
export const LINEAR_RATIO = 20;

/** Milliseconds of one call to `work`, repeated until at least `minMs` passed (timer noise). */
function timeOnce<T>(work: (input: T) => unknown, input: T, minMs: number): number {
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed: number;
  do {
    work(input);
    calls += 1;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  } while (elapsed < minMs);
  return elapsed / calls;
}

/** The fastest of interleaved rounds of each, after a warm-up of each: other work on the machine (a
 * GC pause, the JIT landing) only ever adds time, so the fastest round is the truest of each. */
function measuredRatio<T>(work: (input: T) => unknown, c: ComplexityCase<T>, rounds = 5, minMs = 10): number {
  work(c.plain);
  work(c.hostile);
  let plain = Infinity;
  let hostile = Infinity;
  for (let i = 0; i < rounds; i++) {
    plain = Math.min(plain, timeOnce(work, c.plain, minMs));
    hostile = Math.min(hostile, timeOnce(work, c.hostile, minMs));
  }
  return hostile / Math.max(plain, 1e-3);
}

/**
 * How many times longer `work` takes on `c.hostile` than on `c.plain`. A ratio over `bound` is
 * measured again, twice at most, and the lowest is returned: beside npm test's host lanes a pass
 * that allocates (decoding escapes) was seen at 4x its quiet ratio for a moment, while a quadratic
 * pass is over the bound by orders of magnitude every time.
 */
export function costRatio<T>(work: (input: T) => unknown, c: ComplexityCase<T>, bound = LINEAR_RATIO): number {
  let ratio = measuredRatio(work, c);
  for (let again = 0; again < 2 && ratio >= bound; again++) ratio = Math.min(ratio, measuredRatio(work, c));
  return ratio;
}

/** `unit` repeated to `length` characters (cut at the end). */
export function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Plain prose of `length` characters: letters, digits and spaces, no escapes. */
export const plainText = (length: number): string => fill('Lorem ipsum dolor sit amet 0123456789 ', length);
