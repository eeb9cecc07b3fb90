// The emulator's documents (issue 33): an invoice's PDF (a valid PDF whose text a test can read),
// the not-supported 404, seeded attachments listed, read and downloaded with the sizes they say,
// uploads (streamed multipart) listed afterwards, a bill attachment's delete as a push operation,
// a generated 200 MB attachment streamed without the emulator holding it, and the faults that cut
// or stall a body.
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, addAttachment, admin, basic, call } from '../../emulator/testing';
import type { Attachment, PushOperation } from '../../emulator/wire';

type Rec = Record<string, unknown>;

interface Bytes {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function bytes(emu: RunningEmulator, path: string, init: RequestInit = {}): Promise<Bytes> {
  const res = await fetch(emu.url + path, {
    ...init,
    headers: { Authorization: basic(emu.keys.normal), ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF's structure: header, every xref offset at its `n 0 obj`, startxref at `xref`, `%%EOF`. */
function checkPdf(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  assert.ok(text.startsWith('%PDF-1.4\n'), 'starts with the PDF header');
  assert.ok(text.endsWith('%%EOF\n'), 'ends with %%EOF');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  assert.equal(text.slice(start, start + 5), 'xref\n', 'startxref points at the xref table');
  const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [nf] \n)+)trailer\n/.exec(text.slice(start));
  assert.ok(table, 'the xref table is well formed, 20 bytes an entry');
  const entries = table[2].match(/.{20}/gs) ?? [];
  assert.equal(entries.length, Number(table[1]));
  entries.slice(1).forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    assert.equal(text.slice(offset, offset + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`, `object ${i + 1}'s offset`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const body = text.indexOf('stream\n') + 'stream\n'.length;
  assert.equal(text.slice(body + length, body + length + 10), '\nendstream', 'the stream is as long as it says');
  assert.match(text, /\/Type \/Catalog/);
  assert.match(text, /\/BaseFont \/Helvetica/);
}

/** A multipart/form-data body with one part. */
function multipart(boundary: string, field: string, fileName: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('emulator: documents', function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let company: string;
  let connection: string;
  let invoices: Rec[];
  let bills: Rec[];

  before(async () => {
    emu = await startEmulator({ invoices: 30, companies: 40, now: clock.now, pushDelayMs: 1000 });
    company = emu.companies.few;
    connection = emu.connections.few[0];
    invoices = (await call<{ results: Rec[] }>(emu, `/companies/${company}/data/invoices`)).json.results;
    bills = (await call<{ results: Rec[] }>(emu, `/companies/${company}/data/bills`)).json.results;
  });
  after(() => emu.close());
  afterEach(() => emu.reset());

  const place = (type: string, id: unknown, conn = connection): string =>
    `/companies/${company}/connections/${conn}/data/${type}/${String(id)}/attachments`;

  it('serves a valid PDF per invoice holding its number, customer, issue date and total', async () => {
    const invoice = invoices[2];
    const pdf = await bytes(emu, `/companies/${company}/data/invoices/${String(invoice.id)}/pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('content-disposition'), `attachment; filename="${String(invoice.invoiceNumber)}.pdf"`);
    assert.equal(Number(pdf.headers.get('content-length')), pdf.body.length);
    checkPdf(pdf.body);
    const text = pdf.body.toString('latin1');
    assert.ok(text.includes(`(Invoice ${String(invoice.invoiceNumber)})`));
    const customer = (invoice.customerRef as { companyName: string }).companyName.replace(/[()\\]/g, '\\$&');
    assert.ok(text.includes(`Customer: ${customer}`), 'the customer');
    assert.ok(text.includes(`Issue date: ${String(invoice.issueDate).slice(0, 10)}`), 'the issue date');
    assert.ok(text.includes(`Total: ${String(invoice.currency)} ${(invoice.totalAmount as number).toFixed(2)}`));
    const again = await bytes(emu, `/companies/${company}/data/invoices/${String(invoice.id)}/pdf`);
    assert.deepEqual(again.body, pdf.body, 'the same bytes every time');
  });

  it('answers 404 for an unknown invoice, and "not supported" on a platform without PDFs', async () => {
    const unknown = await call<Rec>(emu, `/companies/${company}/data/invoices/nope/pdf`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'No invoice was found with ID nope');
    const noPdf = emu.noPdfCompany as string;
    assert.ok(noPdf, 'a seeded company is on a platform without PDFs');
    const entry = (await call<Rec>(emu, `/companies/${noPdf}`)).json;
    const platform = (entry.dataConnections as { platformName: string }[])[0].platformName;
    assert.ok(['Sage Business Cloud', 'Zoho Books'].includes(platform));
    const first = (await call<{ results: Rec[] }>(emu, `/companies/${noPdf}/data/invoices`)).json.results[0];
    const refused = await call<Rec>(emu, `/companies/${noPdf}/data/invoices/${String(first.id)}/pdf`);
    assert.equal(refused.status, 404);
    assert.equal(refused.json.error, `Datatype [invoices] not supported by platform(s) [${platform}]`);
    assert.equal(refused.json.service, 'PullApi');
    const info = await admin<{ documents: { noPdfCompany: string } }>(emu, '');
    assert.equal(info.json.documents.noPdfCompany, noPdf);
  });

  it('lists, reads and downloads seeded attachments: sizes, types and names as served', async () => {
    const first = await call<{ attachments: Attachment[] }>(emu, place('invoices', invoices[0].id));
    assert.deepEqual(
      first.json.attachments.map((a) => [a.name, a.contentType]),
      [
        [`${String(invoices[0].invoiceNumber)}.pdf`, 'application/pdf'],
        ['Delivery note – Zürich café.png', 'image/png'],
        ['Line items.csv', 'text/csv'],
      ],
    );
    assert.equal(first.json.attachments[0].includeWhenSent, true);
    assert.deepEqual((await call<{ attachments: [] }>(emu, place('invoices', invoices[1].id))).json.attachments, []);
    for (const a of first.json.attachments) {
      const one = await call<Attachment>(emu, `${place('invoices', invoices[0].id)}/${a.id}`);
      assert.deepEqual(one.json, a);
      const file = await bytes(emu, `${place('invoices', invoices[0].id)}/${a.id}/download`);
      assert.equal(file.status, 200);
      assert.equal(file.body.length, a.fileSize);
      assert.equal(file.headers.get('content-type'), a.contentType);
      assert.equal(Number(file.headers.get('content-length')), a.fileSize);
      assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="/);
    }
    const png = await bytes(emu, `${place('invoices', invoices[0].id)}/${first.json.attachments[1].id}/download`);
    assert.deepEqual(png.body.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    assert.equal(
      png.headers.get('content-disposition'),
      `attachment; filename="Delivery note _ Z_rich caf_.png"; filename*=UTF-8''Delivery%20note%20%E2%80%93%20Z%C3%BCrich%20caf%C3%A9.png`,
    );
    checkPdf((await bytes(emu, `${place('invoices', invoices[0].id)}/${first.json.attachments[0].id}/download`)).body);
  });

  it('reaches the same files through either connection; 404 for unknown connections, records and files', async () => {
    const [one, two] = emu.connections.few;
    const a = await call(emu, place('bills', bills[0].id, one));
    assert.deepEqual((await call(emu, place('bills', bills[0].id, two))).json, a.json);
    assert.equal((await call(emu, place('bills', bills[0].id, 'no-such-connection'))).status, 404);
    const missing = await call<Rec>(emu, place('bills', 'no-such-bill'));
    assert.deepEqual([missing.status, missing.json.error], [404, 'No bill was found with ID no-such-bill']);
    assert.equal((await call(emu, `${place('bills', bills[0].id)}/no-such-file`)).status, 404);
    assert.equal((await call(emu, place('payments', 'x'))).status, 404, 'a type without attachments');
    const customers = (await call<{ results: Rec[] }>(emu, `/companies/${company}/data/customers`)).json.results;
    const files = (await call<{ attachments: Attachment[] }>(emu, place('customers', customers[0].id))).json;
    assert.equal(files.attachments.length, 3);
  });

  it('takes an upload (multipart, streamed), lists it after, logs it without its bytes', async () => {
    const content = Buffer.from('a,b\r\n1,2\r\n--not-the-boundary\r\n');
    const body = multipart('XyZ-boundary', 'file', 'Rechnung Prüfung.csv', 'text/csv', content);
    const path = `/companies/${company}/connections/${connection}/push/bills/${String(bills[1].id)}/attachments`;
    const up = await bytes(emu, path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'multipart/form-data; boundary="XyZ-boundary"' },
    });
    assert.equal(up.status, 200);
    assert.equal(up.body.length, 0, 'no body: the contract gives none');
    const list = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[1].id))).json.attachments;
    const added = list.at(-1) as Attachment;
    assert.deepEqual(
      [added.name, added.contentType, added.fileSize],
      ['Rechnung Prüfung.csv', 'text/csv', content.length],
    );
    const back = await bytes(emu, `${place('bills', bills[1].id)}/${added.id}/download`);
    assert.deepEqual(back.body, content);
    const logged = emu.requests.entries().find((e) => e.method === 'POST');
    assert.deepEqual(logged?.upload, { name: 'Rechnung Prüfung.csv', size: content.length, contentType: 'text/csv' });
  });

  it('reads an upload sent in small pieces: a boundary split across chunks, filename* preferred', async () => {
    // Almost a delimiter, twice: the reader must hold it back, then hand it on.
    const content = Buffer.from(`${'x'.repeat(50)}\r\n--boundary4${'y'.repeat(50)}\r\n--boundary`);
    const body = Buffer.concat([
      Buffer.from('--boundary42\r\nContent-Disposition: form-data; name="file"; filename="plain.txt"; '),
      Buffer.from("filename*=UTF-8''na%C3%AFve%20%E2%82%AC.txt\r\nContent-Type: text/plain\r\n\r\n"),
      content,
      Buffer.from('\r\n--boundary42--'),
    ]);
    const { hostname, port } = new URL(emu.url);
    const path = `/companies/${company}/connections/${connection}/push/invoices/${String(invoices[1].id)}/attachment`;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: hostname,
          port,
          path,
          method: 'POST',
          headers: {
            Authorization: basic(emu.keys.normal),
            'Content-Type': 'multipart/form-data; boundary=boundary42',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      let at = 0;
      const next = (): void => {
        if (at >= body.length) {
          req.end();
          return;
        }
        req.write(body.subarray(at, at + 3));
        at += 3;
        setImmediate(next);
      };
      next();
    });
    assert.equal(status, 200);
    const list = (await call<{ attachments: Attachment[] }>(emu, place('invoices', invoices[1].id))).json.attachments;
    assert.deepEqual([list[0].name, list[0].fileSize], ['naïve €.txt', content.length]);
    const back = await bytes(emu, `${place('invoices', invoices[1].id)}/${list[0].id}/download`);
    assert.deepEqual(back.body, content);
  });

  it('refuses uploads without a file part, with a bad boundary, over the cap, or to a type without uploads', async () => {
    const path = `/companies/${company}/connections/${connection}/push/invoices/${String(invoices[1].id)}/attachment`;
    const post = (body: Buffer, type: string): Promise<Bytes> =>
      bytes(emu, path, { method: 'POST', body, headers: { 'Content-Type': type } });
    const noFile = await post(
      multipart('b1', 'other', 'x.txt', 'text/plain', Buffer.from('x')),
      'multipart/form-data; boundary=b1',
    );
    assert.equal(noFile.status, 400);
    assert.match(noFile.body.toString(), /no part named file/);
    const wrong = await post(
      multipart('b1', 'file', 'x.txt', 'text/plain', Buffer.from('x')),
      'multipart/form-data; boundary=b2',
    );
    assert.equal(wrong.status, 400);
    assert.equal((await post(Buffer.from('{}'), 'application/json')).status, 400);
    assert.equal((await post(Buffer.from('x'), 'multipart/form-data')).status, 400, 'no boundary');
    const customers = (await call<{ results: Rec[] }>(emu, `/companies/${company}/data/customers`)).json.results;
    const none = `/companies/${company}/connections/${connection}/push/customers/${String(customers[0].id)}/attachment`;
    assert.equal((await bytes(emu, none, { method: 'POST', body: 'x' })).status, 404);
    assert.equal((await call(emu, path)).status, 405, 'GET on an upload path');
    assert.deepEqual((await call<{ attachments: [] }>(emu, place('invoices', invoices[1].id))).json.attachments, []);
  });

  it('refuses an upload over the cap with 413, having stored nothing', async () => {
    const small = await startEmulator({ invoices: 10, companies: 6, uploadCapBytes: 1000 });
    try {
      const few = small.companies.few;
      const invoice = (await call<{ results: Rec[] }>(small, `/companies/${few}/data/invoices`)).json.results[1];
      const at = `/companies/${few}/connections/${small.connections.few[0]}`;
      const post = (size: number): Promise<Bytes> =>
        bytes(small, `${at}/push/invoices/${String(invoice.id)}/attachment`, {
          method: 'POST',
          body: multipart('cap', 'file', 'big.bin', 'application/octet-stream', Buffer.alloc(size, 0x61)),
          headers: { 'Content-Type': 'multipart/form-data; boundary=cap', Authorization: basic(small.keys.normal) },
        });
      const over = await post(1001);
      assert.equal(over.status, 413);
      assert.match(over.body.toString(), /larger than the 1000 bytes/);
      const list = `${at}/data/invoices/${String(invoice.id)}/attachments`;
      assert.deepEqual((await call<{ attachments: [] }>(small, list)).json.attachments, []);
      assert.equal((await post(1000)).status, 200, 'at the cap is allowed');
      assert.equal((await call<{ attachments: [] }>(small, list)).json.attachments.length, 1);
    } finally {
      await small.close();
    }
  });

  it("deletes a bill's attachment through a push operation: Pending, then Success, then gone", async () => {
    const list = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[0].id))).json.attachments;
    const target = list[1];
    const path = `/companies/${company}/connections/${connection}/push/bills/${String(bills[0].id)}/attachments/${target.id}`;
    const pending = await call<PushOperation>(emu, path, { method: 'DELETE' });
    assert.equal(pending.status, 200);
    assert.deepEqual([pending.json.status, pending.json.dataType, pending.json.statusCode], ['Pending', 'bills', 202]);
    const still = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[0].id))).json.attachments;
    assert.equal(still.length, list.length, 'listed until the delete succeeds');
    clock.advance(1000);
    const done = await call<PushOperation>(emu, `/companies/${company}/push/${pending.json.pushOperationKey}`);
    assert.equal(done.json.status, 'Success');
    assert.deepEqual(done.json.changes, [
      { type: 'Deleted', recordRef: { id: bills[0].id, dataType: 'bills' }, attachmentId: target.id },
    ]);
    const after = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[0].id))).json.attachments;
    assert.deepEqual(
      after.map((a) => a.id),
      list.filter((a) => a.id !== target.id).map((a) => a.id),
    );
    assert.equal((await call(emu, path, { method: 'DELETE' })).status, 404, 'gone');
    const history = (await call<{ results: PushOperation[] }>(emu, `/companies/${company}/push`)).json.results;
    assert.equal(history[0].pushOperationKey, pending.json.pushOperationKey);
    const invoiceDelete = path.replace('/push/bills/', '/push/invoices/');
    assert.equal((await call(emu, invoiceDelete, { method: 'DELETE' })).status, 404, 'only bills have a delete');
  });

  it('a delete through a deauthorized connection, or one a push rule fails, keeps the file', async () => {
    const list = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[0].id))).json.attachments;
    const path = `/companies/${company}/connections/${connection}/push/bills/${String(bills[0].id)}/attachments/${list[0].id}`;
    emu.pushes.add({ dataType: 'bills', outcome: 'Failed', times: 1 });
    const refused = await call<PushOperation>(emu, path, { method: 'DELETE' });
    clock.advance(1000);
    const failed = await call<PushOperation>(emu, `/companies/${company}/push/${refused.json.pushOperationKey}`);
    assert.equal(failed.json.status, 'Failed');
    assert.match(failed.json.errorMessage ?? '', /refused the change/);
    await admin(emu, '/deauthorize', { method: 'POST', body: { companyId: company, connectionId: connection } });
    const unlinked = await call<PushOperation>(emu, path, { method: 'DELETE' });
    assert.equal(unlinked.json.status, 'Failed');
    assert.equal(unlinked.json.validation?.errors?.[0].itemId, 'dataConnectionKey');
    clock.advance(1000);
    const after = (await call<{ attachments: Attachment[] }>(emu, place('bills', bills[0].id))).json.attachments;
    assert.deepEqual(after, list);
  });

  it('streams a generated 200 MB attachment without holding it', async () => {
    const file = await addAttachment(emu, {
      companyId: company,
      dataType: 'invoices',
      recordId: String(invoices[3].id),
      size: 200 * 1024 * 1024,
      contentType: 'application/pdf',
      name: 'big scan.pdf',
    });
    const listed = (await call<{ attachments: Attachment[] }>(emu, place('invoices', invoices[3].id))).json.attachments;
    assert.deepEqual(listed.at(-1), file);
    const before = process.memoryUsage();
    let peak = 0;
    let received = 0;
    let head = Buffer.alloc(0);
    const { hostname, port } = new URL(emu.url);
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: hostname,
          port,
          path: `${place('invoices', invoices[3].id)}/${file.id}/download`,
          headers: { Authorization: basic(emu.keys.normal) },
        },
        (res) => {
          assert.equal(res.headers['content-length'], String(200 * 1024 * 1024));
          res.on('data', (chunk: Buffer) => {
            if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
            received += chunk.length;
            const m = process.memoryUsage();
            peak = Math.max(peak, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
          });
          res.on('end', resolve);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(received, 200 * 1024 * 1024);
    assert.ok(head.toString('latin1').startsWith('%PDF-'), 'a PDF attachment starts as one');
    assert.ok(peak < 64 * 1024 * 1024, `memory grew by ${Math.round(peak / 1048576)} MB while streaming 200 MB`);
  });

  it('cutBody answers 200 with a longer Content-Length than it sends, then closes', async () => {
    const path = `/companies/${company}/data/invoices/${String(invoices[0].id)}/pdf`;
    const whole = (await bytes(emu, path)).body.length;
    emu.faults.add({ kind: 'cutBody', path: '/pdf', times: 1 });
    const failure = await bytes(emu, path).then(
      () => undefined,
      (e: Error) => e,
    );
    assert.ok(failure, 'the client sees the body end early');
    emu.faults.add({ kind: 'cutBody', path: '/pdf', times: 1 });
    const { hostname, port } = new URL(emu.url);
    const got = await new Promise<{ status: number; length: string; bytes: number; aborted: boolean }>((resolve) => {
      const req = request({ host: hostname, port, path, headers: { Authorization: basic(emu.keys.normal) } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('close', () =>
          resolve({
            status: res.statusCode ?? 0,
            length: res.headers['content-length'] ?? '',
            bytes: n,
            aborted: !res.complete,
          }),
        );
      });
      req.on('error', () => undefined);
      req.end();
    });
    assert.equal(got.status, 200);
    assert.equal(Number(got.length), whole, 'Content-Length is the whole body');
    assert.equal(got.bytes, Math.floor(whole / 2), 'half of it arrives');
    assert.ok(got.aborted);
    assert.equal(emu.requests.entries().at(-1)?.fault, 'cutBody');
  });

  it('stallBody sends headers and a few bytes, then nothing until the client gives up', async () => {
    emu.faults.add({ kind: 'stallBody', path: '/download' });
    const list = (await call<{ attachments: Attachment[] }>(emu, place('invoices', invoices[0].id))).json.attachments;
    const controller = new AbortController();
    const res = await fetch(`${emu.url}${place('invoices', invoices[0].id)}/${list[0].id}/download`, {
      headers: { Authorization: basic(emu.keys.normal) },
      signal: controller.signal,
    });
    assert.equal(res.status, 200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.ok((first.value?.length ?? 0) > 0 && (first.value?.length ?? 0) <= 16);
    const next = await Promise.race([
      reader.read().then(() => 'more'),
      new Promise((resolve) => setTimeout(() => resolve('stalled'), 300)),
    ]);
    assert.equal(next, 'stalled');
    controller.abort();
  });

  it('the html fault answers a PDF request with status 200 when asked', async () => {
    emu.faults.add({ kind: 'html', status: 200, path: '/pdf', times: 1 });
    const page = await bytes(emu, `/companies/${company}/data/invoices/${String(invoices[0].id)}/pdf`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html');
    assert.match(page.body.toString(), /<html>/);
  });
});
