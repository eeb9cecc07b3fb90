// "Copy as cURL": a request as a POSIX shell command that anyone can paste and run. The key is
// never part of it: the command reads it from an environment variable and Basic-encodes it
// itself, so the text can be pasted into a ticket, a chat or a script safely.

/** The variable the command reads the key from. */
export const API_KEY_VARIABLE = 'DATA_PLATFORM_API_KEY';

export interface ShareableRequest {
  method: string;
  /** Absolute URL, query string already encoded (as the client sends it). */
  url: string;
  /** A JSON body, for POST: a value, serialised here. */
  body?: unknown;
  /** A JSON body as text, sent exactly as it stands (one an error kept, already redacted:
   * parsing and serialising it again could undo an escape the redactor saw). */
  bodyText?: string;
}

/** `'…'` for the shell: nothing inside single quotes is special except the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as a curl command, one option per line. The Authorization header is computed when
 * the command runs: `printf '%s'` (no newline) through `base64`, with any line wrapping removed
 * (GNU base64 wraps at 76 columns; macOS's does not take `-w0`).
 */
export function curlCommand(request: ShareableRequest): string {
  const method = request.method.toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new Error(`Not an HTTP method: ${request.method}`);
  const lines = [
    `curl --silent --show-error --request ${method} ${shellQuote(request.url)}`,
    `--header ${shellQuote('Accept: application/json')}`,
    `--header "Authorization: Basic $(printf '%s' "$${API_KEY_VARIABLE}" | base64 | tr -d '\\n')"`,
  ];
  const body = request.bodyText ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) lines.push(`--header ${shellQuote('Content-Type: application/json')}`, `--data-raw ${shellQuote(body)}`);
  return lines.join(' \\\n  ');
}
