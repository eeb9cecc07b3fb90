// The client's download into the files layer, as the commands run it: the file appears, 0600,
// under the sanitised Content-Disposition name inside the chosen folder, only when every byte
// arrived. An HTML page answering 200, a body over the cap, a body cut short and a cancel leave
// nothing in the folder.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataPlatformClient } from '../../../src/api/client';
import type { RecordPlace } from '../../../src/api/documents';
import { fileByteSink, targetIn } from '../../../src/files/fileSink';

const KEY = 'sk_files_download_0a1b2c';
const BILL: RecordPlace = { companyId: 'c1', connectionId: 'x1', dataType: 'bills', recordId: 'b1' };
const MB = 1024 * 1024;

type Answer = (res: http.ServerResponse) => void;

function pdf(n: number): Buffer {
  const b = Buffer.alloc(n, 0x20);
  b.write('%PDF-1.7\n', 0, 'latin1');
  return b;
}

/** Writes `body` in 64 KB chunks, pausing between them (a network's pace). */
function streamed(body: Buffer, headers: Record<string, string>, cutAt?: number): Answer {
  return (res) => {
    res.writeHead(200, headers);
    let at = 0;
    const next = (): void => {
      if (cutAt !== undefined && at >= cutAt) return void res.socket?.destroy();
      if (at >= body.length) return void res.end();
      res.write(body.subarray(at, (at += 64 * 1024)));
      setImmediate(next);
    };
    next();
  };
}

describe('download into a file (client + files layer)', function () {
  this.timeout(20_000);
  let server: http.Server;
  let url: string;
  let answer: Answer;
  let dir: string;

  before(async () => {
    server = http.createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-download-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const download = (options: { maxBytes?: number; signal?: AbortSignal; onProgress?: (n: number) => void } = {}) => {
    const client = new DataPlatformClient({ baseUrl: url, apiKey: KEY, retry: { maxAttempts: 1 } });
    let opened = 0;
    const done = client.documents.downloadAttachment(BILL, 'a1', 'application/pdf', {
      maxBytes: options.maxBytes ?? 50 * MB,
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: (n) => options.onProgress?.(n),
      open: (meta) => {
        opened++;
        return fileByteSink(targetIn(dir, meta.fileName ?? '', 'attachment.pdf'));
      },
    });
    return { done, opened: () => opened };
  };

  it('writes the file under the sanitised server name, 0600, byte for byte', async () => {
    const body = pdf(3 * MB + 17);
    answer = streamed(body, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(body.length),
      // RFC 5987: a header's raw text is Latin-1, so the bidi override travels percent-encoded.
      'Content-Disposition': "attachment; filename*=UTF-8''..%2F..%2Fetc%2Fevil%E2%80%AEfdp.exe.pdf",
    });
    const { done } = download();
    assert.equal((await done).bytes, body.length);
    const names = readdirSync(dir);
    assert.deepEqual(names, ['_.._etc_evilfdp.exe.pdf']);
    assert.ok(readFileSync(join(dir, names[0])).equals(body));
    if (process.platform !== 'win32') assert.equal(statSync(join(dir, names[0])).mode & 0o777, 0o600);
  });

  it('an HTML page answering 200 is never written: the sink is not even opened', async () => {
    answer = (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Sign in</body></html>');
    const { done, opened } = download();
    await assert.rejects(done);
    assert.equal(opened(), 0);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a body over the cap stops at the cap and leaves nothing', async () => {
    // No Content-Length: the cap is found while streaming, after the file was opened.
    answer = streamed(pdf(4 * MB), { 'Content-Type': 'application/pdf' });
    const { done, opened } = download({ maxBytes: 2 * MB });
    await assert.rejects(done, (e: Error & { kind?: string }) => e.kind === 'responseTooLarge');
    assert.equal(opened(), 1);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a body cut short leaves nothing', async () => {
    const body = pdf(2 * MB);
    answer = streamed(body, { 'Content-Type': 'application/pdf', 'Content-Length': String(body.length) }, MB);
    const { done } = download();
    await assert.rejects(done);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a cancel mid-transfer leaves nothing', async () => {
    const body = pdf(8 * MB);
    answer = streamed(body, { 'Content-Type': 'application/pdf', 'Content-Length': String(body.length) });
    const controller = new AbortController();
    const { done } = download({ signal: controller.signal, onProgress: (n) => n > MB && controller.abort() });
    await assert.rejects(done);
    assert.deepEqual(readdirSync(dir), []);
  });
});
