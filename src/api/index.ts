// Public surface of the API client. Nothing under src/api imports `vscode`.
export { DataPlatformClient } from './client';
export type { ClientOptions, CreateApiKeyRequest, ListParams } from './client';
export { ApiError, formatWait, isApiError, isCancellation, isTransientKind } from './errors';
export type { ApiErrorInit, ApiErrorJSON, ApiErrorKind, ValidationDetail } from './errors';
export { parseErrorBody } from './errorBody';
export type { BodyFormat, ParsedErrorBody } from './errorBody';
export { errorFromResponse, kindForStatus, malformedResponse, RAW_BODY_LIMIT } from './responseErrors';
export { followItems, followPages, PagedList } from './paging';
export type { LoadAllOptions, LoadOptions, LoadProgress, PageLoader } from './paging';
export { parseRateLimit, parseResetTime } from './rateLimit';
export type { RateLimitInfo } from './rateLimit';
export { backoffDelay, decideRetry, DEFAULT_RETRY_POLICY, parseRetryAfter, requestedWaitMs, sleep } from './retry';
export type { AttemptOutcome, RetryDecision, RetryPolicy } from './retry';
export { DEFAULT_TIMEOUT_MS } from './transport';
export type { CallOptions, RequestSummary, TraceEntry } from './transport';
export { DEFAULT_BASE_URL, isLoopbackHost, normalizeBaseUrl, resolveHref } from './url';
export { DEFAULT_PAGE_SIZE, MAX_API_KEY_NAME_LENGTH, MAX_PAGE_SIZE } from './validate';
export * from './models';
