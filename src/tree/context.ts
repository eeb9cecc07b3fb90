// What every tree node needs from the extension, passed in rather than imported, so nodes stay
// small and the wiring lives in one place.
import type { ApiError, Company, DataPlatformClient } from '../api';
import type { CompanyQueryStore } from '../query/queryNodeStore';
import type { TreeNode } from './node';

/** A company's node, as the query store sees it (the scope comes from it). */
export type CompanyNodeLike = TreeNode & { readonly company: Company };

export interface TreeContext {
  /** The client of the current connection; undefined when there is no key or no valid base URL. */
  client(): DataPlatformClient | undefined;
  /** `dataPlatform.pageSize`, already clamped to 1–5000. */
  pageSize(): number;
  /** `dataPlatform.loadAllConcurrency`: pages Load all asks for at once, already clamped. */
  loadAllConcurrency(): number;
  /** Asks the view to re-render `node` (its item and children); undefined means the whole tree. */
  changed(node: TreeNode | undefined): void;
  /** Routes a failure to the diagnostics store, the log and any prompt, once per error. */
  report(error: ApiError): void;
  now(): number;
  /** Where each company's query nodes are kept across window reloads; without it (or without a
   * scope for the company) they last as long as the company's node. */
  queryStore?: { forCompany(company: CompanyNodeLike): CompanyQueryStore | undefined };
}
