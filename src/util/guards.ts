// Type guards for JSON of unknown shape: what the API's answers, the export's columns, the labels
// and the data types' rows all read before they trust a field.

export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
