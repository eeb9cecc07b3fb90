// The `tags` filter of `GET /companies` (Codat: "filter companies by tags using the equals (=), not
// equals (!=) and contains (~) operators with Codat's query language"): the query language of
// filter.ts over a company's tags, each tag name a text field. `region=uk && team=invoice-finance`.
import { errorResponse, type ApiResponse } from './errors';
import type { FieldType, RecordFields } from './fields';
import { type Filter, MAX_QUERY_LENGTH, isFilter, parseFilter } from './filter';
import { compileFilter } from './match';
import type { Company } from './wire';

/** Every name is a tag, read as text: so only `=`, `!=` and `~` are allowed. */
class AnyTag extends Map<string, FieldType> {
  override get(): FieldType {
    return 'text';
  }
  override has(): boolean {
    return true;
  }
}

const TAGS: RecordFields = { name: 'Tags', types: new AnyTag() };

/** The filter, or the 400 a malformed one gets (as a malformed `query` does). */
export function readTagFilter(text: string): Filter | ApiResponse {
  const filter = parseFilter(text, TAGS);
  if (isFilter(filter)) return filter;
  const message =
    filter.kind === 'tooLong'
      ? `Query is ${text.length} characters long; the maximum is ${MAX_QUERY_LENGTH}.`
      : 'Malformed query.';
  const error = `Error parsing tags - ${message}`;
  return errorResponse(400, 'ClientsApi', error, {
    errors: [{ itemId: 'tags', message: error, validatorName: 'QueryValidator' }],
    warnings: [],
  });
}

/** The companies whose tags match; a company without a tag matches only `!=` on it. */
export function tagged(companies: readonly Company[], filter: Filter): Company[] {
  const tag =
    (name: string) =>
    (i: number): unknown => {
      const tags = companies[i].tags;
      return tags && Object.hasOwn(tags, name) ? tags[name] : undefined;
    };
  const matches = compileFilter(filter, TAGS, tag);
  return companies.filter((_, i) => matches(i));
}
