// Error bodies in the API's shape: every error carries statusCode, service, error, a fresh
// correlationId, canBeRetried and detailedErrorCode; validation only where it applies.
import { randomUUID } from 'node:crypto';
import type { ErrorBody, Validation, ValidationItem } from './wire';

export type Service = 'PublicApi' | 'ClientsApi' | 'PullApi';

export const DOCS_URL = 'https://docs.codat.io/using-the-api/errors';

/** A response the router decided on; the server adds headers and writes it. A class, so a
 * handler's intermediate results (parsed bodies, pages) are never mistaken for one. */
export class ApiResponse {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const MESSAGES = {
  400: 'Bad Request.',
  401: 'Unauthorized',
  403: 'You are using an outdated API key or a key not associated with that resource.',
  404: 'The requested resource could not be found.',
  405: 'The method is not allowed for the requested resource.',
  429: 'You have made too many requests in a given amount of time; please retry later.',
  500: 'There is a problem with our server. Please try again later.',
  502: 'Bad Gateway: the service did not answer in time.',
  503: 'The Codat API is temporarily offline for maintenance. Please try again later.',
  // Codat documents one 409 for a data set that "has not been requested or is still syncing", with
  // this text (Codat-Lending.yaml, `Conflict`); a client tells the two apart by the data status.
  notRequested: 'The data set has not been requested.',
} as const;

/** Server-side and throttling failures may succeed on retry; client errors will not. */
function canBeRetried(status: number): string {
  if (status === 429 || status >= 500) return 'True';
  if (status === 409) return 'Unknown';
  return 'False';
}

export function errorBody(status: number, service: Service, error: string, validation?: Validation): ErrorBody {
  const body: ErrorBody = {
    statusCode: status,
    service,
    error,
    correlationId: randomUUID(),
    canBeRetried: canBeRetried(status),
    detailedErrorCode: 0,
  };
  if (validation) body.validation = validation;
  return body;
}

export function errorResponse(
  status: number,
  service: Service,
  error: string,
  validation?: Validation,
  headers?: Record<string, string>,
): ApiResponse {
  return new ApiResponse(status, errorBody(status, service, error, validation), headers);
}

/** A 400 naming the offending parameter both in `error` and in `validation.errors[].itemId`. */
export function validationError(
  service: Service,
  itemId: string,
  message: string,
  validatorName = 'RequestValidator',
): ApiResponse {
  const item: ValidationItem = { itemId, message, validatorName };
  return errorResponse(400, service, message, { errors: [item], warnings: [] });
}

export function unauthorized(): ApiResponse {
  return errorResponse(401, 'PublicApi', MESSAGES[401]);
}

export function forbidden(): ApiResponse {
  return errorResponse(403, 'PublicApi', MESSAGES[403]);
}

export function accountExpired(): ApiResponse {
  return errorResponse(402, 'PublicApi', 'Payment Required', {
    errors: [{ message: `Account expired. Learn more at ${DOCS_URL}` }],
    warnings: [],
  });
}

export function companyLimitExceeded(): ApiResponse {
  return errorResponse(402, 'ClientsApi', 'CompanyValidationException: Company limit exceeded', {
    errors: [
      {
        itemId: 'Company',
        message: `Company limit exceeded. Learn more at ${DOCS_URL}`,
        validatorName: 'CreateCompany',
      },
    ],
    warnings: [],
  });
}

/** The Free trial's 402 for a sync schedule under a day (the spec's text; the spec gives no entry,
 * so the emulator names the setting as a 400 would). */
export function syncScheduleNotAllowed(itemId: string): ApiResponse {
  return errorResponse(402, 'ClientsApi', 'SyncSettingsValidationException: Sync schedule not allowed', {
    errors: [
      {
        itemId,
        message: `Sync schedule not allowed: an hourly sync schedule is not included in the Free plan. Learn more at ${DOCS_URL}`,
        validatorName: 'SyncSettingsValidator',
      },
    ],
    warnings: [],
  });
}

export function companyNotFound(id: string): ApiResponse {
  return errorResponse(404, 'ClientsApi', `No company was found with ID ${id}`);
}

export function dataTypeNotSupported(dataType: string, platform: string): ApiResponse {
  return errorResponse(404, 'PullApi', `Datatype [${dataType}] not supported by platform(s) [${platform}]`);
}

export function notFound(): ApiResponse {
  return errorResponse(404, 'PublicApi', MESSAGES[404]);
}

/** A path with a malformed percent-escape: the client's mistake, whichever route it aimed at. */
export function malformedPath(): ApiResponse {
  return errorResponse(
    400,
    'PublicApi',
    'The request path has a malformed percent-escape (% must be followed by two hex digits of valid UTF-8).',
  );
}

/** A `.` or `..` segment (also percent-encoded): refused, never resolved, so a path names one resource. */
export function dotSegmentPath(): ApiResponse {
  return errorResponse(
    400,
    'PublicApi',
    'The request path has a dot segment (. or .., also percent-encoded); the emulator does not resolve them.',
  );
}

export function methodNotAllowed(allowed: readonly string[]): ApiResponse {
  return errorResponse(405, 'PublicApi', MESSAGES[405], undefined, { Allow: allowed.join(', ') });
}
