// Where every ApiError of the extension goes, exactly once: the diagnostics store, the log, and
// for a 401 the key prompt of the account whose key it was. Cancellations are the user's own doing
// and go nowhere.
import type { ApiError } from '../api';
import type { DiagnosticsStore } from './store';

/** Which account a failure came from: its id (for the prompt) and name (for people). */
export interface AccountRef {
  readonly id: string;
  readonly name: string;
}

interface ReportOptions {
  /** False where the caller handles a 401 itself (the key check of Set API Key). */
  prompt?: boolean;
  /** The account whose request failed; set by each account's own reporter (`forAccount`). */
  account?: AccountRef;
  /** A state the API answers with an error status while all is well (a 409 while a sync runs): in
   * the log, not in the diagnostics panel, whose entries are errors. */
  expected?: boolean;
}

export type ReportError = (error: ApiError, options?: ReportOptions) => void;

interface ReporterDeps {
  diagnostics: Pick<DiagnosticsStore, 'add'>;
  log: { apiError(error: ApiError, account?: string): void };
  onUnauthorized(account: AccountRef | undefined): void;
}

export function createReporter(deps: ReporterDeps): ReportError {
  const reported = new WeakSet<object>();
  return (error, options = {}) => {
    if (error.kind === 'cancelled' || reported.has(error)) return;
    reported.add(error);
    const account = options.account;
    if (!options.expected) deps.diagnostics.add(error, account && { account: account.name });
    deps.log.apiError(error, account?.name);
    if (error.kind === 'unauthorized' && options.prompt !== false) deps.onUnauthorized(account);
  };
}

/** The reporter of one account: every failure it reports is tagged with the account, read when
 * reported (so a renamed account's later failures carry the new name). */
export function forAccount(report: ReportError, account: () => AccountRef): ReportError {
  return (error, options = {}) => {
    const { id, name } = account();
    report(error, { ...options, account: { id, name } });
  };
}
