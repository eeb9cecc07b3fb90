// What every read-only document scheme of the extension shares (records, error bodies): no
// directories and no writes, a change event the owner fires on refresh, and modification times
// that strictly increase, so every rebuild looks changed to VS Code even within a millisecond.
import * as vscode from 'vscode';

export abstract class ReadOnlyFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  protected readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private lastMtime = 0;

  abstract stat(uri: vscode.Uri): vscode.FileStat | Thenable<vscode.FileStat>;
  abstract readFile(uri: vscode.Uri): Uint8Array | Thenable<Uint8Array>;

  /** A modification time later than every one given before. */
  protected nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }

  watch(): vscode.Disposable {
    // Changes come only from the owner's refresh, which fires them itself.
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
  }
}
