// Sorting the table's rows by one column: a key per row computed once per column (numbers,
// instants, or a rank of the text, case and accents folded, numerals by value), then an
// index sort on plain numbers, which stays well under the 200 ms asked for 25,000 rows. Stable
// (ties keep the list's order), and rows without a value last whichever the direction.
import type { FieldType } from '../query/ast';

/** Row keys of one column: a number per row, NaN where the row has no value. */
export type SortKeys = Float64Array;

const NON_ASCII = /[^\u0020-\u007e]/;

/** A text's sort form: case and accents folded, each run of digits prefixed by its length so
 * that `INV-9` comes before `INV-10`. Compared by code unit, which is many times faster than a
 * collator's compare over 25,000 distinct texts (185 ms measured against 15). */
function textForm(text: string): string {
  // Most texts are ASCII: normalising them would only cost time.
  const plain = NON_ASCII.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text;
  const folded = plain.toLowerCase();
  return folded.replace(/\d+/g, (digits) => {
    const n = digits.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(0x30 + Math.min(n.length, 0xffcf)) + n;
  });
}

function numberKey(text: string): number {
  if (text.trim() === '') return NaN;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

function dateKey(text: string): number {
  return text === '' ? NaN : Date.parse(text);
}

/** Text ranks: the distinct texts' sort forms sorted once, each row given its form's place (texts
 * with one form, `INV-9` and `inv-9`, share a rank: the list's order breaks the tie). */
function textKeys(cells: readonly string[]): SortKeys {
  const forms = new Map<string, string>();
  for (const c of cells) if (c !== '' && !forms.has(c)) forms.set(c, textForm(c));
  const distinct = [...new Set(forms.values())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = new Map<string, number>();
  distinct.forEach((form, i) => rank.set(form, i));
  const keys = new Float64Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const form = forms.get(cells[i]);
    keys[i] = form === undefined ? NaN : (rank.get(form) ?? NaN);
  }
  return keys;
}

/** The sort keys of a column's cells, by the kind of its field. A number or date column whose cell
 * does not read as one (a server sending text there) sorts with the empty ones, last. */
export function sortKeys(cells: readonly string[], kind: FieldType): SortKeys {
  if (kind === 'string') return textKeys(cells);
  const keys = new Float64Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    keys[i] = kind === 'number' ? numberKey(c) : kind === 'date' ? dateKey(c) : c === '' ? NaN : c === 'true' ? 1 : 0;
  }
  return keys;
}

/** The row indices in sorted order. */
export function sortedOrder(keys: SortKeys, descending: boolean): Uint32Array {
  const n = keys.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const sign = descending ? -1 : 1;
  // A typed array sorts numbers without boxing; the comparator keeps it stable by index.
  return order.sort((a, b) => {
    const ka = keys[a];
    const kb = keys[b];
    const na = ka !== ka;
    const nb = kb !== kb;
    if (na || nb) return na === nb ? a - b : na ? 1 : -1;
    return ka === kb ? a - b : ka < kb ? -sign : sign;
  });
}
