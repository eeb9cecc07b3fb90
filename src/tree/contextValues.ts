// A node's contextValue: its kind, then the words of what can be done with it, space-separated
// (`record open copy curl type=bills`). package.json's menus match one word each, the same way
// everywhere: `viewItem =~ /\bexport\b/`; tests read the kind from the first word. Every node's
// contextValue comes from one of the builders below (`…Context`), so the manifest test can list
// every value the tree can produce (test/support/contextValues.ts).
import { dataType, type DataTypeId } from '../dataTypes/catalog';
import { isPushType } from '../push/types';

type NodeKind =
  | 'account'
  | 'accountProblem'
  | 'company'
  | 'dataFolder'
  | 'list'
  | 'query'
  | 'record'
  | 'loadMore'
  | 'loadAll'
  | 'error'
  | 'message'
  | 'pushHistory'
  | 'pushOperation'
  | 'pushedRecord'
  | 'syncHistory'
  | 'sync'
  | 'apiKeys'
  | 'apiKey'
  | 'connections'
  | 'connection'
  /** A record's Attachments folder, and one attachment in it. */
  | 'attachments'
  | 'attachment'
  /** The active tag filter of an account's companies, shown above them. */
  | 'companyFilter'
  /** A company's Reports folder, and one report (or the company's info) in it. */
  | 'reports'
  | 'report';

/** What a node offers; each word is the `when` of one or a few menu entries. */
type Capability =
  | 'refresh'
  | 'rerun'
  | 'retry'
  | 'details'
  | 'query'
  | 'filter'
  | 'rename'
  | 'pin'
  | 'unpin'
  | 'remove'
  | 'open'
  | 'copy'
  | 'curl'
  | 'export'
  | 'queueSync'
  | 'setKey'
  | 'signOut'
  | 'settings'
  | 'editAccount'
  | 'createCompany'
  | 'exportCompanies'
  | 'createRecord'
  | 'filterPushes'
  | 'clearPushFilter'
  | 'pushDetails'
  | 'syncSchedule'
  | 'syncSettings'
  | 'refreshAllData'
  | 'createApiKey'
  | 'deleteApiKey'
  | 'createConnection'
  | 'openLink'
  | 'unlink'
  | 'deleteConnection'
  | 'updateAuthorization'
  | 'editCompany'
  | 'deleteCompany'
  | 'filterCompanies'
  | 'clearCompanyFilter'
  | 'validation'
  /** A failed sync: its validation results get a button on its row. */
  | 'syncFailed'
  /** A paged list not known to be complete: Load More and Load All on the node itself. */
  | 'page'
  /** A record with a PDF (an invoice): Open PDF, Save PDF As…. */
  | 'pdf'
  /** An attachment: Open, Save As…. */
  | 'download'
  | 'uploadAttachment'
  | 'deleteAttachment'
  /** A record the contract lets one update (Edit Record…) or delete (Delete Record). */
  | 'editRecord'
  | 'deleteRecord'
  | 'openReport';

export function contextValue(
  kind: NodeKind,
  can: readonly (Capability | false | undefined)[] = [],
  type?: DataTypeId,
): string {
  return [kind, ...can.filter((c): c is Capability => !!c), ...(type ? [`type=${type}`] : [])].join(' ');
}

/** An account's root (its companies list); a signed-out one offers only refresh (and clearing a
 * tag filter it still has). */
export function accountContext(o: { ready: boolean; morePages: boolean; filtered?: boolean }): string {
  const { ready } = o;
  return contextValue('account', [
    'refresh',
    ready && 'query',
    ready && 'createCompany',
    ready && 'exportCompanies',
    ready && 'createApiKey',
    ready && 'signOut',
    ready && 'filterCompanies',
    o.filtered && 'clearCompanyFilter',
    o.morePages && 'page',
  ]);
}

/** The row above an account's companies while a tag filter narrows them. */
export function companyFilterContext(): string {
  return contextValue('companyFilter', ['filterCompanies', 'clearCompanyFilter']);
}

/** The one child of an account that cannot list its companies, and what fixes it. */
export function accountProblemContext(o: { setKey: boolean; editAccount: boolean }): string {
  return contextValue('accountProblem', [o.setKey && 'setKey', o.editAccount && 'editAccount']);
}

/** A company: Refresh All Data syncs its every type (Queue Sync, of one type, is on each type's node).
 * One deleted elsewhere offers Refresh (of the list) and its copies only. */
export function companyContext(o: { deleted?: boolean } = {}): string {
  if (o.deleted) return contextValue('company', ['refresh', 'copy']);
  return contextValue('company', [
    'refresh',
    'refreshAllData',
    'syncSettings',
    'createConnection',
    'query',
    'copy',
    'curl',
    'export',
    'editCompany',
    'deleteCompany',
  ]);
}

/** A company's Connections folder. */
export function connectionsContext(o: { morePages: boolean }): string {
  return contextValue('connections', ['refresh', 'createConnection', o.morePages && 'page']);
}

/** A connection, by its status (`status=Linked`, `status=other` for one this version does not
 * know): a pending one offers its link again; an unlinked one cannot be unlinked. One holding data
 * types (accounting) offers Run Query… on them. */
export function connectionContext(
  state: 'Linked' | 'PendingAuth' | 'Unlinked' | 'Deauthorized' | 'other',
  data = false,
): string {
  const can = contextValue('connection', [
    data && 'query',
    state === 'PendingAuth' && 'openLink',
    state !== 'Unlinked' && 'unlink',
    'updateAuthorization',
    'deleteConnection',
  ]);
  return `${can} status=${state}`;
}

export function dataFolderContext(): string {
  return contextValue('dataFolder', ['refresh', 'query']);
}

/** A type's node under the Data folder. */
export function listContext(type: DataTypeId, morePages = true): string {
  return contextValue(
    'list',
    [
      'refresh',
      'queueSync',
      'syncSchedule',
      'filter',
      'curl',
      'export',
      isPushType(type) && 'createRecord',
      morePages && 'page',
    ],
    type,
  );
}

/** A query node (Run Query…) of the type; a pinned one offers Unpin instead of Pin. */
export function queryContext(type: DataTypeId, pinned = false, morePages = true): string {
  return contextValue(
    'query',
    ['rerun', 'filter', 'rename', pinned ? 'unpin' : 'pin', 'remove', 'curl', 'export', morePages && 'page'],
    type,
  );
}

/** A record of the type. */
export function recordContext(type: DataTypeId): string {
  const spec = dataType(type);
  return contextValue(
    'record',
    [
      'open',
      'copy',
      'curl',
      spec.pdf === true && 'pdf',
      spec.attachments?.upload && 'uploadAttachment',
      spec.writes?.update === true && 'editRecord',
      spec.writes?.delete === true && 'deleteRecord',
    ],
    type,
  );
}

/** A record's Attachments folder: Upload Attachment… where the type's contract has an upload. */
export function attachmentsContext(type: DataTypeId): string {
  return contextValue('attachments', ['refresh', dataType(type).attachments?.upload && 'uploadAttachment'], type);
}

/** One attachment: Open and Save As…, Delete where the type's contract has a delete. */
export function attachmentContext(type: DataTypeId): string {
  return contextValue(
    'attachment',
    ['download', 'curl', dataType(type).attachments?.delete === true && 'deleteAttachment'],
    type,
  );
}

/** A company's Reports folder. */
export const reportsContext = (): string => contextValue('reports');

/** One report of the folder (`report openReport report=agedDebtor`), or the company's info. */
export function reportContext(kind: string): string {
  return `${contextValue('report', ['openReport'])} report=${kind}`;
}

/** A node with nothing to offer but its click. */
export function plainContext(kind: 'loadMore' | 'loadAll' | 'message' | 'sync' | 'apiKey'): string {
  return contextValue(kind, kind === 'apiKey' ? ['deleteApiKey'] : []);
}

/** A sync of the Sync history: its validation results open from its menu (a failed one's from its row too). */
export function syncContext(o: { failed: boolean }): string {
  return contextValue('sync', ['validation', o.failed && 'syncFailed']);
}

/** A list's failure; `fix` is the one thing that may fix it besides a retry. */
export function errorContext(o: { fix?: 'queueSync' | 'setKey' | 'settings'; curl: boolean }): string {
  return contextValue('error', ['retry', 'details', o.fix, o.curl && 'curl']);
}

export function pushHistoryContext(o: { filtered: boolean; morePages: boolean }): string {
  return contextValue('pushHistory', [
    'refresh',
    'filterPushes',
    o.filtered && 'clearPushFilter',
    o.morePages && 'page',
  ]);
}

export function pushOperationContext(o: { failed: boolean; stalled: boolean }): string {
  return contextValue('pushOperation', [o.failed && 'pushDetails', o.stalled && 'refresh']);
}

export function pushedRecordContext(type: DataTypeId): string {
  return contextValue('pushedRecord', [], type);
}

export function syncHistoryContext(o: { morePages: boolean }): string {
  return contextValue('syncHistory', ['refresh', o.morePages && 'page']);
}

export function apiKeysContext(): string {
  return contextValue('apiKeys', ['refresh', 'createApiKey']);
}

/** The context key that holds the selected node's contextValue ('' when none is selected). */
export const SELECTION_KEY = 'dataPlatform.selection';

/** Where the palette offers a command of a node: `always`, as it also works without a node (it asks,
 * or acts on every account); `selected`, only while a node it fits is selected, which it then acts
 * on (`dataPlatform.selection =~ /pattern/`); `never`, as it needs a node only the tree gives. */
type Palette = 'always' | 'selected' | 'never';

interface NodeCommand {
  /** The contextValue of a node the command acts on. */
  node: string;
  palette: Palette;
  /** A node it acts on only among several selected (its menu entry says `listMultiSelection`). */
  several?: string;
}

const on = (node: string, palette: Palette, several?: string): NodeCommand => ({ node, palette, several });

/** The Companies view's keybindings (package.json `keybindings`) pass no node: each of these
 * commands runs the first of its commands that fits the selected node, on that node. */
export const SELECTION_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  'dataPlatform.refreshSelected': ['dataPlatform.rerunQuery', 'dataPlatform.refresh'],
  'dataPlatform.renameSelected': ['dataPlatform.renameQuery', 'dataPlatform.renameAccount'],
  // Each asks first (a query only when pinned or named: Run Query… brings any other back).
  'dataPlatform.deleteSelected': [
    'dataPlatform.removeQuery',
    'dataPlatform.removeAccount',
    'dataPlatform.deleteApiKey',
  ],
  'dataPlatform.openSelected': ['dataPlatform.openRecord'],
};

/** Every command of a node's menu and what it needs of a node: the one source of package.json's
 * commandPalette `when` clauses, which test/unit/manifest.test.ts holds to it. */
const MENU_COMMANDS: Readonly<Record<string, NodeCommand>> = {
  'dataPlatform.refresh': on('\\brefresh\\b', 'always'),
  'dataPlatform.loadMore': on('\\bpage\\b|^loadMore\\b', 'always'),
  'dataPlatform.loadAll': on('\\bpage\\b|^loadMore\\b', 'always'),
  'dataPlatform.retry': on('\\bretry\\b', 'never'),
  'dataPlatform.queueSync': on('\\bqueueSync\\b', 'never'),
  'dataPlatform.showErrorDetails': on('\\bdetails\\b', 'never'),
  'dataPlatform.openNetworkSettings': on('\\bsettings\\b', 'never'),
  'dataPlatform.copyId': on('\\bcopy\\b', 'selected'),
  'dataPlatform.copyJson': on('\\bcopy\\b', 'selected'),
  'dataPlatform.copyAsCurl': on('\\bcurl\\b', 'selected'),
  'dataPlatform.runQuery': on('\\bquery\\b', 'always'),
  'dataPlatform.filter': on('\\bfilter\\b', 'always'),
  'dataPlatform.renameQuery': on('^query\\b', 'selected'),
  'dataPlatform.pinQuery': on('\\bpin\\b', 'selected'),
  'dataPlatform.unpinQuery': on('\\bunpin\\b', 'selected'),
  'dataPlatform.removeQuery': on('^query\\b', 'selected'),
  'dataPlatform.rerunQuery': on('^query\\b', 'selected'),
  'dataPlatform.openRecord': on('\\bopen\\b', 'always'),
  'dataPlatform.openRecordById': on('^list\\b', 'never'),
  'dataPlatform.openTable': on('^(list|query)\\b', 'selected'),
  // From an account's menu it searches that account; from the palette, every account.
  'dataPlatform.findCompany': on('^account\\b', 'always'),
  // Records go to one file only when several are selected: one record alone is a JSON document.
  'dataPlatform.exportRecords': on('\\bexport\\b', 'selected', '^record\\b'),
  'dataPlatform.exportCompanies': on('\\bexportCompanies\\b', 'always'),
  'dataPlatform.createCompany': on('\\bcreateCompany\\b', 'always'),
  'dataPlatform.createApiKey': on('\\bcreateApiKey\\b', 'always'),
  'dataPlatform.deleteApiKey': on('^apiKey\\b', 'never'),
  'dataPlatform.setApiKey': on('\\bsetKey\\b|^account\\b', 'always'),
  'dataPlatform.signOut': on('\\bsignOut\\b', 'always'),
  'dataPlatform.renameAccount': on('^account\\b', 'always'),
  'dataPlatform.setEnvironment': on('^account\\b', 'always'),
  'dataPlatform.editAccount': on('^account\\b|\\beditAccount\\b', 'always'),
  'dataPlatform.removeAccount': on('^account\\b', 'always'),
  'dataPlatform.createInvoice': on('\\btype=invoices\\b', 'never'),
  'dataPlatform.createBill': on('\\btype=bills\\b', 'never'),
  'dataPlatform.createCustomer': on('\\btype=customers\\b', 'never'),
  'dataPlatform.createSupplier': on('\\btype=suppliers\\b', 'never'),
  'dataPlatform.createPayment': on('\\btype=payments\\b', 'never'),
  'dataPlatform.createRecord': on('\\bcreateRecord\\b', 'never'),
  // From the palette also on the active editor's record JSON.
  'dataPlatform.editRecord': on('\\beditRecord\\b', 'always'),
  'dataPlatform.deleteRecord': on('\\bdeleteRecord\\b', 'selected'),
  'dataPlatform.filterPushHistory': on('\\bfilterPushes\\b', 'never'),
  'dataPlatform.clearPushFilter': on('\\bclearPushFilter\\b', 'never'),
  'dataPlatform.openPushOperation': on('^pushOperation\\b', 'never'),
  'dataPlatform.showPushDetails': on('\\bpushDetails\\b', 'never'),
  'dataPlatform.setSyncSchedule': on('\\bsyncSchedule\\b', 'never'),
  'dataPlatform.editSyncSettings': on('\\bsyncSettings\\b', 'never'),
  'dataPlatform.openSyncOperation': on('^sync\\b', 'never'),
  'dataPlatform.refreshAllData': on('\\brefreshAllData\\b', 'never'),
  'dataPlatform.createConnection': on('\\bcreateConnection\\b', 'never'),
  'dataPlatform.openConnectionLink': on('\\bopenLink\\b', 'never'),
  'dataPlatform.copyConnectionLink': on('\\bopenLink\\b', 'never'),
  'dataPlatform.unlinkConnection': on('\\bunlink\\b', 'never'),
  'dataPlatform.deleteConnection': on('\\bdeleteConnection\\b', 'never'),
  'dataPlatform.editConnectionAuthorization': on('\\bupdateAuthorization\\b', 'never'),
  'dataPlatform.editCompany': on('\\beditCompany\\b', 'selected'),
  'dataPlatform.deleteCompany': on('\\bdeleteCompany\\b', 'selected'),
  // From the palette: the selected, only or picked account.
  'dataPlatform.filterCompaniesByTag': on('\\bfilterCompanies\\b', 'always'),
  'dataPlatform.clearCompanyTagFilter': on('\\bclearCompanyFilter\\b', 'never'),
  'dataPlatform.showSyncValidation': on('\\bvalidation\\b', 'never'),
  'dataPlatform.openInvoicePdf': on('\\bpdf\\b', 'never'),
  'dataPlatform.saveInvoicePdf': on('\\bpdf\\b', 'never'),
  'dataPlatform.openAttachment': on('\\bdownload\\b', 'never'),
  'dataPlatform.saveAttachment': on('\\bdownload\\b', 'never'),
  'dataPlatform.uploadAttachment': on('\\buploadAttachment\\b', 'never'),
  'dataPlatform.deleteAttachment': on('\\bdeleteAttachment\\b', 'never'),
  // From the palette it asks for the company and the report.
  'dataPlatform.openReport': on('\\bopenReport\\b', 'always'),
};

const eitherOf = (commands: readonly string[]) =>
  commands.map((c) => `(?:${MENU_COMMANDS[c]?.node ?? '(?!)'})`).join('|');

/** MENU_COMMANDS, and the keybindings' commands: they too act on a fitting selected node only. */
export const NODE_COMMANDS: Readonly<Record<string, NodeCommand>> = {
  ...MENU_COMMANDS,
  ...Object.fromEntries(
    Object.entries(SELECTION_ACTIONS).map(([command, actions]) => [command, on(eitherOf(actions), 'selected')]),
  ),
};
