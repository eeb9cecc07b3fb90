// Invoice actions: Open JSON (tree click, context menu, inline icon, palette) and Refresh of an
// open invoice document.
import * as vscode from 'vscode';
import type { ApiError, Company, DataPlatformClient, Invoice, PagedList } from '../api';
import { asInvoiceArgument, sameInvoice, type InvoiceRef } from '../documents/invoiceUri';
import { InvoiceFileSystem, invoiceRefOf, invoiceUri } from '../documents/invoiceDocuments';
import { InvoiceNode } from '../tree/recordNodes';
import { t } from '../l10n';
import { pickCompany } from './companyPicker';
import { withProgress } from './progress';

export interface InvoiceCommandDeps {
  client(): DataPlatformClient | undefined;
  pageSize(): number;
  report(error: ApiError): void;
  /** The Companies view's list, shared with the company picker. */
  companies(): PagedList<Company> | undefined;
  /** Fires when a key or base URL change gives (or takes) a connection. */
  onDidChangeConnection: vscode.Event<{ kind: string }>;
}

/** An invoice to open, with what the caller knows of it for the tab title. */
export interface OpenTarget {
  ref: InvoiceRef;
  companyName?: string;
  /** The record when the caller holds it (a tree node); otherwise it is fetched first, for its number. */
  invoice?: Pick<Invoice, 'invoiceNumber'>;
}

/** The tab already showing the invoice, in any group and under any labels. */
function openTab(ref: InvoiceRef): vscode.Tab | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (!(tab.input instanceof vscode.TabInputText)) continue;
      const shown = invoiceRefOf(tab.input.uri);
      if (shown && sameInvoice(shown, ref)) return tab;
    }
  }
  return undefined;
}

/** Opens the invoice's document, or focuses the tab that already shows it. */
export async function openInvoice(target: OpenTarget, fs: InvoiceFileSystem): Promise<vscode.TextEditor> {
  const { ref } = target;
  const tab = openTab(ref);
  let uri: vscode.Uri;
  if (tab && tab.input instanceof vscode.TabInputText) {
    uri = tab.input.uri;
  } else {
    // Every open fetches fresh; the fetch made here for the number is the one the document reads.
    fs.forget(ref);
    const invoice =
      target.invoice ??
      (await withProgress({ location: vscode.ProgressLocation.Window, title: t('Fetching invoice {0}', ref.invoiceId) }, () => fs.invoice(ref)));
    uri = invoiceUri(ref, { companyName: target.companyName, invoiceNumber: invoice?.invoiceNumber });
    // VS Code keeps a closed document for a while and would show its old text under this URI.
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) fs.reread(uri);
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  // The `.json` extension already selects JSON unless the user mapped it elsewhere.
  const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
  if (tab) {
    // Keep the tab where it is, and pinned if the user pinned it.
    return vscode.window.showTextDocument(json, { viewColumn: tab.group.viewColumn, preview: tab.isPreview });
  }
  // A preview tab, replaced by the next click, unless the user turned previews off.
  const preview = vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview') !== false;
  return vscode.window.showTextDocument(json, { preview });
}

/** From the palette: a company from the picker, then the invoice id. */
async function askInvoice(deps: InvoiceCommandDeps): Promise<OpenTarget | undefined> {
  const client = deps.client();
  if (!client) {
    void vscode.window.showWarningMessage(t('Set an API key first: no key is set for the current base URL.'));
    return undefined;
  }
  const company = await pickCompany(
    { client, pageSize: deps.pageSize(), report: (e) => deps.report(e), list: deps.companies() },
    t('Open Invoice JSON: pick a company'),
  );
  if (!company) return undefined;
  const invoiceId = await vscode.window.showInputBox({
    title: t('Open Invoice JSON: {0}', company.name),
    prompt: t('The invoice id (Copy ID on an invoice in the tree gives it)'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : t('Enter an invoice id')),
  });
  return invoiceId?.trim() ? { ref: { companyId: company.id, invoiceId: invoiceId.trim() }, companyName: company.name } : undefined;
}

function targetOf(arg: unknown): OpenTarget | undefined {
  // A tree node holds the record: no request before the open.
  if (arg instanceof InvoiceNode) return { ref: { companyId: arg.company.id, invoiceId: arg.invoice.id }, companyName: arg.company.name, invoice: arg.invoice };
  if (arg instanceof vscode.Uri) {
    const ref = invoiceRefOf(arg);
    return ref && { ref };
  }
  return asInvoiceArgument(arg);
}

export function registerInvoiceCommands(deps: InvoiceCommandDeps): vscode.Disposable[] {
  const { fs, disposables } = InvoiceFileSystem.register(deps);
  return [
    ...disposables,
    deps.onDidChangeConnection((state) => {
      if (state.kind === 'ready') void fs.retryUnloaded();
    }),
    vscode.commands.registerCommand('dataPlatform.openInvoice', async (arg?: unknown) => {
      const target = arg === undefined ? await askInvoice(deps) : targetOf(arg);
      return target ? openInvoice(target, fs) : undefined;
    }),
    // From the editor title the argument is the document's URI; from the palette, the active editor.
    vscode.commands.registerCommand('dataPlatform.refreshInvoice', (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      const ref = target && invoiceRefOf(target);
      if (!ref) return false;
      fs.refresh(ref);
      return true;
    }),
  ];
}
