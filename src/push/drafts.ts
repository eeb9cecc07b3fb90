// Drafts of records to push: editable JSON documents held in memory on their own scheme,
//   dataplatform-draft:/<company label>/New invoice[ n].json?draft=<session>.<n>
// so that Save keeps the text (no file dialog), the Push action shows on them alone (`when:
// resourceScheme`), and closing one loses nothing the user meant to keep on disk. A record opened to
// change (Edit Record…) is a draft on a scheme of its own, so Push Update shows on it alone:
//   dataplatform-edit:/<company label>/<record label>.json?draft=<session>.<n> The path is for
// people (the tab's title and breadcrumbs), the query makes each draft its own document. Each
// draft names its JSON schema, built from the connection's push options, in a `$schema` line:
//   dataplatform-json:/<label>.json?id=<session>.<n>
// served here too, read-only, like a push operation opened as JSON. A company's sync settings open
// the same way for editing, on a scheme of their own (Save Sync Settings shows on them alone):
//   dataplatform-settings:/<company label>/Sync settings.json?draft=<session>.<n>
// and a connection's authorization, to replace (Push Authorization shows on it alone):
//   dataplatform-authorization:/<company label>/<platform> authorization.json?draft=<session>.<n>
// This file holds both: one in-memory store of editable documents, made for push drafts and
// shared by Edit Sync Settings. VS Code's JSON language support asks for the schema like any
// document, and gives completion and validation from it. The `$schema` line is dropped before the
// record is sent.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { PushPlace } from '../api';
import type { DataTypeId } from '../dataTypes/catalog';
import { prettyJson, type Indent } from '../documents/json';
import { sanitizeLabel } from '../documents/recordUri';

const DRAFT_SCHEME = 'dataplatform-draft';
const EDIT_SCHEME = 'dataplatform-edit';
const JSON_SCHEME = 'dataplatform-json';
const SETTINGS_SCHEME = 'dataplatform-settings';
const AUTHORIZATION_SCHEME = 'dataplatform-authorization';

/** Where a draft is pushed to. */
export interface DraftTarget {
  accountId: string;
  companyId: string;
  companyName: string;
  connectionId: string;
  /** The connection's platform, for messages. */
  platformName: string;
  dataType: DataTypeId;
  /** The parent record of a type listed under one (a bank account's id for bank transactions). */
  parentId?: string;
  /** The record an edit draft updates (Push Update); absent on a new record's draft. */
  recordId?: string;
  /** What people know that record by (`INV-0042`), for questions and messages. */
  recordLabel?: string;
}

/** Where the draft's write goes, as the client's push calls take it. */
export function pushPlaceOf(d: DraftTarget): PushPlace {
  return { companyId: d.companyId, connectionId: d.connectionId, ...(d.parentId ? { parentId: d.parentId } : {}) };
}

/** Whose sync settings a settings document holds. */
interface SettingsTarget {
  accountId: string;
  companyId: string;
  companyName: string;
}

/** Whose connection's authorization a document holds. */
interface AuthorizationTarget extends SettingsTarget {
  connectionId: string;
  platformName: string;
}

interface Draft {
  target?: DraftTarget;
  settings?: SettingsTarget;
  authorization?: AuthorizationTarget;
  /** The schema the document names, as built (Push checks the draft against it first). */
  schema?: object;
  bytes: Uint8Array;
  mtime: number;
  ctime: number;
}

export class DraftFileSystem implements vscode.FileSystemProvider, vscode.TextDocumentContentProvider {
  private readonly session = randomBytes(6).toString('hex');
  private readonly drafts = new Map<string, Draft>();
  private readonly schemas = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private count = 0;

  static register(): { drafts: DraftFileSystem; disposables: vscode.Disposable[] } {
    const drafts = new DraftFileSystem();
    return {
      drafts,
      disposables: [
        vscode.workspace.registerFileSystemProvider(DRAFT_SCHEME, drafts, { isCaseSensitive: true }),
        vscode.workspace.registerFileSystemProvider(EDIT_SCHEME, drafts, { isCaseSensitive: true }),
        vscode.workspace.registerFileSystemProvider(SETTINGS_SCHEME, drafts, { isCaseSensitive: true }),
        vscode.workspace.registerFileSystemProvider(AUTHORIZATION_SCHEME, drafts, { isCaseSensitive: true }),
        vscode.workspace.registerTextDocumentContentProvider(JSON_SCHEME, drafts),
        drafts.changes,
      ],
    };
  }

  /** A new draft holding `record` under a `$schema` line naming `schema`. */
  create(
    target: DraftTarget,
    title: string,
    record: Record<string, unknown>,
    schema: object,
    indent: Indent,
  ): vscode.Uri {
    const name = sanitizeLabel(title) || target.dataType;
    // Numbered from the second draft of the type, so two tabs never read alike.
    const taken = [...this.drafts.values()].filter((d) => d.target?.dataType === target.dataType).length;
    const file = taken ? `${name} ${taken + 1}` : name;
    return this.store(
      DRAFT_SCHEME,
      file,
      { target, schema },
      target,
      { record, schema, schemaLabel: `${target.dataType} schema` },
      indent,
    );
  }

  /** A record to update (`target.recordId`), as read, under a `$schema` line naming `schema`. */
  createEdit(
    target: DraftTarget & { recordId: string },
    title: string,
    record: Record<string, unknown>,
    schema: object,
    indent: Indent,
  ): vscode.Uri {
    const file = sanitizeLabel(title) || target.recordId;
    const content = { record, schema, schemaLabel: `${target.dataType} schema` };
    return this.store(EDIT_SCHEME, file, { target, schema }, target, content, indent);
  }

  /** A company's sync settings to edit, under a `$schema` line naming `schema`. */
  createSettings(target: SettingsTarget, title: string, value: object, schema: object, indent: Indent): vscode.Uri {
    const file = sanitizeLabel(title) || 'settings';
    const content = { record: value, schema, schemaLabel: 'sync settings schema' };
    return this.store(SETTINGS_SCHEME, file, { settings: target }, target, content, indent);
  }

  /** A connection's authorization to write, under a `$schema` line naming `schema`. */
  createAuthorization(
    target: AuthorizationTarget,
    title: string,
    value: object,
    schema: object,
    indent: Indent,
  ): vscode.Uri {
    const file = sanitizeLabel(title) || 'authorization';
    const content = { record: value, schema, schemaLabel: 'authorization schema' };
    return this.store(AUTHORIZATION_SCHEME, file, { authorization: target }, target, content, indent);
  }

  /** Whose connection the authorization document at `uri` is for; undefined for any other URI. */
  authorizationOf(uri: vscode.Uri): AuthorizationTarget | undefined {
    return this.drafts.get(uri.toString())?.authorization;
  }

  /** A read-only JSON document of `value` (a schema, a push operation), titled `label`. */
  showJson(label: string, value: unknown): vscode.Uri {
    const n = ++this.count;
    const name = sanitizeLabel(label) || 'document';
    const uri = vscode.Uri.from({ scheme: JSON_SCHEME, path: `/${name}.json`, query: `id=${this.session}.${n}` });
    this.schemas.set(uri.toString(), JSON.stringify(value, null, 2));
    return uri;
  }

  /** `value` opened as read-only JSON in a preview tab (a push or a sync of the histories). */
  async openJson(label: string, value: unknown): Promise<vscode.TextEditor> {
    const doc = await vscode.workspace.openTextDocument(this.showJson(label, value));
    return vscode.window.showTextDocument(doc, { preview: true });
  }

  /** Where the draft at `uri` goes; undefined for a URI that is not one of this window's drafts. */
  targetOf(uri: vscode.Uri): DraftTarget | undefined {
    return this.drafts.get(uri.toString())?.target;
  }

  /** The schema the draft at `uri` was made with; undefined for any other URI. */
  schemaOf(uri: vscode.Uri): object | undefined {
    return this.drafts.get(uri.toString())?.schema;
  }

  /** Whose settings the document at `uri` holds; undefined for any other URI. */
  settingsOf(uri: vscode.Uri): SettingsTarget | undefined {
    return this.drafts.get(uri.toString())?.settings;
  }

  /** The document's text as the editor has it now (edits not saved included), else as stored. */
  textOf(uri: vscode.Uri): string {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return open ? open.getText() : new TextDecoder().decode(this.readFile(uri));
  }

  /** A document under the company's label, holding `record` after a `$schema` line naming its schema. */
  private store(
    scheme: string,
    file: string,
    meta: Pick<Draft, 'target' | 'settings' | 'authorization' | 'schema'>,
    company: { companyName: string; companyId: string },
    content: { record: object; schema: object; schemaLabel: string },
    indent: Indent,
  ): vscode.Uri {
    const n = ++this.count;
    const schemaUri = this.showJson(content.schemaLabel, content.schema);
    const label = sanitizeLabel(company.companyName) || company.companyId;
    const uri = vscode.Uri.from({ scheme, path: `/${label}/${file}.json`, query: `draft=${this.session}.${n}` });
    const text = prettyJson({ $schema: schemaUri.toString(), ...content.record }, indent);
    const now = Date.now();
    this.drafts.set(uri.toString(), { ...meta, bytes: new TextEncoder().encode(text), mtime: now, ctime: now });
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.schemas.get(uri.toString()) ?? '{}';
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const d = this.draft(uri);
    return { type: vscode.FileType.File, ctime: d.ctime, mtime: d.mtime, size: d.bytes.byteLength };
  }
  readFile(uri: vscode.Uri): Uint8Array {
    return this.draft(uri).bytes;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const d = this.draft(uri);
    d.bytes = content;
    d.mtime = Math.max(Date.now(), d.mtime + 1);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }
  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  delete(uri: vscode.Uri): void {
    this.drafts.delete(uri.toString());
  }
  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  private draft(uri: vscode.Uri): Draft {
    const d = this.drafts.get(uri.toString());
    if (!d) throw vscode.FileSystemError.FileNotFound(uri);
    return d;
  }
}
