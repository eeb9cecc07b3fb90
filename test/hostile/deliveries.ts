// Hostile deliveries: what a sender on the user's machine (or behind their tunnel) may post to the
// event receiver (src/events/receiver.ts), each as data — the request, the status it must get, the
// counter it must raise, and what the handler may see. Played by test/unit/events/hostileDeliveries.test.ts
// against a receiver whose secret is SECRET. The other direction, a hostile *server* answering the
// client, is the corpus of corpus.ts.

export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** How the request's svix headers are made. */
export type Signing =
  | 'valid'
  | 'none'
  | 'wrongKey'
  /** Signed for another body than the one sent. */
  | 'otherBody'
  | 'old'
  | 'future'
  | 'badTimestamp'
  /** A wrong signature and the valid one, as during a rotation. */
  | 'rotated'
  /** A header of a hundred signatures (over the 4 KB a signature header may hold). */
  | 'flood';

export interface DeliveryCase {
  id: string;
  method?: string;
  /** `receiver` (its path), or another path. */
  path?: string;
  contentType?: string | null;
  body?: string;
  /** A body of this many bytes, streamed chunked with no Content-Length. */
  chunkedBytes?: number;
  /** A Content-Length that lies (bigger than the cap), with a short body. */
  declaredLength?: number;
  extraHeaders?: Record<string, string>;
  /** Bytes sent as is instead of a request built from the fields above. */
  raw?: string;
  signing?: Signing;
  /** Sent twice with the same message id (the second must not be handed on again). */
  twice?: boolean;
  expect: {
    status: number;
    /** The counter raised (once), or `delivered`. */
    counted: string;
    /** What the handler got: a verified or rejected event, or nothing. */
    handed?: 'verified' | 'rejected' | 'none';
  };
}

const event = (payload: unknown = { id: 'c1', name: 'Bank of Dave' }, eventType = 'company.created'): string =>
  JSON.stringify({ id: 'e1', eventType, generatedDate: '2026-01-15T12:00:00Z', payload });

export const DELIVERY_CASES: readonly DeliveryCase[] = [
  { id: 'valid', body: event(), signing: 'valid', expect: { status: 200, counted: 'delivered', handed: 'verified' } },
  {
    id: 'wrong key',
    body: event(),
    signing: 'wrongKey',
    expect: { status: 401, counted: 'badSignature', handed: 'rejected' },
  },
  {
    id: 'tampered body',
    body: event(),
    signing: 'otherBody',
    expect: { status: 401, counted: 'badSignature', handed: 'rejected' },
  },
  {
    id: 'replayed (10 min old)',
    body: event(),
    signing: 'old',
    expect: { status: 401, counted: 'replay', handed: 'rejected' },
  },
  {
    id: 'from the future',
    body: event(),
    signing: 'future',
    expect: { status: 401, counted: 'replay', handed: 'rejected' },
  },
  {
    id: 'unsigned',
    body: event(),
    signing: 'none',
    expect: { status: 401, counted: 'missingSignature', handed: 'rejected' },
  },
  {
    id: 'timestamp not a number',
    body: event(),
    signing: 'badTimestamp',
    expect: { status: 401, counted: 'malformedTimestamp', handed: 'rejected' },
  },
  {
    id: 'rotation',
    body: event(),
    signing: 'rotated',
    expect: { status: 200, counted: 'delivered', handed: 'verified' },
  },
  {
    id: 'signature flood',
    body: event(),
    signing: 'flood',
    expect: { status: 401, counted: 'missingSignature', handed: 'rejected' },
  },
  {
    id: 'not JSON',
    body: '{"id": "e1", ',
    signing: 'valid',
    expect: { status: 400, counted: 'badJson', handed: 'none' },
  },
  {
    id: 'JSON, no event',
    body: '[1, 2, 3]',
    signing: 'valid',
    expect: { status: 400, counted: 'notAnEvent', handed: 'none' },
  },
  {
    id: 'nested 200,000 deep',
    body: `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    signing: 'valid',
    expect: { status: 400, counted: 'notAnEvent', handed: 'none' },
  },
  {
    id: 'prototype keys',
    body: '{"id":"e1","eventType":"company.created","payload":{"__proto__":{"polluted":true},"id":"c1"}}',
    signing: 'valid',
    expect: { status: 200, counted: 'delivered', handed: 'verified' },
  },
  {
    id: 'markup and a URL in the payload',
    body: event({ id: 'c1', name: '<img src=x onerror=alert(1)>', redirect: 'http://127.0.0.1:9/steal' }),
    signing: 'valid',
    expect: { status: 200, counted: 'delivered', handed: 'verified' },
  },
  {
    id: 'unknown event type',
    body: event({}, 'company.exploded'),
    signing: 'valid',
    expect: { status: 200, counted: 'delivered', handed: 'verified' },
  },
  {
    id: 'duplicate message',
    body: event(),
    signing: 'valid',
    twice: true,
    expect: { status: 200, counted: 'duplicate', handed: 'verified' },
  },
  {
    id: 'text/plain',
    body: event(),
    contentType: 'text/plain',
    signing: 'valid',
    expect: { status: 415, counted: 'contentType' },
  },
  {
    id: 'form',
    body: 'a=1',
    contentType: 'application/x-www-form-urlencoded',
    signing: 'valid',
    expect: { status: 415, counted: 'contentType' },
  },
  {
    id: 'no content type',
    body: event(),
    contentType: null,
    signing: 'valid',
    expect: { status: 415, counted: 'contentType' },
  },
  { id: 'GET', method: 'GET', body: '', expect: { status: 405, counted: 'method' } },
  { id: 'OPTIONS (a browser preflight)', method: 'OPTIONS', body: '', expect: { status: 405, counted: 'method' } },
  { id: 'another path', path: '/', body: event(), signing: 'valid', expect: { status: 404, counted: 'path' } },
  {
    id: 'declared 2 MB',
    body: event(),
    declaredLength: 2 * 1024 * 1024,
    signing: 'valid',
    expect: { status: 413, counted: 'tooLarge' },
  },
  {
    id: 'chunked 1.5 MB',
    chunkedBytes: 1.5 * 1024 * 1024,
    signing: 'valid',
    expect: { status: 413, counted: 'tooLarge' },
  },
  {
    id: 'headers of 64 KB',
    body: event(),
    extraHeaders: { 'X-Pad': 'p'.repeat(64 * 1024) },
    signing: 'valid',
    expect: { status: 431, counted: 'headersTooLarge' },
  },
  { id: 'not HTTP', raw: 'HELLO THERE\r\n\r\n', expect: { status: 400, counted: 'malformed' } },
];
