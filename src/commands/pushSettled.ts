// What follows a push: its operation shown at the top of the company's Push history and followed
// there; when it settles, a Success refreshes the type's list and reveals the record it made, a
// Failed or TimedOut one opens its validation in the diagnostics panel (the draft stays open to
// fix and push again). Also the histories' own commands: open a push or a sync as JSON, filter pushes.
import * as vscode from 'vscode';
import type { DataPlatformClient, PushOperation } from '../api';
import { dataType, isDataTypeId } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import type { DraftFileSystem } from '../push/drafts';
import { pushFailure } from '../push/failure';
import { pushedRecordId, pushStatusText } from '../push/labels';
import type { PushSettled } from '../push/tracker';
import type { CompanyNode } from '../tree/companyNodes';
import type { TreeNode } from '../tree/node';
import { PUSH_STATUSES, PushHistoryNode, PushOperationNode } from '../tree/pushNodes';
import { SyncNode } from '../tree/syncHistory';
import type { AccountTarget } from './accountTarget';
import { chooseFrom } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';
import { showSyncValidation } from './syncValidation';

/** A push that changes a record rather than creating one. */
type RecordWrite = 'update' | 'delete';

interface SettledDeps {
  view: vscode.TreeView<TreeNode>;
}

async function revealRecord(deps: SettledDeps, history: PushHistoryNode | undefined, key: string): Promise<void> {
  const node = history?.operationNode(key);
  const record = node?.getChildren()[0];
  if (!record) return;
  try {
    await deps.view.reveal(record, { select: true, focus: false });
  } catch {
    // The view may be hidden; the record is under its push all the same.
  }
}

/** Where the record a push made is read: its company and, for a type listed per connection, the
 * connection the push went through (a type under a parent record is opened from its list). */
function pushedRecord(target: AccountTarget, companyId: string, op: PushOperation, recordId: string) {
  if (!isDataTypeId(op.dataType) || dataType(op.dataType).parent) return undefined;
  const scoped = dataType(op.dataType).scope === 'connection';
  const connectionId = scoped ? op.dataConnectionKey : undefined;
  if (scoped && !connectionId) return undefined;
  const account = { accountId: target.connection.account.id };
  return { companyId, dataType: op.dataType, recordId, ...account, ...(connectionId ? { connectionId } : {}) };
}

function succeeded(target: AccountTarget, company: CompanyNode | undefined, op: PushOperation, write?: RecordWrite) {
  // Every list that shows the type: the Data folder's, or each connection's (or each parent record's).
  if (isDataTypeId(op.dataType)) for (const list of company?.listsOf(op.dataType) ?? []) list.refresh();
  const record = pushedRecordId(op);
  const type = isDataTypeId(op.dataType) ? typeTitle(op.dataType) : op.dataType;
  const name = record ?? op.pushOperationKey;
  if (write === 'delete') {
    void vscode.window.showInformationMessage(t('{0}: {1} was deleted.', type, name));
    return;
  }
  const open = t('Open Record');
  const said =
    write === 'update' ? t('{0}: {1} was updated.', type, name) : t('{0}: push succeeded ({1}).', type, name);
  const argument = company && record ? pushedRecord(target, company.company.id, op, record) : undefined;
  void vscode.window.showInformationMessage(said, ...(argument ? [open] : [])).then((c) => {
    if (c && argument) void vscode.commands.executeCommand('dataPlatform.openRecord', argument);
  });
}

function settled(deps: SettledDeps, target: AccountTarget, companyId: string, s: PushSettled, write?: RecordWrite) {
  const company = target.root.companyNode(companyId);
  const op = s.operation;
  if (s.error) {
    void vscode.window.showWarningMessage(
      t('Could not follow the push {0}: {1}. The Push history shows its status.', op.pushOperationKey, s.error.message),
    );
    return;
  }
  if (op.status === 'Success') {
    void revealRecord(deps, company?.pushHistory, op.pushOperationKey);
    return succeeded(target, company, op, write);
  }
  const error = pushFailure(op);
  target.report(error, { prompt: false });
  void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
  void vscode.window.showErrorMessage(error.message);
}

/** Shows `answer` under the Push history of `companyId` (the company the push was sent to,
 * whatever the answer names), follows it, and acts once it settles. */
export function followSettled(
  deps: SettledDeps,
  target: AccountTarget,
  answer: PushOperation,
  client: DataPlatformClient,
  companyId: string,
  write?: RecordWrite,
): void {
  const tracker = target.root.pushes;
  const key = answer.pushOperationKey;
  const op = { ...answer, companyId };
  const sub = tracker.onDidSettle((s) => {
    if (s.operation.pushOperationKey !== key) return;
    sub.dispose();
    settled(deps, target, companyId, s, write);
  });
  target.root.companyNode(companyId)?.pushHistory.showOperation(op);
  tracker.track(op, (signal) => client.getPushOperation(companyId, key, { signal }));
}

async function filterHistory(node: unknown): Promise<boolean> {
  if (!(node instanceof PushHistoryNode)) return false;
  const pick = createQuickPick<vscode.QuickPickItem & { status?: (typeof PUSH_STATUSES)[number] }>();
  pick.title = t('Push history of {0}: show', node.company.name);
  pick.items = [
    { label: t('All pushes') },
    ...PUSH_STATUSES.map((status) => ({
      label: pushStatusText({ status } as PushOperation),
      status,
    })),
  ];
  const chosen = await chooseFrom(pick, (item) => item);
  if (!chosen) return false;
  node.setStatusFilter(chosen.status);
  return true;
}

export function registerPushHistoryCommands(drafts: DraftFileSystem): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.openPushOperation', async (node?: unknown) => {
      if (!(node instanceof PushOperationNode)) return undefined;
      const op = node.operation;
      return drafts.openJson(`push ${op.dataType} ${op.pushOperationKey}`, op);
    }),
    registerCommand('dataPlatform.openSyncOperation', async (node?: unknown) => {
      if (!(node instanceof SyncNode)) return undefined;
      const op = node.operation;
      return drafts.openJson(`sync ${op.dataType} ${op.id}`, op);
    }),
    registerCommand('dataPlatform.showSyncValidation', (node?: unknown) => showSyncValidation(drafts, node)),
    registerCommand('dataPlatform.showPushDetails', (node?: unknown) => {
      if (!(node instanceof PushOperationNode)) return false;
      void vscode.commands.executeCommand('dataPlatform.showDiagnostics', pushFailure(node.operation));
      return true;
    }),
    registerCommand('dataPlatform.filterPushHistory', (node?: unknown) => filterHistory(node)),
    registerCommand('dataPlatform.clearPushFilter', (node?: unknown) => {
      if (node instanceof PushHistoryNode) node.setStatusFilter(undefined);
    }),
  ];
}
