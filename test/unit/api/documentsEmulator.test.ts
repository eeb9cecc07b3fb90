// Issue 33: the client's documents against the emulator, so the two halves agree on the wire: an
// invoice's PDF holds its number, a platform without PDFs answers "not supported", an attachment
// downloads byte for byte as listed, an upload to a bill is listed afterwards and deleted again.
import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { DataPlatformClient } from '../../../src/api/client';
import type { RecordPlace } from '../../../src/api/documents';
import { ApiError } from '../../../src/api/errors';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { addAttachment } from '../../emulator/testing';
import { MemorySink, opening } from './documentsSupport';

describe('documents against the emulator (issue 33)', () => {
  let emu: RunningEmulator;
  let client: DataPlatformClient;
  before(async () => {
    emu = await startEmulator({ invoices: 50, pushDelayMs: 1 });
    client = new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal, sleep: () => Promise.resolve() });
  });
  after(() => emu.close());

  const first = async (type: 'invoices' | 'bills'): Promise<{ id: string; invoiceNumber?: string }> =>
    (await client.listRecords(type, emu.companies.few, { pageSize: 1 })).results[0];
  const place = (dataType: 'invoices' | 'bills', recordId: string): RecordPlace => ({
    companyId: emu.companies.few,
    connectionId: emu.connections.few[0],
    dataType,
    recordId,
  });

  it('downloads an invoice’s PDF: %PDF-, its number inside', async () => {
    const invoice = await first('invoices');
    const sink = new MemorySink();
    const done = await client.documents.downloadInvoicePdf(emu.companies.few, invoice.id, opening(sink));
    assert.equal(sink.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(sink.bytes.toString('latin1').includes(String(invoice.invoiceNumber ?? invoice.id)));
    assert.equal(done.bytes, sink.bytes.length);
    assert.deepEqual(sink.events, ['commit']);
  });

  it('shows a platform without PDFs as not supported', async function () {
    if (!emu.noPdfCompany) this.skip();
    const companyId = emu.noPdfCompany ?? '';
    const invoice = (await client.listRecords('invoices', companyId, { pageSize: 1 })).results[0];
    const options = opening(new MemorySink());
    await assert.rejects(
      client.documents.downloadInvoicePdf(companyId, invoice.id, options),
      (e: unknown) => e instanceof ApiError && e.kind === 'datatypeNotSupported',
    );
    assert.equal(options.opened.length, 0);
  });

  it('lists an invoice’s attachments and downloads each byte for byte as listed', async () => {
    const invoice = await first('invoices');
    const attachments = await client.documents.listAttachments(place('invoices', invoice.id));
    assert.ok(attachments.length > 0);
    for (const a of attachments) {
      assert.deepEqual(await client.documents.getAttachment(place('invoices', invoice.id), a.id), a);
      const sink = new MemorySink();
      const done = await client.documents.downloadAttachment(
        place('invoices', invoice.id),
        a.id,
        a.contentType ?? undefined,
        opening(sink),
      );
      assert.equal(done.bytes, a.fileSize);
      assert.equal(done.meta.fileName, a.name);
    }
  });

  it('stops a generated 3 MB attachment at a 1 MB cap', async () => {
    const bill = await first('bills');
    const added = await addAttachment(emu, {
      companyId: emu.companies.few,
      dataType: 'bills',
      recordId: bill.id,
      size: 3_000_000,
    });
    const sink = new MemorySink();
    const download = client.documents.downloadAttachment(
      place('bills', bill.id),
      added.id,
      added.contentType ?? undefined,
      opening(sink, { maxBytes: 1_000_000 }),
    );
    await assert.rejects(download, (e: unknown) => e instanceof ApiError && e.kind === 'responseTooLarge');
  });

  it('uploads to a bill (listed afterwards, bytes as sent) and deletes it again', async () => {
    const bill = await first('bills');
    const where = place('bills', bill.id);
    const bytes = Buffer.from('%PDF-1.4\nmatrix scan\n%%EOF\n');
    const name = 'Scan März (1).pdf';
    await client.documents.uploadAttachment(where, {
      name,
      contentType: 'application/pdf',
      size: bytes.length,
      open: () => Readable.from([bytes]),
    });
    const uploaded = (await client.documents.listAttachments(where)).find((a) => a.name === name);
    assert.ok(uploaded, 'listed under its name');
    const sink = new MemorySink();
    await client.documents.downloadAttachment(where, uploaded.id, uploaded.contentType ?? undefined, opening(sink));
    assert.ok(sink.bytes.equals(bytes));
    const op = await client.documents.deleteAttachment(where, uploaded.id);
    assert.equal(op.dataType, 'bills');
    for (let i = 0; i < 20 && (await client.documents.listAttachments(where)).some((a) => a.id === uploaded.id); i++)
      await new Promise((r) => setTimeout(r, 25));
    assert.ok(!(await client.documents.listAttachments(where)).some((a) => a.id === uploaded.id), 'gone');
  });

  it('uploads to an invoice through its `attachment` path', async () => {
    const invoice = await first('invoices');
    const bytes = Buffer.from('hello');
    await client.documents.uploadAttachment(place('invoices', invoice.id), {
      name: 'note.txt',
      contentType: 'text/plain',
      size: 5,
      open: () => Readable.from([bytes]),
    });
    assert.ok(
      (await client.documents.listAttachments(place('invoices', invoice.id))).some((a) => a.name === 'note.txt'),
    );
  });
});
