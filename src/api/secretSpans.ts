// Where in a text the forms of a secret stand: one pass of the canonical reader through the needle
// automaton, with the original start and end of each match. Plain stretches are skipped to where a
// match could begin: for a key whose forms are ASCII (every real key), by searching for each
// form's rarest early character and for escapes (anchorSkip.ts); for any other, by a regular
// expression that stops at an escape or at a needle's first three characters as written (or its
// first ones up to an escape or invisible character). A skip is tried at most once every
// SKIP_EVERY units read, so text that stops it everywhere stays linear.
import { AnchorSkip } from './anchorSkip';
import { CanonicalReader } from './canonicalText';
import type { Needle } from './needleSearch';
import { NeedleSet } from './needleSearch';

const SKIP_EVERY = 16;
const EQUALS = 0x3d;
const SPACE = 0x20;
const INVISIBLE_CLASS = '\\u{ad}\\u{61c}\\u{180e}\\u{feff}\\u{200b}-\\u{200f}\\u{202a}-\\u{202e}\\u{2060}-\\u{2069}';
const ESCAPE_CLASS = '\\\\&%';

const isWordUnit = (u: number): boolean => (u >= 0x30 && u <= 0x39) || (u >= 0x61 && u <= 0x7a);
const isSurrogate = (u: number): boolean => u >= 0xd800 && u <= 0xdfff;
const unitClass = (u: number): string => (u === SPACE ? '\\s+\\u{85}' : `\\u{${u.toString(16)}}`);

/** Where an escaped or hidden character may stand instead of the next one of a needle. */
const ANY_ESCAPE = `[${INVISIBLE_CLASS}${ESCAPE_CLASS}]`;

/** Finds where reading must resume, at or after a token boundary in state 0 (-1: no match can
 * begin there or later). */
interface Skip {
  start(text: string): void;
  next(from: number): number;
}

/** Stops where a needle may begin; none when a needle's start cannot be written as a class. */
export function regexSkip(needles: readonly Needle[]): Skip | undefined {
  const starts = new Set<string>();
  for (const { units } of needles) {
    if (units.length < 3 || units.slice(0, 3).some(isSurrogate)) return undefined;
    const [a, b, c] = units.map((u) => `[${unitClass(u)}]`);
    starts.add(`${a}(?=${ANY_ESCAPE}|${b}(?:${c}|${ANY_ESCAPE}))`);
  }
  const skip = new RegExp(`[${ESCAPE_CLASS}]|${[...starts].join('|')}`, 'giu');
  let text = '';
  return {
    start: (t) => void (text = t),
    // Each alternative matches one character, so the match's start is `lastIndex - 1`.
    next: (from) => {
      skip.lastIndex = from;
      return skip.test(text) ? skip.lastIndex - 1 : -1;
    },
  };
}

export class SecretScanner {
  private readonly set: NeedleSet;
  private readonly skip: Skip | undefined;
  private readonly mask: number;
  /** The last units read and where each began, enough to reach back over the longest needle. */
  private readonly codes: Int32Array;
  private readonly starts: Int32Array;

  /** `wholeWords`: a match counts only with no letter or digit on either side. `skipFor`: how plain
   * stretches are passed over (the same matches whichever; compared in secretSpans.test.ts). */
  constructor(
    needles: readonly Needle[],
    private readonly wholeWords: boolean,
    skipFor: (needles: readonly Needle[]) => Skip | undefined = (n) => AnchorSkip.of(n) ?? regexSkip(n),
  ) {
    this.set = new NeedleSet(needles);
    this.skip = wholeWords ? undefined : skipFor(needles);
    let size = 2;
    while (size < this.set.longest + 2) size *= 2;
    this.mask = size - 1;
    this.codes = new Int32Array(size);
    this.starts = new Int32Array(size);
  }

  /** Start and end offsets of every match, merged where they overlap, flat: `[s0, e0, s1, e1 …]`. */
  spans(text: string): number[] {
    // Most strings of an answer (ids, dates, short names) are shorter than any form of the key.
    if (text.length < this.set.shortest) return [];
    const { set, codes, starts, mask, wholeWords } = this;
    const reader = new CanonicalReader(text);
    this.skip?.start(text);
    const spans: number[] = [];
    let state = 0;
    let unitsRead = SKIP_EVERY;
    let skipped = 0;
    // A match waits for the next unit: Base64 padding may extend it, a letter after it may void it.
    let pendingStart = -1;
    let pendingEnd = 0;
    let pendingPadded = false;
    for (let k = 0; ; k++) {
      if (
        state === 0 &&
        pendingStart < 0 &&
        (unitsRead >= SKIP_EVERY || skipped >= SKIP_EVERY) &&
        this.skip &&
        reader.atBoundary
      ) {
        skipped = this.skipAhead(reader);
        if (skipped < 0) break;
        unitsRead = 0;
      }
      const unit = reader.next();
      if (unit < 0) break;
      unitsRead++;
      if (pendingStart >= 0) {
        if (pendingPadded && unit === EQUALS) pendingEnd = reader.end;
        else {
          if (!(wholeWords && isWordUnit(unit))) addSpan(spans, pendingStart, pendingEnd);
          pendingStart = -1;
        }
      }
      codes[k & mask] = unit;
      starts[k & mask] = reader.start;
      state = set.step(state, unit);
      const { length, padded } = set.ending(state);
      if (length === 0) continue;
      const first = k - length + 1;
      if (wholeWords && first > 0 && isWordUnit(codes[(first - 1) & mask])) continue;
      if (pendingStart >= 0) addSpan(spans, pendingStart, pendingEnd);
      pendingStart = starts[first & mask];
      pendingEnd = reader.end;
      pendingPadded = padded;
    }
    if (pendingStart >= 0) addSpan(spans, pendingStart, pendingEnd);
    // The redactor lives as long as its account: it must not hold the last text it read.
    this.skip?.start('');
    return spans;
  }

  /** Moves the reader to the next place a match may begin, returning how far (-1: there is none). */
  private skipAhead(reader: CanonicalReader): number {
    const from = reader.position;
    const to = (this.skip as Skip).next(from);
    if (to < 0) return -1;
    reader.moveTo(to);
    return to - from;
  }
}

/** Adds a span, merging it with those it overlaps or touches (a later match may start earlier). */
function addSpan(spans: number[], start: number, end: number): void {
  let s = start;
  let e = end;
  while (spans.length > 0 && s <= spans[spans.length - 1]) {
    s = Math.min(s, spans[spans.length - 2]);
    e = Math.max(e, spans[spans.length - 1]);
    spans.length -= 2;
  }
  spans.push(s, e);
}
