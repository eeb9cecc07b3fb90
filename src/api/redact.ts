// Scrubs the API key out of any text that leaves the client (error messages, raw bodies, trace
// output). A server or proxy may echo the Authorization header back in an error page, so the
// raw key, its Base64 form and the whole header value are all replaced.

export const REDACTED = '***';

/** Shorter strings would match innocent text everywhere; real keys are far longer. */
const MIN_SECRET_LENGTH = 4;

export type Redactor = (text: string) => string;

export function basicAuthValue(apiKey: string): string {
  return `Basic ${Buffer.from(apiKey, 'utf8').toString('base64')}`;
}

export function createRedactor(apiKey: string): Redactor {
  const b64 = Buffer.from(apiKey, 'utf8').toString('base64');
  const secrets = [apiKey, b64, encodeURIComponent(apiKey), encodeURIComponent(b64)]
    .filter((s, i, all) => s.length >= MIN_SECRET_LENGTH && all.indexOf(s) === i)
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const s of secrets) out = out.split(s).join(REDACTED);
    return out;
  };
}

/**
 * Blanks every `"apiKey": "…"` value in a JSON text: `GET /apiKeys` returns the keys themselves,
 * and trace logs must not carry any of them, not only the one in use.
 */
export function redactApiKeyFields(text: string): string {
  return text.replace(/("apiKey"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi, `$1${REDACTED}$3`);
}

/** Raw bodies kept on errors and in trace lines are capped: enough for the diagnostics panel,
 * not a whole page. */
export const RAW_BODY_LIMIT = 64 * 1024;

/**
 * Every secret out of a body before anything reads or cuts it: cutting first could leave a key's
 * prefix behind at the cut, where no whole-key redaction finds it.
 */
export function scrubBody(text: string, redact: Redactor): string {
  return redactApiKeyFields(redact(text));
}

/** Cuts an already scrubbed body to what an error or a trace line keeps. */
export function capRawBody(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length > RAW_BODY_LIMIT ? `${text.slice(0, RAW_BODY_LIMIT)}…[truncated]` : text;
}
