// Issue 33: an attachment uploaded as multipart/form-data with one part `file`, streamed from the
// caller's source with a computed Content-Length. The bytes on the wire are parsed here. A write is
// sent once: a lost answer is one arrival and an error, a refused connection (nothing sent) is the
// one failure sent again, with the source opened anew. A source that yields another size than it
// said fails clearly; the file's bytes are in no error, log line or trace.
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import type { UploadSource } from '../../../src/api/downloads';
import { ApiError } from '../../../src/api/errors';
import { quotedFileName } from '../../../src/api/upload';
import { refusedPort } from '../../support/httpDouble';
import { assertNoSecret } from '../../support/secretScan';
import { BILL, INVOICE, KEY, loggingClient, RawServer, type Arrival, type RawHandler } from './documentsSupport';

const ok: RawHandler = (_req, res) => {
  res.writeHead(200);
  res.end();
};

/** A source of `bytes` (its stream yields `yielded` when given), counting its opens. */
function source(name: string, contentType: string, bytes: Buffer, yielded = bytes): UploadSource & { opens: number } {
  const s = {
    name,
    contentType,
    size: bytes.length,
    opens: 0,
    open: () => {
      s.opens++;
      const parts = [];
      for (let at = 0; at < yielded.length; at += 1000) parts.push(yielded.subarray(at, at + 1000));
      return Readable.from(parts);
    },
  };
  return s;
}

/** The one part of a multipart body, parsed: its header lines and its bytes. */
function parsePart(arrival: Arrival): { headers: string[]; bytes: Buffer; boundary: string } {
  const type = String(arrival.headers['content-type']);
  const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(type)?.[1];
  assert.ok(boundary, type);
  const body = arrival.body;
  const open = Buffer.from(`--${boundary}\r\n`);
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  assert.ok(body.subarray(0, open.length).equals(open), 'starts with the boundary');
  assert.ok(body.subarray(body.length - close.length).equals(close), 'ends with the closing boundary');
  const headEnd = body.indexOf('\r\n\r\n', open.length);
  const headers = body.subarray(open.length, headEnd).toString('utf8').split('\r\n');
  return { headers, bytes: body.subarray(headEnd + 4, body.length - close.length), boundary };
}

const binary = (n: number): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) & 0xff));

describe('documents: uploads (issue 33)', () => {
  let server: RawServer;
  beforeEach(async () => (server = await RawServer.start()));
  afterEach(() => server.close());

  it('sends one multipart part `file` byte for byte, with its Content-Length and progress', async () => {
    const bytes = binary(25_000);
    const file = source('Bill "March"\r\n.pdf', 'application/pdf', bytes);
    server.on(ok);
    const progress: number[] = [];
    const { client } = loggingClient(server.url);
    await client.documents.uploadAttachment(BILL, file, { onProgress: (sent, total) => progress.push(sent, total) });
    const [arrival] = server.arrivals;
    assert.equal(arrival.method, 'POST');
    assert.equal(arrival.url, '/companies/c1/connections/conn-1/push/bills/bill-1/attachments');
    assert.equal(arrival.headers['content-length'], String(arrival.body.length));
    assert.equal(arrival.headers['transfer-encoding'], undefined, 'never chunked');
    const part = parsePart(arrival);
    assert.deepEqual(part.headers, [
      'Content-Disposition: form-data; name="file"; filename="Bill %22March%22%0D%0A.pdf"',
      'Content-Type: application/pdf',
    ]);
    assert.ok(part.bytes.equals(bytes));
    assert.match(part.boundary, /^----DataPlatform[0-9a-f]{32}$/);
    assert.deepEqual(progress.slice(-2), [25_000, 25_000]);
    assert.equal(file.opens, 1);
  });

  it('posts an invoice’s upload to its `attachment` path; a UTF-8 name as it is; any 2xx body is success', async () => {
    server.on((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end('{"whatever":true}');
    });
    await loggingClient(server.url).client.documents.uploadAttachment(
      INVOICE,
      source('Überweisung €.txt', 'text/plain', Buffer.from('hi')),
    );
    assert.equal(server.arrivals[0].url, '/companies/c1/connections/conn-1/push/invoices/inv-1/attachment');
    assert.equal(
      parsePart(server.arrivals[0]).headers[0],
      'Content-Disposition: form-data; name="file"; filename="Überweisung €.txt"',
    );
  });

  it('is sent once under a lost answer (the connection dropped after the body arrived): one arrival, an error', async () => {
    server.on((req) => req.socket.destroy());
    const file = source('a.png', 'image/png', binary(5000));
    await assert.rejects(loggingClient(server.url).client.documents.uploadAttachment(BILL, file), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.kind, 'network');
      assert.equal(e.attempts, 1);
      return true;
    });
    assert.equal(server.arrivals.length, 1);
    assert.equal(file.opens, 1);
  });

  it('is not sent again after a 503 or a timeout', async () => {
    server.on((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{"statusCode":503,"error":"Unavailable"}');
    });
    const file = source('a.png', 'image/png', binary(10));
    const { client } = loggingClient(server.url, { timeoutMs: 300 });
    await assert.rejects(
      client.documents.uploadAttachment(BILL, file),
      (e: unknown) => e instanceof ApiError && e.kind === 'unavailable',
    );
    server.on(() => undefined);
    await assert.rejects(
      client.documents.uploadAttachment(BILL, file),
      (e: unknown) => e instanceof ApiError && e.kind === 'timeout',
    );
    assert.equal(server.arrivals.length, 2);
  });

  it('is sent again after a refused connection (nothing was sent), the source opened anew', async () => {
    const port = await refusedPort();
    let later: RawServer | undefined;
    const file = source('a.png', 'image/png', binary(3000));
    const { client, summaries } = loggingClient(`http://127.0.0.1:${port}`, {
      // The backoff: the server comes up on the port that refused.
      sleep: async () => void (later ??= (await RawServer.start(port)).on(ok)),
    });
    try {
      await client.documents.uploadAttachment(BILL, file);
      assert.equal(later?.arrivals.length, 1);
      assert.ok(parsePart(later.arrivals[0]).bytes.equals(binary(3000)));
      assert.equal(file.opens, 2);
      assert.deepEqual(
        summaries.map((s) => [s.attempt, s.errorKind, s.status]),
        [
          [1, 'network', undefined],
          [2, undefined, 200],
        ],
      );
    } finally {
      await later?.close();
    }
  });

  it('is cancelled mid-body through the signal, not sent again', async () => {
    server.on(ok);
    const controller = new AbortController();
    const slow: UploadSource = {
      name: 'big.bin',
      contentType: 'application/octet-stream',
      size: 10_000,
      open: () =>
        Readable.from(
          (async function* () {
            for (let i = 0; i < 10; i++) {
              yield binary(1000);
              await new Promise((r) => setTimeout(r, 30));
            }
          })(),
        ),
    };
    const upload = loggingClient(server.url).client.documents.uploadAttachment(BILL, slow, {
      signal: controller.signal,
      onProgress: (sent) => sent >= 3000 && controller.abort(),
    });
    await assert.rejects(upload, (e: unknown) => e instanceof ApiError && e.kind === 'cancelled' && e.attempts === 1);
    assert.equal(server.arrivals.length, 0, 'the server never got a whole body');
  });

  for (const [what, yielded] of [
    ['fewer', binary(900)],
    ['more', binary(1100)],
  ] as const) {
    it(`fails clearly when the source yields ${what} bytes than its size`, async () => {
      server.on(ok);
      const file = source('a.bin', 'application/octet-stream', binary(1000), yielded);
      await assert.rejects(loggingClient(server.url).client.documents.uploadAttachment(BILL, file), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.kind, 'invalidParameter');
        assert.match(e.message, /The file changed while it was sent: its size was 1000 bytes, \d+ were read/);
        return true;
      });
      assert.equal(file.opens, 1);
    });
  }

  it('refuses, before sending, a file without a name, a content type that is not one, a size that is not one', async () => {
    const { documents } = loggingClient(server.url).client;
    const bad: UploadSource[] = [
      { ...source('', 'image/png', binary(1)) },
      { ...source('a.png', 'image/png\r\nX-Injected: 1', binary(1)) },
      { ...source('a.png', 'png', binary(1)) },
      { ...source('a.png', 'image/png', binary(1)), size: -1 },
      { ...source('a.png', 'image/png', binary(1)), size: 1.5 },
    ];
    for (const file of bad)
      await assert.rejects(
        documents.uploadAttachment(BILL, file),
        (e: unknown) => e instanceof ApiError && e.attempts === 0,
      );
    assert.equal(server.arrivals.length, 0);
  });

  it('keeps the file out of the error, the log and the trace: its name and size only', async () => {
    const secret = Buffer.from(`contents-${KEY}-private`);
    server.on((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 400, error: `Bad file for ${KEY}` }));
    });
    const { client, summaries, traces } = loggingClient(server.url);
    const error = await client.documents
      .uploadAttachment(BILL, source(`${KEY}.txt`, 'text/plain', secret))
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.kind, 'badRequest');
    assert.deepEqual(error.request, {
      url: `${server.url}/companies/c1/connections/conn-1/push/bills/bill-1/attachments`,
      upload: { name: '***.txt', contentType: 'text/plain' },
    });
    assert.equal(traces[0].requestBody, `file: ***.txt, ${secret.length} bytes`);
    const places = { error, json: error.toJSON(), summaries, traces };
    assertNoSecret(KEY, places);
    assert.ok(!JSON.stringify(places).includes('private'), 'the file’s bytes');
  });

  it('quotes a file name as RFC 7578 says: quote, CR and LF percent-encoded, the rest as it is', () => {
    assert.equal(quotedFileName('a"b\rc\nd\\e;f.pdf'), '"a%22b%0Dc%0Ad\\e;f.pdf"');
  });
});
