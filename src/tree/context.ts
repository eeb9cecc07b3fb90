// What every tree node needs from the extension, passed in rather than imported, so nodes stay
// small and the wiring lives in one place.
import type { ApiError, Company, DataPlatformClient } from '../api';
import type { AccountRef } from '../diagnostics/reporter';
import type { CompanyQueryStore } from '../persistence/queryNodeStore';
import type { PushTracker } from '../push/tracker';
import type { TreeNode } from './node';

/** A company's node, as the query store sees it (the scope comes from it: its account). */
export type CompanyNodeLike = TreeNode & { readonly company: Company; readonly account: AccountRef };

export interface TreeContext {
  /** The account the nodes belong to: every node of a tree under one account root shares it. */
  account(): AccountRef;
  /** The client of the account's connection; undefined when there is no key or no valid base URL. */
  client(): DataPlatformClient | undefined;
  /** `dataPlatform.pageSize`, already clamped to 1–5000. */
  pageSize(): number;
  /** `dataPlatform.loadAllConcurrency`: pages Load all asks for at once, already clamped. */
  loadAllConcurrency(): number;
  /** Asks the view to re-render `node` (its item and children); undefined means the whole tree. */
  changed(node: TreeNode | undefined): void;
  /** Routes a failure to the diagnostics store, the log and the account's key prompt, once per
   * error, tagged with the account; an expected one (a sync in progress) goes to the log only. */
  report(error: ApiError, options?: { expected?: boolean }): void;
  now(): number;
  /** The account's pushes followed in this window (Push history shows their latest state). */
  pushes: PushTracker;
  /** Where each company's query nodes are kept across window reloads; without it (or without a
   * scope for the company) they last as long as the company's node. */
  queryStore?: { forCompany(company: CompanyNodeLike): CompanyQueryStore | undefined };
}
