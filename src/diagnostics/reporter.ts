// Where every ApiError of the extension goes, exactly once: the diagnostics store, the log, and
// for a 401 the key prompt. Cancellations are the user's own doing and go nowhere.
import type { ApiError } from '../api';
import type { DiagnosticsStore } from './store';

export interface ReportOptions {
  /** False where the caller handles a 401 itself (the key check of Set API Key). */
  prompt?: boolean;
}

export type ReportError = (error: ApiError, options?: ReportOptions) => void;

export interface ReporterDeps {
  diagnostics: Pick<DiagnosticsStore, 'add'>;
  log: { apiError(error: ApiError): void };
  onUnauthorized(): void;
}

export function createReporter(deps: ReporterDeps): ReportError {
  const reported = new WeakSet<object>();
  return (error, options = {}) => {
    if (error.kind === 'cancelled' || reported.has(error)) return;
    reported.add(error);
    deps.diagnostics.add(error);
    deps.log.apiError(error);
    if (error.kind === 'unauthorized' && options.prompt !== false) deps.onUnauthorized();
  };
}
