// The fields of a push option as the schema and the template read them. The answer check
// (src/api/pushes.ts) holds the tree's depth and size; each field is checked here, where it is
// read: a field of the wrong type (a `null` property, `options: 5`, a numeric description) is left
// out, never thrown on. Text is cut to a length, and a whole tree's text to a budget, so what a
// server sends cannot make the schema many megabytes.
import { PUSH_OPTION_BOUNDS, type PushOption } from '../api';

const MAX_TEXT = 2_000;
/** Characters of text (names, descriptions, notes, choices) one schema takes in all. */
const TEXT_BUDGET = 128 * 1024;

type Loose = Record<string, unknown>;

const isLoose = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is left to read of one tree: its text and its entries (fields and choices). */
export class ReadBudget {
  private text = TEXT_BUDGET;
  private entries = PUSH_OPTION_BOUNDS.entries;
  readonly maxDepth = PUSH_OPTION_BOUNDS.depth;

  /** The text, cut to its length, while the budget lasts; undefined for anything but a string. */
  take(v: unknown): string | undefined {
    if (typeof v !== 'string' || v === '') return undefined;
    const cut = v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v;
    if (cut.length > this.text) return undefined;
    this.text -= cut.length;
    return cut;
  }

  /** A name or a value, whole or not at all (a cut one would be another name), while the budget lasts. */
  whole(v: string): boolean {
    if (v.length > MAX_TEXT || v.length > this.text) return false;
    this.text -= v.length;
    return true;
  }

  /** True while entries are left; counts one. */
  entry(): boolean {
    return this.entries-- > 0;
  }
}

/** The option's type, '' when it has none this version can read. */
export const typeOf = (option: PushOption): string => (typeof option.type === 'string' ? option.type : '');

export const isRequired = (option: PushOption): boolean => option.required === true;

/** The option's fields that are options themselves (entries of any other kind left out). */
export function fieldsOf(option: PushOption, budget: ReadBudget): [string, PushOption][] {
  const properties: unknown = option.properties;
  if (!isLoose(properties)) return [];
  const out: [string, PushOption][] = [];
  for (const [name, child] of Object.entries(properties)) {
    if (!isLoose(child) || !budget.entry() || !budget.whole(name)) continue;
    out.push([name, child as unknown as PushOption]);
  }
  return out;
}

/** The allowed values of a string: each choice with a string value, and its name when it has one. */
export function choicesOf(option: PushOption, budget: ReadBudget): { value: string; name?: string }[] {
  const choices: unknown = option.options;
  if (!Array.isArray(choices)) return [];
  const out: { value: string; name?: string }[] = [];
  for (const c of choices as unknown[]) {
    if (!isLoose(c) || typeof c.value !== 'string' || !budget.entry() || !budget.whole(c.value)) continue;
    out.push({ value: c.value, name: budget.take(c.displayName) });
  }
  return out;
}

/** The `details` of the option's validation warnings or notes that are text. */
export function notesOf(option: PushOption, kind: 'warnings' | 'information', budget: ReadBudget): string[] {
  const validation: unknown = option.validation;
  const list = isLoose(validation) ? validation[kind] : undefined;
  if (!Array.isArray(list)) return [];
  return (list as unknown[])
    .map((n) => (isLoose(n) && budget.entry() ? budget.take(n.details) : undefined))
    .filter((n): n is string => n !== undefined);
}
