// The soak's request mix: a random API request under a random key (the demo accounts' keys, keys
// no account has, none at all), with the answer the emulator gives it when no fault hits it: the
// status, and what its body must hold. Pure: the randomness is the seeded generator passed in.
import type { DemoKeys, WellKnownCompanies } from '../emulator';
import { Random } from '../emulator/random';

export type KeyKind = 'normal' | 'freeTrial' | 'expired' | 'outdated' | 'random' | 'none';

export const KEY_KINDS: readonly (readonly [KeyKind, number])[] = [
  ['normal', 45],
  ['freeTrial', 10],
  ['expired', 5],
  ['outdated', 5],
  ['random', 30],
  ['none', 5],
];

export interface SoakRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  keyKind: KeyKind;
  /** The answer when no fault hits the request. */
  status: number;
  /** Whether the parsed body is that answer's. */
  check: (json: unknown) => boolean;
}

/** What a request of the mix needs to know about the emulator. */
export interface SoakWorld {
  keys: DemoKeys;
  companies: WellKnownCompanies;
  /** Ids of the `few` company's invoices, for single-invoice requests. */
  fewInvoiceIds: readonly string[];
}

type Shape = Pick<SoakRequest, 'method' | 'path' | 'body' | 'status' | 'check'> & { contentType?: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isList = (v: unknown): v is { results: unknown[] } => isObject(v) && Array.isArray(v.results);
const isPage = (v: unknown): boolean => isList(v) && typeof (v as { totalResults?: unknown }).totalResults === 'number';
const hasId =
  (id: string) =>
  (v: unknown): boolean =>
    isObject(v) && v.id === id;
/** The API's error body for `status`, with a correlation id. */
export const isErrorBody =
  (status: number) =>
  (v: unknown): boolean =>
    isObject(v) && v.statusCode === status && typeof v.error === 'string' && typeof v.correlationId === 'string';

const get = (path: string, status: number, check: (v: unknown) => boolean): Shape => ({
  method: 'GET',
  path,
  status,
  check,
});

/** The requests of an account that owns the well-known companies. */
function normalShapes(rng: Random, world: SoakWorld): Shape[] {
  const c = world.companies;
  const known = rng.pick(Object.values(c));
  const page = rng.int(1, 60);
  const size = rng.int(1, 100);
  const filter = rng.pick([
    '',
    '&query=status%3DPaid',
    '&orderBy=-issueDate',
    '&query=totalAmount%3E500&orderBy=totalAmount',
  ]);
  const invoice = rng.pick(world.fewInvoiceIds);
  return [
    get(`/companies?page=${rng.int(1, 3)}&pageSize=${rng.int(1, 50)}`, 200, isPage),
    get(`/companies/${known}`, 200, hasId(known)),
    get(`/companies/${c.many}/data/invoices?page=${page}&pageSize=${size}${filter}`, 200, isPage),
    get(`/companies/${c.few}/data/invoices`, 200, isPage),
    get(`/companies/${c.few}/data/invoices/${invoice}`, 200, hasId(invoice)),
    get(`/companies/${known}/dataStatus`, 200, isObject),
    get('/apiKeys', 200, isList),
    get(`/companies/${c.notRequested}/data/invoices`, 409, isErrorBody(409)),
    get(`/companies/${c.unsupported}/data/invoices`, 404, isErrorBody(404)),
    get(`/companies/${rng.uuid()}`, 404, isErrorBody(404)),
    get('/companies?query=name~', 400, isErrorBody(400)),
    get('/companies?pageSize=0', 400, isErrorBody(400)),
    get('/nowhere', 404, isErrorBody(404)),
    // Refused without creating anything, so the world does not grow with the run.
    {
      method: 'POST',
      path: '/companies',
      body: '{"name":"Soak"}',
      contentType: 'text/plain',
      status: 400,
      check: isErrorBody(400),
    },
    { method: 'DELETE', path: '/companies', status: 405, check: isErrorBody(405) },
  ];
}

/** A Free-trial account sees only its own companies. */
function freeTrialShapes(): Shape[] {
  return [get('/companies', 200, isPage), get('/apiKeys', 200, isList), get('/nowhere', 404, isErrorBody(404))];
}

/** The credential comes first: a key no account has (or none) is 401, an outdated one 403 and an
 * expired account 402, whatever the path. */
const CREDENTIAL_STATUS: Partial<Record<KeyKind, number>> = { random: 401, none: 401, outdated: 403, expired: 402 };

export function randomRequest(rng: Random, world: SoakWorld): SoakRequest {
  const keyKind = rng.weighted(KEY_KINDS);
  const shape = rng.pick(keyKind === 'freeTrial' ? freeTrialShapes() : normalShapes(rng, world));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const key =
    keyKind === 'random' ? rng.alphanumeric(rng.int(8, 48)) : keyKind === 'none' ? undefined : world.keys[keyKind];
  if (key !== undefined) headers.Authorization = `Basic ${Buffer.from(key).toString('base64')}`;
  if (shape.contentType) headers['Content-Type'] = shape.contentType;
  const refused = CREDENTIAL_STATUS[keyKind];
  const expected =
    refused === undefined
      ? { status: shape.status, check: shape.check }
      : { status: refused, check: isErrorBody(refused) };
  return { method: shape.method, path: shape.path, body: shape.body, headers, keyKind, ...expected };
}
