// Text read as the characters it stands for, one pass, left to right: a server may echo a secret
// escaped (JSON `\"`, `\u0073` behind any number of backslashes, HTML `&quot;` `&#115;` `&#x73;`,
// URL `%73` and UTF-8 `%C3%A9`), cased differently, with zero-width characters inside or with its
// whitespace changed. Each decoded character is folded (lower case; whitespace and `+` to one
// space; invisible format characters dropped) so that one plain search finds every such form.
// Every token is read in time bounded by its own length, and a token is read at most twice (once
// more after a whitespace run), so a pass is linear in the text whatever it holds.

/** What `fold` gives for characters that stand for nothing (they are skipped). */
const DROPPED = -2;
const SPACE = 0x20;
const BACKSLASH = 0x5c;

const JSON_SHORT: Record<number, number> = {
  0x22: 0x22,
  0x2f: 0x2f,
  0x62: 0x08,
  0x66: 0x0c,
  0x6e: 0x0a,
  0x72: 0x0d,
  0x74: 0x09,
};
const HTML_NAMED: Record<string, number> = { quot: 0x22, amp: 0x26, lt: 0x3c, gt: 0x3e, apos: 0x27, nbsp: 0xa0 };
const LONGEST_NAME = 4;

/** Zero-width and bidirectional formatting characters: invisible, so a secret may hide them. */
function invisible(c: number): boolean {
  return (
    c === 0xad ||
    c === 0x61c ||
    c === 0x180e ||
    c === 0xfeff ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2069)
  );
}

function whitespace(c: number): boolean {
  return (
    c === SPACE ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x2b ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** `fold` of every UTF-16 unit, filled in as units are met (toLowerCase is slow per call). */
const FOLDED = new Int32Array(0x10000).fill(-1);

function foldOnce(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c + 32;
  if (invisible(c)) return DROPPED;
  if (whitespace(c)) return SPACE;
  if (c < 0x80) return c;
  const lower = String.fromCharCode(c).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : c;
}

/** One UTF-16 unit as it is compared: lower case, any whitespace (and `+`, a form-encoded space)
 * as a space, invisible characters dropped. */
function fold(c: number): number {
  const known = FOLDED[c];
  if (known !== -1) return known;
  return (FOLDED[c] = foldOnce(c));
}

const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/**
 * Reads folded UTF-16 units out of a text. `decode` off reads the text's own characters (folded
 * only): a secret that itself contains `%41` or `\u0041` is looked for as written, too.
 */
export class CanonicalReader {
  /** Where in the text the unit `next` returned began and ended. */
  start = 0;
  end = 0;
  private i = 0;
  private low = -1;
  private lowStart = 0;

  constructor(
    private readonly text: string,
    private readonly decode = true,
  ) {}

  /** Where reading continues. */
  get position(): number {
    return this.i;
  }

  /** True when no half of a character waits to be returned: the reader may be moved. */
  get atBoundary(): boolean {
    return this.low < 0;
  }

  /** Continues reading at `at` (forward only, at a boundary). */
  moveTo(at: number): void {
    this.i = at;
  }

  /** The next folded unit, or -1 at the end. */
  next(): number {
    if (this.low >= 0) {
      const low = this.low;
      this.low = -1;
      this.start = this.lowStart;
      return low;
    }
    for (;;) {
      const begin = this.i;
      const cp = this.token();
      if (cp < 0) return -1;
      const unit = cp > 0xffff ? 0xd800 + ((cp - 0x10000) >> 10) : fold(cp);
      if (unit === DROPPED) continue;
      if (unit === SPACE) this.skipSpaces();
      this.start = begin;
      this.end = this.i;
      if (cp > 0xffff) {
        this.low = 0xdc00 + ((cp - 0x10000) & 0x3ff);
        this.lowStart = begin;
      }
      return unit;
    }
  }

  /** A run of whitespace (and invisible characters) reads as one space. */
  private skipSpaces(): void {
    for (;;) {
      const at = this.i;
      const cp = this.token();
      if (cp < 0) return;
      const unit = cp > 0xffff ? cp : fold(cp);
      if (unit !== SPACE && unit !== DROPPED) {
        this.i = at;
        return;
      }
    }
  }

  /** The code point of the token at `i` (moving past it), or -1 at the end. */
  private token(): number {
    const { text, i } = this;
    if (i >= text.length) return -1;
    const c = text.charCodeAt(i);
    if (this.decode) {
      if (c === BACKSLASH) return this.backslashes(i);
      if (c === 0x26) {
        const cp = this.entity(i);
        if (cp >= 0) return cp;
      } else if (c === 0x25) {
        const cp = this.percent(i);
        if (cp >= 0) return cp;
      }
    }
    this.i = i + 1;
    return c;
  }

  /** A run of backslashes and the escape it ends in, whatever its length (a JSON string inside a
   * JSON string doubles them); a run that ends in no escape is one backslash. */
  private backslashes(i: number): number {
    const { text } = this;
    let j = i;
    while (j < text.length && text.charCodeAt(j) === BACKSLASH) j++;
    const after = j < text.length ? text.charCodeAt(j) : -1;
    if (after === 0x75) {
      const unit = this.hex(j + 1, 4);
      if (unit >= 0) {
        this.i = j + 5;
        return unit;
      }
    }
    const short = JSON_SHORT[after];
    if (short !== undefined) {
      this.i = j + 1;
      return short;
    }
    this.i = j;
    return BACKSLASH;
  }

  /** `&name;`, `&#ddd;` or `&#xhh;` (leading zeros allowed); -1 when not one. */
  private entity(i: number): number {
    const { text } = this;
    if (text.charCodeAt(i + 1) !== 0x23) {
      let j = i + 1;
      while (j - i <= LONGEST_NAME && isLetter(text.charCodeAt(j))) j++;
      const cp = j > i + 1 && text.charCodeAt(j) === 0x3b ? HTML_NAMED[text.slice(i + 1, j).toLowerCase()] : undefined;
      if (cp === undefined) return -1;
      this.i = j + 1;
      return cp;
    }
    const base = (text.charCodeAt(i + 2) | 0x20) === 0x78 ? 16 : 10;
    let j = base === 16 ? i + 3 : i + 2;
    const first = j;
    let cp = 0;
    for (; j < text.length; j++) {
      const d = hexDigit(text.charCodeAt(j));
      if (d < 0 || d >= base) break;
      cp = Math.min(cp * base + d, 0x110000);
    }
    if (j === first || text.charCodeAt(j) !== 0x3b || cp === 0 || cp > 0x10ffff) return -1;
    this.i = j + 1;
    return cp;
  }

  /** `%hh`, or the two to four `%hh` of one UTF-8 character; -1 when not one. */
  private percent(i: number): number {
    const lead = this.percentByte(i);
    if (lead < 0x80) {
      if (lead >= 0) this.i = i + 3;
      return lead;
    }
    const more = lead >= 0xf0 && lead < 0xf8 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
    if (more < 0) return -1;
    let cp = lead & (0x3f >> more);
    for (let k = 1; k <= more; k++) {
      const b = this.percentByte(i + 3 * k);
      if (b < 0x80 || b > 0xbf) return -1;
      cp = (cp << 6) | (b & 0x3f);
    }
    this.i = i + 3 * (more + 1);
    return cp;
  }

  private percentByte(i: number): number {
    return this.text.charCodeAt(i) === 0x25 ? this.hex(i + 1, 2) : -1;
  }

  private hex(at: number, digits: number): number {
    let n = 0;
    for (let k = 0; k < digits; k++) {
      const d = at + k < this.text.length ? hexDigit(this.text.charCodeAt(at + k)) : -1;
      if (d < 0) return -1;
      n = n * 16 + d;
    }
    return n;
  }
}

/** The folded units of `text` read as above: what a secret is looked for as. */
export function canonical(text: string, decode = true): number[] {
  const reader = new CanonicalReader(text, decode);
  const units: number[] = [];
  for (let u = reader.next(); u >= 0; u = reader.next()) units.push(u);
  return units;
}
