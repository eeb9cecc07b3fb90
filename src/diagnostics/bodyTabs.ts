// "Open Whole Body": an API error's body in a read-only editor tab, for what the diagnostics panel
// leaves out (rows past the first hundred, long texts). A read-only FileSystemProvider on its own
// scheme, as for invoices (documents/recordDocuments.ts says why not a content provider):
//   dataplatform-body:/<session>/<entry id>/<status method path>.json
// Entry ids start again at d1 with every activation, so the session in the path keeps a tab that
// VS Code restores after a reload from showing another error's body.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { bodyDocument, earlierBodyDocument, goneBodyDocument, type BodyDocument } from './bodyDocument';
import type { DiagnosticEntry, DiagnosticsStore } from './store';
import { jsonIndent } from '../documents/recordDocuments';
import { ReadOnlyFileSystem } from '../documents/readOnlyFileSystem';
import { sanitizeLabel } from '../documents/recordUri';
import { t } from '../l10n';

export const BODY_SCHEME = 'dataplatform-body';
export const OPEN_BODY_COMMAND = 'dataPlatform.openErrorBody';
/** Texts kept for open tabs: a tab VS Code no longer syncs (a huge one) never reports its close. */
const CACHED_DOCUMENTS = 3;

interface Built {
  bytes: Uint8Array;
  /** Strictly increasing, so a rebuilt document always looks changed to VS Code. */
  mtime: number;
}

const extensionOf = (doc: BodyDocument) => (!doc.json ? 'txt' : doc.notes ? 'jsonc' : 'json');

class BodyFileSystem extends ReadOnlyFileSystem {
  private readonly session = randomBytes(6).toString('hex');
  /** Documents by URI, oldest first: stat and readFile of one open share one build. */
  private readonly cache = new Map<string, Built>();

  constructor(private readonly store: DiagnosticsStore) {
    super();
  }

  /** The entry's document: built now, and the URI it is served under. */
  prepare(entry: DiagnosticEntry): vscode.Uri {
    const doc = this.build(entry);
    const e = entry.error;
    // `400 POST companies`: the path's segments as words (a slash cannot be in a file name).
    const label =
      sanitizeLabel(`${e.status ?? e.kind} ${e.method} ${e.path.split('?')[0].split('/').join(' ')}`) || entry.id;
    const uri = vscode.Uri.from({
      scheme: BODY_SCHEME,
      path: `/${this.session}/${entry.id}/${label}.${extensionOf(doc)}`,
    });
    this.remember(uri.toString(), doc);
    // VS Code may still hold an earlier document under this URI (a tab closed a moment ago).
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return uri;
  }

  closed(uri: vscode.Uri): void {
    this.cache.delete(uri.toString());
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const { bytes, mtime } = this.built(uri);
    return {
      type: vscode.FileType.File,
      ctime: mtime,
      mtime,
      size: bytes.byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.built(uri).bytes;
  }

  private built(uri: vscode.Uri): Built {
    const key = uri.toString();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const [, session, id] = uri.path.split('/');
    const entry = session === this.session ? this.store.entries().find((e) => e.id === id) : undefined;
    return this.remember(
      key,
      session !== this.session ? earlierBodyDocument() : entry ? this.build(entry) : goneBodyDocument(),
    );
  }

  private build(entry: DiagnosticEntry): BodyDocument {
    return bodyDocument(entry, this.store.wholeBody(entry), jsonIndent());
  }

  private remember(key: string, doc: BodyDocument): Built {
    const built = { bytes: new TextEncoder().encode(doc.text), mtime: this.nextMtime() };
    this.cache.delete(key);
    this.cache.set(key, built);
    for (const old of this.cache.keys()) {
      if (this.cache.size <= CACHED_DOCUMENTS) break;
      this.cache.delete(old);
    }
    return built;
  }

  dispose(): void {
    super.dispose();
    this.cache.clear();
  }
}

/** The entry a command argument names: an entry id (exactly: never a correlationId, which a server
 * chooses), an error already added, a tree node carrying one; none: the newest entry with a body. */
function entryFor(store: DiagnosticsStore, target: unknown): DiagnosticEntry | undefined {
  if (typeof target === 'string') return store.entries().find((e) => e.id === target);
  if (typeof target === 'object' && target !== null) {
    const found = store.find(target);
    if (found) return found;
    return 'error' in target ? entryFor(store, target.error) : undefined;
  }
  return store.entries().find((e) => e.error.body !== undefined || e.error.rawBody !== undefined);
}

/** Opens the document, in a preview tab unless the user turned previews off. */
async function showBody(uri: vscode.Uri): Promise<void> {
  const preview = vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview') !== false;
  try {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview });
  } catch {
    // Extensions are not given documents over 50 MB; the editor itself still opens them.
    await vscode.commands.executeCommand('vscode.open', uri, { preview });
  }
}

/** The body documents of a store's entries. */
export interface BodyDocuments {
  disposables: vscode.Disposable[];
  /** Opens the body of the entry `target` names (see entryFor) and returns its URI: the work of
   * OPEN_BODY_COMMAND, registered with the other commands (commands/diagnostics.ts). */
  open(target?: unknown): Promise<vscode.Uri | undefined>;
}

/** The read-only file system, and what opens a body in it. */
export function registerBodyDocuments(store: DiagnosticsStore): BodyDocuments {
  const fs = new BodyFileSystem(store);
  const disposables = [
    fs,
    vscode.workspace.registerFileSystemProvider(BODY_SCHEME, fs, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString(
        t('This is the body of an API error as the extension received it, and cannot be edited.'),
      ),
    }),
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme === BODY_SCHEME) fs.closed(d.uri);
    }),
  ];
  const open = async (target?: unknown): Promise<vscode.Uri | undefined> => {
    const entry = entryFor(store, target);
    if (!entry) {
      void vscode.window.showInformationMessage(
        typeof target === 'string' && target.startsWith('r')
          ? t('The body of an error from before the window reloaded was not kept.')
          : t('No API error with a body to open.'),
      );
      return undefined;
    }
    // A body of megabytes takes seconds to lay out and load into the editor: say it is coming.
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: t('Opening the error body') },
      async () => {
        const uri = fs.prepare(entry);
        await showBody(uri);
        return uri;
      },
    );
  };
  return { disposables, open };
}
