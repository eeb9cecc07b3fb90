// The fault matrix's columns of issue 33: an invoice's PDF and a bill's attachment downloaded into
// a sink (after any fault: never committed unless whole, aborted if it was opened; after a recovery,
// the same bytes as a fault-free emulator serves), the attachments listed and each read, and the writes
// (an upload, a delete), each sent once per command and, after a lost answer, looked up as the
// command does (lostWrites.ts).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RecordPlace } from '../../src/api/documents';
import type { ByteSink } from '../../src/api/downloads';
import type { RunningEmulator } from '../emulator';
import { lostWriteColumn } from './lostWrites';
import { readColumn, type Column, type World } from './matrixColumns';

const UPLOADED = 'Matrix upload.pdf';
const UPLOAD_BYTES = Buffer.from('%PDF-1.4\n% the fault matrix\n%%EOF\n');

const billsPath = (emu: RunningEmulator, rest: string): string =>
  `^/companies/${emu.companies.few}/connections/${emu.connections.few[0]}/${rest}`;

/** The first bill of `few`, through its first connection. */
async function bill(w: World, signal?: AbortSignal): Promise<RecordPlace> {
  const { results } = await w.client.listRecords('bills', w.emu.companies.few, { pageSize: 1 }, { signal });
  return {
    companyId: w.emu.companies.few,
    connectionId: w.emu.connections.few[0],
    dataType: 'bills',
    recordId: results[0].id,
  };
}

/** A sink that holds nothing past a digest, and says how it ended. */
class DigestSink implements ByteSink {
  readonly hash = createHash('sha256');
  ended?: 'committed' | 'aborted';
  write(chunk: Buffer): Promise<void> {
    assert.equal(this.ended, undefined, 'written after it ended');
    this.hash.update(chunk);
    return Promise.resolve();
  }
  commit(): Promise<void> {
    assert.equal(this.ended, undefined, 'ended twice');
    this.ended = 'committed';
    return Promise.resolve();
  }
  abort(): Promise<void> {
    assert.equal(this.ended, undefined, 'ended twice');
    this.ended = 'aborted';
    return Promise.resolve();
  }
}

/** A download into a DigestSink: its digest; a failure leaves the sink aborted (or never opened). */
async function digest(download: (open: () => Promise<ByteSink>) => Promise<unknown>): Promise<string> {
  let sink: DigestSink | undefined;
  try {
    await download(() => Promise.resolve((sink = new DigestSink())));
  } catch (e) {
    assert.ok(
      sink === undefined || sink.ended === 'aborted',
      `a failed download left its sink ${sink?.ended ?? 'open'}`,
    );
    throw e;
  }
  assert.equal(sink?.ended, 'committed');
  return sink.hash.digest('hex');
}

const MAX_BYTES = 8 * 1024 * 1024;

/** Per cell: the attachment its delete column removes (found before the fault is set). */
const toDelete = new WeakMap<World, string>();

export const DOCUMENT_COLUMNS: readonly Column[] = [
  readColumn(
    'invoice PDF',
    (emu) => `^/companies/${emu.companies.few}/data/invoices/[^/]+/pdf$`,
    (w, signal) =>
      digest((open) =>
        w.client.documents.downloadInvoicePdf(w.emu.companies.few, w.reference.invoiceId, {
          maxBytes: MAX_BYTES,
          open,
          signal,
        }),
      ),
  ),
  readColumn(
    'list and read attachments',
    // The list and each attachment read alone (`…/attachments/{id}`): a fault once strikes the list.
    (emu) => billsPath(emu, 'data/bills/[^/]+/attachments(/[^/]+)?$'),
    async (w, signal) => {
      const place = await bill(w, signal);
      const listed = await w.client.documents.listAttachments(place, { signal });
      const read = [];
      for (const a of listed) read.push(await w.client.documents.getAttachment(place, a.id, { signal }));
      assert.deepEqual(read, listed);
      return listed.map((a) => a.id);
    },
  ),
  readColumn(
    'download attachment',
    (emu) => billsPath(emu, 'data/bills/[^/]+/attachments/[^/]+/download$'),
    async (w, signal) => {
      const place = await bill(w, signal);
      const [first] = await w.client.documents.listAttachments(place, { signal });
      return digest((open) =>
        w.client.documents.downloadAttachment(place, first.id, first.contentType ?? undefined, {
          maxBytes: MAX_BYTES,
          open,
          signal,
        }),
      );
    },
  ),
  lostWriteColumn(
    'upload attachment',
    (emu) => billsPath(emu, 'push/bills/[^/]+/attachments$'),
    {
      post: async (w, signal) => {
        const file = {
          name: UPLOADED,
          contentType: 'application/pdf',
          size: UPLOAD_BYTES.length,
          open: () => Readable.from([UPLOAD_BYTES]),
        };
        await w.client.documents.uploadAttachment(await bill(w), file, { signal });
      },
      find: async (w) => (await w.client.documents.listAttachments(await bill(w))).some((a) => a.name === UPLOADED),
      // Never twice. The malformed-JSON and empty-body faults answer 200 without storing the file:
      // to the client (which reads no body) a success, so none made there counts as the one.
      made: async (w) =>
        Math.max(
          1,
          (await w.client.documents.listAttachments(await bill(w))).filter((a) => a.name === UPLOADED).length,
        ),
    },
    'POST',
    // Its success is the 2xx: whatever body comes with it is not read.
    true,
  ),
  lostWriteColumn(
    'delete attachment',
    (emu) => billsPath(emu, 'push/bills/[^/]+/attachments/[^/]+$'),
    {
      before: async (w) => {
        const [first] = await w.client.documents.listAttachments(await bill(w));
        toDelete.set(w, first.id);
      },
      post: async (w, signal) => w.client.documents.deleteAttachment(await bill(w), toDelete.get(w) ?? '', { signal }),
      find: async (w) =>
        !(await w.client.documents.listAttachments(await bill(w))).some((a) => a.id === toDelete.get(w)),
    },
    'DELETE',
  ),
];
