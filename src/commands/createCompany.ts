// Create company: a name checked as it is typed (showing the name the API will store when it
// strips characters), an optional description, then POST /companies. On success the companies
// list is reloaded and the new company revealed; a 402 (Free-trial limit) or 400 opens the
// diagnostics panel on the error body.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError, type Company, type DataPlatformClient } from '../api';
import { answerLost, findLostCompany, findWithin } from '../push/lostPush';
import { checkCompanyNameInput } from '../format/companyName';
import { t } from '../l10n';
import type { TreeNode } from '../tree/node';
import type { AccountTarget, ResolveAccount } from './accountTarget';
import { withProgress } from './progress';
import { confirmWrite } from './confirmWrite';
import { registerCommand } from './register';

interface CreateCompanyDeps {
  view: vscode.TreeView<TreeNode>;
  /** The account the company is created in; its reporter gets `prompt: false`, because this
   * command says what went wrong itself. */
  account: ResolveAccount;
}

export type CreateCompanyResult =
  | { outcome: 'created'; company: Company; revealed: boolean; recovered?: true }
  | { outcome: 'cancelled' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'unavailable'; message: string }
  | { outcome: 'failed'; error: ApiError };

interface CreateCompanyArgs {
  name: string;
  description?: string;
}

function isArgs(v: unknown): v is CreateCompanyArgs {
  return typeof v === 'object' && v !== null && typeof (v as CreateCompanyArgs).name === 'string';
}

async function askName(): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Create Company (1/2): name'),
    prompt: t("Letters, digits, spaces and - ' , & @ . ? ! are kept; other characters are removed by the API."),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const check = checkCompanyNameInput(value);
      if (!check.ok) return check.message;
      return check.note ? { message: check.note, severity: vscode.InputBoxValidationSeverity.Info } : undefined;
    },
  });
}

async function askDescription(): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Create Company (2/2): description (optional)'),
    prompt: t('Press Enter to leave it empty.'),
    ignoreFocusOut: true,
  });
}

/** The companies, asked a few times while the new one may still be landing. */
async function lookForCompany(client: DataPlatformClient, name: string, sentAt: Date): Promise<Company | undefined> {
  return withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('No answer: looking for company {0}…', name) },
    () =>
      findWithin([0, 1000, 2000], () =>
        findLostCompany((params) => client.listCompanies(params), { name, sentAt }).catch(() => undefined),
      ),
  );
}

function failureMessage(error: ApiError): string {
  if (error.status === 402)
    return t("Could not create the company: the account's limit is reached (402). {0}", error.message);
  if (error.status === 400) return t('The API refused the company (400): {0}', error.message);
  return t('Could not create the company: {0}', error.message);
}

/** Reloads the companies and selects the new one; false when it could not be shown. The new
 * company is shown at once from the API's answer: it is usually on the last page, and paging an
 * account of thousands of companies to reach it would cost a request per page. */
async function reveal(deps: CreateCompanyDeps, target: AccountTarget, company: Company): Promise<boolean> {
  const { root } = target;
  root.refresh();
  const node = root.showCompany(company);
  if (!node) return false;
  try {
    await deps.view.reveal(node, { select: true, focus: true });
    return true;
  } catch {
    // The view may be hidden or still rendering; the company is in the tree all the same.
    return false;
  }
}

/** On a production account (or with `confirmWrites: always`) the user says yes first. */
function confirmCreate(target: AccountTarget, name: string): Promise<boolean> {
  const { account } = target.connection;
  return confirmWrite(account, {
    question: t('Create the company "{0}" in {1}?', name, account.name),
    detail: t('The company is created in the API at once.'),
    button: t('Create Company'),
  });
}

async function createCompany(deps: CreateCompanyDeps, arg?: unknown): Promise<CreateCompanyResult> {
  const target = await deps.account(arg, t('Create Company: account'));
  if (!target) return { outcome: 'cancelled' };
  const client = target.connection.client;
  if (!client) {
    const message = t('Set an API key before creating a company.');
    const accountId = target.connection.account.id;
    void vscode.window.showErrorMessage(message, t('Set API Key')).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.setApiKey', { accountId });
    });
    return { outcome: 'unavailable', message };
  }
  // Arguments let tests and other extensions skip the input boxes; menus pass tree nodes.
  const given = isArgs(arg) ? arg : undefined;
  const name = given ? given.name : await askName();
  if (name === undefined) return { outcome: 'cancelled' };
  const check = checkCompanyNameInput(name);
  if (!check.ok) {
    void vscode.window.showErrorMessage(t('Cannot create the company: {0}.', check.message));
    return { outcome: 'invalid', message: check.message };
  }
  const rawDescription = given ? given.description : await askDescription();
  if (!given && rawDescription === undefined) return { outcome: 'cancelled' };
  const description = rawDescription?.trim() || undefined;
  if (!(await confirmCreate(target, check.stored))) return { outcome: 'cancelled' };

  let company: Company;
  const sentAt = new Date();
  try {
    company = await withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Creating company {0}…', check.stored) },
      () => client.createCompany({ name: name.trim(), ...(description ? { description } : {}) }),
    );
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (isCancellation(e)) return { outcome: 'cancelled' };
    target.report(e, { prompt: false });
    // No answer: the company may exist all the same. Looked for before anything is sent again.
    const found = answerLost(e) ? await lookForCompany(client, check.stored, sentAt) : undefined;
    if (found) {
      const revealed = await reveal(deps, target, found);
      void vscode.window.showInformationMessage(
        t('No answer came, but company "{0}" was created: it is in the list.', found.name),
      );
      return { outcome: 'created', company: found, revealed, recovered: true };
    }
    // The body of a refusal (validation items, the limit) is what the user needs to read.
    if (e.status === 402 || e.status === 400) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    void vscode.window.showErrorMessage(failureMessage(e), t('Show Details')).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    });
    return { outcome: 'failed', error: e };
  }
  void vscode.window.showInformationMessage(t('Company "{0}" created.', company.name));
  const revealed = await reveal(deps, target, company);
  return { outcome: 'created', company, revealed };
}

export function registerCreateCompanyCommands(deps: CreateCompanyDeps): vscode.Disposable[] {
  return [registerCommand('dataPlatform.createCompany', (arg?: unknown) => createCompany(deps, arg))];
}
