// The record an update or a delete is about, found from what the command was given: a record's
// row in the tree, its JSON tab (the document's URI, or the active editor), or ids (tests, other
// extensions: `{ companyId, dataType, recordId, accountId?, connectionId?, parentId? }`); the
// connection the write goes through (the one the place names, else the one picked); and what
// follows a write's push operation once it succeeds: the record's list and open JSON tabs read again.
import * as vscode from 'vscode';
import type { DataConnection, DataPlatformClient, DataRecord, PushOperation, PushPlace } from '../api';
import { dataType, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { recordRefOf } from '../documents/recordDocuments';
import { t } from '../l10n';
import { nodePlace } from '../push/places';
import { RecordListNode, RecordNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import { accountOfNode, type AccountTarget, type ResolveAccount } from './accountTarget';
import { withProgress } from './progress';
import { chooseFrom } from './prompt';
import { createQuickPick } from './quickPicks';
import { followSettled } from './pushSettled';

export async function pickConnection(
  all: readonly DataConnection[],
  title: string,
): Promise<DataConnection | undefined> {
  if (all.length <= 1) return all[0];
  const pick = createQuickPick<vscode.QuickPickItem & { connection: DataConnection }>();
  pick.title = title;
  pick.placeholder = t('Choose the connection to push to');
  pick.items = all.map((c) => ({ label: c.platformName, description: c.status, detail: c.id, connection: c }));
  return chooseFrom(pick, (item) => item.connection);
}

export interface RecordTarget {
  account: AccountTarget;
  client: DataPlatformClient;
  companyId: string;
  companyName: string;
  type: DataTypeId;
  recordId: string;
  /** What the tree shows of it (a row), when the command came from the tree. */
  row?: DataRecord;
  /** The list the row is in: read again after the write. */
  list?: RecordListNode;
  connectionId?: string;
  parentId?: string;
}

type Ids = Omit<RecordTarget, 'account' | 'client' | 'companyName' | 'row' | 'list'> & {
  accountId?: string;
  companyName?: string;
};

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** The ids a URI of a record's JSON, or an argument object, names. */
function idsOf(arg: unknown): Ids | undefined {
  const given: unknown = arg instanceof vscode.Uri ? recordRefOf(arg) : arg;
  if (typeof given !== 'object' || given === null) return undefined;
  const a = given as Record<string, unknown>;
  const [companyId, recordId, type] = [text(a.companyId), text(a.recordId), a.dataType];
  if (!companyId || !recordId || !isDataTypeId(type)) return undefined;
  return {
    companyId,
    recordId,
    type,
    accountId: text(a.accountId),
    companyName: text(a.companyName),
    connectionId: text(a.connectionId),
    parentId: text(a.parentId),
  };
}

/** The record the command was given (the active editor's when nothing was); undefined when none. */
export async function recordTarget(
  account: ResolveAccount,
  arg: unknown,
  title: string,
): Promise<RecordTarget | undefined> {
  if (arg instanceof RecordNode) {
    const target = accountOfNode(arg);
    const client = target?.connection.client;
    if (!target || !client) return undefined;
    const list = arg.parent instanceof RecordListNode ? arg.parent : undefined;
    const { company, spec, record } = arg;
    const ids = { companyId: company.id, companyName: company.name, type: spec.id, recordId: record.id };
    return { account: target, client, ...ids, row: record, list, ...nodePlace(arg) } satisfies RecordTarget;
  }
  const ids = idsOf(arg ?? vscode.window.activeTextEditor?.document.uri);
  if (!ids) return undefined;
  const target = await account(ids.accountId ? { accountId: ids.accountId } : arg, title);
  const client = target?.connection.client;
  if (!target || !client) return undefined;
  const companyName = ids.companyName ?? target.root.companyNode(ids.companyId)?.company.name ?? ids.companyId;
  return { ...ids, account: target, client, companyName } satisfies RecordTarget;
}

/** The connection of the write: the one the target names, else the one picked among the
 * company's; undefined when there is none or none was picked (said when there is none). */
export async function writeConnection(x: RecordTarget, title: string): Promise<DataConnection | undefined> {
  const all = await withProgress(
    { location: vscode.ProgressLocation.Window, title: t('{0}: reading the connections', title) },
    () => x.client.listConnections(x.companyId, { pageSize: 100 }),
  );
  const named = x.connectionId ? all.results.find((c) => c.id === x.connectionId) : undefined;
  if (named) return named;
  if (all.results.length === 0) {
    void vscode.window.showWarningMessage(t('{0} has no data connection to push to.', x.companyName));
    return undefined;
  }
  return pickConnection(all.results, t('{0} for {1}', title, x.companyName));
}

export function pushPlace(x: RecordTarget, connection: DataConnection): PushPlace {
  return { companyId: x.companyId, connectionId: connection.id, ...(x.parentId ? { parentId: x.parentId } : {}) };
}

/** The tabs showing the record's JSON, read again. */
function refreshRecordTabs(x: Pick<RecordTarget, 'companyId' | 'type' | 'recordId'>, accountId: string): void {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (!(tab.input instanceof vscode.TabInputText)) continue;
      const ref = recordRefOf(tab.input.uri);
      const same =
        ref?.accountId === accountId &&
        ref.companyId === x.companyId &&
        ref.dataType === x.type &&
        ref.recordId === x.recordId;
      if (same) void vscode.commands.executeCommand('dataPlatform.refreshRecord', tab.input.uri);
    }
  }
}

/** Follows the write's push operation (Push history, diagnostics on Failed: pushSettled.ts); once it
 * succeeds, the record's list and its open JSON tabs are read again. */
export function followWrite(
  view: vscode.TreeView<TreeNode>,
  x: Pick<RecordTarget, 'account' | 'client' | 'companyId' | 'type' | 'recordId' | 'list'>,
  op: PushOperation,
  write: 'update' | 'delete',
): void {
  const sub = x.account.root.pushes.onDidSettle((s) => {
    if (s.operation.pushOperationKey !== op.pushOperationKey) return;
    sub.dispose();
    if (s.error || s.operation.status !== 'Success') return;
    x.list?.refresh();
    refreshRecordTabs(x, x.account.root.accountId);
  });
  followSettled({ view }, x.account, op, x.client, x.companyId, write);
}

/** Whether the type's contract has the write; said when it does not. */
export function offered(type: DataTypeId, write: 'update' | 'delete'): boolean {
  if (dataType(type).writes?.[write] === true) return true;
  void vscode.window.showWarningMessage(
    write === 'update'
      ? t('The API cannot update records of this type.')
      : t('The API cannot delete records of this type.'),
  );
  return false;
}
