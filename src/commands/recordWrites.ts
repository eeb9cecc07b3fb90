// Edit Record… (types the contract lets one update): the record as read opens as an editable draft
// with the push options' schema; Push Update sends it (`PUT …/push/{type}/{id}`) and follows the
// push operation. Delete Record (types the contract lets one delete) asks, naming the record and
// its amount, and sends `DELETE …/push/{type}/{id}`. Each write asks on a production account, is
// sent once (writeOnce.ts: after a lost answer the push history is read for it before sending again
// is offered), and a Failed one shows its validation in the diagnostics panel, the draft kept.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type DataConnection, type ListParams, type PushOperation } from '../api';
import { dataType } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { jsonIndent } from '../documents/recordDocuments';
import { recordLabel } from '../format/recordLabels';
import { t } from '../l10n';
import { LostWrites } from '../links/lostWrites';
import { pushPlaceOf, type DraftFileSystem, type DraftTarget } from '../push/drafts';
import { findLostPush, findWithin } from '../push/lostPush';
import { readPlace } from '../push/places';
import { recordAmount } from '../push/recordWrite';
import { pushSchema } from '../push/schema';
import { draftBody, updateDraftBody } from '../push/types';
import type { RecordListNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import type { AccountTarget, ResolveAccount } from './accountTarget';
import { confirmDraftProblems } from './draftCheck';
import { withProgress } from './progress';
import { followWrite, offered, pushPlace, recordTarget, writeConnection, type RecordTarget } from './recordWriteTarget';
import { registerCommand } from './register';
import { writeOnce, type WriteResult } from './writeOnce';

interface RecordWriteDeps {
  view: vscode.TreeView<TreeNode>;
  account: ResolveAccount;
  drafts: DraftFileSystem;
  lost: LostWrites;
  /** The list an edit draft's record was opened from (by the draft's URI): read again after its update. */
  lists: Map<string, RecordListNode>;
}

export type EditRecordResult =
  | { outcome: 'opened'; uri: vscode.Uri }
  | { outcome: 'cancelled' | 'unavailable' }
  | { outcome: 'failed'; message: string };

export type RecordWriteResult = WriteResult<PushOperation> | { outcome: 'invalid'; message: string };

/** Says a read before the write failed; its error goes to the diagnostics. */
function readFailed(x: RecordTarget, e: unknown, what: string): EditRecordResult {
  if (!isApiError(e)) throw e;
  if (isCancellation(e)) return { outcome: 'cancelled' };
  x.account.report(e, { prompt: false });
  const message = t('{0}: {1}', what, e.message);
  void vscode.window.showErrorMessage(message, t('Show Details')).then((c) => {
    if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
  });
  return { outcome: 'failed', message };
}

async function editRecord(deps: RecordWriteDeps, arg: unknown): Promise<EditRecordResult> {
  const title = t('Edit Record');
  const x = await recordTarget(deps.account, arg, title);
  if (!x) return { outcome: 'unavailable' };
  if (!offered(x.type, 'update')) return { outcome: 'unavailable' };
  const spec = dataType(x.type);
  let connection: DataConnection | undefined;
  let read;
  try {
    connection = await writeConnection(x, title);
    if (!connection) return { outcome: 'cancelled' };
    const place = pushPlace(x, connection);
    read = await withProgress(
      { location: vscode.ProgressLocation.Window, title: t('{0}: reading {1}', typeTitle(x.type), x.recordId) },
      () =>
        Promise.all([
          x.client.getRecord(x.type, readPlace(x.type, place), x.recordId),
          x.client.pushes.options(place, x.type),
        ]),
    );
  } catch (e) {
    return readFailed(x, e, t('{0}: could not open {1} to edit', typeTitle(x.type), x.recordId));
  }
  const [record, options] = read;
  const label = recordLabel(spec, record);
  const draft: DraftTarget & { recordId: string } = {
    accountId: x.account.connection.account.id,
    companyId: x.companyId,
    companyName: x.companyName,
    connectionId: connection.id,
    platformName: connection.platformName,
    dataType: x.type,
    recordId: x.recordId,
    recordLabel: label,
    ...(x.parentId ? { parentId: x.parentId } : {}),
  };
  const schema = pushSchema(
    options,
    t('{0} {1} of {2} ({3})', typeTitle(x.type), label, x.companyName, connection.platformName),
  );
  const uri = deps.drafts.createEdit(draft, t('{0} (edit)', label), updateDraftBody(record), schema, jsonIndent());
  if (x.list) deps.lists.set(uri.toString(), x.list);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return { outcome: 'opened', uri };
}

/** Waits (ms) for a Pending operation that may be the lost write to settle and name its record. */
const SETTLE_WAITS = [1000, 1000, 2000, 2000, 4000];

/** The push history read for a write whose answer was lost: its operation, once confirmed. One
 * still Pending names no record yet: it is followed until it settles, then judged again. */
async function lostWrite(
  target: AccountTarget,
  place: { companyId: string; connectionId: string },
  sent: { type: DraftTarget['dataType']; recordId: string; body: Record<string, unknown>; sentAt: Date },
  kind: 'update' | 'delete',
): Promise<{ value: PushOperation } | undefined> {
  const client = target.connection.client;
  if (!client) return undefined;
  const known = target.root.pushes;
  // Pushes this window already had an answer for are not it.
  const list = async (params: ListParams) => {
    const page = await client.listPushOperations(place.companyId, params);
    return { ...page, results: page.results.filter((op) => known.get(op.pushOperationKey) === undefined) };
  };
  const readRecord = (id: string) => client.getRecord(sent.type, readPlace(sent.type, { ...place }), id);
  const write = { kind, recordId: sent.recordId };
  const look = () =>
    findLostPush(list, { ...place, dataType: sent.type, sentAt: sent.sentAt, body: sent.body, write }, { readRecord });
  let found = await look();
  if (found.found === 'unconfirmed' && found.operation.status === 'Pending') {
    const key = found.operation.pushOperationKey;
    const settled = await findWithin(
      SETTLE_WAITS,
      () => client.getPushOperation(place.companyId, key).catch(() => undefined),
      (op) => op.status !== 'Pending',
    );
    if (settled && settled.status !== 'Pending') found = await look();
  }
  return found.found === 'ours' ? { value: found.operation } : undefined;
}

/** The edit draft at `uri` (or the active editor's), its record parsed; said when it is not one. */
function editDraft(deps: RecordWriteDeps, arg: unknown) {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const draft = uri && deps.drafts.targetOf(uri);
  if (!uri || !draft?.recordId) {
    void vscode.window.showWarningMessage(t('Push Update works on a record opened by Edit Record….'));
    return undefined;
  }
  return { uri, draft: { ...draft, recordId: draft.recordId }, parsed: draftBody(deps.drafts.textOf(uri)) };
}

async function pushUpdate(deps: RecordWriteDeps, arg: unknown): Promise<RecordWriteResult> {
  const edit = editDraft(deps, arg);
  if (!edit) return { outcome: 'unavailable' };
  const { uri, draft, parsed } = edit;
  if (!parsed.ok) {
    void vscode.window.showErrorMessage(t('The draft is not a record to push: {0}', parsed.message));
    return { outcome: 'invalid', message: parsed.message };
  }
  if (!(await confirmDraftProblems(deps.drafts, uri, draft, parsed.body))) return { outcome: 'cancelled' };
  const target = await deps.account({ accountId: draft.accountId }, t('Push Update'));
  const client = target?.connection.client;
  if (!target || !client) return { outcome: 'unavailable' };
  const { account } = target.connection;
  const { recordId, dataType: type } = draft;
  const label = draft.recordLabel ?? recordId;
  const place = pushPlaceOf(draft);
  const question = {
    question: t('Update {0} in {1} of {2} in {3}?', label, draft.platformName, draft.companyName, account.name),
    detail: t('{0}: the record in the company’s accounting platform is replaced by the draft.', typeTitle(type)),
    button: t('Push Update'),
  };
  const body = parsed.body;
  const result = await writeOnce<PushOperation>({
    account,
    lost: deps.lost,
    key: LostWrites.key('update', account.id, draft.companyId, draft.connectionId, type, recordId),
    question,
    again: (reason) => ({
      ...question,
      question: t(
        'An earlier update of {0} got no usable answer ({1}), and the push history does not show it. Send the update now?',
        label,
        reason,
      ),
    }),
    look: (sentAt) => lostWrite(target, place, { type, recordId, body, sentAt }, 'update'),
    send: () => client.pushes.update(place, type, recordId, body),
    progress: t('Updating {0} in {1}…', label, draft.platformName),
    looking: t('No usable answer to the update: looking in the push history…'),
    failed: (e) => t('Update of {0} failed: {1}', label, e.message),
    maybe: (e) =>
      t(
        '{0} may or may not have been updated: {1}. Push Update reads the push history before sending it again.',
        label,
        e.message,
      ),
    report: (e) => target.report(e, { prompt: false }),
  });
  if (result.outcome === 'done')
    followWrite(
      deps.view,
      { account: target, client, companyId: draft.companyId, type, recordId, list: deps.lists.get(uri.toString()) },
      result.value,
      'update',
    );
  return result;
}

async function deleteRecord(deps: RecordWriteDeps, arg: unknown): Promise<RecordWriteResult | EditRecordResult> {
  const title = t('Delete Record');
  const x = await recordTarget(deps.account, arg, title);
  if (!x) return { outcome: 'unavailable' };
  if (!offered(x.type, 'delete')) return { outcome: 'unavailable' };
  const spec = dataType(x.type);
  let connection: DataConnection | undefined;
  let record: unknown = x.row;
  try {
    connection = await writeConnection(x, title);
    if (!connection) return { outcome: 'cancelled' };
    const place = readPlace(x.type, pushPlace(x, connection));
    // The row shows the record's label and amount; a record named by ids is read for them.
    record ??= await x.client.getRecord(x.type, place, x.recordId);
  } catch (e) {
    return readFailed(x, e, t('{0}: could not read {1} to delete', typeTitle(x.type), x.recordId));
  }
  const label = record ? recordLabel(spec, record as never) : x.recordId;
  const amount = recordAmount(spec, record);
  const { account } = x.account.connection;
  const [platform, company] = [connection.platformName, x.companyName];
  const question = {
    question: amount
      ? t('Delete {0} ({1}) from {2} of {3} in {4}?', label, amount, platform, company, account.name)
      : t('Delete {0} from {1} of {2} in {3}?', label, platform, company, account.name),
    detail: t('{0}: the record is deleted in the company’s accounting platform.', typeTitle(x.type)),
    button: t('Delete Record'),
  };
  const place = pushPlace(x, connection);
  const result = await writeOnce<PushOperation>({
    account,
    lost: deps.lost,
    key: LostWrites.key('delete', account.id, x.companyId, connection.id, x.type, x.recordId),
    question,
    always: true,
    again: (reason) => ({
      ...question,
      question: t(
        'An earlier delete of {0} got no usable answer ({1}), and the push history does not show it. Send the delete now?',
        label,
        reason,
      ),
    }),
    look: (sentAt) => lostWrite(x.account, place, { type: x.type, recordId: x.recordId, body: {}, sentAt }, 'delete'),
    send: () => x.client.pushes.delete(place, x.type, x.recordId),
    progress: t('Deleting {0} in {1}…', label, connection.platformName),
    looking: t('No usable answer to the delete: looking in the push history…'),
    failed: (e) => t('Delete of {0} failed: {1}', label, e.message),
    maybe: (e) =>
      t(
        '{0} may or may not have been deleted: {1}. Delete Record reads the push history before sending it again.',
        label,
        e.message,
      ),
    report: (e) => x.account.report(e, { prompt: false }),
  });
  if (result.outcome === 'done') followWrite(deps.view, x, result.value, 'delete');
  return result;
}

export function registerRecordWriteCommands(deps: Omit<RecordWriteDeps, 'lost' | 'lists'>): vscode.Disposable[] {
  const full: RecordWriteDeps = { ...deps, lost: new LostWrites(), lists: new Map() };
  return [
    registerCommand('dataPlatform.editRecord', (arg?: unknown) => editRecord(full, arg)),
    registerCommand('dataPlatform.pushUpdate', (arg?: unknown) => pushUpdate(full, arg)),
    registerCommand('dataPlatform.deleteRecord', (arg?: unknown) => deleteRecord(full, arg)),
    // A closed draft's list is not kept alive (a tree rebuilt since would hold another).
    vscode.workspace.onDidCloseTextDocument((d) => full.lists.delete(d.uri.toString())),
  ];
}
