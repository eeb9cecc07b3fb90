// Issue 33: a record's attachments (listed, read, downloaded, deleted) and the file names a
// Content-Disposition gives. An attachment is accepted as its own type or as octet-stream; an HTML
// page or JSON only when that is what it is. Every id is checked, and a type without attachments
// (or without the write asked for) is refused, before anything is sent.
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { ApiError } from '../../../src/api/errors';
import { dispositionFileName, mediaType } from '../../../src/api/fileChecks';
import { createRedactor } from '../../../src/api/redact';
import { BILL, chunked, INVOICE, KEY, loggingClient, MemorySink, opening, RawServer } from './documentsSupport';

const isKind =
  (kind: string, attempts?: number) =>
  (e: unknown): boolean => {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.kind, kind, e.message);
    if (attempts !== undefined) assert.equal(e.attempts, attempts);
    return true;
  };

const json = (status: number, value: unknown) =>
  chunked(status, { 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify(value)));

const ATTACHMENT = {
  id: 'att-1',
  name: 'scan.png',
  contentType: 'image/png',
  fileSize: 4,
  dateCreated: '2026-11-27T12:00:00Z',
  includeWhenSent: false,
};
const PUSH = { pushOperationKey: 'p-1', status: 'Pending', dataType: 'bills', companyId: 'c1' };

describe('documents: attachments (issue 33)', () => {
  let server: RawServer;
  beforeEach(async () => (server = await RawServer.start()));
  afterEach(() => server.close());

  it('lists a record’s attachments (null is none), reads one, each checked', async () => {
    server.on(json(200, { attachments: [ATTACHMENT] }), json(200, { attachments: null }), json(200, ATTACHMENT));
    const { documents } = loggingClient(server.url).client;
    assert.deepEqual(await documents.listAttachments(INVOICE), [ATTACHMENT]);
    assert.deepEqual(await documents.listAttachments(BILL), []);
    assert.deepEqual(await documents.getAttachment(BILL, 'att 1'), ATTACHMENT);
    assert.deepEqual(
      server.arrivals.map((a) => a.url),
      [
        '/companies/c1/connections/conn-1/data/invoices/inv-1/attachments',
        '/companies/c1/connections/conn-1/data/bills/bill-1/attachments',
        '/companies/c1/connections/conn-1/data/bills/bill-1/attachments/att%201',
      ],
    );
  });

  it('refuses a list whose item is not an attachment, as a malformed response', async () => {
    server.on(
      json(200, { attachments: [{ ...ATTACHMENT, id: 7 }] }),
      json(200, { attachments: [{ ...ATTACHMENT, fileSize: '4' }] }),
    );
    const { documents } = loggingClient(server.url).client;
    await assert.rejects(documents.listAttachments(INVOICE), isKind('malformedResponse'));
    await assert.rejects(documents.listAttachments(INVOICE), isKind('malformedResponse'));
  });

  const accepted: Array<[string, string | undefined, string, string]> = [
    ['its own type', 'image/png', 'image/png', '\x89PNG'],
    ['its own type with parameters', 'text/plain', 'Text/Plain; charset=utf-8', 'hello'],
    ['octet-stream', 'image/png', 'application/octet-stream', '\x89PNG'],
    ['an HTML attachment', 'text/html', 'text/html', '<!DOCTYPE html><html></html>'],
    ['a JSON attachment', 'application/json', 'application/json', '{"a":1}'],
    ['any type but a page when the attachment names none', undefined, 'application/zip', 'PK'],
  ];
  for (const [what, expected, type, body] of accepted) {
    it(`downloads an attachment as ${what}`, async () => {
      server.on(chunked(200, { 'Content-Type': type }, Buffer.from(body, 'latin1')));
      const sink = new MemorySink();
      const done = await loggingClient(server.url).client.documents.downloadAttachment(
        BILL,
        'att-1',
        expected,
        opening(sink),
      );
      assert.equal(done.bytes, Buffer.byteLength(body, 'latin1'));
      assert.deepEqual(sink.events, ['commit']);
      assert.equal(
        server.arrivals[0].url,
        '/companies/c1/connections/conn-1/data/bills/bill-1/attachments/att-1/download',
      );
    });
  }

  const refused: Array<[string, string | undefined, string, string]> = [
    ['an HTML page for an image', 'image/png', 'text/html', '<html><body>error</body></html>'],
    ['an HTML page as octet-stream for an image', 'image/png', 'application/octet-stream', '<!doctype html><p>x'],
    ['JSON for a PDF', 'application/pdf', 'application/json', '{"error":"nope"}'],
    ['another image type', 'image/png', 'image/jpeg', '\xff\xd8\xff'],
    ['JSON when the attachment names no type', undefined, 'application/problem+json', '{"title":"x"}'],
  ];
  for (const [what, expected, type, body] of refused) {
    it(`refuses ${what}: the sink never opened, the text kept`, async () => {
      server.on(chunked(200, { 'Content-Type': type }, Buffer.from(body, 'latin1')));
      const options = opening(new MemorySink());
      const download = loggingClient(server.url).client.documents.downloadAttachment(BILL, 'att-1', expected, options);
      await assert.rejects(
        download,
        (e: unknown) => isKind('malformedResponse', 1)(e) && (e as ApiError).status === 200,
      );
      assert.equal(options.opened.length, 0);
    });
  }

  it('deletes a bill’s attachment once, answered by a push operation; a 503 is not sent again', async () => {
    server.on(json(200, PUSH), json(503, { statusCode: 503, error: 'Unavailable' }));
    const { documents } = loggingClient(server.url).client;
    assert.deepEqual(await documents.deleteAttachment(BILL, 'att-1'), PUSH);
    assert.equal(server.arrivals[0].method, 'DELETE');
    assert.equal(server.arrivals[0].url, '/companies/c1/connections/conn-1/push/bills/bill-1/attachments/att-1');
    await assert.rejects(documents.deleteAttachment(BILL, 'att-1'), isKind('unavailable', 1));
    assert.equal(server.arrivals.length, 2);
  });

  it('refuses, before sending, a type without attachments, a write the type does not have, and unsafe ids', async () => {
    const { documents } = loggingClient(server.url).client;
    const refusals: Array<() => unknown> = [
      () => documents.listAttachments({ ...INVOICE, dataType: 'payments' }),
      () => documents.listAttachments({ ...INVOICE, dataType: 'nonsense' as 'invoices' }),
      () => documents.deleteAttachment(INVOICE, 'att-1'),
      () =>
        documents.uploadRequest(
          { ...INVOICE, dataType: 'customers' },
          { name: 'a.pdf', contentType: 'application/pdf', size: 1 },
        ),
      () => documents.getAttachment(BILL, '..'),
      () => documents.attachmentDownloadRequest({ ...BILL, recordId: 'a/../b' }, 'att-1'),
      () => documents.attachmentsRequest({ ...BILL, connectionId: 'x\r\ny' }),
      () => documents.attachmentsRequest({ ...BILL, companyId: ' ' }),
      () => documents.invoicePdfRequest('c1', '.'),
      () => documents.downloadInvoicePdf('c\u2028', 'inv-1', opening(new MemorySink())),
      () =>
        documents.uploadAttachment(
          { ...INVOICE, dataType: 'suppliers' },
          { name: 'a', contentType: 'a/b', size: 0, open: () => Readable.from([]) },
        ),
    ];
    for (const call of refusals) {
      await assert.rejects(Promise.resolve().then(call), (e: unknown) => isKind('invalidParameter', 0)(e));
    }
    assert.equal(server.arrivals.length, 0);
  });

  it('prepares each request for Copy as cURL: a download says so, an upload names its file', () => {
    const { documents } = loggingClient('http://127.0.0.1:9').client;
    assert.deepEqual(documents.invoicePdfRequest('c1', 'INV #1'), {
      method: 'GET',
      url: 'http://127.0.0.1:9/companies/c1/data/invoices/INV%20%231/pdf',
      download: true,
    });
    assert.equal(documents.attachmentDownloadRequest(BILL, 'a').download, true);
    assert.equal(documents.attachmentsRequest(BILL).download, undefined);
    assert.deepEqual(documents.uploadRequest(INVOICE, { name: 'scan "1".png', contentType: 'image/png', size: 3 }), {
      method: 'POST',
      url: 'http://127.0.0.1:9/companies/c1/connections/conn-1/push/invoices/inv-1/attachment',
      upload: { name: 'scan "1".png', contentType: 'image/png' },
    });
    assert.match(
      documents.uploadRequest(BILL, { name: 'a', contentType: 'a/b', size: 0 }).url,
      /\/push\/bills\/bill-1\/attachments$/,
    );
    assert.deepEqual(documents.deleteAttachmentRequest(BILL, 'a'), {
      method: 'DELETE',
      url: 'http://127.0.0.1:9/companies/c1/connections/conn-1/push/bills/bill-1/attachments/a',
    });
  });
});

describe('documents: Content-Disposition file names (issue 33)', () => {
  const redact = createRedactor(KEY);
  const names: Array<[string, string | undefined, string | undefined]> = [
    ['quoted', 'attachment; filename="INV-0042.pdf"', 'INV-0042.pdf'],
    ['a token', 'attachment; filename=INV-0042.pdf', 'INV-0042.pdf'],
    [
      'RFC 5987, preferred over the quoted one',
      `attachment; filename="EUR rates.pdf"; filename*=UTF-8''%E2%82%AC%20rates.pdf`,
      '€ rates.pdf',
    ],
    ['RFC 5987 first', `attachment; filename*=utf-8'en'%C3%A9t%C3%A9.pdf; filename="ete.pdf"`, 'été.pdf'],
    ['RFC 5987 in ISO-8859-1', `attachment; filename*=ISO-8859-1''%A3100.pdf`, '£100.pdf'],
    [
      'an unreadable RFC 5987 value falls back',
      `attachment; filename*=UTF-8''%FF%FE.pdf; filename="plain.pdf"`,
      'plain.pdf',
    ],
    ['escapes in a quoted string', 'attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['a semicolon inside quotes', 'attachment; filename="a;b.pdf"; size=3', 'a;b.pdf'],
    [
      'UTF-8 bytes as a server writes them',
      `attachment; filename="${Buffer.from('Rechnung Ü.pdf').toString('latin1')}"`,
      'Rechnung Ü.pdf',
    ],
    ['a path, kept raw for the caller to sanitise', 'attachment; filename="../../etc/passwd"', '../../etc/passwd'],
    [
      'a Windows path and a bidi override, raw',
      `attachment; filename="..\\\\con${Buffer.from('\u202e').toString('latin1')}.pdf"`,
      '..\\con\u202e.pdf',
    ],
    ['the key, redacted', `attachment; filename="${KEY}.pdf"`, '***.pdf'],
    ['the key percent-encoded, redacted', `attachment; filename*=UTF-8''${encodeURIComponent(KEY)}%2Epdf`, '***.pdf'],
    ['none', 'inline', undefined],
    ['an empty name', 'attachment; filename=""', undefined],
    ['no header', undefined, undefined],
  ];
  for (const [what, header, name] of names) {
    it(`reads ${what}`, () => assert.equal(dispositionFileName(header, redact), name));
  }

  it('reads a media type without its parameters, in lower case', () => {
    assert.equal(mediaType(' Application/PDF ; q=1'), 'application/pdf');
    assert.equal(mediaType(''), undefined);
    assert.equal(mediaType(undefined), undefined);
  });
});
