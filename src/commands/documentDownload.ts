// A document's download and what follows it: streamed to a file (atomically, within the size cap
// of dataPlatform.downloads.maxSizeMB) under a cancellable progress that counts bytes; a failure
// reported to the diagnostics panel like every API error and said in words (a platform without
// PDFs is information, not a failure of the extension); then the file opened (inside VS Code
// where an editor for it is installed, else in the system's viewer; where that viewer cannot
// reach the extension's files, a browser workbench or a remote window, Save As… is offered) or
// saved where the user chose.
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import {
  isApiError,
  isCancellation,
  type ApiError,
  type ByteSink,
  type Downloaded,
  type DownloadOptions,
} from '../api';
import { fileByteSink, targetIn } from '../files/fileSink';
import { transferred } from '../format/attachmentLabels';
import { t } from '../l10n';
import { maxDownloadBytes } from '../settings';
import { withCancellableProgress } from './progress';
import { prompt } from './prompt';

export type DownloadResult =
  | { outcome: 'saved'; path: string; bytes: number }
  | { outcome: 'opened'; path: string; bytes: number; how: 'editor' | 'external' }
  /** Downloaded, but no viewer here can reach it: Save As… was offered. */
  | { outcome: 'offeredSave'; path: string; bytes: number; saved?: DownloadResult }
  | { outcome: 'cancelled' | 'unavailable' }
  | { outcome: 'unsupported'; message: string; error: ApiError }
  | { outcome: 'failed'; message: string; error: ApiError };

export interface DownloadJob {
  /** The progress title: `Invoice INV-001: downloading the PDF`. */
  title: string;
  /** The file's sink, made once the answer is known to be the file: `path` holds nothing until
   * every byte arrived (src/files). */
  open(): Promise<{ path: string; sink: ByteSink }>;
  run(options: DownloadOptions): Promise<Downloaded>;
  /** Reports a failure to the diagnostics panel, tagged with the account. */
  report(error: ApiError): void;
  /** What a 404 "not supported" is said as. */
  unsupported?: string;
  /** `Could not download the PDF of invoice INV-001: {reason}`. */
  failed(reason: string): string;
}

/** Progress at most every 100 ms: a fast transfer calls back per chunk. */
function progressReporter(progress: vscode.Progress<{ message?: string }>) {
  let last = 0;
  return (received: number, total: number | undefined) => {
    const now = Date.now();
    if (now - last < 100 && received !== total) return;
    last = now;
    progress.report({ message: transferred(received, total) });
  };
}

function showFailure(message: string, error: ApiError): void {
  const details = t('Show Details');
  void prompt()
    .notify({ message, buttons: [details], severity: 'error' })
    .then((c) => {
      if (c === details) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
    });
}

/** Downloads into the file `job` opens; the file is there only when the outcome is `saved`. */
export async function downloadDocument(job: DownloadJob): Promise<DownloadResult> {
  let path = '';
  const open = async () => {
    const file = await job.open();
    path = file.path;
    return file.sink;
  };
  try {
    const done = await withCancellableProgress(job.title, (signal, progress) =>
      job.run({ signal, maxBytes: maxDownloadBytes(), open, onProgress: progressReporter(progress) }),
    );
    return { outcome: 'saved', path, bytes: done.bytes };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (isCancellation(e)) return { outcome: 'cancelled' };
    job.report(e);
    if (e.kind === 'datatypeNotSupported' && job.unsupported) {
      void prompt().notify({ message: job.unsupported, buttons: [], severity: 'information' });
      return { outcome: 'unsupported', message: job.unsupported, error: e };
    }
    // Over the cap: the setting that sets it is what the user can change.
    const message =
      e.kind === 'responseTooLarge'
        ? `${job.failed(e.message)} ${t('The limit is the setting dataPlatform.downloads.maxSizeMB.')}`
        : job.failed(e.message);
    showFailure(message, e);
    return { outcome: 'failed', message, error: e };
  }
}

/** The folder a save dialog opens in: the last one chosen in this window, else the workspace's,
 * else the home folder. */
let lastFolder: string | undefined;

/** The file the user chose to save `name` as, opened as a sink when the answer is the file: written
 * only inside the folder chosen (src/files targetIn); undefined when dismissed. */
export async function askSaveFile(
  title: string,
  name: string,
  filters?: Record<string, string[]>,
): Promise<DownloadJob['open'] | undefined> {
  const folder = lastFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? homedir();
  const uri = await prompt().saveDialog({ title, defaultUri: vscode.Uri.file(join(folder, name)), filters });
  if (!uri) return undefined;
  const chosen = dirname(uri.fsPath);
  lastFolder = chosen;
  return async () => {
    const path = targetIn(chosen, basename(uri.fsPath), name);
    return { path, sink: await fileByteSink(path) };
  };
}

/** Whether an installed extension contributes an editor for files named like `name`. */
function editorFor(name: string): boolean {
  const ext = /\.[^.]+$/.exec(name)?.[0]?.toLowerCase();
  if (!ext) return false;
  return vscode.extensions.all.some((x) => {
    const editors = (x.packageJSON as { contributes?: { customEditors?: unknown } }).contributes?.customEditors;
    if (!Array.isArray(editors)) return false;
    return editors.some((e: { selector?: { filenamePattern?: string }[] }) =>
      (e.selector ?? []).some((s) => (s.filenamePattern ?? '').toLowerCase().endsWith(ext)),
    );
  });
}

/** Where the system's viewer cannot reach the extension's files. */
const viewerUnreachable = (): boolean => vscode.env.uiKind === vscode.UIKind.Web || !!vscode.env.remoteName;

/** Opens a downloaded file; where no viewer can reach it, offers `saveAs` instead. */
export async function openDownloaded(
  saved: { path: string; bytes: number },
  saveAs: () => Promise<DownloadResult>,
): Promise<DownloadResult> {
  const { path, bytes } = saved;
  const uri = vscode.Uri.file(path);
  if (editorFor(saved.path)) {
    await vscode.commands.executeCommand('vscode.open', uri);
    return { outcome: 'opened', path, bytes, how: 'editor' };
  }
  if (!viewerUnreachable()) {
    await prompt().openExternal(uri);
    return { outcome: 'opened', path, bytes, how: 'external' };
  }
  const save = t('Save As…');
  const chosen = await prompt().notify({
    message: t('No viewer here can open the downloaded file: save it where you can open it.'),
    buttons: [save],
    severity: 'information',
  });
  return { outcome: 'offeredSave', path, bytes, ...(chosen === save ? { saved: await saveAs() } : {}) };
}
