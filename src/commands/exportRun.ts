// Runs one export under a cancellable progress notification ("12,000 / 25,000 invoices") into the
// file the user chose. The walk, the formats and the temporary file are plain TypeScript
// (src/export); this adds the notification, and files that are not on this machine's disk.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PageLoader } from '../api';
import {
  exportList,
  recordFormat,
  tempNameFor,
  tempPathFor,
  writeFileAtomically,
  type CsvDelimiter,
  type ExportFormat,
  type ExportItems,
  type ExportProgress,
  type ExportSink,
} from '../export';
import { exportingTitle, exportProgressMessage } from '../format/exportMessages';
import { withProgress } from './progress';

interface ExportJob {
  items: ExportItems;
  format: ExportFormat;
  uri: vscode.Uri;
  fileName: string;
  load: PageLoader<unknown>;
  concurrency: number;
  redact: (text: string) => string;
  /** A caller's own cancellation, besides the notification's Cancel button. */
  token?: vscode.CancellationToken;
  csvDelimiter?: CsvDelimiter;
}

/** How far an export got; `written` is kept up to date while it runs. */
export interface ExportRun {
  progress: ExportProgress;
  /** Whether a file was at the target before the export began (it is left as it was on failure). */
  existed: boolean;
}

/** Whether a file exists at `uri`, on any file system the editor knows. */
async function exists(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme === 'file') return existsSync(uri.fsPath);
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * A target on another file system (a remote window's, shown by the save dialog there): the export
 * is written to a local temporary file first, copied next to the target under a temporary name,
 * and renamed onto it, so the target too only ever holds a whole export.
 */
async function writeElsewhere<R>(uri: vscode.Uri, work: (sink: ExportSink) => Promise<R>): Promise<R> {
  const local = tempPathFor(join(tmpdir(), 'data-platform-export'));
  const part = vscode.Uri.joinPath(uri, '..', tempNameFor(uri.path.slice(uri.path.lastIndexOf('/') + 1)));
  try {
    const result = await writeFileAtomically(local, work);
    await vscode.workspace.fs.copy(vscode.Uri.file(local), part, { overwrite: false });
    await vscode.workspace.fs.rename(part, uri, { overwrite: true });
    return result;
  } catch (e) {
    await Promise.resolve(vscode.workspace.fs.delete(part)).catch(() => undefined);
    throw e;
  } finally {
    await rm(local, { force: true }).catch(() => undefined);
  }
}

/** Runs the export; resolves with its count, rejects with its failure or cancellation. `run` is
 * filled in as it goes, so the caller can say how far a failed export got. */
export function runExport(job: ExportJob, run: ExportRun): Thenable<ExportProgress> {
  const options = {
    location: vscode.ProgressLocation.Notification,
    title: exportingTitle(job.items, job.fileName),
    cancellable: true,
  };
  return withProgress(options, async (progress, token) => {
    const controller = new AbortController();
    const subs = [token, job.token].map((tk) => tk?.onCancellationRequested(() => controller.abort()));
    if (job.token?.isCancellationRequested) controller.abort();
    let shown = 0;
    const onProgress = (p: ExportProgress): void => {
      run.progress = p;
      const total = p.totalResults;
      const increment = total ? ((p.written - shown) / total) * 100 : undefined;
      shown = p.written;
      progress.report({ message: exportProgressMessage(job.items, p.written, total), increment });
    };
    try {
      run.existed = await exists(job.uri);
      const source = { load: job.load, concurrency: job.concurrency };
      const work = (sink: ExportSink) =>
        exportList(source, recordFormat(job.format, job.items, job.csvDelimiter), sink, {
          signal: controller.signal,
          onProgress,
          redact: job.redact,
        });
      return await (job.uri.scheme === 'file'
        ? writeFileAtomically(job.uri.fsPath, work)
        : writeElsewhere(job.uri, work));
    } finally {
      for (const s of subs) s?.dispose();
    }
  });
}
