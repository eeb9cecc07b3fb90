// A response body parsed from its bytes. A page of 500 invoices is about 1.4 MB of text (two bytes
// a character once one name is not Latin-1); held as one string it is a large object, which V8
// places in the old generation, where it stays until the next full collection. With four pages in
// flight the heap grew by 45–80 MB of such strings during Load all and export (measured with the
// memory benchmark). So a body whose top-level object holds a `results` array is parsed element
// by element: each record's text is a small string that the young generation reclaims at once.
// The value is exactly JSON.parse's of the whole text, and what JSON.parse refuses is refused here
// (test/unit/api/jsonBody.test.ts holds the two together): any shape this does not expect falls back
// to parsing the whole text.

/** Bodies smaller than this are parsed whole: their text is an ordinary young object. */
export const SPLIT_FROM_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const RESULTS = Buffer.from('"results"', 'latin1');

const isSpace = (c: number | undefined): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Where the UTF-8 text starts: after a byte order mark, which JSON.parse would refuse. */
const textStart = (b: Buffer): number => (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0);

/** The body as text, without a byte order mark. */
export function decodeBody(bytes: Buffer): string {
  return bytes.toString('utf8', textStart(bytes));
}

function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** The index after the string whose opening quote is at `i`, or -1 when it does not close. */
function stringEnd(b: Buffer, i: number): number {
  for (let q = b.indexOf(QUOTE, i + 1); q >= 0; q = b.indexOf(QUOTE, q + 1)) {
    let slashes = 0;
    while (b[q - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
  }
  return -1;
}

/** The index after the value starting at `i`, found by its brackets and strings alone (JSON.parse
 * of its text checks the rest), or -1. */
function valueEnd(b: Buffer, i: number): number {
  const first = b[i];
  if (first === QUOTE) return stringEnd(b, i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null runs to the next delimiter.
    while (i < b.length && !isSpace(b[i]) && b[i] !== COMMA && b[i] !== CLOSE_BRACKET && b[i] !== CLOSE_BRACE) i++;
    return i;
  }
  let depth = 0;
  while (i < b.length) {
    const c = b[i];
    if (c === QUOTE) {
      i = stringEnd(b, i);
      if (i < 0) return -1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
    i++;
  }
  return -1;
}

interface ResultsArray {
  /** Index of `[` and of its `]`. */
  open: number;
  close: number;
  /** Start and end of each element, in pairs. */
  spans: number[];
}

/** The elements of the array opening at `open`, or undefined when its separators are not JSON's. */
function arrayAt(b: Buffer, open: number): ResultsArray | undefined {
  const spans: number[] = [];
  let i = skipSpace(b, open + 1);
  if (b[i] === CLOSE_BRACKET) return { open, close: i, spans };
  for (;;) {
    const end = valueEnd(b, i);
    if (end <= i) return undefined;
    spans.push(i, end);
    i = skipSpace(b, end);
    if (b[i] === CLOSE_BRACKET) return { open, close: i, spans };
    if (b[i] !== COMMA) return undefined;
    i = skipSpace(b, i + 1);
  }
}

/** The top-level object's one `results` array; undefined for any other shape, a second `results`,
 * or a key written with escapes (which might spell `results`). */
function findResults(b: Buffer, start: number): ResultsArray | undefined {
  let i = skipSpace(b, start);
  if (b[i] !== OPEN_BRACE) return undefined;
  i = skipSpace(b, i + 1);
  let found: ResultsArray | undefined;
  while (b[i] === QUOTE) {
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0 || b.subarray(i, keyEnd).includes(BACKSLASH)) return undefined;
    const isResults = keyEnd - i === RESULTS.length && b.compare(RESULTS, 0, RESULTS.length, i, keyEnd) === 0;
    i = skipSpace(b, keyEnd);
    if (b[i] !== COLON) return undefined;
    i = skipSpace(b, i + 1);
    if (isResults) {
      if (found || b[i] !== OPEN_BRACKET) return undefined;
      found = arrayAt(b, i);
      if (!found) return undefined;
      i = found.close + 1;
    } else {
      const end = valueEnd(b, i);
      if (end <= i) return undefined;
      i = end;
    }
    i = skipSpace(b, i);
    if (b[i] === CLOSE_BRACE) return found;
    if (b[i] !== COMMA) return undefined;
    i = skipSpace(b, i + 1);
  }
  return undefined;
}

/** JSON.parse of the body's text (a byte order mark ignored); throws a SyntaxError as it does. */
export function parseJsonBody(bytes: Buffer): unknown {
  const start = textStart(bytes);
  const results = bytes.length >= SPLIT_FROM_BYTES ? findResults(bytes, start) : undefined;
  if (!results) return JSON.parse(bytes.toString('utf8', start));
  const { open, close, spans } = results;
  // Everything but the elements: `{"results":[],…}`, checked by JSON.parse like the elements.
  const envelope = JSON.parse(bytes.toString('utf8', start, open + 1) + bytes.toString('utf8', close)) as Record<
    string,
    unknown
  >;
  const items: unknown[] = [];
  for (let k = 0; k < spans.length; k += 2) items.push(JSON.parse(bytes.toString('utf8', spans[k], spans[k + 1])));
  envelope.results = items;
  return envelope;
}
