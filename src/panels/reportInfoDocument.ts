// A company's info as a read-only JSON document (`dataplatform-info:` scheme): what Company info
// in the Reports folder opens. The text is held here once read; the file system is read-only, so
// no edit (a WorkspaceEdit, find-and-replace) can change it.
import * as vscode from 'vscode';
import type { CompanyInfo } from '../api';
import { prettyJson } from '../documents/json';
import { jsonIndent } from '../documents/recordDocuments';
import { safeFileName } from '../files/fileNames';
import { ReadOnlyFileSystem } from '../documents/readOnlyFileSystem';

const INFO_SCHEME = 'dataplatform-info';

export class CompanyInfoDocuments extends ReadOnlyFileSystem {
  private readonly texts = new Map<string, { bytes: Uint8Array; mtime: number }>();

  static register(): { documents: CompanyInfoDocuments; disposables: vscode.Disposable[] } {
    const documents = new CompanyInfoDocuments();
    const registration = vscode.workspace.registerFileSystemProvider(INFO_SCHEME, documents, {
      isCaseSensitive: true,
      isReadonly: true,
    });
    return { documents, disposables: [documents, registration] };
  }

  /** The document of a company's info, its text set (an open one changes in place). */
  show(accountId: string, companyId: string, companyName: string, info: CompanyInfo): vscode.Uri {
    const name = `${safeFileName(companyName, 'company')} info.json`;
    const uri = vscode.Uri.from({ scheme: INFO_SCHEME, path: `/${accountId}/${companyId}/${name}` });
    const known = this.texts.has(uri.toString());
    this.texts.set(uri.toString(), {
      bytes: new TextEncoder().encode(prettyJson(info, jsonIndent())),
      mtime: this.nextMtime(),
    });
    if (known) this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return uri;
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const text = this.texts.get(uri.toString());
    if (!text) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: text.mtime, mtime: text.mtime, size: text.bytes.length };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const text = this.texts.get(uri.toString());
    if (!text) throw vscode.FileSystemError.FileNotFound(uri);
    return text.bytes;
  }
}
