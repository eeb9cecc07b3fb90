// Issue 33: an invoice's PDF and records' attachments against a hostile server. Only the file
// asked for reaches the sink: an HTML page, JSON or another type answering 200 is refused before
// the sink opens (its text kept for the panel, the key redacted from it); a body over the cap stops
// there; one cut short leaves the sink aborted; a file name is handed on raw but redacted; a read
// retries by itself, a write (upload, delete) is sent once; unsafe ids are refused before sending.
import { base64 } from '../../support/keyEncodings';
import type { DocumentCall, DocumentPlace, Expect, HostileCase, ReplySpec } from '../corpus';
import { DEFAULT_KEY, errorBody } from '../corpus';

const INVOICE: DocumentPlace = { dataType: 'invoices', recordId: 'inv-1' };
const BILL: DocumentPlace = { dataType: 'bills', recordId: 'bill-1' };

const PDF_TEXT = `%PDF-1.4\n${'1 0 obj << /Type /Catalog >> endobj\n'.repeat(40)}%%EOF\n`;
const pdf = (headers: Record<string, string> = { 'Content-Type': 'application/pdf' }): ReplySpec => ({
  status: 200,
  headers,
  body: PDF_TEXT,
});
const PDF: DocumentCall = { call: 'pdf', invoiceId: 'inv-1' };
const PNG: DocumentCall = { call: 'download', place: BILL, attachmentId: 'att-1', contentType: 'image/png' };
const ATTACHMENT = { id: 'att-1', name: 'scan.png', contentType: 'image/png', fileSize: 4, includeWhenSent: true };
const PUSH = { pushOperationKey: 'p-1', status: 'Pending', dataType: 'bills', companyId: 'c1' };

const NEVER_OPENED = 'sink: never opened';
const ABORTED = 'sink: opened, aborted';

const one = (
  what: string,
  call: DocumentCall,
  replies: ReplySpec[],
  expect: Expect,
  repeatLast = false,
): HostileCase => ({
  id: `documents/${what}`,
  group: 'documents',
  run: { op: 'documents', call },
  replies,
  ...(repeatLast ? { repeatLast } : {}),
  expect,
});

const refusedBody = (what: string, call: DocumentCall, reply: ReplySpec): HostileCase =>
  one(what, call, [reply], { outcome: 'error', kind: 'malformedResponse', contains: [NEVER_OPENED] });

/** Bodies answering 200 that are not the file asked for. */
const wrongTypes = (): HostileCase[] => [
  refusedBody('PDF: an HTML sign-in page', PDF, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: '<!DOCTYPE html><html><body><form action="/login">Sign in</form></body></html>',
  }),
  refusedBody('PDF: a JSON error on a 200', PDF, { status: 200, json: errorBody(200, 'No PDF for this invoice') }),
  refusedBody('PDF: a PDF type, not a PDF', PDF, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
    body: 'GIF89a',
  }),
  refusedBody('PDF: octet-stream holding a page', PDF, {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream' },
    body: '\n <HTML><HEAD><TITLE>Gateway</TITLE></HEAD></HTML>',
  }),
  refusedBody('PDF: text', PDF, {
    status: 200,
    headers: { 'Content-Type': 'text/plain' },
    body: '%PDF- but text/plain',
  }),
  refusedBody('PDF: an empty 200', PDF, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  refusedBody('PDF: a 204', PDF, { status: 204 }),
  refusedBody('attachment: an HTML page for an image', PNG, {
    status: 200,
    headers: { 'Content-Type': 'text/html' },
    body: '<html><body>Error</body></html>',
  }),
  refusedBody('attachment: a page as octet-stream for an image', PNG, {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream' },
    body: '<!doctype html><title>x</title>',
  }),
  refusedBody('attachment: JSON for an image', PNG, { status: 200, json: { error: 'nope' } }),
  refusedBody('attachment: another image type', PNG, {
    status: 200,
    headers: { 'Content-Type': 'image/gif' },
    body: 'GIF89a',
  }),
  one('PDF: octet-stream (the contract’s type)', PDF, [pdf({ 'Content-Type': 'application/octet-stream' })], {
    outcome: 'success',
    items: 1,
    contains: ['sink: opened, committed'],
  }),
  one('PDF: no content type, the bytes a PDF', PDF, [pdf({})], { outcome: 'success', items: 1 }),
  one(
    'attachment: an HTML attachment is what it is',
    { ...PNG, contentType: 'text/html' },
    [{ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>notes</html>' }],
    { outcome: 'success', items: 1 },
  ),
];

/** Bodies over the cap (1 MB), cut short, or failing before the file. */
const sizesAndCuts = (): HostileCase[] => [
  one(
    'PDF: Content-Length over the cap, refused unread',
    PDF,
    [
      {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
        stream: { bytes: 8 * 1024 * 1024, prefix: '%PDF-1.4\n' },
      },
    ],
    { outcome: 'error', kind: 'responseTooLarge', contains: [NEVER_OPENED] },
  ),
  one(
    'PDF: a chunked body past the cap, stopped there',
    PDF,
    [
      {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
        stream: { bytes: 8 * 1024 * 1024, prefix: '%PDF-1.4\n', chunked: true },
      },
    ],
    { outcome: 'error', kind: 'responseTooLarge', contains: [ABORTED] },
  ),
  one(
    'attachment: 64 MB of octet-stream, chunked, stopped at the cap',
    { ...PNG, maxBytes: 2 * 1024 * 1024 },
    [
      {
        status: 200,
        headers: { 'Content-Type': 'application/octet-stream' },
        stream: { bytes: 64 * 1024 * 1024, chunked: true, fill: 'x' },
      },
    ],
    { outcome: 'error', kind: 'responseTooLarge', contains: [ABORTED] },
  ),
  one(
    'PDF: cut short after the sink opened, not retried',
    PDF,
    [{ status: 200, cut: true, headers: { 'Content-Type': 'application/pdf' }, body: PDF_TEXT }],
    {
      outcome: 'error',
      kind: 'network',
      contains: [ABORTED],
    },
  ),
  one(
    'PDF: cut short before the first bytes, every time: retried as a GET',
    PDF,
    [{ status: 200, cut: true, headers: { 'Content-Type': 'application/pdf' }, body: '%PD' }],
    { outcome: 'error', kind: 'network', requests: 4, contains: [NEVER_OPENED] },
    true,
  ),
  one(
    'PDF: cut short once before the first bytes, then the file',
    PDF,
    [{ status: 200, cut: true, body: '%P' }, pdf()],
    {
      outcome: 'success',
      items: 1,
      requests: 2,
    },
  ),
  one('PDF: a reset, then the file', PDF, [{ status: 0, reset: true }, pdf()], {
    outcome: 'success',
    items: 1,
    requests: 2,
  }),
  one(
    'PDF: 404 not supported by the platform',
    PDF,
    [{ status: 404, json: errorBody(404, 'Datatype [invoices] not supported by platform(s) [Sage Business Cloud]') }],
    { outcome: 'error', kind: 'datatypeNotSupported', contains: [NEVER_OPENED] },
  ),
  one(
    'PDF: a gateway’s 502 page, every time',
    PDF,
    [{ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Bad gateway</body></html>' }],
    { outcome: 'error', kind: 'server', requests: 4 },
    true,
  ),
  one(
    'PDF: 429, then the file',
    PDF,
    [{ status: 429, headers: { 'Retry-After': '1' }, json: errorBody(429, 'Slow down') }, pdf()],
    {
      outcome: 'success',
      items: 1,
      requests: 2,
      minRetryWaitMs: 1000,
    },
  ),
  one(
    'PDF: a redirect to another host, not followed',
    PDF,
    [{ status: 302, headers: { Location: '{{other}}/x.pdf' } }],
    {
      outcome: 'error',
      kind: 'unexpectedStatus',
    },
  ),
];

const named = (what: string, disposition: string): HostileCase =>
  one(`name: ${what}`, PDF, [pdf({ 'Content-Type': 'application/pdf', 'Content-Disposition': disposition })], {
    outcome: 'success',
    items: 1,
  });

/** File names and bodies that echo the key, and names built to escape a folder. */
const echoesAndNames = (): HostileCase[] => [
  named('the key', `attachment; filename="${DEFAULT_KEY}.pdf"`),
  named('the key, RFC 5987', `attachment; filename*=UTF-8''${encodeURIComponent(DEFAULT_KEY)}.pdf`),
  named('the Basic value', `attachment; filename="${base64(`${DEFAULT_KEY}:`)}.pdf"`),
  named('a path out of the folder', `attachment; filename="../../../.bashrc"`),
  named('a Windows device and backslashes', `attachment; filename="..\\\\..\\\\CON.pdf"`),
  named('a bidi override', `attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe`),
  named('a line break', `attachment; filename*=UTF-8''a%0D%0AX-Injected%3A%201.pdf`),
  named('10 KB long', `attachment; filename="${'a'.repeat(10_000)}.pdf"`),
  refusedBody('PDF: an HTML page echoing the key', PDF, {
    status: 200,
    headers: { 'Content-Type': 'text/html' },
    body: `<html><body>Authorization: Basic ${base64(`${DEFAULT_KEY}:`)} key=${DEFAULT_KEY} ${encodeURIComponent(DEFAULT_KEY)}</body></html>`,
  }),
  refusedBody('attachment: JSON echoing the key', PNG, {
    status: 200,
    json: { error: `bad key ${DEFAULT_KEY}`, apiKey: DEFAULT_KEY, echo: `Basic ${base64(DEFAULT_KEY)}` },
  }),
  one('PDF: a 401 echoing the key', PDF, [{ status: 401, json: errorBody(401, `Key ${DEFAULT_KEY} rejected`) }], {
    outcome: 'error',
    kind: 'unauthorized',
  }),
];

const READ_ATTEMPTS = 4;

/** Lists, reads and the writes: a read retries by itself, a write is sent once. */
const callsAndWrites = (): HostileCase[] => [
  one('list: null is none', { call: 'list', place: BILL }, [{ status: 200, json: { attachments: null } }], {
    outcome: 'success',
    items: 0,
  }),
  one(
    'list: an item without an id',
    { call: 'list', place: BILL },
    [{ status: 200, json: { attachments: [{ name: 'x' }] } }],
    {
      outcome: 'error',
      kind: 'malformedResponse',
    },
  ),
  one(
    'list: a size as text',
    { call: 'list', place: INVOICE },
    [{ status: 200, json: { attachments: [{ ...ATTACHMENT, fileSize: '4' }] } }],
    {
      outcome: 'error',
      kind: 'malformedResponse',
    },
  ),
  one(
    'list: an HTML page',
    { call: 'list', place: INVOICE },
    [{ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html></html>' }],
    {
      outcome: 'error',
      kind: 'malformedResponse',
    },
  ),
  one(
    'get: 503 persisting',
    { call: 'get', place: BILL, attachmentId: 'att-1' },
    [{ status: 503, json: errorBody(503, 'Down') }],
    {
      outcome: 'error',
      kind: 'unavailable',
      requests: READ_ATTEMPTS,
    },
    true,
  ),
  one(
    'upload: the answer lost (reset)',
    { call: 'upload', place: BILL, name: 'a.txt', contentType: 'text/plain', text: 'hello' },
    [{ status: 0, reset: true }],
    {
      outcome: 'error',
      kind: 'network',
    },
  ),
  one(
    'upload: 503 not sent again',
    { call: 'upload', place: INVOICE, name: 'a.txt', contentType: 'text/plain', text: 'x' },
    [{ status: 503, json: errorBody(503, 'Down') }],
    {
      outcome: 'error',
      kind: 'unavailable',
    },
    true,
  ),
  one(
    'upload: a 200 with an HTML body is still the write done',
    { call: 'upload', place: BILL, name: 'a.txt', contentType: 'text/plain', text: 'x' },
    [{ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>ok</html>' }],
    {
      outcome: 'success',
      items: 1,
    },
  ),
  one(
    'delete: 502 page not sent again',
    { call: 'delete', place: BILL, attachmentId: 'att-1' },
    [{ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html>bad</html>' }],
    {
      outcome: 'error',
      kind: 'server',
    },
    true,
  ),
  one(
    'delete: not a push operation',
    { call: 'delete', place: BILL, attachmentId: 'att-1' },
    [{ status: 200, json: { ok: true } }],
    {
      outcome: 'error',
      kind: 'malformedResponse',
    },
  ),
  one(
    'delete: answered with its push operation',
    { call: 'delete', place: BILL, attachmentId: 'att-1' },
    [{ status: 200, json: PUSH }],
    {
      outcome: 'success',
      items: 1,
      path: '/companies/c1/connections/conn-1/push/bills/bill-1/attachments/att-1',
    },
  ),
];

const refused = (what: string, call: DocumentCall): HostileCase =>
  one(`${what}: refused`, call, [], { outcome: 'refused', kind: 'invalidParameter' });

const refusals = (): HostileCase[] => [
  refused('PDF id ..', { call: 'pdf', invoiceId: '..' }),
  refused('PDF id with a slash', { call: 'pdf', invoiceId: 'a/../../apiKeys' }),
  refused('attachment id with a line break', { ...PNG, attachmentId: 'a\r\nX-Injected: 1' }),
  refused('record id U+2028', { call: 'list', place: { dataType: 'bills', recordId: 'x\u2028y' } }),
  refused('attachments of payments', { call: 'list', place: { dataType: 'payments', recordId: 'p-1' } }),
  refused('an upload to a customer', {
    call: 'upload',
    place: { dataType: 'customers', recordId: 'cu-1' },
    name: 'a',
    contentType: 'text/plain',
    text: 'x',
  }),
  refused('a delete of an invoice’s attachment', { call: 'delete', place: INVOICE, attachmentId: 'att-1' }),
  refused('an upload whose type injects a header', {
    call: 'upload',
    place: BILL,
    name: 'a',
    contentType: 'text/plain\r\nX-Injected: 1',
    text: 'x',
  }),
];

export const documentsCorpus = (): HostileCase[] => [
  ...wrongTypes(),
  ...sizesAndCuts(),
  ...echoesAndNames(),
  ...callsAndWrites(),
  ...refusals(),
];
