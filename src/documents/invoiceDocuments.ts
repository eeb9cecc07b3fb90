// Read-only invoice documents on the `dataplatform:` scheme, served by a read-only
// FileSystemProvider. Not a TextDocumentContentProvider: VS Code only makes those read-only in the
// editor UI, while a WorkspaceEdit (any extension, a refactoring, a find-and-replace) still
// changes them; a file system registered `isReadonly` is refused by every path, shows the editor's
// read-only banner, and `workspace.fs.isWritableFileSystem` says so. Refresh is a change event
// for the URI, after which VS Code stats and reads it again.
import * as vscode from 'vscode';
import { isApiError, type ApiError, type DataPlatformClient } from '../api';
import { errorText, indentFrom, noConnectionText, prettyJson } from './json';
import { DOCUMENT_SCHEME, invoicePath, parseInvoicePath, type InvoiceRef } from './invoiceUri';

export interface InvoiceDocumentDeps {
  client(): DataPlatformClient | undefined;
  report(error: ApiError): void;
}

export function invoiceUri(ref: InvoiceRef): vscode.Uri {
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, path: invoicePath(ref) });
}

/** The invoice an URI stands for, or undefined for any other URI. */
export function invoiceRefOf(uri: vscode.Uri): InvoiceRef | undefined {
  return uri.scheme === DOCUMENT_SCHEME ? parseInvoicePath(uri.path) : undefined;
}

/** The indent the user has for JSON, language overrides included. */
function jsonIndent() {
  const editor = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  return indentFrom(editor.get('tabSize'), editor.get('insertSpaces'));
}

interface Fetched {
  bytes: Uint8Array;
  mtime: number;
}

const READ_ONLY = new vscode.MarkdownString('Invoices are read from the Data Platform API and cannot be edited here. Use **Refresh** to fetch the current version.');

export class InvoiceFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  /** One fetch per open or refresh: `stat` and `readFile` of the same open share it. */
  private readonly fetched = new Map<string, Promise<Fetched>>();
  /** Strictly increasing, so every refetch looks changed to VS Code even within a millisecond. */
  private lastMtime = 0;

  static register(deps: InvoiceDocumentDeps): { fs: InvoiceFileSystem; disposables: vscode.Disposable[] } {
    const fs = new InvoiceFileSystem(deps);
    return {
      fs,
      disposables: [
        fs,
        vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, fs, { isCaseSensitive: true, isReadonly: READ_ONLY }),
        // A closed document needs no cached text: the next open fetches it fresh.
        vscode.workspace.onDidCloseTextDocument((d) => fs.forget(d.uri)),
      ],
    };
  }

  constructor(private readonly deps: InvoiceDocumentDeps) {}

  /** Fetches the invoice again and tells VS Code its document changed. */
  refresh(uri: vscode.Uri): void {
    if (!invoiceRefOf(uri)) return;
    this.forget(uri);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Drops the cached text, so the next stat or read fetches. */
  forget(uri: vscode.Uri): void {
    this.fetched.delete(uri.toString());
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { bytes, mtime } = await this.load(uri);
    return { type: vscode.FileType.File, ctime: mtime, mtime, size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.load(uri)).bytes;
  }

  private load(uri: vscode.Uri): Promise<Fetched> {
    const ref = invoiceRefOf(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    const key = uri.toString();
    let pending = this.fetched.get(key);
    if (!pending) {
      pending = this.text(ref).then((text) => ({ bytes: new TextEncoder().encode(text), mtime: (this.lastMtime = Math.max(Date.now(), this.lastMtime + 1)) }));
      this.fetched.set(key, pending);
    }
    return pending;
  }

  /** Never throws: a failure is reported once and the document explains it. */
  private async text(ref: InvoiceRef): Promise<string> {
    const client = this.deps.client();
    if (!client) return noConnectionText(ref);
    try {
      return prettyJson(await client.getInvoice(ref.companyId, ref.invoiceId), jsonIndent());
    } catch (e) {
      if (isApiError(e)) {
        this.deps.report(e);
        return errorText(ref, e);
      }
      // Not an API failure (a bug): still a document rather than a failed editor.
      return `// Could not load invoice ${ref.invoiceId}: ${e instanceof Error ? e.message : String(e)}\n`;
    }
  }

  watch(): vscode.Disposable {
    // Changes come only from refresh, which fires on its own.
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }
  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.changes.dispose();
    this.fetched.clear();
  }
}
