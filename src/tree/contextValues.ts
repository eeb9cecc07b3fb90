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

/** A query node (Run Query…) of the type; a pinned (saved) one ends in `;pinned`, so menus tell
 * Pin from Unpin with /;pinned$/ while every query menu still matches /^(invoices|records);query/. */
export function queryContext(type: DataTypeId, pinned = false): string {
  const base = type === 'invoices' ? 'invoices;query' : `records;query;type=${type}`;
  return pinned ? `${base};pinned` : base;
}

/** A record of the type. */
export function recordContext(type: DataTypeId): string {
  return type === 'invoices' ? 'invoice' : `record;type=${type}`;
}

export const DATA_FOLDER_CONTEXT = 'dataFolder';
