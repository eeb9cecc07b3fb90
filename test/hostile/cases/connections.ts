// Issue 32: every request of the connections and companies API against a hostile server. Each is
// sent as built (ids as one encoded segment, the tags filter last), its ids refused before sending
// when they could move the request; under each fault a read retries by itself and a write (POST,
// PUT, PATCH, DELETE) is sent exactly once; redirects are never followed; the credentials of an
// authorization are found nowhere. What the answers hold is in connectionAnswers.ts.
import type { ConnectionCall, HostileCase, Outcome, ReplySpec } from '../corpus';
import { DEFAULT_KEY, errorBody, page } from '../corpus';

export const CONNECTION = {
  id: 'cx-1',
  integrationId: 'bf083d72-62c7-493e-aec9-81b4dbba7e2c',
  integrationKey: 'gbol',
  sourceId: '2a5c6c4d-9f8e-4b1a-8d3e-7f6a5b4c3d2e',
  platformName: 'Xero',
  linkUrl: 'https://link.codat.io/companies/c1/connections/cx-1/start',
  status: 'PendingAuth',
  created: '2026-11-27T12:00:00Z',
  sourceType: 'Accounting',
};
export const INTEGRATION = {
  key: 'gbol',
  name: 'Xero',
  enabled: true,
  logoUrl: 'https://static.codat.io/logos/gbol.png',
  sourceType: 'Accounting',
};
export const ITEM = {
  ruleId: 'accounting-bill-030',
  itemId: 'b-1',
  message: 'Missing due date',
  validatorName: 'Bills',
};
export const SECRET = 'platform-secret-5e1f0c';

export interface Call {
  call: ConnectionCall;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query as the server receives them. */
  path: string;
  answer: ReplySpec;
  /** An answer with no body is a success whatever body comes (the 200 or 204 is what counts). */
  noContent?: boolean;
}

export const json = (value: unknown): ReplySpec => ({ status: 200, json: value });

export const CALLS: Record<string, Call> = {
  'list integrations': {
    call: { call: 'integrations' },
    method: 'GET',
    path: '/integrations?page=1&pageSize=100',
    answer: json(page([INTEGRATION], { path: '/integrations' })),
  },
  'read an integration': {
    call: { call: 'integration', platformKey: 'gbol' },
    method: 'GET',
    path: '/integrations/gbol',
    answer: json(INTEGRATION),
  },
  'list connections': {
    call: { call: 'connections', companyId: 'c1' },
    method: 'GET',
    path: '/companies/c1/connections?page=1&pageSize=100',
    answer: json(page([CONNECTION], { path: '/companies/c1/connections' })),
  },
  'read a connection': {
    call: { call: 'connection', companyId: 'c1', connectionId: 'cx-1' },
    method: 'GET',
    path: '/companies/c1/connections/cx-1',
    answer: json(CONNECTION),
  },
  'create a connection': {
    call: { call: 'create', companyId: 'c1', platformKey: 'gbol' },
    method: 'POST',
    path: '/companies/c1/connections',
    answer: json(CONNECTION),
  },
  unlink: {
    call: { call: 'unlink', companyId: 'c1', connectionId: 'cx-1' },
    method: 'PATCH',
    path: '/companies/c1/connections/cx-1',
    answer: json({ ...CONNECTION, status: 'Unlinked' }),
  },
  'delete a connection': {
    call: { call: 'delete', companyId: 'c1', connectionId: 'cx-1' },
    method: 'DELETE',
    path: '/companies/c1/connections/cx-1',
    answer: { status: 200 },
    noContent: true,
  },
  'update authorization': {
    call: { call: 'authorize', companyId: 'c1', connectionId: 'cx-1', authorization: { clientSecret: SECRET } },
    method: 'PUT',
    path: '/companies/c1/connections/cx-1/authorization',
    answer: json({ ...CONNECTION, status: 'Linked' }),
  },
  'pull validation': {
    call: { call: 'validation', companyId: 'c1', datasetId: 'ds-1' },
    method: 'GET',
    path: '/companies/c1/sync/ds-1/validation',
    answer: json({ errors: [ITEM], warnings: [] }),
  },
  'edit company': {
    call: { call: 'editCompany', companyId: 'c1', update: { name: 'Acme', tags: { region: 'uk' } } },
    method: 'PATCH',
    path: '/companies/c1',
    answer: json({ id: 'c1', name: 'Acme', tags: { region: 'uk' } }),
  },
  'delete company': {
    call: { call: 'deleteCompany', companyId: 'c1' },
    method: 'DELETE',
    path: '/companies/c1',
    answer: { status: 204 },
    noContent: true,
  },
  'filter companies by tag': {
    call: { call: 'byTag', tags: 'region=uk && team=invoice-finance' },
    method: 'GET',
    path: '/companies?page=1&pageSize=100&tags=region%3Duk%20%26%26%20team%3Dinvoice-finance',
    answer: json(page([{ id: 'c1', name: 'Acme', tags: { region: 'uk' } }])),
  },
};

/** Attempts a read makes against a fault that persists (the retry policy's default). */
const READ_ATTEMPTS = 4;

interface Fault {
  replies: ReplySpec[];
  repeatLast?: boolean;
  /** How a read ends, and how a write does (a write is sent once). */
  read: Outcome & { requests: number };
  write: Outcome & { requests: number };
}

const persisting = (reply: ReplySpec, kind: Outcome & { outcome: 'error' }): Fault => ({
  replies: [reply],
  repeatLast: true,
  read: { ...kind, requests: READ_ATTEMPTS },
  write: { ...kind, requests: 1 },
});

const FAULTS: Record<string, (call: Call) => Fault> = {
  'connection reset, persisting': () => persisting({ status: 0, reset: true }, { outcome: 'error', kind: 'network' }),
  'body cut short, persisting': () =>
    persisting({ status: 200, cut: true, body: '{"id":' }, { outcome: 'error', kind: 'network' }),
  '503, persisting': () =>
    persisting({ status: 503, json: errorBody(503, 'Unavailable') }, { outcome: 'error', kind: 'unavailable' }),
  "a gateway's 502 page, persisting": () =>
    persisting(
      { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Bad gateway</body></html>' },
      { outcome: 'error', kind: 'server' },
    ),
  '429 with Retry-After, persisting': () =>
    persisting(
      { status: 429, headers: { 'Retry-After': '1' }, json: errorBody(429, 'Too many requests') },
      { outcome: 'error', kind: 'rateLimited' },
    ),
  '503 once, then the answer': (call) => ({
    replies: [{ status: 503, json: errorBody(503, 'Unavailable') }, call.answer],
    read: { outcome: 'success', items: 1, requests: 2 },
    write: { outcome: 'error', kind: 'unavailable', requests: 1 },
  }),
  '307 to another host': () => ({
    replies: [{ status: 307, headers: { Location: '{{other}}/companies/c1' } }],
    read: { outcome: 'error', kind: 'unexpectedStatus', requests: 1 },
    write: { outcome: 'error', kind: 'unexpectedStatus', requests: 1 },
  }),
  'malformed JSON on a 200': (call) => {
    const ends: Outcome & { requests: number } = call.noContent
      ? { outcome: 'success', items: 1, requests: 1 }
      : { outcome: 'error', kind: 'malformedResponse', requests: 1 };
    return { replies: [{ status: 200, body: '{"id": "cx-1", "status":' }], read: ends, write: ends };
  },
  '404 naming the key': () => {
    const reply: ReplySpec = { status: 404, json: errorBody(404, `Not found for key ${DEFAULT_KEY}`) };
    return {
      replies: [reply],
      read: { outcome: 'error', kind: 'notFound', requests: 1 },
      write: { outcome: 'error', kind: 'notFound', requests: 1 },
    };
  },
};

function faultCases(): HostileCase[] {
  return Object.entries(CALLS).flatMap(([name, call]) =>
    Object.entries(FAULTS).map(([faultName, make]): HostileCase => {
      const fault = make(call);
      const expect = call.method === 'GET' ? fault.read : fault.write;
      return {
        id: `connection/${name} × ${faultName}`,
        group: 'connection',
        run: { op: 'connections', call: call.call },
        replies: fault.replies,
        ...(fault.repeatLast ? { repeatLast: true } : {}),
        secrets: [SECRET],
        expect,
      };
    }),
  );
}

const sent = (name: string, call: Call): HostileCase => ({
  id: `connection/${name}: sent as built`,
  group: 'connection',
  run: { op: 'connections', call: call.call },
  replies: [call.answer],
  secrets: [SECRET],
  expect: { outcome: 'success', items: 1, path: call.path },
});

const refused = (what: string, call: ConnectionCall): HostileCase => ({
  id: `connection/${what}: refused`,
  group: 'connection',
  run: { op: 'connections', call },
  replies: [],
  expect: { outcome: 'refused', kind: 'invalidParameter' },
});

/** Ids that would move the request or add a line to a log. */
const BAD_IDS: Record<string, string> = {
  '..': '..',
  '.': '.',
  'a slash': 'a/../../apiKeys',
  'a backslash': 'a\\b',
  'a line break': 'x\r\nX-Injected: 1',
  'U+2028': 'x\u2028y',
  'a lone surrogate': 'x\ud800',
  blank: ' ',
};

function idCases(): HostileCase[] {
  const places: Record<string, (id: string) => ConnectionCall> = {
    'integration platformKey': (id) => ({ call: 'integration', platformKey: id }),
    'connections companyId': (id) => ({ call: 'connections', companyId: id }),
    'connection connectionId': (id) => ({ call: 'connection', companyId: 'c1', connectionId: id }),
    'create companyId': (id) => ({ call: 'create', companyId: id, platformKey: 'gbol' }),
    'create platformKey': (id) => ({ call: 'create', companyId: 'c1', platformKey: id }),
    'unlink connectionId': (id) => ({ call: 'unlink', companyId: 'c1', connectionId: id }),
    'delete companyId': (id) => ({ call: 'delete', companyId: id, connectionId: 'cx-1' }),
    'authorize connectionId': (id) => ({ call: 'authorize', companyId: 'c1', connectionId: id, authorization: {} }),
    'validation datasetId': (id) => ({ call: 'validation', companyId: 'c1', datasetId: id }),
    'edit companyId': (id) => ({ call: 'editCompany', companyId: id, update: { name: 'Acme' } }),
    'delete company companyId': (id) => ({ call: 'deleteCompany', companyId: id }),
  };
  return Object.entries(places).flatMap(([place, make]) =>
    Object.entries(BAD_IDS).map(([what, id]) => refused(`${place} ${what}`, make(id))),
  );
}

const oneSegment = (what: string, call: ConnectionCall, answer: ReplySpec, path: string): HostileCase => ({
  id: `connection/${what}: sent as one segment`,
  group: 'connection',
  run: { op: 'connections', call },
  replies: [answer],
  expect: { outcome: 'success', items: 1, path },
});

export function connectionCorpus(): HostileCase[] {
  return [
    ...Object.entries(CALLS).map(([name, call]) => sent(name, call)),
    ...faultCases(),
    ...idCases(),
    refused('an authorization of numbers', {
      call: 'authorize',
      companyId: 'c1',
      connectionId: 'cx-1',
      authorization: { pin: 1234 } as unknown as Record<string, string>,
    }),
    refused('a company edit with no field', { call: 'editCompany', companyId: 'c1', update: {} }),
    refused('a company edit with a blank name', { call: 'editCompany', companyId: 'c1', update: { name: ' ' } }),
    refused('a tags filter with a line break', { call: 'byTag', tags: 'region=uk\nX-Injected: 1' }),
    refused('a blank tags filter', { call: 'byTag', tags: '  ' }),
    oneSegment(
      'connection id %2e%2e',
      { call: 'connection', companyId: 'c1', connectionId: '%2e%2e' },
      CALLS['read a connection'].answer,
      '/companies/c1/connections/%252e%252e',
    ),
    oneSegment(
      'dataset id ..%2f with ?',
      { call: 'validation', companyId: 'c1', datasetId: '..%2f?x=1' },
      CALLS['pull validation'].answer,
      '/companies/c1/sync/..%252f%3Fx%3D1/validation',
    ),
    oneSegment(
      'platform key %2E%2E',
      { call: 'integration', platformKey: '%2E%2E' },
      CALLS['read an integration'].answer,
      '/integrations/%252E%252E',
    ),
    oneSegment(
      'company id with # on a DELETE',
      { call: 'deleteCompany', companyId: 'c#1' },
      { status: 204 },
      '/companies/c%231',
    ),
  ];
}
