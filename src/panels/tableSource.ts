// Which tree list a table follows, said so it can be found again: by its account, company, type,
// place and query (its node's key). The tree makes new nodes when it is rebuilt (a new key, a
// refresh of the account) and after a window reload; the table then follows the new node's list.
import { CompanyNode } from '../tree/companyNodes';
import { RecordListNode } from '../tree/dataNodes';
import { accountRootOf, type CompaniesTreeProvider } from '../tree/provider';
import { QueryNode } from '../tree/queryNode';
import type { ListRef } from '../table/listRef';

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
