// A record's documents: Open PDF and Save PDF As… of an invoice (its row's menu, its JSON tab's
// title bar), Open and Save As… of an attachment (a row of a record's Attachments folder). Open
// downloads into the extension's download cache (a folder per download, cleaned at start) and
// opens it from there; Save As… writes only the file the user chose. Upload and Delete are in
// attachmentWrites.ts.
import * as vscode from 'vscode';
import type { DataPlatformClient } from '../api';
import { dataType } from '../dataTypes/catalog';
import { recordRefOf } from '../documents/recordDocuments';
import { recordLabelOfPath } from '../documents/recordUri';
import { noKeyMessage } from '../format/accountLabels';
import { recordLabel } from '../format/recordLabels';
import { t } from '../l10n';
import { AttachmentNode } from '../tree/attachmentNodes';
import { RecordNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import { DownloadCache } from '../files/downloadCache';
import { defaultPdfName, safeFileName } from '../files/fileNames';
import { accountOfNode, type AccountTarget, type ResolveAccount } from './accountTarget';
import {
  askSaveFile,
  downloadDocument,
  howToOpen,
  offerSave,
  openDownloaded,
  type DownloadJob,
  type DownloadResult,
} from './documentDownload';
import { attachmentWriteCommands } from './attachmentWrites';
import { registerCommand } from './register';

interface DocumentDeps {
  account: ResolveAccount;
  view: vscode.TreeView<TreeNode>;
}

interface Deps extends DocumentDeps {
  /** Where Open downloads to (under the extension's storage). */
  cache: DownloadCache;
}

interface PdfTarget {
  account: AccountTarget;
  client: DataPlatformClient;
  companyId: string;
  invoiceId: string;
  /** The invoice number (else its id): the file's name. */
  label: string;
}

function clientOf(account: AccountTarget | undefined): DataPlatformClient | undefined {
  const client = account?.connection.client;
  if (account && !client) void vscode.window.showWarningMessage(noKeyMessage(account.connection.account.name));
  return client;
}

/** The invoice of a row, of its JSON tab (the URI the title bar gives) or of the active editor. */
async function pdfTarget(deps: Deps, arg: unknown): Promise<PdfTarget | undefined> {
  if (arg instanceof RecordNode) {
    const account = accountOfNode(arg);
    const client = clientOf(account);
    if (!account || !client || arg.spec.pdf !== true) return undefined;
    const label = recordLabel(arg.spec, arg.record);
    return { account, client, companyId: arg.company.id, invoiceId: arg.record.id, label };
  }
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const ref = uri && recordRefOf(uri);
  if (!uri || !ref || dataType(ref.dataType).pdf !== true) return undefined;
  const account = await deps.account({ accountId: ref.accountId }, t('Open PDF: account'));
  const client = clientOf(account);
  if (!account || !client) return undefined;
  const label = recordLabelOfPath(uri.path) || ref.recordId;
  return { account, client, companyId: ref.companyId, invoiceId: ref.recordId, label };
}

function pdfJob(x: PdfTarget, open: DownloadJob['open']): DownloadJob {
  return {
    title: t('Invoice {0}: downloading the PDF', x.label),
    open,
    run: (options) => x.client.documents.downloadInvoicePdf(x.companyId, x.invoiceId, options),
    report: (e) => x.account.report(e),
    unsupported: t('This platform does not provide invoice PDFs'),
    failed: (reason) => t('Could not download the PDF of invoice {0}: {1}', x.label, reason),
  };
}

const pdfName = (x: PdfTarget) => defaultPdfName(x.label, x.invoiceId);

async function savePdf(x: PdfTarget): Promise<DownloadResult> {
  const open = await askSaveFile(t('Save PDF of invoice {0}', x.label), pdfName(x), { PDF: ['pdf'] });
  return open ? downloadDocument(pdfJob(x, open)) : { outcome: 'cancelled' };
}

async function openPdf(deps: Deps, x: PdfTarget): Promise<DownloadResult> {
  const how = howToOpen(pdfName(x));
  if (!how) return offerSave(() => savePdf(x));
  const done = await downloadDocument(pdfJob(x, () => deps.cache.download(pdfName(x), 'Invoice.pdf')));
  return done.outcome === 'saved' ? openDownloaded(done, how) : done;
}

interface AttachmentTarget {
  account: AccountTarget;
  client: DataPlatformClient;
  node: AttachmentNode;
}

function attachmentTarget(node: unknown): AttachmentTarget | undefined {
  if (!(node instanceof AttachmentNode)) return undefined;
  const account = accountOfNode(node);
  const client = clientOf(account);
  return account && client && { account, client, node };
}

function attachmentJob(x: AttachmentTarget, open: DownloadJob['open']): DownloadJob | undefined {
  const place = x.node.folder.place();
  if (!place) return undefined;
  const a = x.node.attachment;
  return {
    title: t('{0}: downloading', x.node.name),
    open,
    run: (options) => x.client.documents.downloadAttachment(place, a.id, a.contentType ?? undefined, options),
    report: (e) => x.account.report(e),
    failed: (reason) => t('Could not download {0}: {1}', x.node.name, reason),
  };
}

const attachmentFile = (x: AttachmentTarget) => safeFileName(x.node.attachment.name ?? undefined, 'attachment');

async function saveAttachment(x: AttachmentTarget): Promise<DownloadResult> {
  const open = await askSaveFile(t('Save {0}', x.node.name), attachmentFile(x));
  const job = open && attachmentJob(x, open);
  return job ? downloadDocument(job) : { outcome: 'cancelled' };
}

async function openAttachment(deps: Deps, x: AttachmentTarget): Promise<DownloadResult> {
  const how = howToOpen(attachmentFile(x));
  if (!how) return offerSave(() => saveAttachment(x));
  const job = attachmentJob(x, () => deps.cache.download(attachmentFile(x), 'attachment'));
  const done = job ? await downloadDocument(job) : ({ outcome: 'unavailable' } as const);
  return done.outcome === 'saved' ? openDownloaded(done, how) : done;
}

const unavailable: DownloadResult = { outcome: 'unavailable' };

/** `storage`: the extension's own storage (globalStorageUri), where Open downloads to. */
export function registerDocumentCommands(given: DocumentDeps, storage: vscode.Uri): vscode.Disposable[] {
  const deps: Deps = { ...given, cache: new DownloadCache(storage.fsPath) };
  // What earlier windows opened and no viewer holds any more.
  void deps.cache.cleanup().catch(() => undefined);
  const writes = attachmentWriteCommands(deps.view);
  return [
    registerCommand('dataPlatform.openInvoicePdf', async (arg?: unknown) => {
      const x = await pdfTarget(deps, arg);
      return x ? openPdf(deps, x) : unavailable;
    }),
    registerCommand('dataPlatform.saveInvoicePdf', async (arg?: unknown) => {
      const x = await pdfTarget(deps, arg);
      return x ? savePdf(x) : unavailable;
    }),
    registerCommand('dataPlatform.openAttachment', (node?: unknown) => {
      const x = attachmentTarget(node);
      return x ? openAttachment(deps, x) : unavailable;
    }),
    registerCommand('dataPlatform.saveAttachment', (node?: unknown) => {
      const x = attachmentTarget(node);
      return x ? saveAttachment(x) : unavailable;
    }),
    ...Object.entries(writes).map(([command, run]) => registerCommand(command, run)),
  ];
}
