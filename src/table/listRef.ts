// Which tree list a table follows, said so it can be found again after the tree is rebuilt or
// the window reloaded: its account, company, type, place and query, and its node's key. Read back
// from a page's saved state, so checked field by field.
import { isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { isRecord } from '../util/guards';

export interface ListRef {
  accountId: string;
  companyId: string;
  dataType: DataTypeId;
  connectionId?: string;
  parentId?: string;
  /** A query node's filter and order: present for a query node, even one with neither. */
  query?: { query?: string; orderBy?: string };
  /** The node's key: the same list found again has the same key. */
  key: string;
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
