// Which tree list a table follows, said so it can be found again: by its account, company, type,
// place and query (its node's key). The tree makes new nodes when it is rebuilt (a new key, a
// refresh of the account) and after a window reload; the table then follows the new node's list.
import { isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { isRecord } from '../util/guards';
import { CompanyNode } from '../tree/companyNodes';
import { RecordListNode } from '../tree/dataNodes';
import { accountRootOf, type CompaniesTreeProvider } from '../tree/provider';
import { QueryNode } from '../tree/queryNode';

export interface ListRef {
  accountId: string;
  companyId: string;
  dataType: DataTypeId;
  connectionId?: string;
  parentId?: string;
  /** A query node's filter and order; `query` is true for a query node even without them. */
  query?: { query?: string; orderBy?: string };
  /** The node's key: the same list found again has the same key. */
  key: string;
}

export function listRefOf(node: RecordListNode): ListRef | undefined {
  const accountId = accountRootOf(node)?.accountId;
  if (accountId === undefined) return undefined;
  const { connectionId, parentId } = node.spot;
  return {
    accountId,
    companyId: node.company.id,
    dataType: node.dataType,
    ...(connectionId !== undefined ? { connectionId } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(node instanceof QueryNode ? { query: { ...node.query } } : {}),
    key: node.key,
  };
}

const optional = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

/** A saved reference read back (from a page's state after a reload): checked field by field. */
export function parseListRef(v: unknown): ListRef | undefined {
  if (!isRecord(v)) return undefined;
  const { accountId, companyId, dataType, connectionId, parentId, query, key } = v;
  if (typeof accountId !== 'string' || typeof companyId !== 'string' || typeof key !== 'string') return undefined;
  if (!isDataTypeId(dataType) || !optional(connectionId) || !optional(parentId)) return undefined;
  if (query !== undefined && !(isRecord(query) && optional(query.query) && optional(query.orderBy))) return undefined;
  return {
    accountId,
    companyId,
    dataType,
    ...(connectionId !== undefined ? { connectionId } : {}),
    ...(parentId !== undefined ? { parentId } : {}),
    ...(query !== undefined
      ? { query: { query: query.query as string | undefined, orderBy: query.orderBy as string | undefined } }
      : {}),
    key,
  };
}

/** The company's node, its account's first page loaded if need be (after a reload nothing is). */
async function companyOf(tree: CompaniesTreeProvider, ref: ListRef): Promise<CompanyNode | undefined> {
  const root = tree.rootOf(ref.accountId);
  if (!root) return undefined;
  const found = root.companyNode(ref.companyId);
  if (found) return found;
  const list = root.ensureList();
  const client = root.connection.client;
  if (!list || !client) return undefined;
  if (list.pagesLoaded === 0) await root.loadMore();
  const shown = root.companyNode(ref.companyId);
  if (shown) return shown;
  try {
    return root.showCompany(await client.getCompany(ref.companyId));
  } catch {
    return undefined;
  }
}

/** The list node `ref` names as the tree has it now; `create` adds a query node that is gone (a
 * table restored after a reload of a query not pinned). Lists under a parent record are not
 * found again (the record's node is made only when its parent list is expanded). */
export async function findList(
  tree: CompaniesTreeProvider,
  ref: ListRef,
  create: boolean,
): Promise<RecordListNode | undefined> {
  if (ref.parentId !== undefined) return undefined;
  const company = await companyOf(tree, ref);
  if (!company) return undefined;
  if (ref.query) {
    const shown = company.queries.find((q) => q.key === ref.key);
    if (shown || !create) return shown;
    const spot = ref.connectionId !== undefined ? { connectionId: ref.connectionId } : {};
    return company.addQuery(ref.query, ref.dataType, spot);
  }
  if (ref.connectionId === undefined) return company.listsOf(ref.dataType).find((n) => n.key === ref.key);
  const connections = company.connections;
  const list = connections.ensureList();
  if (list && list.pagesLoaded === 0) await connections.loadMore();
  return connections.connectionNode(ref.connectionId)?.type(ref.dataType);
}

/** Whether `node` is a list whose owner can hold a query (sorting the whole list makes one). */
export const canQuery = (node: RecordListNode): node is RecordListNode & { owner: CompanyNode } =>
  node.owner instanceof CompanyNode;
