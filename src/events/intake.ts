// One request to the event receiver, from the request line to its answer: the checks in the
// order they cost (path, method, content type, declared length), the body read under a byte cap
// and a deadline, the signature, the JSON, the event. Every refusal is an answer with a status and
// a reason the receiver counts; nothing here throws to the server, and nothing here sends a
// request anywhere (a URL in a payload is only ever text).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEvent, type WebhookEvent } from './events';
import { type SigningSecret, type Verification, signatureHeaders, verifyDelivery } from './signature';

/** Why a request or a connection was refused (or, `duplicate`, answered without a second delivery). */
export type Refusal =
  | 'notLoopback'
  | 'tooManyConnections'
  | 'path'
  | 'method'
  | 'contentType'
  | 'tooLarge'
  | 'headersTooLarge'
  | 'timeout'
  | 'malformed'
  | 'badJson'
  | 'notAnEvent'
  | 'missingSignature'
  | 'malformedTimestamp'
  | 'replay'
  | 'badSignature'
  | 'duplicate';

export const REFUSALS: readonly Refusal[] = [
  'notLoopback',
  'tooManyConnections',
  'path',
  'method',
  'contentType',
  'tooLarge',
  'headersTooLarge',
  'timeout',
  'malformed',
  'badJson',
  'notAnEvent',
  'missingSignature',
  'malformedTimestamp',
  'replay',
  'badSignature',
  'duplicate',
];

/** What the handler gets: the event as read and how its signature fared. Only a `verified` one
 * (or an `unsigned` one, when the user gave no secret) may be acted on; a rejected one is shown. */
export interface ReceivedDelivery {
  event: WebhookEvent;
  verification: Verification;
  receivedAt: Date;
}

interface IntakeSettings {
  path: string;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  secret: () => SigningSecret | undefined;
  now: () => number;
  count: (reason: Refusal) => void;
  /** Hands a read delivery to the handler (a rejected one too, to be shown as such). */
  deliver: (delivery: ReceivedDelivery) => void;
  /** Whether a verified message id was seen before (and remembers it). */
  seen: (id: string) => boolean;
}

type Body = Buffer | 'tooLarge' | 'timeout' | 'aborted';

/** The body, up to `max` bytes, within `timeoutMs`; reading stops at the first byte over. */
function readBody(req: IncomingMessage, max: number, timeoutMs: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Body): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      if (!Buffer.isBuffer(result)) req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > max) finish('tooLarge');
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(Buffer.concat(chunks));
    const onClose = (): void => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}

const STATUS: Record<Refusal, number> = {
  notLoopback: 403,
  tooManyConnections: 503,
  path: 404,
  method: 405,
  contentType: 415,
  tooLarge: 413,
  headersTooLarge: 431,
  timeout: 408,
  malformed: 400,
  badJson: 400,
  notAnEvent: 400,
  missingSignature: 401,
  malformedTimestamp: 401,
  replay: 401,
  badSignature: 401,
  duplicate: 200,
};

/** Answers a refusal (a JSON body naming the reason, nothing of the request) and counts it; `close`
 * ends the connection once answered (what is left of a refused body is never read). */
function refuse(res: ServerResponse, settings: IntakeSettings, reason: Refusal, close = false): void {
  settings.count(reason);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (reason === 'method') headers.Allow = 'POST';
  if (close) {
    headers.Connection = 'close';
    res.on('finish', () => res.socket?.destroy());
  }
  res.writeHead(STATUS[reason], headers).end(JSON.stringify({ refused: reason }));
}

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** The checks made before any of the body is read; the refusal, if any. */
function refusedBeforeBody(req: IncomingMessage, settings: IntakeSettings): Refusal | undefined {
  if ((req.url ?? '').split('?', 1)[0] !== settings.path) return 'path';
  if (req.method !== 'POST') return 'method';
  if (!isJson(req.headers['content-type'])) return 'contentType';
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= settings.maxBodyBytes)) return 'tooLarge';
  return undefined;
}

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Serves one request to the receiver. */
export async function intake(req: IncomingMessage, res: ServerResponse, settings: IntakeSettings): Promise<void> {
  const early = refusedBeforeBody(req, settings);
  // A refusal before the body leaves it unread: the connection closes rather than drain it.
  if (early) return refuse(res, settings, early, true);
  const body = await readBody(req, settings.maxBodyBytes, settings.bodyTimeoutMs);
  if (body === 'aborted') return void res.destroy();
  if (!Buffer.isBuffer(body)) return refuse(res, settings, body, true);
  const receivedAt = new Date(settings.now());
  const verification = verifyDelivery(settings.secret(), signatureHeaders(req.headers), body, settings.now());
  const json = parsed(body);
  if (json === undefined && verification.kind !== 'rejected') return refuse(res, settings, 'badJson');
  const event = json === undefined ? undefined : parseEvent(json);
  if (verification.kind === 'rejected') {
    refuse(res, settings, verification.reason);
    // Shown as rejected (its payload untrusted), so a user sees what was refused and why.
    if (event) settings.deliver({ event, verification, receivedAt });
    return;
  }
  if (!event) return refuse(res, settings, 'notAnEvent');
  if (verification.kind === 'verified' && settings.seen(verification.id)) return refuse(res, settings, 'duplicate');
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  settings.deliver({ event, verification, receivedAt });
}
