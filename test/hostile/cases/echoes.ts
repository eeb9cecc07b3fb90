// Echoed-key encodings: every way a server, gateway or proxy may write the key back (literal,
// Base64 of the key and of `key:`, `\/` inside Basic, URL-encoded, JSON `\u` escapes, HTML
// entities, escaped twice, split across fields, in a header, in a record), each in the place of
// the response where it shows. Built from the key, so the same echoes run against every key shape.
import { companies, errorBody, page, type HostileCase, type Operation, type Outcome, type ReplySpec } from '../corpus';
import {
  base64,
  formEncoded,
  htmlDecimal,
  htmlHex,
  htmlNamed,
  jsonInner,
  mixedEscapes,
  uEscapes,
  urlEncoded,
  urlEncodedLower,
} from '../../support/keyEncodings';

export interface Echo {
  replies: ReplySpec[];
  run?: Operation;
  /** The last reply answers every further request (retries). */
  repeatLast?: boolean;
  expect: Outcome & { requests?: number };
}

const list: Operation = { op: 'listCompanies' };
const invoice: Operation = { op: 'getInvoice', companyId: 'c1', invoiceId: 'inv-1' };
/** A raw JSON error body whose `error` is `text`, written as is (escapes included). */
const rawError = (status: number, text: string): string =>
  JSON.stringify(errorBody(status, 'x')).replace('"x"', `"${text}"`);
const html = (title: string, body: string): string =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`;
const unpadded = (s: string): string => base64(s).replace(/=+$/, '');
const half = (k: string): [string, string] => [k.slice(0, Math.ceil(k.length / 2)), k.slice(Math.ceil(k.length / 2))];

const badRequest = (reply: ReplySpec): Echo => ({ replies: [reply], expect: { outcome: 'error', kind: 'badRequest' } });
const unauthorized = (reply: ReplySpec): Echo => ({
  replies: [reply],
  expect: { outcome: 'error', kind: 'unauthorized' },
});

/** A push operation as the API answers one, Failed unless `extra` says otherwise. */
const pushOperation = (extra: Record<string, unknown>): Record<string, unknown> => ({
  pushOperationKey: 'p-1',
  companyId: 'c1',
  dataConnectionKey: 'conn-1',
  dataType: 'invoices',
  status: 'Failed',
  statusCode: 400,
  requestedOnUtc: '2026-01-15T00:00:00Z',
  completedOnUtc: '2026-01-15T00:00:01Z',
  ...extra,
});
/** The push answered 200 with `op`: a success of the request, whatever the push's status. */
const pushAnswered = (op: Record<string, unknown> | string): Echo => ({
  run: { op: 'push' },
  replies: [typeof op === 'string' ? { status: 200, body: op } : { status: 200, json: op }],
  expect: { outcome: 'success', items: 1 },
});
const validation = (...messages: string[]) => ({
  errors: messages.map((message) => ({ itemId: 'customerRef', message, validatorName: 'Echo' })),
  warnings: [],
});

/** Issue 30: a push settled Failed or TimedOut is a 200 answer; what it says reaches the error
 * notification, the diagnostics panel, the tree's tooltip and Open JSON. */
const PUSH_ECHOES: Record<string, (key: string) => Echo> = {
  'a Failed push: the key in its errorMessage': (k) => pushAnswered(pushOperation({ errorMessage: `Refused ${k}` })),
  'a Failed push: the Basic header in its errorMessage': (k) =>
    pushAnswered(pushOperation({ errorMessage: `Authorization: Basic ${base64(k)} refused` })),
  'a Failed push: Base64 of "key:" in its validation': (k) =>
    pushAnswered(pushOperation({ validation: validation(`credentials ${base64(`${k}:`)}`, unpadded(k)) })),
  'a Failed push: HTML entities in its errorMessage and validation': (k) =>
    pushAnswered(
      pushOperation({ errorMessage: `Bad key ${htmlNamed(k)}`, validation: validation(htmlDecimal(k), htmlHex(k)) }),
    ),
  'a Failed push: the key as its first validation item, no errorMessage': (k) =>
    pushAnswered(
      pushOperation({ validation: { errors: [{ itemId: k, message: `${k} is not valid` }], warnings: [] } }),
    ),
  'a TimedOut push: JSON \\u escapes in its errorMessage, once and twice': (k) =>
    pushAnswered(
      JSON.stringify(pushOperation({ status: 'TimedOut', statusCode: 504, errorMessage: 'x', note: 'y' }))
        .replace('"x"', `"key ${uEscapes(k, true)}"`)
        .replace('"y"', `"${JSON.stringify(uEscapes(k, false)).slice(1, -1)}"`),
    ),
  'a push history entry: the key in its errorMessage and validation': (k) => ({
    run: { op: 'pushHistoryPage' },
    replies: [
      {
        status: 200,
        json: page([pushOperation({ errorMessage: `Refused ${k}`, validation: validation(`Basic ${base64(k)}`) })], {
          path: '/companies/c1/push',
        }),
      },
    ],
    expect: { outcome: 'success', items: 1 },
  }),
  'a sync history entry: the key in its error': (k) => ({
    run: { op: 'syncHistory' },
    replies: [
      {
        status: 200,
        json: page(
          [
            {
              id: 's-1',
              dataType: 'invoices',
              status: 'FetchError',
              requested: '2026-01-15T00:00:00Z',
              isErrored: true,
              errorMessage: `Fetch failed for ${htmlNamed(k)}`,
              statusDescription: `Authorization: Basic ${base64(k)}`,
            },
          ],
          { path: '/companies/c1/data/history' },
        ),
      },
    ],
    expect: { outcome: 'success', items: 1 },
  }),
};

/** How a server echoes the key, by name. */
export const ECHOES: Record<string, (key: string) => Echo> = {
  ...PUSH_ECHOES,
  'literal in the error field': (k) => badRequest({ status: 400, json: errorBody(400, `Invalid key ${k} given`) }),
  'literal in a 401': (k) => unauthorized({ status: 401, json: errorBody(401, `Unauthorized: ${k}`) }),
  'Basic header value in a 401': (k) =>
    unauthorized({ status: 401, json: errorBody(401, `Authorization: Basic ${base64(k)}`) }),
  'Base64 of "key:" in a 401': (k) =>
    unauthorized({ status: 401, json: errorBody(401, `Authorization: Basic ${base64(`${k}:`)}`) }),
  'Base64 of "key:" without padding': (k) =>
    badRequest({ status: 400, json: errorBody(400, `credentials ${unpadded(`${k}:`)} refused`) }),
  'Base64 with the padding stripped': (k) => badRequest({ status: 400, json: errorBody(400, `token ${unpadded(k)}.`) }),
  'Basic with \\/ escapes': (k) =>
    badRequest({
      status: 400,
      body: rawError(400, `Authorization: ${jsonInner(`Basic ${base64(k)}`).replace(/\//g, '\\/')} refused`),
    }),
  'URL-encoded in plain text': (k) =>
    badRequest({ status: 400, headers: { 'Content-Type': 'text/plain' }, body: `bad request: key=${urlEncoded(k)}` }),
  'URL-encoded, lower-case hex': (k) =>
    badRequest({ status: 400, headers: { 'Content-Type': 'text/plain' }, body: `key=${urlEncodedLower(k)}&x=1` }),
  'form-encoded': (k) =>
    badRequest({
      status: 400,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `error=bad&apiKey=${formEncoded(k)}`,
    }),
  'JSON \\u escapes, upper hex': (k) =>
    badRequest({ status: 400, body: rawError(400, `Invalid key ${uEscapes(k, true)}`) }),
  'JSON \\u escapes in an object key': (k) =>
    badRequest({
      status: 400,
      body: `{"statusCode":400,"service":"PublicApi","error":"bad ${uEscapes(k, false)}","correlationId":"c","${uEscapes(k, false)}":1}`,
    }),
  'some characters \\u-escaped, mixed case': (k) =>
    badRequest({ status: 400, body: rawError(400, `bad ${mixedEscapes(k)}`) }),
  'JSON inside a JSON string': (k) => badRequest({ status: 400, json: JSON.stringify(errorBody(400, `bad key ${k}`)) }),
  'HTML named entities': (k) =>
    badRequest({
      status: 400,
      headers: { 'Content-Type': 'text/html' },
      body: html(`Bad key ${htmlNamed(k)}`, htmlNamed(k)),
    }),
  'HTML decimal references': (k) =>
    badRequest({
      status: 400,
      headers: { 'Content-Type': 'text/html' },
      body: html(`Bad key ${htmlDecimal(k)}`, 'denied'),
    }),
  'HTML hex references, mixed case': (k) =>
    badRequest({ status: 400, headers: { 'Content-Type': 'text/html' }, body: html('Denied', `key ${htmlHex(k)}`) }),
  'split across fields': (k) => {
    const [a, b] = half(k);
    return badRequest({
      status: 400,
      json: errorBody(400, a, {
        service: b,
        validation: { errors: [{ itemId: a, message: b, validatorName: a }], warnings: [] },
      }),
    });
  },
  'split by markup': (k) => {
    const [a, b] = half(k);
    return badRequest({
      status: 400,
      headers: { 'Content-Type': 'text/html' },
      body: html(`${htmlNamed(a)}<b></b>${htmlNamed(b)}`, `${htmlNamed(a)}<!-- -->${htmlNamed(b)}`),
    });
  },
  'validation items': (k) =>
    badRequest({
      status: 400,
      json: errorBody(400, 'Validation failed', {
        validation: {
          errors: [{ itemId: k, message: `Key ${k} is not valid`, validatorName: k }],
          warnings: [{ message: base64(k) }],
        },
      }),
    }),
  'X-Correlation-Id header': (k) => ({
    run: invoice,
    replies: [{ status: 404, headers: { 'Content-Type': 'text/plain', 'X-Correlation-Id': k }, body: 'Not found' }],
    expect: { outcome: 'error', kind: 'notFound' },
  }),
  'an invoice record on a 200': (k) => ({
    run: invoice,
    replies: [
      {
        status: 200,
        json: {
          id: 'inv-1',
          invoiceNumber: 'INV-1',
          note: `paid with ${k}`,
          [k]: base64(k),
          memo: `Basic ${base64(`${k}:`)}`,
        },
      },
    ],
    expect: { outcome: 'success', items: 1 },
  }),
  'the API key list: every key whole, the one in use among them': (k) => ({
    run: { op: 'listApiKeys' },
    replies: [
      {
        status: 200,
        json: {
          results: [
            { id: 'k1', name: 'Default', apiKey: k, createdDate: '2026-01-01T00:00:00Z' },
            { id: 'k2', name: `copy of ${k}`, apiKey: base64(k), createdDate: '2026-02-01T00:00:00Z' },
          ],
        },
      },
    ],
    expect: { outcome: 'success', items: 2 },
  }),
  'a push operation whose validation quotes the key': (k) => ({
    run: { op: 'push' },
    replies: [
      {
        status: 200,
        json: {
          pushOperationKey: 'p-1',
          companyId: 'c1',
          dataConnectionKey: 'conn-1',
          dataType: 'invoices',
          status: 'Failed',
          requestedOnUtc: '2026-01-15T00:00:00Z',
          validation: { errors: [{ itemId: 'customerRef', message: `Customer ${k} not found` }], warnings: [] },
          data: { note: `Basic ${base64(`${k}:`)}` },
        },
      },
    ],
    expect: { outcome: 'success', items: 1 },
  }),
  'a push refused with the key in a 500 (not sent again)': (k) => ({
    run: { op: 'push' },
    replies: [{ status: 500, json: errorBody(500, `upstream ${k} failed`) }],
    repeatLast: true,
    expect: { outcome: 'error', kind: 'server', requests: 1 },
  }),
  'sync settings refused with a 402 quoting the key': (k) => ({
    run: { op: 'syncSettings' },
    replies: [{ status: 402, json: errorBody(402, `SyncSettingsValidationException: key ${k}`) }],
    expect: { outcome: 'error', kind: 'syncScheduleNotAllowed' },
  }),
  'HTML page on a 200': (k) => ({
    replies: [
      { status: 200, headers: { 'Content-Type': 'text/html' }, body: html('Welcome', `Signed in as ${htmlNamed(k)}`) },
    ],
    expect: { outcome: 'error', kind: 'malformedResponse' },
  }),
  'cut-off JSON on a 500': (k) => ({
    replies: [{ status: 500, body: `{"statusCode":500,"error":"key ${uEscapes(k, false)} failed","correlationId":"c` }],
    repeatLast: true,
    expect: { outcome: 'error', kind: 'server', requests: 4 },
  }),
  'plain text on a POST': (k) => ({
    run: { op: 'createCompany', name: 'Acme' },
    replies: [
      {
        status: 500,
        headers: { 'Content-Type': 'text/plain' },
        body: `upstream failed\nAuthorization: Basic ${base64(k)}\nX-Key: ${k}`,
      },
    ],
    expect: { outcome: 'error', kind: 'server' },
  }),
  'a next link carrying the key': (k) => ({
    run: { op: 'loadAll', pageSize: 1 },
    replies: [
      {
        when: 'page=1',
        status: 200,
        json: page(companies(1), {
          total: 2,
          pageSize: 1,
          next: { href: `/companies?page=2&pageSize=1&token=${urlEncoded(k)}` },
        }),
      },
      { status: 400, json: errorBody(400, 'Unknown parameter token') },
    ],
    expect: { outcome: 'error', kind: 'badRequest', items: 1, requests: 2 },
  }),
  'a company name on a 200': (k) => ({
    replies: [{ status: 200, json: page([{ id: 'c1', name: `Company of ${k}` }]) }],
    expect: { outcome: 'success', items: 1 },
  }),
  'straddling the raw-body cut': (k) => {
    // The kept raw body is cut at 64 KiB: the key sits across the cut.
    const head = '{"statusCode":400,"service":"PublicApi","error":"x","correlationId":"c","pad":"';
    const tail = '","echo":"';
    const pad = 64 * 1024 - head.length - tail.length - Math.floor(jsonInner(k).length / 2);
    return badRequest({ status: 400, body: `${head}${'p'.repeat(pad)}${tail}${jsonInner(k)}"}` });
  },
};

/** One case per echo for `key`, ids `<group>/<echo> × <shape>`. */
export function echoCases(
  group: 'echo' | 'keyShape',
  shape: string,
  key: string,
  echoes: readonly string[] = Object.keys(ECHOES),
): HostileCase[] {
  return echoes.map((name) => {
    const echo = ECHOES[name](key);
    return {
      id: `${group}/${name} × ${shape}`,
      group,
      key,
      run: echo.run ?? list,
      replies: echo.replies,
      ...(echo.repeatLast ? { repeatLast: true } : {}),
      expect: echo.expect,
    };
  });
}

/** Key shapes the echoes run against in full. */
export const ECHO_KEYS: Record<string, string> = {
  plain: 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  quote: 'sk_live_ab"cd"ef_0123456789',
  backslash: 'sk_live_ab\\cd\\ef_0123456789',
  markup: "sk_live_a&b<c>d'e_0123456789",
  unicode: 'sk_live_ключ_é😀_0123456789',
};

export const echoCorpus = (): HostileCase[] =>
  Object.entries(ECHO_KEYS).flatMap(([shape, key]) => echoCases('echo', shape, key));
