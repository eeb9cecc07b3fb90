// Export…: a company's records of one data type (the type's node or a query node, filter and
// orderBy applied; a company's invoices from the company) or the companies, streamed page by page into a CSV, JSON or JSON Lines file (src/export). The file
// and format come from the save dialog (the format from the name's extension, else a quick pick),
// or from the arguments a caller passes, so a test or another extension needs no dialog.
// Several nodes selected (canSelectMany): records are written to one file; lists (data types,
// queries, companies) each to a file of its own in a folder asked for once.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { isApiError, isCancellation, type DataPlatformClient, type PageLoader } from '../api';
import type { ReportError } from '../diagnostics/reporter';
import { accountOfNode, type ResolveAccount } from './accountTarget';
import {
  EXPORT_FORMATS,
  formatOfFileName,
  FORMAT_EXTENSIONS,
  freeFileName,
  selectedRecordPages,
  type ExportFormat,
} from '../export';
import {
  exportCancelledMessage,
  exportChangedMessage,
  exportedMessage,
  exportFailedMessage,
  exportDialogTitle,
  exportFileName,
  formatChoices,
  type ExportSubject,
} from '../format/exportMessages';
import { noKeyMessage } from '../format/accountLabels';
import { t } from '../l10n';
import { csvDelimiter, defaultExportFormat } from '../settings';
import { RecordListNode, RecordNode } from '../tree/dataNodes';
import { QueryNode } from '../tree/queryNode';
import type { TreeNode } from '../tree/node';
import { CompanyNode } from '../tree/companyNodes';
import { runExport, type ExportRun } from './exportRun';
import { selectedNodes } from './severalNodes';
import { chooseFrom, prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface ExportCommandDeps {
  /** Export… from the palette acts on the selection in the Companies view. */
  view: vscode.TreeView<TreeNode>;
  /** The account of the node exported (Export Companies: the selected, only or picked one). */
  account: ResolveAccount;
  pageSize(): number;
  /** Pages asked for at once (dataPlatform.loadAllConcurrency). */
  concurrency(): number;
}

/** What a caller may pass: no answer to the dialogs (those are asked, prompt.ts), only a token
 * that cancels the export as the notification's Cancel does. */
interface ExportArgs {
  token?: vscode.CancellationToken;
}

/** The file an export writes, and in which format. */
interface ExportFile {
  uri: vscode.Uri;
  format: ExportFormat;
}

export type ExportResult =
  /** `dataChanged`: the list's total moved while it ran, so up to that many records may be missing. */
  | { outcome: 'written'; uri: vscode.Uri; written: number; dataChanged?: number }
  | { outcome: 'cancelled'; written: number }
  | { outcome: 'failed'; written: number; message: string }
  /** Several lists, each to its own file in `folder`, in the order selected; stops at the first
   * that did not end `written`. */
  | { outcome: 'several'; folder: vscode.Uri; results: ExportResult[] }
  | { outcome: 'dismissed' }
  | { outcome: 'unavailable'; message: string };

/**
 * Pages of at least 1,000 records: an export reads everything, so fewer, larger pages mean fewer
 * round trips and fewer requests against the rate limit, while the pages in flight (at most the
 * concurrency setting of them, about 1.4 MB of JSON each) keep memory small. A larger
 * dataPlatform.pageSize is used as it is.
 */
const MIN_EXPORT_PAGE_SIZE = 1000;

interface Target {
  subject: ExportSubject;
  load(client: DataPlatformClient, pageSize: number): PageLoader<unknown>;
}

function recordsTarget(node: RecordListNode): Target {
  const { query, orderBy } = node.query;
  // A named query is exported under its name.
  const label = node instanceof QueryNode ? node.label : undefined;
  return {
    subject: { items: node.dataType, companyName: node.company.name, query: label ?? query, orderBy },
    load: (client, pageSize) => client.recordPages(node.dataType, node.place, { pageSize, query, orderBy }),
  };
}

const COMPANIES: Target = {
  subject: { items: 'companies' },
  load: (client, pageSize) => client.companyPages({ pageSize }),
};

/** The list a node stands for: itself, a company's Invoices, a record's list. */
function recordListOf(node: unknown): RecordListNode | undefined {
  if (node instanceof RecordListNode) return node;
  if (node instanceof CompanyNode) return node.invoices;
  if (node instanceof RecordNode && node.parent instanceof RecordListNode) return node.parent;
  return undefined;
}

function isExportArgs(v: unknown): v is ExportArgs {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const { token } = v as ExportArgs;
  return token !== undefined && typeof token.isCancellationRequested === 'boolean';
}

let lastFolder: vscode.Uri | undefined;
let lastFormat: ExportFormat = 'csv';

function defaultFolder(): vscode.Uri {
  return lastFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
}

/** The format, when the file name chosen does not tell it and dataPlatform.export.defaultFormat is
 * `ask`. */
function pickFormat(
  placeholder = t('The file name has no .csv, .json or .jsonl extension'),
): Promise<ExportFormat | undefined> {
  const format = defaultExportFormat();
  if (format) return Promise.resolve(format);
  const pick = createQuickPick<vscode.QuickPickItem & { format: ExportFormat }>();
  pick.title = t('Export: choose a format');
  pick.placeholder = placeholder;
  pick.items = formatChoices();
  pick.activeItems = pick.items.filter((i) => i.format === lastFormat);
  return chooseFrom(pick, (item) => item.format);
}

/** The file and format: the save dialog (the extension of the name chosen says the format); a
 * quick pick when it does not. */
async function chooseFile(subject: ExportSubject): Promise<ExportFile | undefined> {
  const preferred = defaultExportFormat() ?? lastFormat;
  const labels = { csv: t('CSV files'), json: t('JSON files'), jsonl: t('JSON Lines files') };
  const filters: Record<string, string[]> = {};
  for (const f of [preferred, ...EXPORT_FORMATS.filter((x) => x !== preferred)])
    filters[labels[f]] = [FORMAT_EXTENSIONS[f]];
  const uri = await prompt().saveDialog({
    title: exportDialogTitle(subject),
    saveLabel: t('Export'),
    defaultUri: vscode.Uri.joinPath(defaultFolder(), exportFileName(subject, preferred)),
    filters,
  });
  if (!uri) return undefined;
  const format = formatOfFileName(uri.path) ?? (await pickFormat());
  if (!format) return undefined;
  // The next export starts where this one went, in the same format.
  lastFolder = vscode.Uri.joinPath(uri, '..');
  lastFormat = format;
  return { uri, format };
}

function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** The file written; `runAgain` when the data changed meanwhile (a warning then, offering it first). */
function announceWritten(uri: vscode.Uri, message: string, runAgain?: () => unknown): void {
  const again = t('Run Again');
  const open = t('Open File');
  const reveal = t('Reveal');
  const shown = runAgain
    ? vscode.window.showWarningMessage(message, again, open, reveal)
    : vscode.window.showInformationMessage(message, open, reveal);
  void shown.then((choice) => {
    if (choice === again) void runAgain?.();
    else if (choice === open) void vscode.commands.executeCommand('vscode.open', uri);
    else if (choice === reveal)
      void vscode.commands.executeCommand(uri.scheme === 'file' ? 'revealFileInOS' : 'revealInExplorer', uri);
  });
}

/** Says how it ended: the file written, or a cancel or failure that left nothing behind. */
function outcomeOf(
  e: unknown,
  subject: ExportSubject,
  uri: vscode.Uri,
  run: ExportRun,
  report: ReportError,
): ExportResult {
  const name = fileNameOf(uri);
  const { written } = run.progress;
  if (isCancellation(e)) {
    void vscode.window.showInformationMessage(exportCancelledMessage(subject.items, written, name, run.existed));
    return { outcome: 'cancelled', written };
  }
  const reason = e instanceof Error ? e.message : String(e);
  const message = exportFailedMessage(subject.items, written, name, run.existed, reason);
  if (isApiError(e)) {
    report(e);
    const details = t('Show Details');
    void vscode.window.showErrorMessage(message, details).then((c) => {
      if (c === details) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    });
  } else {
    void vscode.window.showErrorMessage(message);
  }
  return { outcome: 'failed', written, message };
}

/** Exports `target` of the account of `of` (a node, or arguments naming an account) to `file`, by
 * default the one asked for; `announce` false leaves saying what was written to the caller. */
async function exportTarget(
  target: Target,
  of: unknown,
  args: ExportArgs,
  deps: ExportCommandDeps,
  { announce = true, file }: { announce?: boolean; file?: ExportFile } = {},
): Promise<ExportResult> {
  const account = await deps.account(of, t('Export: account'));
  if (!account) return { outcome: 'dismissed' };
  const client = account.connection.client;
  if (!client) {
    const message = noKeyMessage(account.connection.account.name);
    void vscode.window.showWarningMessage(message);
    return { outcome: 'unavailable', message };
  }
  const chosen = file ?? (await chooseFile(target.subject));
  if (!chosen) return { outcome: 'dismissed' };
  const { uri, format } = chosen;
  const { items } = target.subject;
  const run: ExportRun = { progress: { written: 0 }, existed: false };
  const load = target.load(client, Math.max(MIN_EXPORT_PAGE_SIZE, deps.pageSize()));
  const job = {
    items,
    format,
    uri,
    fileName: fileNameOf(uri),
    load,
    concurrency: deps.concurrency(),
    redact: client.redact,
    token: args.token,
    csvDelimiter: csvDelimiter(),
  };
  try {
    const { written, dataChanged } = await runExport(job, run);
    if (!announce) return { outcome: 'written', uri, written, dataChanged };
    if (!dataChanged) {
      announceWritten(uri, exportedMessage(items, written, job.fileName));
      return { outcome: 'written', uri, written };
    }
    // The same export to the same file, without the dialogs.
    const again = () => exportTarget(target, of, args, deps, { file: { uri, format } });
    announceWritten(uri, exportChangedMessage(items, written, job.fileName, dataChanged), again);
    return { outcome: 'written', uri, written, dataChanged };
  } catch (e) {
    return outcomeOf(e, target.subject, uri, run, account.report);
  }
}

/** Several records: one file of the records of `nodes`, each fetched whole, in the order selected. */
function selectedRecordsTarget(nodes: RecordNode[]): Target | string {
  const [first] = nodes;
  const account = accountOfNode(first)?.root;
  if (nodes.some((n) => n.spec.id !== first.spec.id || accountOfNode(n)?.root !== account))
    return t('Select records of one data type and one account to export them together.');
  const companies = new Set(nodes.map((n) => n.company.id));
  // A record is one at its place: the same id under two bank accounts is two records.
  const keyOf = (n: RecordNode) => JSON.stringify([n.place, n.record.id]);
  const ids = nodes.map(keyOf);
  const companyOf = new Map(nodes.map((n) => [keyOf(n), n]));
  return {
    subject: {
      items: first.spec.id,
      companyName: companies.size === 1 ? first.company.name : undefined,
      query: t('{0} selected', nodes.length),
    },
    load: (client) =>
      selectedRecordPages([...new Set(ids)], (key, signal) => {
        const node = companyOf.get(key) ?? first;
        return client.getRecord(node.spec.id, node.place, node.record.id, { signal });
      }),
  };
}

/** Several lists, each into its own file in one folder asked for once (a free name: never over a
 * file already there), one after another under the single export's progress; the first that does
 * not end written (cancelled, failed) stops the rest. */
async function exportLists(lists: RecordListNode[], args: ExportArgs, deps: ExportCommandDeps): Promise<ExportResult> {
  const [folder] =
    (await prompt().openDialog({
      title: t('Export {0} lists to a folder', lists.length),
      openLabel: t('Export Here'),
      canSelectFiles: false,
      canSelectFolders: true,
      defaultUri: defaultFolder(),
    })) ?? [];
  if (!folder) return { outcome: 'dismissed' };
  const format = await pickFormat(t('The format of the {0} files', lists.length));
  if (!format) return { outcome: 'dismissed' };
  lastFolder = folder;
  const used = new Set<string>();
  const results: ExportResult[] = [];
  for (const list of lists) {
    const target = recordsTarget(list);
    const name = freeFileName(exportFileName(target.subject, format), (n) => {
      const uri = vscode.Uri.joinPath(folder, n);
      return used.has(n) || (uri.scheme === 'file' && existsSync(uri.fsPath));
    });
    used.add(name);
    const uri = vscode.Uri.joinPath(folder, name);
    const result = await exportTarget(target, list, args, deps, { announce: false, file: { uri, format } });
    results.push(result);
    if (result.outcome !== 'written') break;
  }
  const first = results[0];
  if (results.every((r) => r.outcome === 'written') && first.outcome === 'written') {
    // Reveal shows the folder with the first file selected; there is no one file to open.
    const reveal = t('Reveal');
    const message = t('Exported {0} files to {1}.', results.length, fileNameOf(folder));
    void vscode.window.showInformationMessage(message, reveal).then((choice) => {
      if (choice === reveal)
        void vscode.commands.executeCommand(
          folder.scheme === 'file' ? 'revealFileInOS' : 'revealInExplorer',
          first.uri,
        );
    });
  }
  return { outcome: 'several', folder, results };
}

/** Export… on the node clicked, or on every node selected with it. */
function exportRecords(
  deps: ExportCommandDeps,
  node: unknown,
  more: unknown,
  args: ExportArgs,
): Promise<ExportResult> | ExportResult {
  // From the palette (no node): every node selected in the view.
  const { selection } = deps.view;
  const nodes = node === undefined ? [...selection] : selectedNodes(node, more);
  const records = nodes.filter((n): n is RecordNode => n instanceof RecordNode);
  if (records.length > 1 && records.length === nodes.length) {
    const target = selectedRecordsTarget(records);
    if (typeof target !== 'string') return exportTarget(target, records[0], args, deps);
    void vscode.window.showInformationMessage(target);
    return { outcome: 'unavailable', message: target };
  }
  const lists = [...new Set(nodes.filter((n) => !(n instanceof RecordNode)).map(recordListOf))].filter(
    (l): l is RecordListNode => l !== undefined,
  );
  if (lists.length > 1) return exportLists(lists, args, deps);
  const list = lists[0] ?? recordListOf(node) ?? recordListOf(selection.find((n) => recordListOf(n)));
  if (!list) {
    const message = t('Select a company, a data type or a query in the Data Platform view to export its records.');
    void vscode.window.showInformationMessage(message);
    return { outcome: 'unavailable', message };
  }
  return exportTarget(recordsTarget(list), list, args, deps);
}

/** The arguments: after the selection when VS Code passes one, else second. */
function argsOf(more: unknown, last: unknown): ExportArgs {
  const args = Array.isArray(more) ? last : more;
  return isExportArgs(args) ? args : {};
}

export function registerExportCommands(deps: ExportCommandDeps): vscode.Disposable[] {
  return [
    // The id predates the other data types; it exports any type's list.
    registerCommand('dataPlatform.exportRecords', (node?: unknown, more?: unknown, last?: unknown) =>
      exportRecords(deps, node, more, argsOf(more, last)),
    ),
    registerCommand('dataPlatform.exportCompanies', (args?: unknown) =>
      exportTarget(COMPANIES, args, isExportArgs(args) ? args : {}, deps),
    ),
  ];
}
