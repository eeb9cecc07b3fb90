// One text per meaning: `status = Paid`, `status=Paid` and `{status=Paid}` are one query, so they
// are one query node and one history entry. What is shown and sent stays what the user typed.
import { formatQuery } from './format';
import { parseQuery } from './parser';

/** The canonical text of a filter; an unparsable one is only trimmed (it is never run anyway). */
export function canonicalQuery(text: string): string {
  const r = parseQuery(text);
  return r.ok ? formatQuery(r.ast) : text.trim();
}

/** The identity of a filter and order together. */
export function queryIdentity(query: string | undefined, orderBy: string | undefined): string {
  return JSON.stringify([query ? canonicalQuery(query) : '', orderBy?.trim() ?? '']);
}
