// Every ApiError of the client is built here, from whatever failed:
// - a request check refused a parameter before anything was sent (`attempts: 0`);
// - the transport got no response: the caller's abort, the timeout, a proxy or certificate
//   failure, any other network failure;
// - a response: a status that is not a success (the status, and where the spec overloads a status
//   the error text, decides the kind; the kind decides the one-line message), or a success whose
//   body is not what was asked for;
// - a paging walk that cannot go on.
// Everything taken from a body passes through the redactor first.
import { ApiError, type ApiErrorKind } from './errors';
import { shortMessage, parseErrorBody, type ParsedErrorBody } from './errorBody';
import { proxyAuthMessage, proxyUnreachableMessage, tlsTrustMessage, type ConnectionFailure } from './networkErrors';
import { capRawBody, redactDeep, scrubBody, type Redactor } from './redact';
import { t } from '../l10n';
import { formatDuration } from '../util/duration';
import { formatCount } from '../util/amount';

/** Where a call went, or would have gone. */
export interface Target {
  method: string;
  /** Path and query relative to the base URL. */
  path: string;
}

// --- Request checks: nothing was sent ---

/** A parameter refused before sending; `validation` says which and why. */
export function refusedParameter(target: Target, parameter: string, message: string): ApiError {
  return new ApiError({
    kind: 'invalidParameter',
    message,
    ...target,
    attempts: 0,
    validation: { parameter, message },
  });
}

/** A query or orderBy the parser refused, with the error's code and position. */
export function refusedQuery(
  target: Target,
  parameter: 'query' | 'orderBy',
  message: string,
  problem: { code: string; message: string; start: number; end: number },
): ApiError {
  const { code, start, end } = problem;
  return new ApiError({
    kind: 'invalidQuery',
    message,
    ...target,
    attempts: 0,
    validation: { parameter, code, message: problem.message, start, end },
  });
}

// --- No response ---

/** The error a caller's abort ends a request or a page load with. */
export function cancelledError(method: string, path: string, attempts: number): ApiError {
  return new ApiError({ kind: 'cancelled', message: t('Request cancelled'), method, path, attempts });
}

export function timeoutError(target: Target, attempts: number, timeoutMs: number): ApiError {
  return new ApiError({
    kind: 'timeout',
    message: t('Request timed out after {0}', formatDuration(timeoutMs)),
    ...target,
    attempts,
  });
}

/** A proxy sign-in, a refused certificate or an unreachable proxy (networkErrors.ts tells them). */
export function connectionError(
  failure: ConnectionFailure,
  target: Target,
  attempts: number,
  host: string,
  redact: Redactor,
): ApiError {
  const base = { ...target, attempts };
  switch (failure.kind) {
    case 'proxyAuth':
      return new ApiError({
        ...base,
        kind: 'proxyAuth',
        status: 407,
        code: failure.code,
        message: redact(proxyAuthMessage(host)),
      });
    case 'tlsTrust':
      return new ApiError({
        ...base,
        kind: 'tlsTrust',
        code: failure.code,
        message: redact(tlsTrustMessage(host, failure.code)),
      });
    case 'proxyUnreachable':
      return new ApiError({ ...base, kind: 'network', message: redact(proxyUnreachableMessage(host)) });
  }
}

/** Network failures by code; the host is named, the URL never (it is not needed and could grow). */
function networkMessage(code: string | undefined, host: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return t('Could not connect to {0} (connection refused)', host);
    case 'ECONNRESET':
      return t('The connection to {0} was reset (ECONNRESET)', host);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return t('Could not resolve host {0} ({1})', host, code);
    case 'ETIMEDOUT':
      return t('Connecting to {0} timed out (ETIMEDOUT)', host);
    default:
      return code ? t('Network error talking to {0} ({1})', host, code) : t('Network error talking to {0}', host);
  }
}

/** A body over the client's limit, refused unread: asking again would bring the same. */
export function responseTooLargeError(target: Target, attempts: number, limitBytes: number): ApiError {
  const limit =
    limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MB` : `${Math.round(limitBytes / 1024)} KB`;
  return new ApiError({
    kind: 'malformedResponse',
    message: t(
      'The response was larger than {0} and was not read; a smaller page size (dataPlatform.pageSize) may help',
      limit,
    ),
    ...target,
    attempts,
  });
}

export function networkError(
  code: string | undefined,
  target: Target,
  attempts: number,
  host: string,
  redact: Redactor,
): ApiError {
  return new ApiError({ kind: 'network', message: redact(networkMessage(code, host)), ...target, attempts, code });
}

// --- Paging ---

// A walk that would not end by itself ends with one of these, keeping what it loaded.
const pagingStopped = (href: string | undefined, message: string): ApiError =>
  new ApiError({ kind: 'malformedResponse', message, method: 'GET', path: href ?? '' });

export function pagingLoopError(href: string | undefined): ApiError {
  return pagingStopped(href, t('The server’s next-page link leads back to a page already loaded; paging stopped'));
}

/** Pages went on past what the server announced (totalResults / pageSize), with a margin. */
export function pagingOverrunError(href: string | undefined, announcedPages: number, pagesLoaded: number): ApiError {
  return pagingStopped(
    href,
    t('The server announced {0} pages but kept offering more after {1}; paging stopped', announcedPages, pagesLoaded),
  );
}

/** The server announced more than a walk believes (walkBounds.ts); the walk loaded that many. */
export function pagingCapError(href: string | undefined, announcedTotal: number, maxRecords: number): ApiError {
  return pagingStopped(
    href,
    t(
      'The server announced {0} records; a list loads at most {1}, so paging stopped there. A query can narrow the list',
      formatCount(announcedTotal),
      formatCount(maxRecords),
    ),
  );
}

/** Pages kept coming with nothing that was not loaded already. */
export function pagingStalledError(href: string | undefined, pages: number): ApiError {
  return pagingStopped(href, t('The server’s last {0} pages held only records already loaded; paging stopped', pages));
}

// --- Responses ---

export interface ResponseInfo {
  method: string;
  /** Path and query relative to the base URL. */
  path: string;
  status: number;
  text: string;
  contentType?: string;
  /** From a correlation header, used when the body carries none. */
  correlationIdHeader?: string;
  /** Wait the server asked for (Retry-After / rate-limit reset), already in ms. */
  retryAfterMs?: number;
  attempts: number;
  redact: Redactor;
  /** Host (and port) of the base URL, for messages about the way there. */
  host?: string;
  /** `Proxy-Authenticate` of a 407: which schemes the proxy offers. */
  proxyAuthenticate?: string;
}

/**
 * Whether `text` says `Datatype [invoices] not supported by platform(s) [Xero]`, as
 * /Datatype \[[^\]]*\] not supported by platform/i finds it, in one pass: the regex scans from
 * every `Datatype [` to the next `]`, and from a run of them without one, to the end each time
 * (issue 22). Every start before the same `]` has the same outcome, so the next is looked for
 * after it.
 */
function datatypeNotSupported(text: string): boolean {
  const open = /Datatype \[/gi;
  const tail = /\] not supported by platform/iy;
  while (open.exec(text)) {
    const close = text.indexOf(']', open.lastIndex);
    if (close < 0) return false;
    tail.lastIndex = close;
    if (tail.test(text)) return true;
    open.lastIndex = close + 1;
  }
  return false;
}

/** Whether a parsed body's text says which account limit a 402 hit, and so on. */
export function kindForStatus(status: number, path: string, parsed: ParsedErrorBody): ApiErrorKind {
  const text = parsed.body?.error ?? parsed.message ?? '';
  const validationMessages = parsed.body?.validation?.errors.map((e) => e.message) ?? [];
  const bare = path.split('?')[0];
  switch (status) {
    case 400:
      return /error parsing (query|orderBy)|could not resolve property|malformed (query|orderBy)/i.test(text)
        ? 'invalidQuery'
        : 'badRequest';
    case 401:
      return 'unauthorized';
    case 402:
      // The seed spec's texts, then Codat's documented ones ("You have exceeded the 50-company
      // limit…", "The requested sync schedule is not allowed…", "Your Free account is older than
      // 365 days and has expired…").
      if (/^\s*CompanyValidationException|exceeded the \d+-company limit/i.test(text)) return 'companyLimit';
      if (/^\s*SyncSettingsValidationException|sync schedule is not allowed/i.test(text))
        return 'syncScheduleNotAllowed';
      if (
        /^\s*Payment Required\s*$/i.test(text) ||
        /account expired|account is older than \d+ days and has expired/i.test(text)
      )
        return 'accountExpired';
      if (validationMessages.some((m) => /^\s*Account expired/i.test(m))) return 'accountExpired';
      return 'paymentRequired';
    case 403:
      return 'forbidden';
    case 404:
      return datatypeNotSupported(text) ? 'datatypeNotSupported' : 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 407:
      // Only a proxy sends 407: through a plain proxied request, or replayed by VS Code's proxy
      // agent when the proxy refused the CONNECT tunnel.
      return 'proxyAuth';
    case 409:
      if (/^\/apiKeys(\/|$)/i.test(bare)) return 'apiKeyLimit';
      if (/has not been requested/i.test(text)) return 'dataSetNotRequested';
      if (/\b(in progress|still running|not (yet )?(been )?completed?|incomplete)\b/i.test(text))
        return 'syncInProgress';
      return 'conflict';
    case 429:
      return 'rateLimited';
    case 503:
      return 'unavailable';
    default:
      if (status >= 500 && status <= 599) return 'server';
      return 'unexpectedStatus';
  }
}

/** Kinds whose message is fixed: the body adds nothing a person needs in one line. */
const FIXED_MESSAGE_KINDS: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'unauthorized',
  'companyLimit',
  'syncScheduleNotAllowed',
  'accountExpired',
  'apiKeyLimit',
  'rateLimited',
  'methodNotAllowed',
  'proxyAuth',
]);

function messageFor(
  kind: ApiErrorKind,
  info: ResponseInfo,
  parsed: ParsedErrorBody,
  server: string | undefined,
): string {
  const { status, method } = info;
  const bare = info.path.split('?')[0];
  // The server's own sentence when it sent one, else ours; the status follows either way.
  const serverOr = (fallback: () => string): string =>
    server !== undefined ? t('{0} ({1})', server, status) : fallback();
  if (parsed.format === 'html' && !FIXED_MESSAGE_KINDS.has(kind)) {
    return t('Server returned an HTML page instead of JSON ({0})', status);
  }
  switch (kind) {
    case 'unauthorized':
      return t('The API key was rejected ({0})', status);
    case 'forbidden':
      return serverOr(() => t('The API key is outdated or not allowed to access this resource ({0})', status));
    case 'companyLimit':
      return t('Company limit reached on the Free trial ({0})', status);
    case 'syncScheduleNotAllowed':
      return t('Hourly sync schedule is not allowed on the Free trial ({0})', status);
    case 'accountExpired':
      return t('The Free trial account has expired ({0})', status);
    case 'paymentRequired':
      return serverOr(() => t('Payment required ({0})', status));
    case 'notFound':
      return serverOr(() => t('Not found: {0} {1} ({2})', method, bare, status));
    case 'datatypeNotSupported': // "Datatype [invoices] not supported by platform(s) [Xero]" says it all
      return server ?? t('Datatype not supported by the platform ({0})', status);
    case 'dataSetNotRequested':
      return serverOr(() => t('The data set has not been requested ({0})', status));
    case 'syncInProgress':
      return serverOr(() => t('A sync of this data set is still in progress ({0})', status));
    case 'apiKeyLimit':
      return t('API key limit reached — delete a key before creating another ({0})', status);
    case 'conflict':
      return serverOr(() => t('Conflict ({0})', status));
    case 'methodNotAllowed':
      return t('Method not allowed: {0} {1} ({2})', method, bare, status);
    case 'proxyAuth':
      return proxyAuthMessage(info.host ?? t('the API'), info.proxyAuthenticate);
    case 'rateLimited':
      return info.retryAfterMs !== undefined
        ? t('Rate limited — retry in {0}', formatDuration(info.retryAfterMs, 'wait'))
        : t('Rate limited — retry later');
    case 'server':
      return serverOr(() => t('Server error ({0})', status));
    case 'unavailable':
      return serverOr(() => t('Service unavailable — temporary maintenance ({0})', status));
    case 'badRequest':
      return serverOr(() => t('Bad request ({0})', status));
    case 'invalidQuery':
      return serverOr(() => t('Invalid query ({0})', status));
    default:
      if (status >= 300 && status < 400) return t('Unexpected redirect ({0}) — redirects are not followed', status);
      return serverOr(() => t('Unexpected response ({0})', status));
  }
}

/** The error for a response whose status is not a success. */
export function errorFromResponse(info: ResponseInfo): ApiError {
  const text = scrubBody(info.text, info.redact);
  const parsed = parseErrorBody(text, info.contentType);
  const kind = kindForStatus(info.status, info.path, parsed);
  const server = shortMessage(parsed.message ? info.redact(parsed.message) : undefined);
  // Redacted after JSON.parse decoded it: a key the server wrote in `\u` escapes is plain here.
  const body = parsed.body ? redactDeep(parsed.body, info.redact) : undefined;
  return new ApiError({
    kind,
    message: info.redact(messageFor(kind, info, parsed, server)),
    method: info.method,
    path: info.path,
    status: info.status,
    body,
    rawBody: capRawBody(text),
    correlationId: body?.correlationId || info.correlationIdHeader,
    retryAfterMs: info.retryAfterMs,
    attempts: info.attempts,
  });
}

/** A success status whose body is not the JSON we need. */
export function malformedResponse(info: ResponseInfo, expected: string): ApiError {
  const text = scrubBody(info.text, info.redact);
  const parsed = parseErrorBody(text, info.contentType);
  const status = info.status;
  // `expected` names an API shape ("a page of companies"): technical, kept in English like paths.
  const message =
    parsed.format === 'empty'
      ? t('Server returned an empty body instead of JSON ({0})', status)
      : parsed.format === 'html'
        ? t('Server returned an HTML page instead of JSON ({0})', status)
        : parsed.format === 'invalidJson'
          ? t('Server returned malformed or truncated JSON ({0})', status)
          : parsed.format === 'text'
            ? t('Server returned text instead of JSON ({0})', status)
            : t('Server returned JSON of an unexpected shape (expected {0}) ({1})', expected, status);
  return refusedAnswer(info, message, text);
}

/** A success status whose answer is refused (`malformedResponse`): `message` says why, `text` (the
 * body, already scrubbed) is kept capped. */
export function refusedAnswer(info: ResponseInfo, message: string, text: string): ApiError {
  return new ApiError({
    kind: 'malformedResponse',
    message,
    method: info.method,
    path: info.path,
    status: info.status,
    rawBody: capRawBody(text),
    correlationId: info.correlationIdHeader,
    attempts: info.attempts,
  });
}
