// Read-only record documents (an invoice, a bill, an account …) on the `dataplatform:` scheme, served by a read-only
// FileSystemProvider. Not a TextDocumentContentProvider: VS Code only makes those read-only in the
// editor UI, while a WorkspaceEdit (any extension, a refactoring, a find-and-replace) still
// changes them; a file system registered `isReadonly` is refused by every path, shows the editor's
// read-only banner, and `workspace.fs.isWritableFileSystem` says so. Refresh is a change event
// for the URI, after which VS Code stats and reads it again. Fetches are cached by record, not by
// URI: one record may be open under URIs with different labels (see recordUri.ts).
import * as vscode from 'vscode';
import { isApiError, type ApiError, type DataPlatformClient, type DataRecord } from '../api';
import { t } from '../l10n';
import { ReadOnlyFileSystem } from './readOnlyFileSystem';
import { errorText, failureText, indentFrom, noConnectionText, prettyJson, type Indent } from './json';
import {
  DOCUMENT_SCHEME,
  parseRecordUri,
  recordKey,
  recordUriParts,
  sameRecord,
  type RecordLabels,
  type RecordRef,
} from './recordUri';

interface RecordDocumentDeps {
  /** The client of the record's account (the first account for a URI written before accounts). */
  client(ref: RecordRef): DataPlatformClient | undefined;
  report(error: ApiError, ref: RecordRef): void;
}

export function recordUri(ref: RecordRef, labels?: RecordLabels): vscode.Uri {
  return vscode.Uri.from({ scheme: DOCUMENT_SCHEME, ...recordUriParts(ref, labels) });
}

/** The record an URI stands for, or undefined for any other URI. */
export function recordRefOf(uri: vscode.Uri): RecordRef | undefined {
  return uri.scheme === DOCUMENT_SCHEME ? parseRecordUri(uri) : undefined;
}

/** The URIs under which the record is open now: in a tab, or as a document VS Code still holds. */
function openUris(ref: RecordRef): vscode.Uri[] {
  const uris = new Map<string, vscode.Uri>();
  const add = (uri: vscode.Uri) => {
    const other = recordRefOf(uri);
    if (other && sameRecord(other, ref)) uris.set(uri.toString(), uri);
  };
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText) add(tab.input.uri);
  }
  for (const doc of vscode.workspace.textDocuments) add(doc.uri);
  return [...uris.values()];
}

/** The indent the user has for JSON, language overrides included. */
export function jsonIndent(): Indent {
  const editor = vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  return indentFrom(editor.get('tabSize'), editor.get('insertSpaces'));
}

interface Fetched {
  bytes: Uint8Array;
  mtime: number;
  /** The record, when the fetch succeeded. */
  record?: DataRecord;
  /** The API's refusal, when it failed. */
  error?: ApiError;
  /** The URIs that stat or read this fetch: closing the last of them drops it. */
  readers: Set<string>;
}

const readOnlyMessage = () =>
  new vscode.MarkdownString(
    t(
      'Records are read from the Data Platform API and cannot be edited here. Use **Refresh** to fetch the current version.',
    ),
  );

export class RecordFileSystem extends ReadOnlyFileSystem {
  /** One fetch per open or refresh, by recordKey: `stat` and `readFile` of the same open share
   * it, and so does the command that fetched first to learn the record's label. */
  private readonly fetched = new Map<string, Promise<Fetched>>();

  static register(deps: RecordDocumentDeps): { fs: RecordFileSystem; disposables: vscode.Disposable[] } {
    const fs = new RecordFileSystem(deps);
    return {
      fs,
      disposables: [
        fs,
        vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, fs, {
          isCaseSensitive: true,
          isReadonly: readOnlyMessage(),
        }),
        // A closed document needs no cached text: the next open fetches it fresh.
        vscode.workspace.onDidCloseTextDocument((d) => fs.closed(d.uri)),
      ],
    };
  }

  constructor(private readonly deps: RecordDocumentDeps) {
    super();
  }

  /** Fetches the record again and tells VS Code that each URI it is open under changed. */
  refresh(ref: RecordRef): void {
    this.forget(ref);
    const uris = openUris(ref);
    if (uris.length) this.changes.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }

  /** Fetches again every open record whose last fetch got no record (no key yet, or a failure).
   * Called when a connection becomes ready: a tab that VS Code restored before a key was known
   * (a new window, or a host whose secret storage does not persist) fills in by itself. */
  async retryUnloaded(): Promise<void> {
    for (const [key, pending] of [...this.fetched]) {
      const f = await pending;
      if (f.record || this.fetched.get(key) !== pending) continue;
      const ref = [...f.readers].map((u) => recordRefOf(vscode.Uri.parse(u))).find((r) => r !== undefined);
      if (ref) this.refresh(ref);
      else this.fetched.delete(key);
    }
  }

  /** Makes VS Code read `uri` again, from the cache when a fetch is already there. */
  reread(uri: vscode.Uri): void {
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Drops the cached fetch, so the next stat or read fetches. */
  forget(ref: RecordRef): void {
    this.fetched.delete(recordKey(ref));
  }

  /** The record through the cache (fetching it if needed), or undefined when it could not be had;
   * a failure is reported by the fetch, once, and the document explains it. */
  async record(ref: RecordRef): Promise<DataRecord | undefined> {
    return (await this.load(ref)).record;
  }

  /** As `record`, with the API's refusal when there is one (Open Record by ID tells a 404). */
  async lookup(ref: RecordRef): Promise<{ record?: DataRecord; error?: ApiError }> {
    const { record, error } = await this.load(ref);
    return { record, error };
  }

  /** A document was closed: drop the fetch once no document that read it is left. A fetch that no
   * document has read yet (one made for an open in progress) is kept. */
  private closed(uri: vscode.Uri): void {
    const ref = recordRefOf(uri);
    if (!ref) return;
    const key = recordKey(ref);
    const pending = this.fetched.get(key);
    void pending?.then((f) => {
      if (!f.readers.delete(uri.toString()) || f.readers.size) return;
      // Only if it is still the cached one: a refresh may have replaced it meanwhile.
      if (this.fetched.get(key) === pending) this.fetched.delete(key);
    });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { bytes, mtime } = await this.read(uri);
    return {
      type: vscode.FileType.File,
      ctime: mtime,
      mtime,
      size: bytes.byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.read(uri)).bytes;
  }

  private async read(uri: vscode.Uri): Promise<Fetched> {
    const ref = recordRefOf(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    const fetched = await this.load(ref);
    fetched.readers.add(uri.toString());
    return fetched;
  }

  private load(ref: RecordRef): Promise<Fetched> {
    const key = recordKey(ref);
    let pending = this.fetched.get(key);
    if (!pending) {
      pending = this.fetch(ref).then(({ text, record, error }) => ({
        bytes: new TextEncoder().encode(text),
        mtime: this.nextMtime(),
        record,
        error,
        readers: new Set<string>(),
      }));
      this.fetched.set(key, pending);
    }
    return pending;
  }

  /** Never throws: a failure is reported once and the document explains it. */
  private async fetch(ref: RecordRef): Promise<{ text: string; record?: DataRecord; error?: ApiError }> {
    const client = this.deps.client(ref);
    if (!client) return { text: noConnectionText(ref) };
    try {
      // The ref is the record's place: its company, connection and parent record.
      const record = await client.getRecord(ref.dataType, ref, ref.recordId);
      return { text: prettyJson(record, jsonIndent()), record };
    } catch (e) {
      if (isApiError(e)) {
        this.deps.report(e, ref);
        return { text: errorText(ref, e), error: e };
      }
      // Not an API failure (a bug): still a document rather than a failed editor.
      return { text: failureText(ref, e instanceof Error ? e.message : String(e)) };
    }
  }

  dispose(): void {
    super.dispose();
    this.fetched.clear();
  }
}
