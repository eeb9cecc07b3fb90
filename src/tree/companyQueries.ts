// A company's query nodes, in the order they are shown: pinned (saved) ones first, then the
// others oldest first. They come back from the query store when the company's node is made (a
// window reload, a refreshed tree) without fetching anything, and every change writes the whole
// list back. The bounds are storage's: past OPEN_QUERY_LIMIT the oldest unpinned node goes, and
// no more than PINNED_QUERY_LIMIT can be pinned.
import { dataType, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import type { CompanyQueryStore } from '../persistence/queryNodeStore';
import { OPEN_QUERY_LIMIT, PINNED_QUERY_LIMIT, type SavedQuery } from '../persistence/savedQueries';
import type { CompanyNodeLike, TreeContext } from './context';
import type { RecordQuery } from './dataNodes';
import type { ListSpot } from './typePlaces';
import { QueryNode, savedSpot, type QueryMarks, type QueryOwner } from './queryNode';

export type PinOutcome = 'pinned' | 'unpinned' | 'unchanged' | 'full';

export class CompanyQueries {
  private nodes: QueryNode[] = [];
  private readonly store?: CompanyQueryStore;
  /** Stored entries of a data type this version does not know: not shown, but written back, so
   * opening the account in an older version loses nothing. */
  private readonly unknown: SavedQuery[] = [];

  constructor(
    private readonly owner: QueryOwner & CompanyNodeLike,
    private readonly ctx: TreeContext,
  ) {
    this.store = ctx.queryStore?.forCompany(owner);
    for (const entry of this.store?.entries ?? []) {
      if (!isDataTypeId(entry.dataType)) this.unknown.push(entry);
      else
        this.nodes.push(
          this.make({ query: entry.query, orderBy: entry.orderBy }, entry.dataType, entry, savedSpot(entry)),
        );
    }
  }

  get all(): readonly QueryNode[] {
    return this.nodes;
  }

  private make(query: RecordQuery, type: DataTypeId, marks: QueryMarks = {}, spot: ListSpot = {}): QueryNode {
    return new QueryNode(this.owner, this.ctx, this.owner, dataType(type), query, marks, spot);
  }

  /** A query node, or the one with the same type, place, filter and order (nothing is fetched
   * until it is expanded). A new one goes last. */
  add(query: RecordQuery, type: DataTypeId, spot: ListSpot = {}): QueryNode {
    const node = this.make(query, type, {}, spot);
    const existing = this.nodes.find((q) => q.key === node.key);
    if (existing) return existing;
    this.nodes.push(node);
    this.changed();
    return node;
  }

  /** Edits a node's filter in place: a new node at the same position, with its name and pin. The
   * one it now equals, if any, takes its place (pinned if either was). */
  replace(old: QueryNode, query: RecordQuery): QueryNode {
    const index = this.nodes.indexOf(old);
    if (index < 0) return this.add(query, old.dataType, old.spot);
    const node = this.make(query, old.dataType, { label: old.label, pinned: old.pinned }, old.spot);
    const duplicate = this.nodes.find((q) => q !== old && q.key === node.key);
    this.nodes.splice(index, 1);
    old.dispose();
    if (duplicate) {
      if (old.pinned && !duplicate.pinned) return this.move(duplicate, true);
    } else {
      this.nodes.splice(index, 0, node);
    }
    this.changed();
    return duplicate ?? node;
  }

  remove(node: QueryNode): boolean {
    const index = this.nodes.indexOf(node);
    if (index < 0) return false;
    this.nodes.splice(index, 1);
    node.dispose();
    this.changed();
    return true;
  }

  /** Names a node; an empty or absent name shows its filter again. */
  rename(node: QueryNode, label: string | undefined): boolean {
    if (!this.nodes.includes(node)) return false;
    node.label = label?.trim() || undefined;
    this.ctx.changed(node);
    this.save();
    return true;
  }

  /** Pins a node (it moves to the end of the pinned ones) or unpins it (it becomes the newest of
   * the others, so it is not the first to be dropped). */
  setPinned(node: QueryNode, pinned: boolean): PinOutcome {
    if (!this.nodes.includes(node) || node.pinned === pinned) return 'unchanged';
    if (pinned && this.nodes.filter((q) => q.pinned).length >= PINNED_QUERY_LIMIT) return 'full';
    this.move(node, pinned);
    return pinned ? 'pinned' : 'unpinned';
  }

  private move(node: QueryNode, pinned: boolean): QueryNode {
    this.nodes.splice(this.nodes.indexOf(node), 1);
    node.pinned = pinned;
    if (pinned) this.nodes.splice(this.nodes.filter((q) => q.pinned).length, 0, node);
    else this.nodes.push(node);
    this.changed();
    return node;
  }

  refresh(): void {
    for (const q of this.nodes) q.refresh();
  }

  dispose(): void {
    for (const q of this.nodes) q.dispose();
  }

  /** The company was deleted: its query nodes go, and storage keeps none of them. */
  forgetAll(): void {
    this.dispose();
    this.nodes = [];
    this.unknown.length = 0;
    this.save();
  }

  /** Drops the oldest unpinned nodes past the bound, re-renders the company and stores the list. */
  private changed(): void {
    const open = this.nodes.filter((q) => !q.pinned);
    for (const dropped of open.slice(0, Math.max(0, open.length - OPEN_QUERY_LIMIT))) {
      this.nodes.splice(this.nodes.indexOf(dropped), 1);
      dropped.dispose();
    }
    this.ctx.changed(this.owner);
    this.save();
  }

  private save(): void {
    this.store?.save([...this.unknown, ...this.nodes.map((q) => q.toSaved())]);
  }
}
