// Verifying a webhook delivery as Svix signs Codat's (the Standard Webhooks scheme): the signed
// content is `${id}.${timestamp}.${body}` (the svix-id / webhook-id header, the svix-timestamp
// header in Unix seconds, the raw body); the key is the base64 after the secret's `whsec_`
// prefix; the svix-signature header holds one or more space-separated `v1,<base64 HMAC-SHA256>`
// (several while a secret is rotated), any one of which may match. A timestamp more than five
// minutes from the clock is refused, so a captured delivery cannot be replayed later. Sources:
// Svix, "Verifying Manually" (docs.svix.com/receiving/verifying-payloads/how-manual) and the
// Standard Webhooks reference library (github.com/standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts: its test vector is in our tests). node:crypto only:
// the scheme is a dozen lines, and a library would add to the bundle for no more than that.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a delivery's timestamp may be from the clock, either way (the libraries' default). */
export const TOLERANCE_SECONDS = 5 * 60;

const HIDDEN = '[signing secret]';
const SIGNATURE_BYTES = 32;

/** A consumer's signing secret, parsed. Its key is private: it prints, logs and serialises as a
 * placeholder, and nothing reads it but verification. */
export class SigningSecret {
  readonly #key: Buffer;
  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** `whsec_<base64>` (the prefix may be left out, as the libraries allow); undefined when it is
   * not base64 or decodes to fewer than 16 bytes. The text is never kept or echoed. */
  static parse(text: string): SigningSecret | undefined {
    const encoded = text.trim().replace(/^whsec_/, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) return undefined;
    const key = Buffer.from(encoded, 'base64');
    return key.length >= 16 ? new SigningSecret(key) : undefined;
  }

  /** The expected signature of a message: what verification compares in constant time. */
  digest(content: string | Buffer): Buffer {
    return createHmac('sha256', this.#key).update(content).digest();
  }

  toString(): string {
    return HIDDEN;
  }
  toJSON(): string {
    return HIDDEN;
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return HIDDEN;
  }
}

type RejectReason = 'missingSignature' | 'malformedTimestamp' | 'replay' | 'badSignature';

export type Verification =
  | { kind: 'verified'; id: string; timestamp: number }
  | { kind: 'rejected'; reason: RejectReason }
  /** Nothing to verify with: no signing secret was given for the consumer. */
  | { kind: 'unsigned' };

/** The three headers, from the `svix-` names Codat sends or the unbranded `webhook-` ones. */
interface SignatureHeaders {
  id?: string;
  timestamp?: string;
  signature?: string;
}

type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[`svix-${name}`] ?? headers[`webhook-${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** Node's headers (lower-case names) → the signature's three. A repeated header counts as absent. */
export function signatureHeaders(headers: HeaderBag): SignatureHeaders {
  return {
    id: header(headers, 'id'),
    timestamp: header(headers, 'timestamp'),
    signature: header(headers, 'signature'),
  };
}

/** Whether any `v1,` entry of the header is the expected signature (each compared in constant time). */
function matches(expected: Buffer, header: string): boolean {
  let found = false;
  for (const entry of header.split(' ').slice(0, 16)) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    const sent = Buffer.from(entry.slice(comma + 1), 'base64');
    // Every entry is compared, so the time taken does not say which one matched.
    if (sent.length === SIGNATURE_BYTES && timingSafeEqual(sent, expected)) found = true;
  }
  return found;
}

/**
 * Verifies a delivery's raw body against its headers with the consumer's secret: verified,
 * rejected (why), or unsigned when there is no secret to check with. Never throws.
 */
export function verifyDelivery(
  secret: SigningSecret | undefined,
  headers: SignatureHeaders,
  body: string | Buffer,
  nowMs: number = Date.now(),
): Verification {
  if (secret === undefined) return { kind: 'unsigned' };
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || id.length > 256 || signature.length > 4096)
    return { kind: 'rejected', reason: 'missingSignature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { kind: 'rejected', reason: 'malformedTimestamp' };
  const seconds = Number(timestamp);
  if (Math.abs(nowMs / 1000 - seconds) > TOLERANCE_SECONDS) return { kind: 'rejected', reason: 'replay' };
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), Buffer.from(body)]);
  if (!matches(secret.digest(content), signature)) return { kind: 'rejected', reason: 'badSignature' };
  return { kind: 'verified', id, timestamp: seconds };
}
