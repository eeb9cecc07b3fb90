// Record actions: Open JSON (tree click, context menu, inline icon, palette) of a record of any
// data type, Open Record by ID (a data type's context menu: one GET, no paging to the record),
// Refresh of an open record document, and Copy ID of several records or companies.
import * as vscode from 'vscode';
import type { ApiError, DataPlatformClient, DataRecord } from '../api';
import { dataType, type DataTypeSpec } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { asRecordArgument, recordRefAt, sameRecord, type RecordRef } from '../documents/recordUri';
import { RecordFileSystem, recordRefOf, recordUri } from '../documents/recordDocuments';
import { recordLabel } from '../format/recordLabels';
import { formatValue } from '../query/format';
import { RecordListNode, RecordNode } from '../tree/dataNodes';
import { CompanyNode } from '../tree/companyNodes';
import { formatCount } from '../util/amount';
import { noKeyMessage } from '../format/accountLabels';
import { t } from '../l10n';
import { accountOfNode, type ResolveAccount } from './accountTarget';
import { pickCompany } from './companyPicker';
import { pickDataType } from './dataTypePicker';
import { withProgress } from './progress';
import { registerCommand } from './register';
import { selectedNodes } from './severalNodes';
import { prompt } from './prompt';

interface RecordCommandDeps {
  /** The client of a record's account (the first account for a reference that names none). */
  client(ref: RecordRef): DataPlatformClient | undefined;
  /** Reports a failure tagged with the record's account. */
  report(error: ApiError, ref: RecordRef): void;
  /** The first account's id: the account of a reference that names none. */
  defaultAccountId(): string | undefined;
  /** The account of a record opened from the palette. */
  account: ResolveAccount;
  pageSize(): number;
  /** Fires when a key or base URL change gives (or takes) a connection. */
  onDidChangeConnection: vscode.Event<{ state: { kind: string } }>;
}

/** A record to open, with what the caller knows of it for the tab title. */
interface OpenTarget {
  ref: RecordRef;
  companyName?: string;
  /** What the caller knows of the record (a tree node's row), for the tab's title; otherwise the
   * record is fetched first, for its label. */
  record?: DataRecord;
  /** `record` is the one the document system holds for `ref` (Open Record by ID fetched it
   * there): the document reads it without fetching again. */
  fetched?: true;
}

/** The tab already showing the record, in any group and under any labels. */
function openTab(ref: RecordRef): vscode.Tab | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (!(tab.input instanceof vscode.TabInputText)) continue;
      const shown = recordRefOf(tab.input.uri);
      if (shown && sameRecord(shown, ref)) return tab;
    }
  }
  return undefined;
}

/** Opens the record's document, or focuses the tab that already shows it. */
async function openRecord(target: OpenTarget, fs: RecordFileSystem): Promise<vscode.TextEditor> {
  const { ref } = target;
  const tab = openTab(ref);
  let uri: vscode.Uri;
  if (tab && tab.input instanceof vscode.TabInputText) {
    uri = tab.input.uri;
  } else {
    // Every open fetches fresh; the fetch made here for the label is the one the document reads.
    if (!target.fetched) fs.forget(ref);
    const title = t('{0}: fetching {1}', typeTitle(ref.dataType), ref.recordId);
    const record =
      target.record ?? (await withProgress({ location: vscode.ProgressLocation.Window, title }, () => fs.record(ref)));
    const label = record ? recordLabel(dataType(ref.dataType), record) : undefined;
    uri = recordUri(ref, { companyName: target.companyName, recordLabel: label });
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

/** From the palette: a company from the picker, its data type, then the record's id. */
async function askRecord(deps: RecordCommandDeps): Promise<OpenTarget | undefined> {
  const target = await deps.account(undefined, t('Open JSON: account'));
  if (!target) return undefined;
  const client = target.connection.client;
  if (!client) {
    void vscode.window.showWarningMessage(noKeyMessage(target.connection.account.name));
    return undefined;
  }
  const company = await pickCompany(
    { client, pageSize: deps.pageSize(), report: (e) => target.report(e), list: target.root.ensureList() },
    t('Open JSON: pick a company'),
  );
  if (!company) return undefined;
  const type = await pickDataType(t('Open JSON: {0}: data type', company.name));
  if (!type) return undefined;
  const recordId = await prompt().input({
    title: t('Open JSON: {0}: {1}', company.name, typeTitle(type)),
    prompt: t('The record id (Copy ID on a record in the tree gives it)'),
    validateInput: (v) => (v.trim() ? undefined : t('Enter a record id')),
  });
  const ref = {
    companyId: company.id,
    dataType: type,
    recordId: recordId?.trim() ?? '',
    accountId: target.connection.account.id,
  };
  return ref.recordId ? { ref, companyName: company.name } : undefined;
}

/**
 * Copy ID on several selected records or companies: their ids, one per line, in the order
 * selected; resolves with the text copied. Undefined (nothing done) unless two or more of the
 * nodes selected have an id: one is Copy ID's own case.
 */
export function copyIds(node: unknown, selection: unknown): Promise<string> | undefined {
  const ids = selectedNodes(node, selection).flatMap((n) => {
    if (n instanceof RecordNode) return [n.record.id];
    return n instanceof CompanyNode ? [n.company.id] : [];
  });
  if (ids.length < 2) return undefined;
  const text = ids.join('\n');
  return Promise.resolve(vscode.env.clipboard.writeText(text)).then(() => {
    vscode.window.setStatusBarMessage(t('Copied {0} IDs', formatCount(ids.length)), 3000);
    return text;
  });
}

function targetOf(arg: unknown, deps: RecordCommandDeps): OpenTarget | undefined {
  // A tree node's row has the label: no request before the open.
  if (arg instanceof RecordNode) {
    const accountId = accountOfNode(arg)?.root.accountId;
    if (accountId === undefined) return undefined;
    return {
      ref: recordRefAt(arg.place, arg.spec.id, arg.record.id, accountId),
      companyName: arg.company.name,
      record: arg.record,
    };
  }
  if (arg instanceof vscode.Uri) {
    const ref = recordRefOf(arg);
    return ref && { ref };
  }
  return asRecordArgument(arg, deps.defaultAccountId());
}

export type OpenByIdResult =
  | { outcome: 'opened'; editor: vscode.TextEditor }
  | { outcome: 'cancelled' }
  | { outcome: 'notFound' | 'failed' | 'unavailable'; message: string };

/** The id typed for a record of the list's type; undefined when dismissed. */
async function askRecordId(list: RecordListNode): Promise<string | undefined> {
  const field = shownField(list.spec);
  const id = await prompt().input({
    title: t('Open Record by ID: {0}: {1}', list.company.name, typeTitle(list.spec.id)),
    prompt: field
      ? t('The record id (Copy ID on a record in the tree gives it), or its {0} as the tree shows it', field)
      : t('The record id (Copy ID on a record in the tree gives it)'),
    validateInput: (v) => (v.trim() ? undefined : t('Enter a record id')),
  });
  return id?.trim();
}

/** The one field the tree shows a record of the type by, when it is not the id: an invoice's
 * `invoiceNumber`, a customer's `customerName`. */
function shownField(spec: DataTypeSpec): string | undefined {
  const [first] = spec.label;
  return first?.length === 1 && first[0] !== 'id' ? first[0] : undefined;
}

/** The id of the one record whose shown field is `text`, through the list's query; undefined when
 * none or several match, or the query cannot be had (the id is then tried as typed). */
async function idOfShown(list: RecordListNode, text: string): Promise<string | undefined> {
  const field = shownField(list.spec);
  const client = accountOfNode(list)?.connection.client;
  if (!field || !client) return undefined;
  try {
    const query = `${field}=${formatValue(text)}`;
    const page = await client.listRecords(list.spec.id, list.place, { query, pageSize: 2 });
    return page.results.length === 1 ? page.results[0].id : undefined;
  } catch {
    return undefined;
  }
}

/** Says why the record could not be had; its error is in the diagnostics already (the fetch
 * reported it). */
function notOpened(ref: RecordRef, companyName: string, error: ApiError | undefined): OpenByIdResult {
  const type = typeTitle(ref.dataType);
  const field = shownField(dataType(ref.dataType));
  const message =
    error === undefined
      ? t('{0}: {1} could not be fetched: the account has no API key.', type, ref.recordId)
      : error.status === 404
        ? field
          ? t('{0}: no record with the id or {1} {2} in company {3}.', type, field, ref.recordId, companyName)
          : t('{0}: no record with id {1} in company {2}.', type, ref.recordId, companyName)
        : t('{0}: could not open {1}: {2}', type, ref.recordId, error.message);
  const details = t('Show Details');
  void vscode.window.showErrorMessage(message, ...(error ? [details] : [])).then((c) => {
    if (c === details) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
  });
  return { outcome: error?.status === 404 ? 'notFound' : error ? 'failed' : 'unavailable', message };
}

/** Open Record by ID on a data type's node, the id asked for. One GET of the record, through the
 * document system, so the tab reads that answer; nothing opens when it fails. */
async function openById(fs: RecordFileSystem, node: unknown): Promise<OpenByIdResult> {
  const accountId = accountOfNode(node)?.root.accountId;
  if (!(node instanceof RecordListNode) || accountId === undefined) {
    const message = t('Open Record by ID works on a data type in the Data Platform view.');
    void vscode.window.showErrorMessage(message);
    return { outcome: 'unavailable', message };
  }
  const typed = await askRecordId(node);
  if (!typed) return { outcome: 'cancelled' };
  // What the tree shows (an invoice's number) is looked up first: an id matches no number.
  const recordId = (await idOfShown(node, typed)) ?? typed;
  const companyName = node.company.name;
  const ref = recordRefAt(node.place, node.spec.id, recordId, accountId);
  if (openTab(ref)) return { outcome: 'opened', editor: await openRecord({ ref, companyName }, fs) };
  fs.forget(ref);
  const title = t('{0}: fetching {1}', typeTitle(ref.dataType), recordId);
  const { record, error } = await withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
    fs.lookup(ref),
  );
  if (!record) {
    fs.forget(ref);
    return notOpened(ref, companyName, error);
  }
  return { outcome: 'opened', editor: await openRecord({ ref, companyName, record, fetched: true }, fs) };
}

export function registerRecordCommands(deps: RecordCommandDeps): vscode.Disposable[] {
  const { fs, disposables } = RecordFileSystem.register(deps);
  return [
    ...disposables,
    deps.onDidChangeConnection(({ state }) => {
      if (state.kind === 'ready') void fs.retryUnloaded();
    }),
    registerCommand('dataPlatform.openRecord', async (arg?: unknown) => {
      const target = arg === undefined ? await askRecord(deps) : targetOf(arg, deps);
      return target ? openRecord(target, fs) : undefined;
    }),
    registerCommand('dataPlatform.openRecordById', (node?: unknown) => openById(fs, node)),
    // From the editor title the argument is the document's URI; from the palette, the active editor.
    registerCommand('dataPlatform.refreshRecord', (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      const ref = target && recordRefOf(target);
      if (!ref) return false;
      fs.refresh(ref);
      return true;
    }),
  ];
}
