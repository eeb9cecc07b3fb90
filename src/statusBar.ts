// One status bar item: the account in use (the selected node's, else the first) and how much of
// its key's rate-limit budget is left, on a warning background when it is a production account;
// every account in its tooltip (its words: format/statusBarText.ts). Each account's budget comes
// from its own client, so one account's 429 or 401 shows on that account alone. A click offers the
// useful actions (commands/statusBarActions.ts).
import * as vscode from 'vscode';
import type { Environment } from './accounts/environment';
import type { RateLimitInfo } from './api';
import type { ConnectionState } from './connection/connection';
import {
  accountInUse,
  nextReset,
  statusBarText,
  statusBarTooltip,
  type StatusBarAccount,
} from './format/statusBarText';

/** Node's longest timer; a reset further off is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const STATUS_BAR_ACTIONS_COMMAND = 'dataPlatform.statusBarActions';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('dataPlatform.status', vscode.StatusBarAlignment.Left, 0);
  private shown = new Map<string, StatusBarAccount>();
  private order: string[] = [];
  private selectedId: string | undefined;
  private backgroundId: string | undefined;
  /** Renders the tooltip again when a budget's reset time passes ("Resets at" would be wrong). */
  private resetTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.item.name = 'Data Platform';
    this.item.command = STATUS_BAR_ACTIONS_COMMAND;
  }

  get text(): string {
    return this.item.text;
  }

  /** The tooltip's Markdown, for the tests. */
  get tooltip(): string {
    const tip = this.item.tooltip;
    return typeof tip === 'string' ? tip : (tip?.value ?? '');
  }

  /** The id of the background's theme colour, when it has one (production). */
  get background(): string | undefined {
    return this.backgroundId;
  }

  /** The id of the account the item shows. */
  get accountId(): string | undefined {
    return accountInUse(this.list(), this.selectedId)?.id;
  }

  /** The name of the account the item shows. */
  get accountName(): string | undefined {
    return accountInUse(this.list(), this.selectedId)?.name;
  }

  /** The accounts, in order, with their states; a new client (host or key) has its own budget. */
  setAccounts(
    accounts: readonly { id: string; name: string; environment: Environment; state: ConnectionState }[],
  ): void {
    const next = new Map<string, StatusBarAccount>();
    for (const a of accounts) {
      const before = this.shown.get(a.id);
      const sameClient =
        before?.state.kind === 'ready' && a.state.kind === 'ready' && before.state.client === a.state.client;
      next.set(a.id, { ...a, rate: sameClient ? before.rate : undefined });
    }
    this.shown = next;
    this.order = accounts.map((a) => a.id);
    this.update();
  }

  /** The account of the node selected in the Companies view (undefined: none selected). */
  setSelected(accountId: string | undefined): void {
    if (accountId === undefined || accountId === this.selectedId) return;
    this.selectedId = accountId;
    this.update();
  }

  setRateLimit(accountId: string, info: RateLimitInfo): void {
    const shown = this.shown.get(accountId);
    if (!shown) return;
    shown.rate = info;
    this.update();
  }

  dispose(): void {
    clearTimeout(this.resetTimer);
    this.item.dispose();
  }

  private list(): StatusBarAccount[] {
    return this.order.flatMap((id) => this.shown.get(id) ?? []);
  }

  private update(): void {
    const list = this.list();
    const current = accountInUse(list, this.selectedId);
    this.item.text = statusBarText(current);
    const now = Date.now();
    this.item.tooltip = new vscode.MarkdownString(statusBarTooltip(list, current, now), true);
    clearTimeout(this.resetTimer);
    const reset = nextReset(list, now);
    if (reset !== undefined) this.resetTimer = setTimeout(() => this.update(), Math.min(reset - now + 1, MAX_TIMER_MS));
    // Only the warning and error backgrounds are allowed; warning says "careful", not "broken".
    this.backgroundId = current?.environment === 'production' ? 'statusBarItem.warningBackground' : undefined;
    this.item.backgroundColor = this.backgroundId ? new vscode.ThemeColor(this.backgroundId) : undefined;
    this.item.show();
  }
}
