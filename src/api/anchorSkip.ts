// Where a form of the key may begin in a text, found by String.prototype.indexOf (which searches
// for one character at memchr's speed) instead of a regular expression of every form's first
// characters, which cost the redactor 4–9 ns a character of invoice JSON. Each form (needle) gets
// one anchor, one to three of its first ANCHOR_WINDOW units chosen for few searches (letters are
// searched in both cases) and few chance occurrences.
// A match is found from its anchor when everything from its start to its anchor is written plainly
// (ASCII characters, any case, whitespace runs); otherwise one of those characters is "special",
// an escape (`\`, `&`, `%`) or a non-ASCII character that reads as ASCII, a space or nothing
// (SPECIAL), and the match is found from that. Either way the scanner resumes a few units before
// it. Used only when every needle is ASCII; any other key keeps the regular expression.
import type { Needle } from './needleSearch';

/** How far into a needle its anchor may stand: also how far before a special character a match
 * may begin, so how much the automaton reads around each escape. */
const ANCHOR_WINDOW = 16;

/** Rough occurrences in 10,000 characters of API answers (JSON field names, English, hex ids,
 * amounts and dates), letters in both cases; anything else printable counts as RARE. */
const PER_10K: Readonly<Record<string, number>> = {
  e: 600,
  t: 500,
  a: 450,
  o: 380,
  i: 380,
  n: 400,
  s: 330,
  r: 300,
  h: 160,
  d: 250,
  l: 220,
  c: 240,
  u: 180,
  m: 150,
  f: 130,
  p: 110,
  g: 60,
  y: 70,
  w: 30,
  b: 60,
  v: 50,
  k: 15,
  x: 50,
  j: 3,
  q: 20,
  z: 3,
  0: 400,
  1: 170,
  2: 230,
  3: 90,
  4: 95,
  5: 110,
  6: 80,
  7: 70,
  8: 70,
  9: 70,
  '"': 1400,
  ':': 540,
  ',': 400,
  '.': 110,
  '-': 120,
  '{': 100,
  '}': 100,
  '/': 30,
  _: 30,
  '(': 20,
  ')': 20,
  '[': 10,
  ']': 10,
  "'": 10,
};
const RARE = 2;

/** Non-ASCII characters that read as an ASCII character (the Kelvin sign), a space (Unicode
 * whitespace) or nothing (invisible format characters): exactly those whose fold (canonicalText.ts)
 * is below 0x80 or dropped, checked by test/unit/api/anchorSkip.test.ts. */
export const SPECIAL_NON_ASCII =
  /[\u0085\u00a0\u00ad\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2069\u212a\u3000\ufeff]/g;
const ESCAPES = ['\\', '&', '%'];
/** What is searched for besides the anchors: each escape, then SPECIAL_NON_ASCII. */
const SPECIALS = ESCAPES.length + 1;

const SPACE = 0x20;
const NONE = Number.MAX_SAFE_INTEGER;

/** Occurrences in 10,000 characters of a unit; -1 when it cannot be in an anchor (a space, `+`,
 * an escape, non-ASCII). */
function frequency(u: number): number {
  if (u <= SPACE || u >= 0x7f || u === 0x2b || ESCAPES.includes(String.fromCharCode(u))) return -1;
  return PER_10K[String.fromCharCode(u)] ?? RARE;
}

/** The ways units may be written plainly: a lower-case letter in either case (canonicalText.ts). */
function writings(units: readonly number[]): string[] {
  let out = [''];
  for (const u of units) {
    const forms = u >= 0x61 && u <= 0x7a ? [u, u - 32] : [u];
    out = out.flatMap((w) => forms.map((f) => w + String.fromCharCode(f)));
  }
  return out;
}

/**
 * A needle's cheapest anchor near its start: one to three units, where they begin and their
 * writings. The cost is in nanoseconds per 10,000 characters searched, roughly: each writing is one
 * indexOf pass (about 250 ns, and 20 ns more each time its first character occurs), and each place
 * the whole anchor occurs by chance has the automaton read about `at + 16` units (15 ns each).
 */
function anchorOf(units: readonly number[]): { at: number; written: string[] } | undefined {
  let best: { at: number; written: string[]; cost: number } | undefined;
  for (let length = 1; length <= 3; length++) {
    for (let j = 0; j + length <= Math.min(units.length, ANCHOR_WINDOW); j++) {
      const part = units.slice(j, j + length);
      const f = part.map(frequency);
      if (f.some((x) => x < 0)) continue;
      const written = writings(part);
      const hits = f.reduce((p, x) => (p * x) / 10_000, 10_000);
      const cost = written.length * (250 + 20 * f[0]) + hits * (j + 16) * 15;
      if (!best || cost < best.cost) best = { at: j, written, cost };
    }
  }
  return best;
}

/** ASCII whitespace and `+`: what reads as one space when it runs (the only multi-character
 * token that is not special). */
const isSpaceRun = (c: number): boolean => c === SPACE || (c >= 0x09 && c <= 0x0d) || c === 0x2b;

export class AnchorSkip {
  /** Strings searched for, and how many units before each the needle begins. */
  private readonly written: string[] = [];
  private readonly offsets: number[] = [];
  /** Per text: the next occurrence of each anchor, and of a special character, at or after where
   * it was last looked for (NONE: there is no more). */
  private readonly nextAnchor: number[];
  private readonly nextSpecial: number[] = new Array<number>(SPECIALS).fill(-1);
  /** The farthest any anchor reaches into its needle (to its last unit): how far before a special
   * character, which may stand inside an anchor, a match may begin. */
  private readonly reach: number;
  private text = '';

  private constructor(anchors: ReadonlyMap<string, number>) {
    for (const [w, offset] of anchors) {
      this.written.push(w);
      this.offsets.push(offset);
    }
    this.nextAnchor = this.written.map(() => -1);
    this.reach = Math.max(0, ...this.written.map((w, k) => this.offsets[k] + w.length - 1));
  }

  /** Undefined when a needle is not ASCII or has no anchor near its start. */
  static of(needles: readonly Needle[]): AnchorSkip | undefined {
    const anchors = new Map<string, number>();
    for (const { units } of needles) {
      if (units.some((u) => u >= 0x80)) return undefined;
      const anchor = anchorOf(units);
      if (!anchor) return undefined;
      // One search serves every needle anchored on the same text at the same offset or later.
      for (const w of anchor.written) anchors.set(w, Math.max(anchors.get(w) ?? 0, anchor.at));
    }
    return new AnchorSkip(anchors);
  }

  /** Forgets the last text's positions. */
  start(text: string): void {
    this.text = text;
    this.nextAnchor.fill(-1);
    this.nextSpecial.fill(-1);
  }

  /** Where reading must resume, at or after `from` (a token boundary in state 0), so that no match
   * beginning there or later is missed; -1 when none can. */
  next(from: number): number {
    const { text, written, offsets, nextAnchor } = this;
    let resume = NONE;
    for (let k = 0; k < written.length; k++) {
      let at = nextAnchor[k];
      if (at < from) nextAnchor[k] = at = found(text.indexOf(written[k], from));
      if (at !== NONE) resume = Math.min(resume, this.back(at, offsets[k], from));
    }
    const special = this.special(from);
    if (special !== NONE) resume = Math.min(resume, this.back(special, this.reach, from));
    return resume === NONE ? -1 : resume;
  }

  /** The next special character at or after `from` (NONE: there is none). */
  private special(from: number): number {
    const { text, nextSpecial } = this;
    let at = NONE;
    for (let k = 0; k < SPECIALS; k++) {
      if (nextSpecial[k] < from) {
        if (k < ESCAPES.length) nextSpecial[k] = nextEscape(text, ESCAPES[k], from);
        else {
          SPECIAL_NON_ASCII.lastIndex = from;
          nextSpecial[k] = SPECIAL_NON_ASCII.test(text) ? SPECIAL_NON_ASCII.lastIndex - 1 : NONE;
        }
      }
      at = Math.min(at, nextSpecial[k]);
    }
    return at;
  }

  /** `units` units before `at`, a whitespace run counting as one, never before `from`. A special
   * character walked over is found by its own search, which resumes no later than it. */
  private back(at: number, units: number, from: number): number {
    const { text } = this;
    let p = at;
    for (let k = 0; k < units && p > from; k++) {
      p--;
      if (isSpaceRun(text.charCodeAt(p))) while (p > from && isSpaceRun(text.charCodeAt(p - 1))) p--;
    }
    return p;
  }
}

const found = (i: number): number => (i < 0 ? NONE : i);

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/** The next `escape` at or after `from` that may begin an escape (canonicalText.ts): `%` before a
 * hex digit, `&` before `#` or a letter, any `\`. Any other `%` or `&` reads as itself. */
function nextEscape(text: string, escape: string, from: number): number {
  for (let i = text.indexOf(escape, from); i >= 0; i = text.indexOf(escape, i + 1)) {
    const after = text.charCodeAt(i + 1);
    if (escape === '\\' || (escape === '%' ? isHex(after) : after === 0x23 || isLetter(after))) return i;
  }
  return NONE;
}
