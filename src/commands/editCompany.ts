// Edit Company… on a company: its name (Create Company's rules, checked as typed), description and
// tags (`key=value; key2=value2`, checked as typed), then one PATCH of what changed, asked first on
// a production account. The row shows the answer in place (the company stays expanded). A PATCH
// whose answer was lost is never sent again blind: the company is read (the edit there: done);
// otherwise the next edit of it starts from the company as it is then, and asks before sending.
import * as vscode from 'vscode';
import { isApiError, type ApiError, type Company, type CompanyUpdate, type DataPlatformClient } from '../api';
import { companyUpdate, formatTags, parseTags, type CompanyEdit } from '../format/companyEdit';
import { answerLost } from '../push/lostPush';
import { t } from '../l10n';
import { CompanyNode } from '../tree/companyNodes';
import { accountOfNode, type AccountTarget } from './accountTarget';
import { confirmWrite } from './confirmWrite';
import { companyNameValidation } from './createCompany';
import { withProgress } from './progress';
import { prompt } from './prompt';
import { endedBy } from './register';

export type EditCompanyResult =
  | { outcome: 'updated'; company: Company; update: CompanyUpdate; recovered?: true }
  | { outcome: 'unchanged' }
  | { outcome: 'cancelled' }
  | { outcome: 'deleted' }
  | { outcome: 'failed'; error: ApiError };

/** Edits whose answer was lost and that the company did not show, by account and company id. */
export type LostEdits = Map<string, string>;

const lostKey = (target: AccountTarget, companyId: string) => `${target.connection.account.id}\u0000${companyId}`;

async function askEdit(company: Company): Promise<CompanyEdit | undefined> {
  const name = await prompt().input({
    title: t('Edit Company (1/3): name'),
    prompt: t("Letters, digits, spaces and - ' , & @ . ? ! are kept; other characters are removed by the API."),
    value: company.name,
    validateInput: companyNameValidation,
  });
  if (name === undefined) return undefined;
  const description = await prompt().input({
    title: t('Edit Company (2/3): description'),
    prompt: t('Leave it empty for none.'),
    value: company.description ?? '',
  });
  if (description === undefined) return undefined;
  const tags = await prompt().input({
    title: t('Edit Company (3/3): tags'),
    prompt: t(
      'key=value pairs separated by ";" (region=uk; team=invoice-finance); \\; for a ";" inside one; empty for none.',
    ),
    value: formatTags(company.tags),
    validateInput: (v) => {
      const check = parseTags(v);
      return check.ok ? undefined : check.message;
    },
  });
  return tags === undefined ? undefined : { name, description, tags };
}

/** The question before the PATCH: on a production account; after a lost edit, on every account. */
function confirmEdit(target: AccountTarget, company: Company, lost: string | undefined): Promise<boolean> {
  const { account } = target.connection;
  const button = t('Save Changes');
  if (lost !== undefined)
    return confirmWrite(
      account,
      {
        question: t(
          'An earlier edit of "{0}" in {1} got no usable answer ({2}), and the company does not show it. Send this edit?',
          company.name,
          account.name,
          lost,
        ),
        detail: t('The company was read again: the changes are made against it as it is now.'),
        button,
      },
      true,
    );
  return confirmWrite(account, {
    question: t('Save the changes to company "{0}" in {1}?', company.name, account.name),
    detail: t('The company is changed in the API at once.'),
    button,
  });
}

/** The company as the API has it now; a 404 marks its node deleted. */
async function readCompany(node: CompanyNode, client: DataPlatformClient): Promise<Company | 'deleted'> {
  try {
    return await client.getCompany(node.company.id);
  } catch (e) {
    if (isApiError(e) && e.kind === 'notFound') {
      node.markDeleted();
      return 'deleted';
    }
    throw e;
  }
}

function saidDeleted(node: CompanyNode): EditCompanyResult {
  node.markDeleted();
  void vscode.window.showWarningMessage(
    t('Company "{0}" no longer exists: it was deleted elsewhere. Refresh the companies list.', node.company.name),
  );
  return { outcome: 'deleted' };
}

function failed(target: AccountTarget, node: CompanyNode, error: ApiError): EditCompanyResult {
  if (error.kind === 'notFound') return saidDeleted(node);
  target.report(error, { prompt: false });
  void vscode.window
    .showErrorMessage(t('Could not change company "{0}": {1}', node.company.name, error.message), t('Show Details'))
    .then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
    });
  return { outcome: 'failed', error };
}

/** After a PATCH whose answer was lost: the company read; showing the edit, it is done. */
async function afterLost(
  ctx: { lost: LostEdits; target: AccountTarget; node: CompanyNode; client: DataPlatformClient },
  edit: CompanyEdit,
  update: CompanyUpdate,
  error: ApiError,
): Promise<EditCompanyResult> {
  const { lost, target, node, client } = ctx;
  const now = await readCompany(node, client).catch(() => undefined);
  if (now === 'deleted') return saidDeleted(node);
  const check = now && companyUpdate(now, edit);
  if (now && check?.ok && check.update === undefined) {
    node.update(now);
    void vscode.window.showInformationMessage(t('No answer came, but company "{0}" was changed.', now.name));
    return { outcome: 'updated', company: now, update, recovered: true };
  }
  lost.set(lostKey(target, node.company.id), error.message);
  target.report(error, { prompt: false });
  void vscode.window.showErrorMessage(
    t(
      'The changes to company "{0}" may or may not have been saved: {1}. Edit Company reads the company before sending them again.',
      node.company.name,
      error.message,
    ),
  );
  return { outcome: 'failed', error };
}

/** Asks, sends the PATCH once, and shows the answer on the node. */
async function editCompany(lost: LostEdits, node: CompanyNode): Promise<EditCompanyResult> {
  const target = accountOfNode(node);
  const client = target?.connection.client;
  if (!target || !client) return { outcome: 'cancelled' };
  const earlier = lost.get(lostKey(target, node.company.id));
  // After a lost edit the company is read first: the question and the diff are against what it is now.
  if (earlier !== undefined) {
    const now = await readCompany(node, client);
    if (now === 'deleted') return saidDeleted(node);
    node.update(now);
  }
  const before = node.company;
  const edit = await askEdit(before);
  if (!edit) return { outcome: 'cancelled' };
  const check = companyUpdate(before, edit);
  if (!check.ok) return { outcome: 'cancelled' };
  const update = check.update;
  if (!update) {
    void vscode.window.showInformationMessage(t('Nothing changed: company "{0}" was not sent.', before.name));
    return { outcome: 'unchanged' };
  }
  if (!(await confirmEdit(target, before, earlier))) return { outcome: 'cancelled' };
  try {
    const company = await withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Saving company {0}…', before.name) },
      () => client.companies.update(before.id, update),
    );
    lost.delete(lostKey(target, before.id));
    node.update(company);
    void vscode.window.showInformationMessage(t('Company "{0}" saved.', company.name));
    return { outcome: 'updated', company, update };
  } catch (e) {
    return endedBy(e, (error) =>
      answerLost(error) ? afterLost({ lost, target, node, client }, edit, update, error) : failed(target, node, error),
    );
  }
}

/** The company a command acts on: the node it was invoked on, else the selected company. */
export function companyOf(node: unknown, view: vscode.TreeView<unknown>): CompanyNode | undefined {
  if (node instanceof CompanyNode) return node;
  return view.selection.find((n): n is CompanyNode => n instanceof CompanyNode);
}

export async function runEditCompany(
  lost: LostEdits,
  view: vscode.TreeView<unknown>,
  arg: unknown,
): Promise<EditCompanyResult> {
  const node = companyOf(arg, view);
  if (!node || node.isDeleted) return { outcome: 'cancelled' };
  return editCompany(lost, node);
}
