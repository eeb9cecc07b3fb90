// Issue 33: an invoice's PDF and an attachment, downloaded into the caller's sink against stub
// servers. Only the file asked for reaches the sink (content type and first bytes checked before it
// is opened; an error page keeps its text for the panel), the cap holds up front and while
// streaming, a stall times out, a body cut short or cancelled leaves the sink aborted and never
// committed, what may be retried is retried only before the sink opens, and the key is nowhere.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { assertNoSecret } from '../../support/secretScan';
import {
  chunked,
  cutting,
  KEY,
  loggingClient,
  MemorySink,
  opening,
  pdfBytes,
  RawServer,
  stalling,
} from './documentsSupport';

const PDF_HEADERS = { 'Content-Type': 'application/pdf' };
const isKind =
  (kind: string) =>
  (e: unknown): boolean => {
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.kind, kind, e.message);
    return true;
  };

describe('documents: downloads (issue 33)', () => {
  let server: RawServer;
  beforeEach(async () => (server = await RawServer.start()));
  afterEach(() => server.close());

  it('streams a PDF into the sink and commits it: bytes equal, progress to the end, the key only in the header', async () => {
    const body = pdfBytes(300_000);
    const headers = {
      ...PDF_HEADERS,
      'Content-Length': String(body.length),
      'Content-Disposition': `attachment; filename="INV-0042.pdf"`,
      'X-Correlation-Id': 'corr-42',
    };
    server.on(chunked(200, headers, body));
    const { client, summaries, traces } = loggingClient(server.url);
    const sink = new MemorySink();
    const options = opening(sink);
    const done = await client.documents.downloadInvoicePdf('c1', 'inv-1', options);
    assert.deepEqual(done, {
      meta: { contentType: 'application/pdf', fileName: 'INV-0042.pdf', length: body.length },
      bytes: body.length,
    });
    assert.ok(sink.bytes.equals(body));
    assert.deepEqual(sink.events, ['commit']);
    assert.equal(options.opened.length, 1);
    assert.deepEqual(options.progress.at(-1), [body.length, body.length]);
    const [arrival] = server.arrivals;
    assert.equal(arrival.url, '/companies/c1/data/invoices/inv-1/pdf');
    assert.equal(arrival.method, 'GET');
    assert.equal(arrival.headers.authorization, `Basic ${Buffer.from(KEY).toString('base64')}`);
    assert.deepEqual(
      summaries.map((s) => [s.method, s.path, s.status, s.attempt, s.correlationId]),
      [['GET', '/companies/c1/data/invoices/inv-1/pdf', 200, 1, 'corr-42']],
    );
    assert.equal(traces[0].responseBody, `<${body.length} bytes, application/pdf>`);
  });

  it('takes application/octet-stream (the contract’s type) when the bytes are a PDF', async () => {
    server.on(chunked(200, { 'Content-Type': 'application/octet-stream' }, pdfBytes(2000)));
    const sink = new MemorySink();
    const done = await loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink));
    assert.equal(done.bytes, 2000);
    assert.equal(done.meta.length, undefined, 'a chunked body has no length');
    assert.deepEqual(sink.events, ['commit']);
  });

  const refusals: Array<[string, Record<string, string>, string, RegExp]> = [
    [
      'an HTML page',
      { 'Content-Type': 'text/html' },
      '<!DOCTYPE html><html><body>Sign in</body></html>',
      /HTML page instead of a PDF \(200\)/,
    ],
    [
      'JSON',
      { 'Content-Type': 'application/json' },
      '{"statusCode":200,"error":"not a pdf"}',
      /JSON instead of a PDF \(200\)/,
    ],
    [
      'an HTML page as octet-stream',
      { 'Content-Type': 'application/octet-stream' },
      '  <html><body>x</body></html>',
      /HTML page instead of a PDF/,
    ],
    ['a PDF type without %PDF-', PDF_HEADERS, 'PK\u0003\u0004 not a pdf', /a body that is not a PDF|instead of a PDF/],
    ['an image', { 'Content-Type': 'image/png' }, '%PDF-1.4 but labelled png', /image\/png instead of a PDF/],
    ['an empty body', PDF_HEADERS, '', /empty body instead of a PDF/],
  ];
  for (const [what, headers, text, message] of refusals) {
    it(`refuses ${what} answering 200: the sink is never opened, the error keeps its text, no retry`, async () => {
      server.on(chunked(200, headers, Buffer.from(text)));
      const { client, traces } = loggingClient(server.url);
      const options = opening(new MemorySink());
      await assert.rejects(client.documents.downloadInvoicePdf('c1', 'inv-1', options), (e: unknown) => {
        isKind('malformedResponse')(e);
        const error = e as ApiError;
        assert.match(error.message, message);
        if (text !== '' && !text.includes('\u0003')) assert.equal(error.rawBody, text);
        assert.equal(error.status, 200);
        assert.deepEqual(error.request, { url: `${server.url}/companies/c1/data/invoices/inv-1/pdf`, download: true });
        return true;
      });
      assert.equal(options.opened.length, 0);
      assert.equal(server.arrivals.length, 1);
      if (text.startsWith('<!')) assert.equal(traces[0].responseBody, text);
    });
  }

  it('refuses a page that stalls after its first bytes within the timeout, keeping what came', async () => {
    const page = `<!DOCTYPE html><html><body>${'x'.repeat(700)}`;
    server.on(stalling({ 'Content-Type': 'text/html' }, Buffer.from(page)));
    const { client } = loggingClient(server.url, { timeoutMs: 300 });
    const options = opening(new MemorySink());
    await assert.rejects(client.documents.downloadInvoicePdf('c1', 'inv-1', options), (e: unknown) => {
      isKind('malformedResponse')(e);
      assert.equal((e as ApiError).rawBody, page);
      return true;
    });
    assert.equal(options.opened.length, 0);
  });

  it('keeps the first 64 KB of a long page answering 200, read on after the first bytes', async () => {
    const page = `<!DOCTYPE html><html><body>${'<p>sign in</p>'.repeat(10_000)}</body></html>`;
    server.on(chunked(200, { 'Content-Type': 'text/html' }, Buffer.from(page), 4096));
    const options = opening(new MemorySink());
    const error = await loggingClient(server.url)
      .client.documents.downloadInvoicePdf('c1', 'inv-1', options)
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.rawBody, `${page.slice(0, 64 * 1024)}…[truncated]`);
    assert.equal(options.opened.length, 0);
  });

  it('names a refused body that is not text in the trace, and keeps none of it', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    server.on(chunked(200, { 'Content-Type': 'image/png' }, png));
    const { client, traces } = loggingClient(server.url);
    const error = await client.documents
      .downloadInvoicePdf('c1', 'inv-1', opening(new MemorySink()))
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.rawBody, undefined);
    assert.equal(traces[0].responseBody, '<12 bytes, image/png>');
  });

  it('holds no place in the rate gate while its body streams: a JSON read goes meanwhile', async () => {
    server.on(stalling(PDF_HEADERS, pdfBytes(2048)), (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'c1', name: 'Acme' }));
    });
    const controller = new AbortController();
    const { client } = loggingClient(server.url, { maxInFlight: () => 1 });
    const sink = new MemorySink();
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const options = opening(sink, { signal: controller.signal, onProgress: () => streaming() });
    const download = client.documents.downloadInvoicePdf('c1', 'inv-1', options);
    await started;
    assert.equal((await client.getCompany('c1')).name, 'Acme');
    controller.abort();
    await assert.rejects(download, isKind('cancelled'));
    assert.deepEqual(sink.events, ['abort']);
  });

  it('refuses a body whose Content-Length is over the cap before reading any of it', async () => {
    server.on(stalling({ ...PDF_HEADERS, 'Content-Length': String(5_000_000) }, pdfBytes(1024)));
    const options = opening(new MemorySink(), { maxBytes: 1_000_000 });
    const { client, traces } = loggingClient(server.url);
    await assert.rejects(client.documents.downloadInvoicePdf('c1', 'inv-1', options), (e: unknown) => {
      isKind('responseTooLarge')(e);
      assert.match((e as Error).message, /larger than 977 KB/);
      return true;
    });
    assert.equal(options.opened.length, 0);
    assert.equal(server.arrivals.length, 1, 'asking again brings the same');
    assert.equal(traces[0].responseBody, '<5000000 bytes, application/pdf>');
  });

  it('stops a chunked body that grows past the cap at the cap: the sink aborted, never committed', async () => {
    const body = pdfBytes(3_000_000);
    server.on(chunked(200, PDF_HEADERS, body, 64 * 1024));
    const sink = new MemorySink();
    const options = opening(sink, { maxBytes: 1_000_000 });
    await assert.rejects(
      loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', options),
      isKind('responseTooLarge'),
    );
    assert.deepEqual(sink.events, ['abort']);
    assert.ok(sink.bytes.length <= 1_000_000, `${sink.bytes.length} bytes written`);
    assert.ok(options.progress.every(([n]) => n <= 1_000_000));
  });

  it('ends a body that stalls with a timeout (each wait for bytes is the request’s timeout): aborted', async () => {
    server.on(stalling(PDF_HEADERS, pdfBytes(4096)));
    const sink = new MemorySink();
    const { client } = loggingClient(server.url, { timeoutMs: 300 });
    await assert.rejects(client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink)), isKind('timeout'));
    assert.deepEqual(sink.events, ['abort']);
    assert.ok(sink.bytes.equals(pdfBytes(4096)));
    assert.equal(server.arrivals.length, 1, 'a sink that was opened is never retried into');
  });

  it('does not count a slow sink’s writes against the server: each write awaited, one at a time', async () => {
    const body = pdfBytes(100_000);
    server.on(chunked(200, PDF_HEADERS, body, 32 * 1024));
    // Each write takes longer than the timeout: only the waits for the server's bytes are timed.
    const sink = new MemorySink(250);
    const { client } = loggingClient(server.url, { timeoutMs: 200 });
    const done = await client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink));
    assert.equal(done.bytes, body.length);
    assert.equal(sink.maxPending, 1);
    assert.ok(sink.chunks.length >= 2, `${sink.chunks.length} writes`);
    assert.ok(sink.bytes.equals(body));
  });

  it('fails a body cut short before its Content-Length as a reset connection: aborted, never committed', async () => {
    server.on(cutting(PDF_HEADERS, pdfBytes(3000), 100_000));
    const sink = new MemorySink();
    await assert.rejects(
      loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink)),
      (e: unknown) => isKind('network')(e) && (e as ApiError).code === 'ECONNRESET',
    );
    assert.deepEqual(sink.events, ['abort']);
    assert.equal(server.arrivals.length, 1);
  });

  it('retries a body cut short before the sink was opened, as any GET', async () => {
    const body = pdfBytes(5000);
    server.on(cutting(PDF_HEADERS, Buffer.from('%PD'), 5000), chunked(200, PDF_HEADERS, body));
    const sink = new MemorySink();
    const done = await loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink));
    assert.equal(done.bytes, 5000);
    assert.equal(server.arrivals.length, 2);
    assert.deepEqual(sink.events, ['commit']);
  });

  it('is cancelled mid-body through the signal: aborted, never committed', async () => {
    server.on(stalling(PDF_HEADERS, pdfBytes(2048)));
    const sink = new MemorySink();
    const controller = new AbortController();
    const options = opening(sink, { signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(
      loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', options),
      isKind('cancelled'),
    );
    assert.deepEqual(sink.events, ['abort']);
  });

  it('aborts the sink and throws its own error when a write fails', async () => {
    server.on(chunked(200, PDF_HEADERS, pdfBytes(100_000), 8192));
    const sink = new MemorySink(0, 2);
    await assert.rejects(
      loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink)),
      /ENOSPC/,
    );
    assert.deepEqual(sink.events, ['abort']);
  });

  it('shows a platform without PDFs as “not supported” (404), the sink never opened', async () => {
    const text = JSON.stringify({
      statusCode: 404,
      service: 'PublicApi',
      error: 'Datatype [invoices] not supported by platform(s) [Xero]',
    });
    server.on(chunked(404, { 'Content-Type': 'application/json' }, Buffer.from(text)));
    const options = opening(new MemorySink());
    await assert.rejects(
      loggingClient(server.url).client.documents.downloadInvoicePdf('c1', 'inv-1', options),
      (e: unknown) =>
        isKind('datatypeNotSupported')(e) && /not supported by platform\(s\) \[Xero\]/.test((e as Error).message),
    );
    assert.equal(options.opened.length, 0);
    assert.equal(server.arrivals.length, 1);
  });

  it('retries a 429 before the body, waiting as asked, then streams the file', async () => {
    const limited = chunked(
      429,
      { 'Content-Type': 'application/json', 'Retry-After': '2' },
      Buffer.from('{"statusCode":429,"error":"Too many"}'),
    );
    server.on(limited, chunked(200, PDF_HEADERS, pdfBytes(4000)));
    const { client, waits, summaries } = loggingClient(server.url);
    const sink = new MemorySink();
    assert.equal((await client.documents.downloadInvoicePdf('c1', 'inv-1', opening(sink))).bytes, 4000);
    assert.equal(server.arrivals.length, 2);
    assert.ok(
      waits.some((w) => w >= 2000),
      `waits ${waits.join(', ')}`,
    );
    assert.deepEqual(
      summaries.map((s) => [s.status, s.errorKind, s.attempt]),
      [
        [429, 'rateLimited', 1],
        [200, undefined, 2],
      ],
    );
    assert.deepEqual(sink.events, ['commit']);
  });

  it('retries a 503 at most as any GET, then fails with it; a redirect is not followed', async () => {
    const unavailable = () => chunked(503, { 'Content-Type': 'text/html' }, Buffer.from('<html>down</html>'));
    server.on(unavailable(), unavailable(), unavailable(), unavailable());
    const client = loggingClient(server.url).client;
    await assert.rejects(
      client.documents.downloadInvoicePdf('c1', 'inv-1', opening(new MemorySink())),
      isKind('unavailable'),
    );
    assert.equal(server.arrivals.length, 4);
    server.on(chunked(302, { Location: 'http://localhost:1/x.pdf' }, Buffer.alloc(0)));
    await assert.rejects(
      client.documents.downloadInvoicePdf('c1', 'inv-1', opening(new MemorySink())),
      isKind('unexpectedStatus'),
    );
    assert.equal(server.arrivals.length, 5);
  });

  it('keeps the key out of the URL, the error, the file name, the log and the trace, whatever the server echoes', async () => {
    const echo = `attachment; filename="${KEY}.pdf"; filename*=UTF-8''..%2F..%2F${encodeURIComponent(KEY)}.pdf`;
    server.on(chunked(200, { ...PDF_HEADERS, 'Content-Disposition': echo, 'X-Correlation-Id': KEY }, pdfBytes(1000)));
    server.on(
      chunked(
        200,
        { 'Content-Type': 'text/html' },
        Buffer.from(`<html><body>key ${KEY} ${Buffer.from(KEY).toString('base64')}</body></html>`),
      ),
    );
    const { client, summaries, traces } = loggingClient(server.url);
    const done = await client.documents.downloadInvoicePdf('c1', 'inv-1', opening(new MemorySink()));
    assert.equal(done.meta.fileName, '../../***.pdf', 'the name raw (the caller sanitises it), the key redacted');
    const error = await client.documents
      .downloadInvoicePdf('c1', 'inv-1', opening(new MemorySink()))
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.ok(server.arrivals.every((a) => !a.url.includes(KEY)));
    assertNoSecret(KEY, { meta: done.meta, error, json: error.toJSON(), summaries, traces });
  });
});
