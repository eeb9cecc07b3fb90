// A 400 error body with a validation list of any length, as a server answers a big create request
// it refuses line by line: the shape issue 12 (finding 3) froze the diagnostics panel with
// (200,000 rows, about 16 MB). Shared by the unit, host and benchmark tests.

export interface ValidationBodyOptions {
  errors: number;
  warnings?: number;
  /** The body's correlationId (the tests look entries up by it). */
  correlationId?: string;
  /** The `error` text; by default a short sentence. */
  error?: string;
}

/** Row `i` of the list: about 80 characters of JSON, as in the 16 MB body. */
export function validationRow(
  i: number,
  kind: 'error' | 'warning' = 'error',
): { itemId: string; message: string; validatorName: string } {
  return kind === 'error'
    ? { itemId: `lines[${i}]`, message: 'Amount must be positive', validatorName: 'Line' }
    : { itemId: `lines[${i}]`, message: 'The note is ignored', validatorName: 'Note' };
}

/** The body as JSON text. Built by joining rows, not by one JSON.stringify of a huge object. */
export function validationBody(options: ValidationBodyOptions): string {
  const rows = (n: number, kind: 'error' | 'warning') =>
    Array.from({ length: n }, (_, i) => JSON.stringify(validationRow(i, kind))).join(',');
  const head = JSON.stringify({
    statusCode: 400,
    service: 'PublicApi',
    error: options.error ?? 'ValidationException: The request has invalid lines',
    correlationId: options.correlationId ?? '7c1e5a90-2f4b-4c3d-8e6a-1b2c3d4e5f60',
    canBeRetried: 'False',
  });
  return `${head.slice(0, -1)},"validation":{"errors":[${rows(options.errors, 'error')}],"warnings":[${rows(options.warnings ?? 0, 'warning')}]}}`;
}
