// A search of the companies list, as Find Company and the company picker send it: Codat's `query`
// parameter with `~` (contains, any case) on the name, or `=` on the id when the text is one (a
// company id pasted from a log or a URL), one small page.
import { formatValue } from '../query';
import type { ListParams } from './requests';

const COMPANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter for what was typed: `name~"Acme Ltd"`, `id=…` for a company id; undefined when
 * nothing but blanks was typed. */
export function companySearchQuery(text: string): string | undefined {
  const wanted = text.trim();
  if (!wanted) return undefined;
  return COMPANY_ID.test(wanted) ? `id=${formatValue(wanted)}` : `name~${formatValue(wanted)}`;
}

/** The parameters of the companies list for a search, or undefined for blank text. */
export function companySearchParams(text: string, pageSize: number): Omit<ListParams, 'page'> | undefined {
  const query = companySearchQuery(text);
  return query === undefined ? undefined : { pageSize, query };
}
