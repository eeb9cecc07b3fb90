// Find Company…: a quick pick that searches the API as you type (`name~text`, or `id=` for a
// pasted company id; companySearch.ts), not only the pages the view has loaded. Typing waits for a
// pause, cancels the search before it, and shows the pick busy meanwhile. Every account with a key
// is searched, from wherever the command is run (the view's title, an account's menu, the palette),
// and each row names its account: the view shows them side by side, and a company the user looks
// for by name may be in any of them. A search that finds nothing says so in a row. The picked
// company is shown in its account's list, as it is when its page is loaded, otherwise after the
// loaded companies without paging to it (CompaniesRoot.showCompany), then selected and focused.
import * as vscode from 'vscode';
import { companySearchParams, isApiError, isCancellation, sleep, type ApiError, type Company } from '../api';
import type { Connections } from '../connection/connections';
import type { ReportError } from '../diagnostics/reporter';
import { companyPlatforms } from '../format/labels';
import { t } from '../l10n';
import type { CompanyNode } from '../tree/companyNodes';
import { TreeNode } from '../tree/node';
import type { CompaniesTreeProvider } from '../tree/provider';
import { accountTargetOf, namedAccountId, type AccountTarget } from './accountTarget';
import { prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

/** Companies asked for per account and search: enough to pick from, one small request. */
const FIND_PAGE_SIZE = 20;

interface FindCompanyDeps {
  tree: CompaniesTreeProvider;
  view: vscode.TreeView<TreeNode>;
  connections: Connections;
  report: ReportError;
  /** Pause in typing before a search is sent. */
  searchDelayMs?: number;
}

export type FindCompanyResult =
  | { outcome: 'revealed'; company: Company; accountId: string; node: CompanyNode; revealed: boolean }
  | { outcome: 'cancelled' }
  | { outcome: 'unavailable'; message: string };

/** One account's answer to a search. */
interface Found {
  target: AccountTarget;
  companies: Company[];
  error?: ApiError;
}

/** A picked company and the account it was found in. */
interface Choice {
  company: Company;
  target: AccountTarget;
}

/** Searches each account at once; a failure is reported (diagnostics) and kept with its account. */
async function searchAccounts(targets: readonly AccountTarget[], text: string, signal?: AbortSignal) {
  const params = companySearchParams(text, FIND_PAGE_SIZE);
  if (!params) return [];
  return Promise.all(
    targets.map(async (target): Promise<Found> => {
      const client = target.connection.client;
      if (!client) return { target, companies: [] };
      try {
        return { target, companies: (await client.listCompanies(params, { signal })).results };
      } catch (e) {
        if (!isApiError(e)) throw e;
        if (!isCancellation(e)) target.report(e);
        return { target, companies: [], error: e };
      }
    }),
  );
}

interface FindItem extends vscode.QuickPickItem {
  choice?: Choice;
}

class FindPick {
  private readonly pick = createQuickPick<FindItem>();
  /** The last search's answers (kept while the next one loads), by account, and its text. */
  private found: Found[] = [];
  private foundText = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;

  constructor(
    private readonly targets: readonly AccountTarget[],
    private readonly delayMs: number,
  ) {
    this.pick.title = t('Find Company');
    this.pick.placeholder = t('Type part of a company name, or a company id');
    this.pick.matchOnDetail = true;
    this.pick.matchOnDescription = true;
  }

  async run(): Promise<Choice | undefined> {
    this.render();
    try {
      const row = await prompt().pick({
        pick: this.pick,
        typed: (text) => this.typed(text),
        answers: (item) => item.choice !== undefined,
      });
      return row?.choice;
    } finally {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.inFlight?.abort();
      this.inFlight = undefined;
    }
  }

  private typed(text: string): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.pick.busy = false;
    if (!companySearchParams(text, FIND_PAGE_SIZE)) {
      this.found = [];
      this.foundText = '';
      this.render();
      return;
    }
    this.timer = setTimeout(() => void this.searchNow(text), this.delayMs);
  }

  private async searchNow(text: string): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    this.pick.busy = true;
    try {
      const found = await searchAccounts(this.targets, text, controller.signal);
      if (this.inFlight !== controller) return;
      this.found = found;
      this.foundText = text;
      this.render();
    } finally {
      // A later search (or the pick's end) owns the indicator from then on.
      if (this.inFlight === controller) {
        this.inFlight = undefined;
        this.pick.busy = false;
      }
    }
  }

  /** Per account: what its search found once it answered, else the companies the view holds
   * (VS Code's own filter narrows those to what was typed); an account's failure as a row of its
   * own; and a row saying so when the search of the text typed found nothing anywhere. */
  private render(): void {
    const several = this.targets.length > 1;
    const items: FindItem[] = [];
    for (const target of this.targets) {
      const answer = this.found.find((f) => f.target === target);
      const loaded = answer && !answer.error ? [] : (target.root.pagedList?.items ?? []);
      const companies = new Map([...(answer?.companies ?? []), ...loaded].map((c) => [c.id, c]));
      const name = target.connection.account.name;
      if (several) items.push({ label: name, kind: vscode.QuickPickItemKind.Separator });
      if (answer?.error)
        items.push({
          label: `$(warning) ${t('{0}: the search failed: {1}', name, answer.error.message)}`,
          alwaysShow: true,
        });
      for (const company of companies.values()) items.push(itemOf({ company, target }));
    }
    if (this.nothingFound()) items.push({ label: `$(info) ${noMatch(this.foundText)}`, alwaysShow: true });
    const active = this.pick.activeItems[0]?.choice;
    this.pick.items = items;
    const keep =
      active && items.find((i) => i.choice?.company.id === active.company.id && i.choice.target === active.target);
    if (keep) this.pick.activeItems = [keep];
  }

  /** Whether the search of the text now typed answered, from every account, with no company. */
  private nothingFound(): boolean {
    return (
      this.foundText !== '' &&
      this.foundText === this.pick.value &&
      this.found.length > 0 &&
      this.found.every((f) => !f.error && f.companies.length === 0)
    );
  }
}

const noMatch = (text: string) => t('No company matches "{0}".', text.trim());

/** A company's row, always naming its account (with one account too: the user sees which is searched). */
function itemOf(choice: Choice): FindItem {
  const c = choice.company;
  const description = [choice.target.connection.account.name, ...companyPlatforms(c)];
  return {
    label: c.name,
    description: description.join(' · ') || undefined,
    detail: c.description ? `${c.id} · ${c.description}` : c.id,
    choice,
  };
}

/** The accounts searched: every account with a key, from wherever the command is run (a node the
 * view or a menu passes does not narrow it); only tests and other extensions may name one account
 * (`{ accountId }`). */
function targetsOf(deps: FindCompanyDeps, arg: unknown): AccountTarget[] {
  const named = arg instanceof TreeNode ? undefined : namedAccountId(arg);
  const connections = deps.connections.list().filter((c) => named === undefined || c.account.id === named);
  return connections.flatMap((connection) => {
    const target = connection.client ? accountTargetOf(deps, connection) : undefined;
    return target ? [target] : [];
  });
}

const REVEAL_RETRY_MS = 250;

async function tryReveal(deps: FindCompanyDeps, node: CompanyNode): Promise<boolean> {
  try {
    await deps.view.reveal(node, { select: true, focus: true });
    return true;
  } catch {
    return false;
  }
}

/** The company in its account's list (shown there if its page is not loaded), selected and focused. */
async function reveal(deps: FindCompanyDeps, { company, target }: Choice): Promise<FindCompanyResult> {
  const root = deps.tree.rootOf(target.root.accountId);
  const node = root === target.root ? root.showCompany(company) : undefined;
  if (!node) {
    // The key or base URL changed meanwhile: that list is gone from the view.
    const message = t('The connection changed while finding the company; find it again.');
    void vscode.window.showWarningMessage(message);
    return { outcome: 'unavailable', message };
  }
  // The view may still be rendering the row just added (reveal then cannot resolve it): a second
  // try after a moment finds it. A hidden view fails both; the company is in the tree all the same.
  let revealed = await tryReveal(deps, node);
  if (!revealed) revealed = await sleep(REVEAL_RETRY_MS).then(() => tryReveal(deps, node));
  return { outcome: 'revealed', company, accountId: target.root.accountId, node, revealed };
}

async function findCompany(deps: FindCompanyDeps, arg?: unknown): Promise<FindCompanyResult> {
  const targets = targetsOf(deps, arg);
  if (targets.length === 0) {
    const message = t('Set an API key before finding a company.');
    void vscode.window.showErrorMessage(message);
    return { outcome: 'unavailable', message };
  }
  const choice = await new FindPick(targets, deps.searchDelayMs ?? 300).run();
  return choice ? reveal(deps, choice) : { outcome: 'cancelled' };
}

export function registerFindCompanyCommands(deps: FindCompanyDeps): vscode.Disposable[] {
  return [registerCommand('dataPlatform.findCompany', (arg?: unknown) => findCompany(deps, arg))];
}
