// Create Invoice… (and the other types one can push): a draft prefilled from the connection's push
// options, with a schema for completion and validation; Push sends it once and follows the push
// operation. A POST is never retried: when its answer is lost (a timeout, a dropped connection, a
// gateway's 5xx), the push history is read before sending again is offered, and a draft already
// sent is not sent again without a question (pushSend.ts).
import * as vscode from 'vscode';
import {
  isApiError,
  isCancellation,
  type ApiError,
  type DataConnection,
  type DataPlatformClient,
  type PushOperation,
} from '../api';
import { typeTitle } from '../dataTypes/words';
import { jsonIndent } from '../documents/recordDocuments';
import { t } from '../l10n';
import { watchDraftProblems } from '../push/draftMarks';
import { pushPlaceOf, type DraftFileSystem, type DraftTarget } from '../push/drafts';
import { nodePlace } from '../push/places';
import { DraftSends } from '../push/draftSends';
import { answerLost } from '../push/lostPush';
import { pushSchema, pushTemplate } from '../push/schema';
import { draftBody, draftTitle, isPushType, PUSH_TYPES, type PushType } from '../push/types';
import { CompanyNode } from '../tree/companyNodes';
import { RecordListNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import type { AccountTarget, ResolveAccount } from './accountTarget';
import { withProgress } from './progress';
import { confirmWrite } from './confirmWrite';
import { confirmDraftProblems } from './draftCheck';
import { followSettled } from './pushSettled';
import { afterLostAnswer, beforeSend, type PushOfDraft } from './pushSend';
import { pickConnection } from './recordWriteTarget';
import { registerRecordWriteCommands } from './recordWrites';
import { registerCommand } from './register';

interface PushDeps {
  view: vscode.TreeView<TreeNode>;
  account: ResolveAccount;
  drafts: DraftFileSystem;
}

export type CreateRecordResult =
  | { outcome: 'opened'; uri: vscode.Uri }
  | { outcome: 'cancelled' | 'unavailable' }
  | { outcome: 'failed'; error: ApiError };

export type PushResult =
  | { outcome: 'pushed'; operation: PushOperation; recovered?: true }
  | { outcome: 'invalid' | 'cancelled' | 'unavailable' | 'lost'; message?: string }
  | { outcome: 'failed'; error: ApiError };

/** What a command was asked to create in: a type's node, or ids (tests, other extensions); the
 * connection is asked (when there is more than one) unless the node or the ids name it. */
interface CreateArgs {
  companyId: string;
  companyName?: string;
  dataType?: string;
  connectionId?: string;
  /** The parent record of a type listed under one (a bank account's id for bank transactions). */
  parentId?: string;
}

function createArgs(arg: unknown): CreateArgs | undefined {
  if (arg instanceof RecordListNode || arg instanceof CompanyNode) {
    const place = nodePlace(arg);
    const dataType = arg instanceof RecordListNode ? arg.spec.id : undefined;
    return { companyId: arg.company.id, companyName: arg.company.name, dataType, ...place };
  }
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Partial<Record<keyof CreateArgs, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const companyId = text(a.companyId);
  if (!companyId) return undefined;
  return {
    companyId,
    companyName: text(a.companyName),
    dataType: text(a.dataType),
    connectionId: text(a.connectionId),
    parentId: text(a.parentId),
  };
}

/** Tells the user what failed, reports it (diagnostics), and returns the result saying so. */
function failed(target: AccountTarget, e: unknown, what: string): { outcome: 'failed'; error: ApiError } {
  if (!isApiError(e)) throw e;
  target.report(e, { prompt: false });
  void vscode.window.showErrorMessage(t('{0}: {1}', what, e.message), t('Show Details')).then((c) => {
    if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
  });
  return { outcome: 'failed', error: e };
}

/** The connection to push through: the one the arguments name, else the one picked. */
async function connectionFor(
  client: DataPlatformClient,
  args: CreateArgs,
  title: string,
  companyName: string,
): Promise<DataConnection[] | DataConnection | undefined> {
  const all = await withProgress(
    { location: vscode.ProgressLocation.Window, title: t('{0}: reading the connections', title) },
    () => client.listConnections(args.companyId, { pageSize: 100 }),
  );
  if (args.connectionId) return all.results.find((c) => c.id === args.connectionId) ?? all.results;
  return (await pickConnection(all.results, t('{0} for {1}', title, companyName))) ?? all.results;
}

async function createRecord(deps: PushDeps, given: PushType | undefined, arg: unknown): Promise<CreateRecordResult> {
  const args = createArgs(arg);
  const type = given ?? (args?.dataType !== undefined && isPushType(args.dataType) ? args.dataType : undefined);
  if (!type) {
    void vscode.window.showWarningMessage(t('Create works on a data type the API can create records of.'));
    return { outcome: 'unavailable' };
  }
  const title = draftTitle(type);
  const target = await deps.account(arg, title);
  const client = target?.connection.client;
  if (!target || !client || !args) return { outcome: target && client ? 'cancelled' : 'unavailable' };
  const companyName = args.companyName ?? target.root.companyNode(args.companyId)?.company.name ?? args.companyId;
  let options;
  let connection: DataConnection;
  try {
    const found = await connectionFor(client, args, title, companyName);
    if (!found || Array.isArray(found)) {
      if (!found?.length)
        void vscode.window.showWarningMessage(t('{0} has no data connection to push to.', companyName));
      return { outcome: found?.length ? 'cancelled' : 'unavailable' };
    }
    connection = found;
    const place = { companyId: args.companyId, connectionId: found.id, parentId: args.parentId };
    options = await withProgress(
      { location: vscode.ProgressLocation.Window, title: t('{0}: reading the push options', title) },
      () => client.pushes.options(place, type),
    );
  } catch (e) {
    // Not left to the wrapper (register.ts): the command's result says how it ended.
    if (isApiError(e) && isCancellation(e)) return { outcome: 'cancelled' };
    return failed(target, e, t('{0}: could not read what a push of it takes', typeTitle(type)));
  }
  const draft: DraftTarget = {
    accountId: target.connection.account.id,
    companyId: args.companyId,
    companyName,
    connectionId: connection.id,
    platformName: connection.platformName,
    dataType: type,
    ...(args.parentId !== undefined ? { parentId: args.parentId } : {}),
  };
  const schema = pushSchema(options, t('{0} for {1} ({2})', typeTitle(type), companyName, connection.platformName));
  const uri = deps.drafts.create(draft, title, pushTemplate(options, new Date()), schema, jsonIndent());
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return { outcome: 'opened', uri };
}

/** A push asks first on production (or with `confirmWrites: always`). */
function confirmPush(target: AccountTarget, draft: DraftTarget): Promise<boolean> {
  const { account } = target.connection;
  return confirmWrite(account, {
    question: t(
      'Push the {0} draft to {1} of {2} in {3}?',
      typeTitle(draft.dataType),
      draft.platformName,
      draft.companyName,
      account.name,
    ),
    detail: t('The record is written to the company’s accounting platform.'),
    button: t('Push'),
  });
}

async function pushDraft(deps: PushDeps, sends: DraftSends, arg: unknown, again = false): Promise<PushResult> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const draft = uri && deps.drafts.targetOf(uri);
  if (!uri || !draft) {
    void vscode.window.showWarningMessage(t('Push works on a draft made by Create (a data type’s menu).'));
    return { outcome: 'unavailable' };
  }
  // An edited record is an update: pushed as a new record it would be made twice.
  if (draft.recordId !== undefined) {
    void vscode.window.showWarningMessage(t('This draft changes an existing record: Push Update sends it.'));
    return { outcome: 'unavailable' };
  }
  const parsed = draftBody(deps.drafts.textOf(uri));
  if (!parsed.ok) {
    void vscode.window.showErrorMessage(t('The draft is not a record to push: {0}', parsed.message));
    return { outcome: 'invalid', message: parsed.message };
  }
  // Sent again after a lost answer: its problems were asked about the first time.
  if (!again && !(await confirmDraftProblems(deps.drafts, uri, draft, parsed.body))) return { outcome: 'cancelled' };
  const target = await deps.account({ accountId: draft.accountId }, t('Push'));
  const client = target?.connection.client;
  if (!target || !client) return { outcome: 'unavailable' };
  const send: PushOfDraft = { view: deps.view, sends, target, client, key: uri.toString(), draft, body: parsed.body };
  // Sent again: the Send Again question was this push's question.
  const before = again ? 'send' : await beforeSend(send);
  if (typeof before === 'object') return before;
  if (before === 'usual' && !(await confirmPush(target, draft))) return { outcome: 'cancelled' };
  return sendDraft(deps, send, uri, again);
}

/** The POST, once; what its answer (or its lost answer) leads to. */
async function sendDraft(deps: PushDeps, s: PushOfDraft, uri: vscode.Uri, again: boolean): Promise<PushResult> {
  const { target, client, draft } = s;
  const sentAt = new Date();
  // Until its answer comes, a second Push of the draft asks as after a lost answer.
  const before = s.sends.get(s.key);
  s.sends.uncertain(s.key, sentAt, s.body, t('no answer has come yet'));
  try {
    const op = await withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: t('Pushing {0} to {1}…', typeTitle(draft.dataType), draft.platformName),
      },
      () => client.pushes.create(pushPlaceOf(draft), draft.dataType, s.body),
    );
    s.sends.pushed(s.key, op);
    followSettled(deps, target, op, client, draft.companyId);
    return { outcome: 'pushed', operation: op };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (isCancellation(e)) {
      // Cancelled after it was sent, the push may have been taken all the same.
      if (e.attempts > 0) s.sends.uncertain(s.key, sentAt, s.body, e.message);
      else s.sends.restore(s.key, before);
      return { outcome: 'cancelled' };
    }
    if (!answerLost(e)) {
      s.sends.restore(s.key, before);
      return failed(target, e, t('Push of {0} failed', typeTitle(draft.dataType)));
    }
    const next = await afterLostAnswer(s, sentAt, e, again);
    return next === 'sendAgain' ? pushDraft(deps, s.sends, uri, true) : next;
  }
}

/** The named Create commands of the first pushable types; every other type's is Create Record…. */
const NAMED_CREATES: ReadonlyArray<[PushType, string]> = [
  ['invoices', 'dataPlatform.createInvoice'],
  ['bills', 'dataPlatform.createBill'],
  ['customers', 'dataPlatform.createCustomer'],
  ['suppliers', 'dataPlatform.createSupplier'],
  ['payments', 'dataPlatform.createPayment'],
];

export function registerPushCommands(deps: PushDeps): vscode.Disposable[] {
  const sends = new DraftSends();
  return [
    ...NAMED_CREATES.filter(([type]) => PUSH_TYPES.includes(type)).map(([type, command]) =>
      registerCommand(command, (arg?: unknown) => createRecord(deps, type, arg)),
    ),
    registerCommand('dataPlatform.createRecord', (arg?: unknown) => createRecord(deps, undefined, arg)),
    registerCommand('dataPlatform.pushDraft', (arg?: unknown) => pushDraft(deps, sends, arg)),
    ...watchDraftProblems(deps.drafts),
    ...registerRecordWriteCommands(deps),
  ];
}
