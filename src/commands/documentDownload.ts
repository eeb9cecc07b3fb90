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
import { matchesFilenamePattern } from '../files/fileNames';
import { fileByteSink, targetIn } from '../files/fileSink';
import { transferred } from '../format/attachmentLabels';
import { t } from '../l10n';
import { maxDownloadBytes } from '../settings';
import { withCancellableProgress } from './progress';
import { prompt } from './prompt';

export type DownloadResult =
  | { outcome: 'saved'; path: string; bytes: number }
  | { outcome: 'opened'; path: string; bytes: number; how: 'editor' | 'external' }
  /** No viewer here can reach the file: Save As… was offered, and taken. */
  | { outcome: 'offeredSave'; saved: DownloadResult }
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

/** Whether an installed extension contributes an editor for files named like `name` (the built-in
 * image preview does for PNGs; a PDF viewer extension for PDFs). */
function editorFor(name: string): boolean {
  return vscode.extensions.all.some((x) => {
    const editors = (x.packageJSON as { contributes?: { customEditors?: unknown } }).contributes?.customEditors;
    if (!Array.isArray(editors)) return false;
    return editors.some((e: { selector?: { filenamePattern?: unknown }[] }) =>
      (e.selector ?? []).some(
        (s) => typeof s.filenamePattern === 'string' && matchesFilenamePattern(s.filenamePattern, name),
      ),
    );
  });
}

/** Where the system's viewer cannot reach the extension's files. */
const viewerUnreachable = (): boolean => vscode.env.uiKind === vscode.UIKind.Web || !!vscode.env.remoteName;

/** How a file named `name` opens here: in an editor an installed extension contributes, else in
 * the system's viewer; undefined where that viewer cannot reach the extension's files. */
export function howToOpen(name: string): 'editor' | 'external' | undefined {
  if (editorFor(name)) return 'editor';
  return viewerUnreachable() ? undefined : 'external';
}

/** Opens a downloaded file as `howToOpen` said. */
export async function openDownloaded(
  saved: { path: string; bytes: number },
  how: 'editor' | 'external',
): Promise<DownloadResult> {
  const { path, bytes } = saved;
  const uri = vscode.Uri.file(path);
  if (how === 'editor') await vscode.commands.executeCommand('vscode.open', uri);
  else await prompt().openExternal(uri);
  return { outcome: 'opened', path, bytes, how };
}

/** Where no viewer can reach a download, Save As… is offered before anything is downloaded. */
export async function offerSave(saveAs: () => Promise<DownloadResult>): Promise<DownloadResult> {
  const save = t('Save As…');
  const chosen = await prompt().notify({
    message: t('No viewer here can open the file: save it where you can open it.'),
    buttons: [save],
    severity: 'information',
  });
  return chosen === save ? { outcome: 'offeredSave', saved: await saveAs() } : { outcome: 'cancelled' };
}
