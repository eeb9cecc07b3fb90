// A company's info as a read-only JSON document (`dataplatform-info:` scheme): what Company info
// in the Reports folder opens. The text is held here once read (a tab restored after a reload reads
// it again); the file system is read-only, so no edit (a WorkspaceEdit, find-and-replace) can
// change it.
import * as vscode from 'vscode';
import type { CompanyInfo, DataPlatformClient } from '../api';
import { prettyJson } from '../documents/json';
import { jsonIndent } from '../documents/recordDocuments';
import { safeFileName } from '../files/fileNames';
import { ReadOnlyFileSystem } from '../documents/readOnlyFileSystem';

const INFO_SCHEME = 'dataplatform-info';

export class CompanyInfoDocuments extends ReadOnlyFileSystem {
  private readonly texts = new Map<string, { bytes: Uint8Array; mtime: number }>();

  private constructor(private readonly client: (accountId: string) => DataPlatformClient | undefined) {
    super();
  }

  static register(client: (accountId: string) => DataPlatformClient | undefined): {
    documents: CompanyInfoDocuments;
    disposables: vscode.Disposable[];
  } {
    const documents = new CompanyInfoDocuments(client);
    const registration = vscode.workspace.registerFileSystemProvider(INFO_SCHEME, documents, {
      isCaseSensitive: true,
      isReadonly: true,
    });
    return { documents, disposables: [documents, registration] };
  }

  /** The document of a company's info, its text set (an open one changes in place). */
  show(accountId: string, companyId: string, companyName: string, info: CompanyInfo, at?: vscode.Uri): vscode.Uri {
    const name = `${safeFileName(companyName, 'company')} info.json`;
    const uri = at ?? vscode.Uri.from({ scheme: INFO_SCHEME, path: `/${accountId}/${companyId}/${name}` });
    const known = this.texts.has(uri.toString());
    this.texts.set(uri.toString(), {
      bytes: new TextEncoder().encode(prettyJson(info, jsonIndent())),
      mtime: this.nextMtime(),
    });
    if (known) this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return uri;
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const text = await this.textOf(uri);
    return { type: vscode.FileType.File, ctime: text.mtime, mtime: text.mtime, size: text.bytes.length };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.textOf(uri)).bytes;
  }

  /** The text held, or read again (a tab restored after a reload): `/<accountId>/<companyId>/…`. */
  private async textOf(uri: vscode.Uri): Promise<{ bytes: Uint8Array; mtime: number }> {
    const held = this.texts.get(uri.toString());
    if (held) return held;
    const [, accountId, companyId] = uri.path.split('/');
    const client = accountId && companyId ? this.client(accountId) : undefined;
    if (!client) throw vscode.FileSystemError.FileNotFound(uri);
    const info = await client.reports.companyInfo(companyId);
    this.show(accountId, companyId, '', info, uri);
    return this.texts.get(uri.toString()) as { bytes: Uint8Array; mtime: number };
  }
}
