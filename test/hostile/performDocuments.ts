// The corpus's document calls (issue 33), each as its command makes it through the Node pipeline: a
// download into a sink that records what it was told (and fails the case if it is committed after a
// failure, written after it ended, or left open), an upload from a text, a list, a read or a delete;
// its error reported once (a write's without the key prompt). `text` says what the sink saw.
import { Readable } from 'node:stream';
import type { DataPlatformClient } from '../../src/api/client';
import type { RecordPlace } from '../../src/api/documents';
import type { ByteSink, DownloadOptions, FileMeta } from '../../src/api/downloads';
import { isApiError } from '../../src/api/errors';
import type { Pipeline } from '../support/pipeline';
import type { DocumentCall, DocumentPlace } from './corpus';
import type { Performed } from './perform';

/** A sink that keeps only a count, and the order of what it was told. */
class RecordingSink implements ByteSink {
  bytes = 0;
  ended?: 'committed' | 'aborted';
  write(chunk: Buffer): Promise<void> {
    if (this.ended) throw new Error(`written after it was ${this.ended}`);
    this.bytes += chunk.length;
    return Promise.resolve();
  }
  commit(): Promise<void> {
    return this.end('committed');
  }
  abort(): Promise<void> {
    return this.end('aborted');
  }
  private end(how: 'committed' | 'aborted'): Promise<void> {
    if (this.ended) throw new Error(`${how} after it was ${this.ended}`);
    this.ended = how;
    return Promise.resolve();
  }
}

const place = (p: DocumentPlace): RecordPlace => ({ companyId: 'c1', connectionId: 'conn-1', ...p });

const DEFAULT_CAP = 1024 * 1024;

interface Opened {
  sink?: RecordingSink;
  meta?: FileMeta;
}

function options(call: { maxBytes?: number }, opened: Opened): DownloadOptions {
  return {
    maxBytes: call.maxBytes ?? DEFAULT_CAP,
    open: (meta) => {
      if (opened.sink) throw new Error('the sink was opened twice');
      opened.meta = meta;
      return Promise.resolve((opened.sink = new RecordingSink()));
    },
  };
}

/** The call's records: one for a file or a write, an attachment each for a list. */
async function records(client: DataPlatformClient, c: DocumentCall, opened: Opened): Promise<unknown[]> {
  const api = client.documents;
  switch (c.call) {
    case 'pdf':
      return [await api.downloadInvoicePdf('c1', c.invoiceId, options(c, opened))];
    case 'download':
      return [await api.downloadAttachment(place(c.place), c.attachmentId, c.contentType, options(c, opened))];
    case 'list':
      return api.listAttachments(place(c.place));
    case 'get':
      return [await api.getAttachment(place(c.place), c.attachmentId)];
    case 'upload': {
      const bytes = Buffer.from(c.text);
      const file = { name: c.name, contentType: c.contentType, size: bytes.length, open: () => Readable.from([bytes]) };
      await api.uploadAttachment(place(c.place), file);
      return [{ id: 'uploaded' }];
    }
    case 'delete':
      return [await api.deleteAttachment(place(c.place), c.attachmentId)];
  }
}

/** What the sink saw; throws when it saw what must never happen. */
function sinkText(opened: Opened, failed: boolean): string {
  const { sink } = opened;
  if (!sink) return 'sink: never opened';
  if (failed && sink.ended !== 'aborted') throw new Error(`a failed download left its sink ${sink.ended ?? 'open'}`);
  if (!failed && sink.ended !== 'committed') throw new Error(`a download left its sink ${sink.ended ?? 'open'}`);
  return `sink: opened, ${sink.ended}, ${sink.bytes} bytes`;
}

export async function performDocumentCall(p: Pipeline, key: string, c: DocumentCall): Promise<Performed> {
  const opened: Opened = {};
  const surfaces = (found: unknown[]): Record<string, string> => ({
    'Open JSON': JSON.stringify(found, null, 2),
    'file name': opened.meta?.fileName ?? '',
  });
  try {
    const found = await records(p.client(key), c, opened);
    const ids = found.map((r, i) => {
      const id = (r as { id?: unknown }).id;
      return typeof id === 'string' ? id : `file ${i}`;
    });
    return { ids, text: sinkText(opened, false), surfaces: surfaces(found) };
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e, { prompt: c.call !== 'upload' && c.call !== 'delete' });
    return { ids: [], error: e, text: sinkText(opened, true), surfaces: surfaces([]) };
  }
}
