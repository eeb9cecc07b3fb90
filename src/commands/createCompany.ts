// Create company: a name checked as it is typed (showing the name the API will store when it
// strips characters), an optional description, then POST /companies. On success the companies
// list is reloaded and the new company revealed; a 402 (Free-trial limit) or 400 opens the
// diagnostics panel on the error body. A create whose answer was lost (a timeout, a dropped
// connection, a gateway's 5xx) is looked for in the companies list; not found, the next create of
// that name in the account looks again and asks before sending.
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
import { prompt } from './prompt';

interface CreateCompanyDeps {
  view: vscode.TreeView<TreeNode>;
  /** The account the company is created in; its reporter gets `prompt: false`, because this
   * command says what went wrong itself. */
  account: ResolveAccount;
}

export type CreateCompanyResult =
  | { outcome: 'created'; company: Company; revealed: boolean; recovered?: true }
  | { outcome: 'cancelled' }
  | { outcome: 'unavailable'; message: string }
  | { outcome: 'failed'; error: ApiError };

/** A company name as it is typed (Create and Edit Company): refused, or noted when the API will
 * strip characters. */
export function companyNameValidation(value: string): string | vscode.InputBoxValidationMessage | undefined {
  const check = checkCompanyNameInput(value);
  if (!check.ok) return check.message;
  return check.note ? { message: check.note, severity: vscode.InputBoxValidationSeverity.Info } : undefined;
}

async function askName(): Promise<string | undefined> {
  return prompt().input({
    title: t('Create Company (1/2): name'),
    prompt: t("Letters, digits, spaces and - ' , & @ . ? ! are kept; other characters are removed by the API."),
    validateInput: companyNameValidation,
  });
}

async function askDescription(): Promise<string | undefined> {
  return prompt().input({
    title: t('Create Company (2/2): description (optional)'),
    prompt: t('Press Enter to leave it empty.'),
  });
}

/** Creates of this window whose answer was lost and whose company was not found, by account and
 * stored name: when each was sent, and the failure that stood in for its answer. */
type LostCreates = Map<string, { sentAt: Date; reason: string }>;

const lostKey = (target: AccountTarget, name: string) => `${target.connection.account.id}\u0000${name}`;

/** The companies, asked after each of `waits` while the new one may still be landing. */
async function lookForCompany(
  client: DataPlatformClient,
  name: string,
  sentAt: Date,
  waits = [0, 1000, 2000],
): Promise<Company | undefined> {
  return withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('No usable answer: looking for company {0}…', name) },
    () =>
      findWithin(waits, () =>
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

/** On a production account (or with `confirmWrites: always`) the user says yes first; after a
 * create of the same name whose answer was lost, on every account. */
function confirmCreate(target: AccountTarget, name: string, lost?: string): Promise<boolean> {
  const { account } = target.connection;
  if (lost !== undefined)
    return confirmWrite(
      account,
      {
        question: t(
          'An earlier Create Company of "{0}" in {1} got no usable answer ({2}), and the company is not in the list. Create it now?',
          name,
          account.name,
          lost,
        ),
        detail: t('If the earlier create was done, the company is created twice.'),
        button: t('Create Company'),
      },
      true,
    );
  return confirmWrite(account, {
    question: t('Create the company "{0}" in {1}?', name, account.name),
    detail: t('The company is created in the API at once.'),
    button: t('Create Company'),
  });
}

/** A company whose create got no usable answer, found in the list: shown, and said so. */
async function foundAfterAll(
  deps: CreateCompanyDeps,
  target: AccountTarget,
  found: Company,
): Promise<CreateCompanyResult> {
  const revealed = await reveal(deps, target, found);
  void vscode.window.showInformationMessage(
    t('No answer came, but company "{0}" was created: it is in the list.', found.name),
  );
  return { outcome: 'created', company: found, revealed, recovered: true };
}

/** Before the POST: the usual question; after a lost create of this name, the list is read again
 * (found: nothing is sent) and the question says why it is asked. */
async function beforeCreate(
  deps: CreateCompanyDeps,
  lost: LostCreates,
  target: AccountTarget,
  client: DataPlatformClient,
  name: string,
): Promise<'create' | CreateCompanyResult> {
  const earlier = lost.get(lostKey(target, name));
  if (!earlier) return (await confirmCreate(target, name)) ? 'create' : { outcome: 'cancelled' };
  const found = await lookForCompany(client, name, earlier.sentAt, [0]);
  if (found) {
    lost.delete(lostKey(target, name));
    return foundAfterAll(deps, target, found);
  }
  return (await confirmCreate(target, name, earlier.reason)) ? 'create' : { outcome: 'cancelled' };
}

async function createCompany(deps: CreateCompanyDeps, lost: LostCreates, arg?: unknown): Promise<CreateCompanyResult> {
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
  const name = await askName();
  if (name === undefined) return { outcome: 'cancelled' };
  // The box accepts only a name that checks; what the API will store is what the user was shown.
  const check = checkCompanyNameInput(name);
  if (!check.ok) return { outcome: 'cancelled' };
  const rawDescription = await askDescription();
  if (rawDescription === undefined) return { outcome: 'cancelled' };
  const description = rawDescription.trim() || undefined;
  const before = await beforeCreate(deps, lost, target, client, check.stored);
  if (before !== 'create') return before;
  return send(deps, lost, target, client, { name: name.trim(), stored: check.stored, description });
}

/** The POST, once; what its answer (or its lost answer) leads to. */
async function send(
  deps: CreateCompanyDeps,
  lost: LostCreates,
  target: AccountTarget,
  client: DataPlatformClient,
  create: { name: string; stored: string; description?: string },
): Promise<CreateCompanyResult> {
  const { name, stored, description } = create;
  let company: Company;
  const sentAt = new Date();
  try {
    company = await withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Creating company {0}…', stored) },
      () => client.createCompany({ name, ...(description ? { description } : {}) }),
    );
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (isCancellation(e)) return { outcome: 'cancelled' };
    target.report(e, { prompt: false });
    // No usable answer: the company may exist all the same. Looked for before anything is sent again.
    if (answerLost(e)) return lostCreate(deps, lost, target, client, { stored, sentAt, error: e });
    // The body of a refusal (validation items, the limit) is what the user needs to read.
    if (e.status === 402 || e.status === 400) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    void vscode.window.showErrorMessage(failureMessage(e), t('Show Details')).then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
    });
    return { outcome: 'failed', error: e };
  }
  lost.delete(lostKey(target, stored));
  void vscode.window.showInformationMessage(t('Company "{0}" created.', company.name));
  const revealed = await reveal(deps, target, company);
  return { outcome: 'created', company, revealed };
}

/** After a create whose answer was lost: the company found in the list, or remembered as maybe
 * created (the next create of the name asks) and said so. */
async function lostCreate(
  deps: CreateCompanyDeps,
  lost: LostCreates,
  target: AccountTarget,
  client: DataPlatformClient,
  what: { stored: string; sentAt: Date; error: ApiError },
): Promise<CreateCompanyResult> {
  const { stored, sentAt, error } = what;
  const found = await lookForCompany(client, stored, sentAt);
  if (found) return foundAfterAll(deps, target, found);
  lost.set(lostKey(target, stored), { sentAt, reason: error.message });
  void vscode.window
    .showErrorMessage(
      t(
        'Company "{0}" may or may not have been created: {1}. It is not in the list yet; Create Company asks before sending it again.',
        stored,
        error.message,
      ),
      t('Show Details'),
    )
    .then((c) => {
      if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
    });
  return { outcome: 'failed', error };
}

export function registerCreateCompanyCommands(deps: CreateCompanyDeps): vscode.Disposable[] {
  const lost: LostCreates = new Map();
  return [registerCommand('dataPlatform.createCompany', (arg?: unknown) => createCompany(deps, lost, arg))];
}
