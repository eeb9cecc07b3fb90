// What of a success's answer goes past the transport. Every answer is redacted (every string and
// object key, once decoded) before the caller sees it, so nothing the extension shows of one (a
// push's validation, a sync's error, a company's name) can hold the key; a page of records is the
// one exception (`bulk`). Answers that hold secrets besides the account's own key, the API keys an
// account lists or creates, are made into what the request's `keep` takes of them: another listed
// key may stand anywhere in such an answer (under an escaped field name, as `{value}`, in a list,
// in another field, in Base64, in `_links`), so the text a trace line or an error shows of the
// answer is made from what is kept, never from the body as sent.
import { t } from '../l10n';
import { decodeBody, parseJsonBody } from './jsonBody';
import { redactApiKeyFields, redactDeep, redactOwned, type Redactor } from './redact';
import { isRecord } from '../util/guards';

/** What is kept of a parsed answer, redacted (the secrets it keeps are its own to name). */
type KeepAnswer = (json: unknown, redact: Redactor) => unknown;

/** How a request's answer is handed on. */
export interface AnswerHandling {
  /** A page of records, handed on as parsed. A page of 500 invoices has some 16,000 strings:
   * redacting them costs about what parsing them does, so what shows a record's text redacts
   * what it keeps instead (the tree's rows, an export, a record opened alone, not `bulk`). */
  bulk?: boolean;
  /** An answer holding secrets besides this account's key: made into what is kept of it before
   * anything else reads it; nothing else of its body is logged or kept. */
  keep?: KeepAnswer;
}

/** The value the caller gets of a parsed success, or undefined when `accept` refuses it. An answer
 * is checked before it is redacted (one refused is not walked); what `keep` makes, as kept. */
export function acceptedValue<T>(
  json: unknown,
  how: AnswerHandling & { accept: (json: unknown) => json is T },
  redact: Redactor,
): { value: T } | undefined {
  const kept = how.keep ? how.keep(json, redact) : json;
  if (!how.accept(kept)) return undefined;
  return { value: how.keep || how.bulk ? kept : redactOwned(kept, redact) };
}

/** The fields of the API's error body: all an error of such a request keeps of its body. */
const ERROR_FIELDS = ['statusCode', 'service', 'error', 'correlationId', 'validation'];

function errorPart(json: unknown, redact: Redactor): unknown {
  if (!isRecord(json)) return {};
  const kept = Object.fromEntries(ERROR_FIELDS.filter((k) => k in json).map((k) => [k, json[k]]));
  return redactDeep(kept, redact);
}

/** A body that is not JSON says what kind of text it was, and nothing of it. */
function withheld(bytes: Buffer): string {
  const first = /\S/.exec(bytes.toString('utf8', 0, Math.min(bytes.length, 256)))?.[0];
  if (first === undefined) return '';
  if (first === '{' || first === '[') return '{';
  if (first === '<') return '<html><body></body></html>';
  return t('The answer is not shown: an answer about API keys may hold keys.');
}

/**
 * The text of an answer, for a trace line or an error (which scrub it further): the body as sent;
 * for a request that keeps only part of its answers, on a success what `keep` takes of it, on a
 * failure the API's error fields, as JSON, every `apiKey` blanked.
 */
export function answerText(how: AnswerHandling, bytes: Buffer, success: boolean, redact: Redactor): string {
  const { keep } = how;
  if (!keep) return decodeBody(bytes);
  let json: unknown;
  try {
    json = parseJsonBody(bytes);
  } catch {
    return withheld(bytes);
  }
  const kept = success ? keep(json, redact) : errorPart(json, redact);
  return redactApiKeyFields(JSON.stringify(kept) ?? '');
}
