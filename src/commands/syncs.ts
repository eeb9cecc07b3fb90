// Syncs and sync settings of a company: Queue Sync on a data type (the queued sync watched until it
// is done: its list refreshes and a notification says how it ended), and Set Sync Schedule (the
// hours between a type's scheduled syncs; a Free-trial account refuses hourly ones with a 402), and
// Refresh All Data on a company (a sync of every type, watched through the data status).
import * as vscode from 'vscode';
import {
  dataStatusPath,
  isApiError,
  isCancellation,
  type ApiError,
  type DataPlatformClient,
  type DataStatusMap,
  type PullOperation,
} from '../api';
import { isSyncRunning } from '../format/labels';
import { followUntil } from '../push/follow';
import { syncName } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { isSyncDone, syncFailed, watchSync } from '../sync/watch';
import { CompanyNode } from '../tree/companyNodes';
import { RecordListNode } from '../tree/dataNodes';
import { ErrorNode } from '../tree/leafNodes';
import type { AccountRoot } from '../tree/accountRoot';
import { confirmWrite } from './confirmWrite';
import { prompt } from './prompt';
import { withProgress } from './progress';
import { endedBy, registerCommand } from './register';
import { accountOfNode } from './accountTarget';
import { reportFailure } from './syncSettings';

/** Longest schedule the API takes: an int32 of hours. */
const MAX_SCHEDULE_HOURS = 2_147_483_647;

/** The list whose data set a sync command acts on: the node's own type, or a company's invoices. */
function syncTarget(node: unknown): RecordListNode | undefined {
  const target = node instanceof ErrorNode ? node.owner : node instanceof CompanyNode ? node.invoices : node;
  return target instanceof RecordListNode ? target : undefined;
}

/** The company's lists of the type (its own node and the query nodes of it), loaded again. */
function refreshType(root: AccountRoot, companyId: string, list: RecordListNode): void {
  const company = root.companyNode(companyId) ?? (list.owner instanceof CompanyNode ? list.owner : undefined);
  if (!company) return;
  company.dataStatus.refresh();
  company.syncHistory.refresh();
  for (const node of company.listsOf(list.dataType)) node.refresh();
  for (const q of company.queries) if (q.dataType === list.dataType) q.refresh();
}

function syncEnded(root: AccountRoot, list: RecordListNode, op: PullOperation): void {
  const title = typeTitle(list.dataType);
  const name = list.company.name;
  refreshType(root, list.company.id, list);
  if (syncFailed(op))
    void vscode.window.showWarningMessage(
      t(
        '{0} of {1}: the sync ended with {2}. {3}',
        title,
        name,
        op.status,
        op.errorMessage ?? op.statusDescription ?? '',
      ),
    );
  else
    void vscode.window.showInformationMessage(
      t('{0} of {1}: the sync has finished; the list is up to date.', title, name),
    );
}

/** Watches a queued sync without holding any progress UI; the watch ends with the extension. */
function watch(
  watches: Set<AbortController>,
  root: AccountRoot,
  list: RecordListNode,
  op: PullOperation,
  client: DataPlatformClient,
): void {
  if (isSyncDone(op)) return syncEnded(root, list, op);
  const controller = new AbortController();
  watches.add(controller);
  watchSync((signal) => client.getPullOperation(op.companyId, op.id, { signal }), op, { signal: controller.signal })
    .then(
      (done) => syncEnded(root, list, done),
      (e: unknown) => {
        if (isApiError(e) && isCancellation(e)) return;
        void vscode.window.showWarningMessage(
          t(
            'Could not follow the sync of {0}: {1}. Refresh to see its status.',
            list.company.name,
            (e as Error).message,
          ),
        );
      },
    )
    .finally(() => watches.delete(controller));
}

async function queueSync(watches: Set<AbortController>, node: unknown): Promise<boolean> {
  const list = syncTarget(node);
  const root = accountOfNode(list)?.root;
  const client = root?.connection.client;
  if (!list || !root || !client) return false;
  const { company, dataType } = list;
  const title = typeTitle(dataType);
  const { account } = root.connection;
  const ask = {
    question: t('Queue a sync of {0} for {1} in {2}?', title, company.name, account.name),
    detail: t('The API fetches this data again from the company’s accounting platform.'),
    button: t('Queue Sync'),
  };
  if (!(await confirmWrite(account, ask))) return false;
  const op: PullOperation = await withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: t('{0}: queueing a sync for {1}…', title, company.name),
    },
    () => client.queueSync(company.id, syncName(list.spec)),
  );
  void vscode.window.showInformationMessage(
    t('{0} of {1}: sync queued; the list refreshes when it has finished.', title, company.name),
  );
  // The data set's status changes with the queued sync ("never requested" → queued/fetching).
  refreshType(root, company.id, list);
  watch(watches, root, list, op, client);
  return true;
}

function checkScheduleInput(value: string): string | undefined {
  const v = value.trim();
  if (!/^\d+$/.test(v)) return t('Enter a whole number of hours (0: no scheduled sync)');
  return Number(v) > MAX_SCHEDULE_HOURS ? t('At most {0} hours', String(MAX_SCHEDULE_HOURS)) : undefined;
}

async function askHours(title: string, current: number | undefined): Promise<number | undefined> {
  const hours = await prompt().input({
    title,
    prompt: t('Hours between scheduled syncs (24: daily; 0: none). A Free trial allows no hourly schedule.'),
    value: current === undefined ? '24' : String(current),
    validateInput: checkScheduleInput,
  });
  return hours === undefined ? undefined : Number(hours.trim());
}

export type ScheduleResult =
  | { outcome: 'saved'; hours: number }
  | { outcome: 'cancelled' | 'unavailable' }
  | { outcome: 'failed'; error: ApiError };

/** On a production account (or with `confirmWrites: always`) the user says yes first. */
function confirmSchedule(root: AccountRoot, list: RecordListNode, hours: number): Promise<boolean> {
  const { account } = root.connection;
  const [type, company] = [typeTitle(list.dataType), list.company.name];
  return confirmWrite(account, {
    question: t('Sync {0} of {1} in {2} every {3} hours?', type, company, account.name, String(hours)),
    detail: t('0 hours turns the scheduled sync off.'),
    button: t('Set Schedule'),
  });
}

async function setSchedule(node: unknown): Promise<ScheduleResult> {
  const list = syncTarget(node);
  const root = accountOfNode(list)?.root;
  const client = root?.connection.client;
  if (!list || !root || !client) return { outcome: 'unavailable' };
  const type = syncName(list.spec);
  const title = t('{0} of {1}: sync schedule', typeTitle(list.dataType), list.company.name);
  try {
    const settings = await withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
      client.getSyncSettings(list.company.id),
    );
    const current = settings.settings.find((s) => s.dataType === type);
    const hours = await askHours(title, current?.syncSchedule);
    if (hours === undefined || !(await confirmSchedule(root, list, hours))) return { outcome: 'cancelled' };
    const setting = current ?? { dataType: type, fetchOnFirstLink: false, syncOrder: 0, syncSchedule: hours };
    await withProgress({ location: vscode.ProgressLocation.Notification, title }, () =>
      client.setSyncSettings(list.company.id, {
        settings: [{ ...setting, syncSchedule: hours }],
        overridesDefaults: true,
      }),
    );
    void vscode.window.showInformationMessage(
      hours === 0 ? t('{0}: no scheduled sync.', title) : t('{0}: every {1} hours.', title, String(hours)),
    );
    return { outcome: 'saved', hours };
  } catch (e) {
    return endedBy(e, (error) =>
      reportFailure((x) => root.reportError(x), error, t('Could not change the sync schedule')),
    );
  }
}

function confirmRefreshAll(root: AccountRoot, name: string): Promise<boolean> {
  const { account } = root.connection;
  return confirmWrite(account, {
    question: t('Queue a sync of every data type for {0} in {1}?', name, account.name),
    detail: t('The API fetches every data type again from the company’s accounting platform.'),
    button: t('Refresh All Data'),
  });
}

/** Refresh All Data: a sync of every type, watched through the data status until none runs. */
async function refreshAll(watches: Set<AbortController>, node: unknown): Promise<boolean> {
  const company = node instanceof CompanyNode ? node : undefined;
  const root = accountOfNode(company)?.root;
  const client = root?.connection.client;
  if (!company || !root || !client || !(await confirmRefreshAll(root, company.company.name))) return false;
  const { id, name } = company.company;
  await withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('{0}: queueing a sync of all data…', name) },
    () => client.refreshAllData(id),
  );
  void vscode.window.showInformationMessage(
    t('{0}: a sync of every data type is queued; the lists refresh when the syncs have finished.', name),
  );
  const refresh = () => (root.companyNode(id) ?? company).refresh();
  refresh();
  const controller = new AbortController();
  watches.add(controller);
  const running = (map: DataStatusMap) => Object.values(map).some((s) => isSyncRunning(s));
  const read = (signal?: AbortSignal) => client.getDataStatus(id, { signal });
  const path = dataStatusPath(id);
  void read(controller.signal)
    .then((first) =>
      followUntil(
        read,
        first,
        { settled: (m) => !running(m), fingerprint: (m) => JSON.stringify(m), path },
        {
          signal: controller.signal,
        },
      ),
    )
    .then(
      (done) => {
        refresh();
        const failed = Object.values(done).filter((s) => s && /Error$/.test(s.currentStatus ?? '')).length;
        void (failed
          ? vscode.window.showWarningMessage(
              t('{0}: all data synced, {1} data types with errors.', name, String(failed)),
            )
          : vscode.window.showInformationMessage(t('{0}: all data synced; the lists are up to date.', name)));
      },
      (e: unknown) => {
        if (!(isApiError(e) && isCancellation(e)))
          void vscode.window.showWarningMessage(
            t('Could not follow the syncs of {0}: {1}', name, (e as Error).message),
          );
      },
    )
    .finally(() => watches.delete(controller));
  return true;
}

export function registerSyncCommands(): vscode.Disposable[] {
  const watches = new Set<AbortController>();
  return [
    registerCommand('dataPlatform.refreshAllData', (node?: unknown) => refreshAll(watches, node)),
    registerCommand('dataPlatform.queueSync', (node?: unknown) => queueSync(watches, node)),
    registerCommand('dataPlatform.setSyncSchedule', (node?: unknown) => setSchedule(node)),
    { dispose: () => watches.forEach((c) => c.abort()) },
  ];
}
