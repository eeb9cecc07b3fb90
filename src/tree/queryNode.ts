// A Run Query… node: a type's records at one place (src/tree/dataNodes.ts ListSpot), filtered
// and/or ordered, shown under its company and kept across reloads with its place.
import * as vscode from 'vscode';
import type { DataTypeId, DataTypeSpec } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { queryNodeLabel } from '../format/queryMessages';
import { t } from '../l10n';
import type { SavedQuery } from '../persistence/savedQueries';
import { queryIdentity } from '../query/format';
import type { TreeContext } from './context';
import { queryContext } from './contextValues';
import { RecordListNode, type ListOwner, type RecordQuery } from './dataNodes';
import { spotKey, type ListSpot } from './typePlaces';
import type { TreeNode } from './node';

/** What the user made of a query node: a name and whether it is pinned (saved). */
export interface QueryMarks {
  label?: string;
  pinned?: boolean;
}

/** What a list needs of its company node to add and replace query nodes. */
export interface QueryOwner extends ListOwner {
  addQuery(query: RecordQuery, type?: DataTypeId, spot?: ListSpot): QueryNode;
  replaceQuery(old: QueryNode, query: RecordQuery): QueryNode;
  removeQuery(node: QueryNode): boolean;
}

/** The spot a saved entry names (a connection, a parent record), as its node lists it. */
export function savedSpot(entry: SavedQuery): ListSpot {
  return {
    ...(entry.connectionId !== undefined ? { connectionId: entry.connectionId } : {}),
    ...(entry.parentId !== undefined ? { parentId: entry.parentId } : {}),
    ...(entry.placeName !== undefined ? { name: entry.placeName } : {}),
  };
}

/** A Run Query… node: the records of one type at one place, filtered and/or ordered; it may carry
 * a name and be pinned (a saved query). Name and pin change in place: the node keeps its id (its
 * key is the query's meaning and place) and what it has loaded. */
export class QueryNode extends RecordListNode {
  /** A name the user gave it, shown instead of the filter. */
  label?: string;
  /** Pinned (saved): listed first under its company and never dropped to make room. */
  pinned: boolean;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    owner: ListOwner,
    spec: DataTypeSpec,
    query: RecordQuery,
    marks: QueryMarks = {},
    spot: ListSpot = {},
  ) {
    super(parent, ctx, owner, spec, query, spot);
    this.label = marks.label;
    this.pinned = marks.pinned === true;
  }

  get key(): string {
    // By meaning, not spelling: `status = Paid` finds the node `status=Paid` made.
    const meaning = queryIdentity(this.query.query, this.query.orderBy);
    return `${this.spec.id}:${this.company.id}${spotKey(this.spot)}:query:${meaning}`;
  }

  /** What is kept across reloads. */
  toSaved(): SavedQuery {
    const { query, orderBy } = this.query;
    const { connectionId, parentId, name } = this.spot;
    return {
      dataType: this.spec.id,
      ...(query !== undefined ? { query } : {}),
      ...(orderBy !== undefined ? { orderBy } : {}),
      ...(this.label !== undefined ? { label: this.label } : {}),
      ...(this.pinned ? { pinned: true } : {}),
      ...(connectionId !== undefined ? { connectionId } : {}),
      ...(parentId !== undefined ? { parentId } : {}),
      ...(name !== undefined ? { placeName: name } : {}),
    };
  }

  getTreeItem(): vscode.TreeItem {
    const total = this.pagedList?.totalResults;
    const filter = this.query.query ?? t('(no filter)');
    // "status=Paid — 123 invoices", "Bills: status=Paid — 12 bills": the count comes with page 1.
    const item = this.collapsedItem(queryNodeLabel(this.label ?? filter, total, this.spec.id));
    item.iconPath = new vscode.ThemeIcon(this.pinned ? 'pinned' : 'filter');
    // A named query still shows what it runs; one at a connection or record says where.
    const order = this.query.orderBy ? t('orderBy {0}', this.query.orderBy) : undefined;
    const parts = [this.label !== undefined ? filter : undefined, order, this.spot.name].filter((p) => p !== undefined);
    item.description = parts.length > 0 ? parts.join(' · ') : undefined;
    item.tooltip = [
      ...(this.label !== undefined ? [t('Name: {0}', this.label)] : []),
      t('Company: {0}', this.company.name),
      ...this.spotLines(),
      t('Data type: {0}', typeTitle(this.spec.id)),
      this.query.query !== undefined ? t('query: {0}', this.query.query) : t('query: (none)'),
      ...(this.query.orderBy ? [t('orderBy: {0}', this.query.orderBy)] : []),
      ...(this.pinned ? [t('Pinned: listed first, never dropped to make room')] : []),
    ].join('\n');
    item.contextValue = queryContext(this.spec.id, this.pinned, this.morePages);
    return item;
  }
}
