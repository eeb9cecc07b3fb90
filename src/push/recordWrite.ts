// What the questions of a record's update and delete say of it: its amount as the tree shows it
// (the catalog's `amount` and `currency` fields), so a production delete names what goes.
import type { DataTypeSpec } from '../dataTypes/catalog';
import { getFieldValue } from '../query/values';
import { formatAmount } from '../util/amount';

/** The record's amount in its currency (`£1,234.50`), or undefined when its type shows none or
 * the record has none. */
export function recordAmount(spec: DataTypeSpec, record: unknown, locale?: string): string | undefined {
  if (!spec.amount) return undefined;
  const amount = getFieldValue(record, spec.amount.split('.'));
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  const currency = spec.currency ? getFieldValue(record, spec.currency.split('.')) : undefined;
  return formatAmount(amount, typeof currency === 'string' && currency !== '' ? currency : undefined, locale);
}
