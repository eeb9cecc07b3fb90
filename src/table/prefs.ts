// Which columns a type's table shows, in which order: the user's choice, kept per type in
// globalState and read back with care (a stored value may be from an older version, or edited).
// Ids the catalog no longer has are dropped; columns the catalog gained since the choice was made
// are appended, shown, so a new field is never hidden by an old choice.
import { isRecord } from '../util/guards';

interface ColumnPrefs {
  /** The shown columns, in order. */
  readonly shown: readonly string[];
  /** Every column the type had when the choice was made: the others are new since. */
  readonly known: readonly string[];
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? [...new Set(v)] : undefined;

/** A stored choice, or undefined when it is not one. */
export function parsePrefs(stored: unknown): ColumnPrefs | undefined {
  if (!isRecord(stored)) return undefined;
  const shown = strings(stored.shown);
  const known = strings(stored.known);
  return shown && known ? { shown, known } : undefined;
}

/** The columns to show, in order: the choice's within `all`, then those new since it was made. */
export function shownColumns(all: readonly string[], prefs: ColumnPrefs | undefined): string[] {
  if (!prefs) return [...all];
  const present = new Set(all);
  const known = new Set(prefs.known);
  const kept = prefs.shown.filter((id) => present.has(id));
  return [...kept, ...all.filter((id) => !known.has(id) && !kept.includes(id))];
}

/** The choice to store for `shown` among `all`. */
export function prefsOf(all: readonly string[], shown: readonly string[]): ColumnPrefs {
  const present = new Set(all);
  return { shown: [...new Set(shown)].filter((id) => present.has(id)), known: [...all] };
}

/** `shown` with `id` moved by `delta` places (−1 left, +1 right), kept within the ends. */
export function moveColumn(shown: readonly string[], id: string, delta: number): string[] {
  const from = shown.indexOf(id);
  if (from < 0) return [...shown];
  const to = Math.max(0, Math.min(shown.length - 1, from + delta));
  const out = shown.filter((c) => c !== id);
  out.splice(to, 0, id);
  return out;
}

/** The globalState key of a type's choice. */
export const prefsKey = (type: string): string => `dataPlatform.table.columns.${type}`;
