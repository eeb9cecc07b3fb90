// Edit Sync Settings on a company: its settings (schedule, order, months to fetch, per data type)
// in an editable JSON document checked by a schema as it is typed; Save Sync Settings sends them
// (a POST, sent once) and says what the API made of them: a Free trial's hourly schedule is
// refused with a 402, a locked setting or a bad value with a 400, each body in the panel.
import * as vscode from 'vscode';
import type { ApiError } from '../api';
import { jsonIndent } from '../documents/recordDocuments';
import { t } from '../l10n';
import type { DraftFileSystem } from '../push/drafts';
import { settingsBody, settingsDocument, syncSettingsSchema } from '../sync/settingsSchema';
import { CompanyNode } from '../tree/companyNodes';
import { accountOfNode, type ResolveAccount } from './accountTarget';
import { confirmWrite } from './confirmWrite';
import { documentTarget } from './documentTarget';
import { withProgress } from './progress';
import { endedBy, registerCommand } from './register';

interface SyncSettingsDeps {
  drafts: DraftFileSystem;
  account: ResolveAccount;
}

export type SaveSettingsResult =
  | { outcome: 'saved'; count: number }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'unavailable' | 'cancelled' }
  | { outcome: 'failed'; error: ApiError };

/** Reports a refused change of sync settings; a refusal's body opens in the panel. */
export function reportFailure(
  report: (e: ApiError) => void,
  e: ApiError,
  what: string,
): { outcome: 'failed'; error: ApiError } {
  report(e);
  // A refusal's body (the 402's reason, a 400's validation) is what the user needs to read.
  if (e.status === 402 || e.status === 400) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
  void vscode.window.showErrorMessage(t('{0}: {1}', what, e.message));
  return { outcome: 'failed', error: e };
}

async function edit(deps: SyncSettingsDeps, node: unknown): Promise<vscode.Uri | undefined> {
  if (!(node instanceof CompanyNode)) return undefined;
  const root = accountOfNode(node)?.root;
  const client = root?.connection.client;
  if (!root || !client) return undefined;
  const { company } = node;
  const title = t('Sync settings of {0}', company.name);
  const current = await withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
    client.getSyncSettings(company.id),
  );
  const types = current.settings.map((s) => s.dataType);
  const uri = deps.drafts.createSettings(
    { accountId: root.accountId, companyId: company.id, companyName: company.name },
    t('Sync settings'),
    settingsDocument(current.settings),
    syncSettingsSchema(types, title),
    jsonIndent(),
  );
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return uri;
}

async function save(deps: SyncSettingsDeps, arg: unknown): Promise<SaveSettingsResult> {
  const found = await documentTarget(arg, {
    of: (uri) => deps.drafts.settingsOf(uri),
    text: (uri) => deps.drafts.textOf(uri),
    parse: settingsBody,
    refused: (message) => t('The sync settings cannot be sent: {0}', message),
    title: t('Save Sync Settings'),
    account: deps.account,
  });
  if ('outcome' in found) return found;
  const { uri, target, parsed, account, client } = found;
  const { account: owner } = account.connection;
  const ask = {
    question: t('Save the sync settings of {0} in {1}?', target.companyName, owner.name),
    detail: t('They replace the company’s sync settings in the API.'),
    button: t('Save'),
  };
  if (!(await confirmWrite(owner, ask))) return { outcome: 'cancelled' };
  const title = t('Saving the sync settings of {0}…', target.companyName);
  try {
    await withProgress({ location: vscode.ProgressLocation.Notification, title }, () =>
      client.setSyncSettings(target.companyId, { settings: parsed.settings, overridesDefaults: true }),
    );
  } catch (e) {
    return endedBy(e, (error) =>
      reportFailure((x) => account.report(x, { prompt: false }), error, t('The sync settings were not saved')),
    );
  }
  // The document is the API's now: saved in memory too, so closing it asks nothing.
  await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
  void vscode.window.showInformationMessage(t('Sync settings of {0} saved.', target.companyName));
  return { outcome: 'saved', count: parsed.settings.length };
}

export function registerSyncSettingsCommands(deps: SyncSettingsDeps): vscode.Disposable[] {
  return [
    registerCommand('dataPlatform.editSyncSettings', (node?: unknown) => edit(deps, node)),
    registerCommand('dataPlatform.saveSyncSettings', (arg?: unknown) => save(deps, arg)),
  ];
}
