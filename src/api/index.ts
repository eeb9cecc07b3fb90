// The public surface of the API client: what the rest of src/ uses, and nothing else (tests
// import internals from their own modules). Nothing under src/api imports `vscode`.
export { DataPlatformClient } from './client';
export type { CompanyListParams, ListParams, ListPlace, PlaceArg, PreparedRequest } from './client';
export type { CompaniesApi } from './companiesApi';
export type { ConnectionsApi } from './connectionsApi';
export type { DocumentsApi, RecordPlace } from './documentsApi';
export type { ByteSink, Downloaded, DownloadOptions, FileMeta, UploadOptions, UploadSource } from './downloads';
export { companySearchParams } from './companySearch';
export { ApiError, isApiError, isCancellation } from './errors';
export { isPushOperation, PUSH_OPTION_BOUNDS } from './pushes';
export { dataStatusPath, pullOperationPath, pushHistoryPath, pushOperationPath, pushPath } from './paths';
export { API_KEYS_PATH } from './apiKeys';
export type { ApiErrorJSON, SentRequest, ValidationDetail } from './errors';
export { certificateProblem } from './networkErrors';
export { followPages, PagedList, PageWalker } from './paging';
export type { LoadProgress, PageLoader } from './paging';
export { loadRemainingPages } from './concurrentPages';
export type { GateEvent } from './rateGate';
export type { RateLimitInfo } from './rateLimit';
export { createRedactor, RAW_BODY_LIMIT, redactDeep } from './redact';
export type { Redactor } from './redact';
export type { RequestSummary, TraceEntry } from './transportOptions';
export { DEFAULT_BASE_URL, isLoopbackHost, normalizeBaseUrl } from './url';
export { MAX_SENT_REQUEST } from './sentRequest';
export { DEFAULT_PAGE_SIZE, MAX_API_KEY_NAME_LENGTH, MAX_PAGE_SIZE } from './requestChecks';
export { cancelledError } from './failures';
export { sleep } from './retry';
export type * from './models';
