// The contextValues of the record nodes, which package.json's menus match with `viewItem`. Lists
// and records are keyed by kind first (`records`, `record`) and carry their type; invoices keep the
// values they always had ('invoices', 'invoices;query', 'invoice'), so menus written for them
// (by users' keybindings or other features) keep working. Menus for every type match both:
// lists /^(invoices|records)/, queries /^(invoices|records);query/, records /^(invoice$|record;)/.
import type { DataTypeId } from '../dataTypes/catalog';

/** A type's node under the Data folder. */
export function listContext(type: DataTypeId): string {
  return type === 'invoices' ? 'invoices' : `records;type=${type}`;
}

/** A query node (Run Query…) of the type. */
export function queryContext(type: DataTypeId): string {
  return type === 'invoices' ? 'invoices;query' : `records;query;type=${type}`;
}

/** A record of the type. */
export function recordContext(type: DataTypeId): string {
  return type === 'invoices' ? 'invoice' : `record;type=${type}`;
}

export const DATA_FOLDER_CONTEXT = 'dataFolder';
