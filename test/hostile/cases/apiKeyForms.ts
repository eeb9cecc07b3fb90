// Issue 30: the API key answers hold keys besides the account's own. Another listed key, in any
// place or form a server may put it (an escaped field name, `{value}`, a list, another field,
// Base64, a create answer's `_links`, a name), and in a list the client refuses, must reach no
// log line, diagnostics entry or tree row: each case names it among its `secrets`.
import { DEFAULT_KEY, errorBody, type HostileCase, type Operation, type ReplySpec } from '../corpus';
import { base64 } from '../../support/keyEncodings';

/** Another key of the account, listed beside the one in use. */
const OTHER = 'sk_live_0ther_4b5c6d7e8f9a0b1c2d3e';
/** A key just created. */
const CREATED = 'sk_live_n3w_9a8b7c6d5e4f3a2b1c0d';

const DATE = '2026-02-01T00:00:00Z';
const list = (...results: unknown[]): { results: unknown[] } => ({ results });
/** A listed key with `extra` fields over its id, name and date. */
const entry = (id: string, extra: Record<string, unknown>): Record<string, unknown> => ({
  id,
  name: `Key ${id}`,
  createdDate: DATE,
  ...extra,
});

interface KeyCase {
  run?: Operation;
  reply: ReplySpec;
  /** The keys it lists; what it ends with. */
  items?: number;
  error?: 'malformedResponse' | 'badRequest';
  secrets?: string[];
}

const CASES: Record<string, (key: string) => KeyCase> = {
  'another key under an escaped field name': (k) => ({
    reply: {
      status: 200,
      body: JSON.stringify(list(entry('k1', { apiKey: k }), entry('k2', { apiKey: 'x' }))).replace(
        '"apiKey":"x"',
        `"api\\u004bey":"${OTHER}"`,
      ),
    },
    items: 2,
  }),
  'another key as {value}': (k) => ({
    reply: { status: 200, json: list(entry('k1', { apiKey: k }), entry('k2', { apiKey: { value: OTHER } })) },
    items: 2,
  }),
  'another key in a list': (k) => ({
    reply: { status: 200, json: list(entry('k1', { apiKey: k }), entry('k2', { apiKey: [OTHER] })) },
    items: 2,
  }),
  'another key in another field': (k) => ({
    reply: { status: 200, json: list(entry('k1', { apiKey: k }), entry('k2', { key: OTHER, secret: { OTHER } })) },
    items: 2,
  }),
  'another key in Base64': (k) => ({
    reply: { status: 200, json: list(entry('k1', { apiKey: k }), entry('k2', { apiKeyBase64: base64(OTHER) })) },
    items: 2,
  }),
  'names holding the account’s key and a listed one': (k) => ({
    reply: {
      status: 200,
      json: list(
        entry('k1', { apiKey: k, name: `copy of ${base64(k)}` }),
        entry('k2', { apiKey: OTHER, name: `spare ${OTHER}` }),
        entry('k3', { apiKey: 'sk_live_third_0123456789abcdef', name: `old: Basic ${base64(`${OTHER}:`)}` }),
      ),
    },
    items: 3,
  }),
  'a create answer with the new key in its _links': () => ({
    run: { op: 'createApiKey' },
    reply: {
      status: 200,
      json: entry('k9', {
        apiKey: CREATED,
        _links: { self: { href: `/apiKeys/${CREATED}` }, key: { href: `/keys?value=${base64(CREATED)}` } },
      }),
    },
    items: 1,
    secrets: [CREATED],
  }),
  'a list refused (an entry without an id) holding another key': (k) => ({
    reply: {
      status: 200,
      json: list(entry('k1', { apiKey: k }), { name: 'no id', apiKey: OTHER, also: { value: OTHER } }),
    },
    error: 'malformedResponse',
  }),
  'a list refused (not JSON) holding another key': (k) => ({
    reply: { status: 200, body: `{"results":[{"id":"k1","apiKey":"${k}"},{"id":"k2","value":"${OTHER}"` },
    error: 'malformedResponse',
  }),
  'a 400 in plain text naming another key': () => ({
    reply: { status: 400, headers: { 'Content-Type': 'text/plain' }, body: `bad request: keys ${OTHER}, ...` },
    error: 'badRequest',
  }),
  'a 400 whose body lists the keys': (k) => ({
    reply: {
      status: 400,
      json: errorBody(400, 'Bad request', { results: [{ apiKey: { value: OTHER } }, { key: k }] }),
    },
    error: 'badRequest',
  }),
};

export const apiKeyFormCorpus = (): HostileCase[] =>
  Object.entries(CASES).map(([what, make]) => {
    const c = make(DEFAULT_KEY);
    return {
      id: `echo/API keys: ${what}`,
      group: 'echo',
      run: c.run ?? { op: 'listApiKeys' },
      replies: [c.reply],
      secrets: c.secrets ?? [OTHER],
      expect: c.error ? { outcome: 'error', kind: c.error } : { outcome: 'success', items: c.items ?? 0 },
    };
  });
