// Invoice actions: Open JSON (tree click, context menu, inline icon, palette) and Refresh of an
// open invoice document.
import * as vscode from 'vscode';
import type { ApiError, DataPlatformClient } from '../api';
import { asInvoiceRef, type InvoiceRef } from '../documents/invoiceUri';
import { InvoiceFileSystem, invoiceRefOf, invoiceUri } from '../documents/invoiceDocuments';
import { InvoiceNode } from '../tree/recordNodes';
import { pickCompany } from './companyPicker';

export interface InvoiceCommandDeps {
  client(): DataPlatformClient | undefined;
  pageSize(): number;
  report(error: ApiError): void;
}

/** The tab already showing `uri`, in any group. */
function openTab(uri: vscode.Uri): vscode.Tab | undefined {
  const key = uri.toString();
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key) return tab;
    }
  }
  return undefined;
}

/** Opens the invoice's document, or focuses the tab that already shows it. */
export async function openInvoice(ref: InvoiceRef, fs: InvoiceFileSystem): Promise<vscode.TextEditor> {
  const uri = invoiceUri(ref);
  const tab = openTab(uri);
  // VS Code keeps a closed document for a while; opening it again must still fetch fresh.
  if (!tab) {
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) fs.refresh(uri);
    else fs.forget(uri);
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
async function askInvoice(deps: InvoiceCommandDeps): Promise<InvoiceRef | undefined> {
  const client = deps.client();
  if (!client) {
    void vscode.window.showWarningMessage('Set an API key first: no key is set for the current base URL.');
    return undefined;
  }
  const company = await pickCompany({ client, pageSize: deps.pageSize(), report: deps.report }, 'Open Invoice JSON: pick a company');
  if (!company) return undefined;
  const invoiceId = await vscode.window.showInputBox({
    title: `Open Invoice JSON: ${company.name}`,
    prompt: 'The invoice id (Copy ID on an invoice in the tree gives it)',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Enter an invoice id'),
  });
  return invoiceId?.trim() ? { companyId: company.id, invoiceId: invoiceId.trim() } : undefined;
}

function refOf(arg: unknown): InvoiceRef | undefined {
  if (arg instanceof InvoiceNode) return { companyId: arg.company.id, invoiceId: arg.invoice.id };
  if (arg instanceof vscode.Uri) return invoiceRefOf(arg);
  return asInvoiceRef(arg);
}

export function registerInvoiceCommands(deps: InvoiceCommandDeps): vscode.Disposable[] {
  const { fs, disposables } = InvoiceFileSystem.register(deps);
  return [
    ...disposables,
    vscode.commands.registerCommand('dataPlatform.openInvoice', async (arg?: unknown) => {
      const ref = arg === undefined ? await askInvoice(deps) : refOf(arg);
      return ref ? openInvoice(ref, fs) : undefined;
    }),
    // From the editor title the argument is the document's URI; from the palette, the active editor.
    vscode.commands.registerCommand('dataPlatform.refreshInvoice', (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (target && invoiceRefOf(target)) {
        fs.refresh(target);
        return true;
      }
      return false;
    }),
  ];
}
