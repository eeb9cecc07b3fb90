// The commands of companies: Create Company (createCompany.ts), Edit Company (editCompany.ts),
// Delete Company (deleteCompany.ts), and an account's Filter Companies by Tag… (its companies
// listed again with the list's `tags` query, kept for the session) and Clear Tag Filter.
import type * as vscode from 'vscode';
import { checkTagFilter } from '../format/companyEdit';
import { t } from '../l10n';
import type { TreeNode } from '../tree/node';
import type { ResolveAccount } from './accountTarget';
import { registerCreateCompanyCommands } from './createCompany';
import { runDeleteCompany } from './deleteCompany';
import { runEditCompany, type LostEdits } from './editCompany';
import { prompt } from './prompt';
import { registerCommand } from './register';

interface CompanyCommandDeps {
  view: vscode.TreeView<TreeNode>;
  account: ResolveAccount;
}

export type TagFilterResult = { outcome: 'filtered'; filter: string | undefined } | { outcome: 'cancelled' };

/** Asks the account's tag filter (the current one to edit; empty clears it) and lists the
 * companies with it. */
async function filterByTag(deps: CompanyCommandDeps, arg: unknown): Promise<TagFilterResult> {
  const target = await deps.account(arg, t('Filter Companies by Tag: account'));
  if (!target) return { outcome: 'cancelled' };
  const { root } = target;
  const typed = await prompt().input({
    title: t('Filter Companies by Tag: {0}', target.connection.account.name),
    prompt: t('Tags in the query language: = != ~ joined by && and ||. Empty lists every company.'),
    placeholder: 'region=uk && team=invoice-finance',
    value: root.tagFilter ?? '',
    validateInput: (v) => (v.trim() === '' ? undefined : checkTagFilter(v)),
  });
  if (typed === undefined) return { outcome: 'cancelled' };
  const filter = typed.trim() || undefined;
  root.setTagFilter(filter);
  return { outcome: 'filtered', filter };
}

export function registerCompanyCommands(deps: CompanyCommandDeps): vscode.Disposable[] {
  const lost: LostEdits = new Map();
  return [
    ...registerCreateCompanyCommands(deps),
    registerCommand('dataPlatform.editCompany', (arg?: unknown) => runEditCompany(lost, deps.view, arg)),
    registerCommand('dataPlatform.deleteCompany', (arg?: unknown) => runDeleteCompany(deps.view, arg)),
    registerCommand('dataPlatform.filterCompaniesByTag', (arg?: unknown) => filterByTag(deps, arg)),
    registerCommand('dataPlatform.clearCompanyTagFilter', async (arg?: unknown) => {
      const target = await deps.account(arg, t('Clear Tag Filter: account'));
      target?.root.setTagFilter(undefined);
      return target !== undefined;
    }),
  ];
}
