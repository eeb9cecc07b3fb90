// Syntax tree of the filter language of the `query=` parameter (see the reference:
// `field=value`, `!= ~ > < >= <=`, `&&`, `||`, `{ }` for grouping, dotted fields).
// Positions are 0-based offsets into the query text, so editors can underline them.

export type ComparisonOperator = '=' | '!=' | '~' | '>' | '<' | '>=' | '<=';

interface Span {
  /** Offset of the first character. */
  start: number;
  /** Offset one past the last character. */
  end: number;
}

export interface Comparison extends Span {
  kind: 'comparison';
  /** Field path split on dots: `customerRef.id` → ['customerRef', 'id']. */
  path: string[];
  operator: ComparisonOperator;
  /** The value as written, unquoted and unescaped; its type comes from the field. */
  value: string;
}

export interface Logical extends Span {
  kind: 'and' | 'or';
  /** Two or more operands; `a&&b&&c` is one node with three. */
  operands: QueryExpr[];
}

export type QueryExpr = Comparison | Logical;

/** Type of a queryable field; decides which operators apply and how values are read. */
export type FieldType = 'string' | 'number' | 'date' | 'boolean';

/** Queryable fields of a record type, by dotted path. Arrays are not queryable. */
export interface QuerySchema {
  /** Record name used in messages: "Could not resolve property X on Invoice". */
  recordName: string;
  fields: Readonly<Record<string, FieldType>>;
  /** Fields whose values are a known set (an enumeration such as `status`): offered as
   * completions, never enforced (a server may add values). */
  values?: Readonly<Record<string, readonly string[]>>;
}
