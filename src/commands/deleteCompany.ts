// Delete Company on a company: a modal question (its harmless button first), and on a production
// account (the same rule as every write's question) the company's name typed to confirm, as GitHub
// asks for a repository's. One DELETE; the company and everything under it leave the tree. A
// DELETE whose answer was lost is not sent again blind: the company is read (a 404: it was deleted).
import * as vscode from 'vscode';
import { isApiError, type ApiError, type DataPlatformClient } from '../api';
import { writeNeedsConfirmation } from '../accounts/environment';
import { deleteConfirmation } from '../format/companyEdit';
import { answerLost } from '../push/lostPush';
import { t } from '../l10n';
import { confirmWrites } from '../settings';
import type { CompanyNode } from '../tree/companyNodes';
import { accountOfNode, type AccountTarget } from './accountTarget';
import { confirmWrite } from './confirmWrite';
import { companyOf } from './editCompany';
import { withProgress } from './progress';
import { prompt } from './prompt';
import { endedBy } from './register';

export type DeleteCompanyResult =
  | { outcome: 'deleted'; alreadyGone?: true; recovered?: true }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; error: ApiError };

/** The modal, then on production the typed name; true when both said yes. */
async function confirmDelete(target: AccountTarget, node: CompanyNode): Promise<boolean> {
  const { account } = target.connection;
  const { name } = node.company;
  const yes = await confirmWrite(
    account,
    {
      question: t('Delete the company "{0}" from {1}?', name, account.name),
      detail: t('The company, its connections and all its data are deleted from the API. This cannot be undone.'),
      button: t('Delete Company'),
      safe: t('Keep Company'),
    },
    true,
  );
  if (!yes || !writeNeedsConfirmation(account.environment, confirmWrites())) return yes;
  const typed = await prompt().input({
    title: t('Delete Company: type "{0}" to confirm', name),
    prompt: t('{0} is a production account: type the company’s name to delete it.', account.name),
    placeholder: name,
    validateInput: (v) => deleteConfirmation(v, name),
  });
  // The box accepts only the name; anything else (or Escape) deletes nothing.
  if (typed === undefined || deleteConfirmation(typed, name) !== undefined) {
    void vscode.window.showInformationMessage(t('Cancelled: nothing was sent to {0}.', account.name));
    return false;
  }
  return true;
}

function removed(target: AccountTarget, node: CompanyNode, message: string): void {
  target.root.removeCompany(node.company.id);
  void vscode.window.showInformationMessage(message);
}

/** After a DELETE whose answer was lost: a 404 on reading the company says it went. */
async function afterLost(
  target: AccountTarget,
  node: CompanyNode,
  client: DataPlatformClient,
  error: ApiError,
): Promise<DeleteCompanyResult> {
  const { name, id } = node.company;
  const gone = await client.getCompany(id).then(
    () => false,
    (e: unknown) => isApiError(e) && e.kind === 'notFound',
  );
  if (gone) {
    removed(target, node, t('No answer came, but company "{0}" was deleted.', name));
    return { outcome: 'deleted', recovered: true };
  }
  target.report(error, { prompt: false });
  void vscode.window.showErrorMessage(
    t(
      'Company "{0}" may not have been deleted: {1}. It is still in the API; Delete Company asks again.',
      name,
      error.message,
    ),
  );
  return { outcome: 'failed', error };
}

function failed(target: AccountTarget, node: CompanyNode, error: ApiError): DeleteCompanyResult {
  const { name } = node.company;
  if (error.kind === 'notFound') {
    removed(target, node, t('Company "{0}" was already deleted.', name));
    return { outcome: 'deleted', alreadyGone: true };
  }
  target.report(error, { prompt: false });
  void vscode.window
    .showErrorMessage(t('Could not delete company "{0}": {1}', name, error.message), t('Show Details'))
    .then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
    });
  return { outcome: 'failed', error };
}

export async function runDeleteCompany(view: vscode.TreeView<unknown>, arg: unknown): Promise<DeleteCompanyResult> {
  const node = companyOf(arg, view);
  const target = accountOfNode(node);
  const client = target?.connection.client;
  if (!node || !target || !client) return { outcome: 'cancelled' };
  if (!(await confirmDelete(target, node))) return { outcome: 'cancelled' };
  const { name, id } = node.company;
  try {
    await withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Deleting company {0}…', name) },
      () => client.companies.delete(id),
    );
  } catch (e) {
    return endedBy(e, (error) =>
      answerLost(error) ? afterLost(target, node, client, error) : failed(target, node, error),
    );
  }
  removed(target, node, t('Company "{0}" deleted.', name));
  return { outcome: 'deleted' };
}
