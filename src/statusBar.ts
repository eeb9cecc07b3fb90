// One status bar item: the accounts the extension talks to and how much of each one's rate-limit
// budget is left. Each account's budget comes from its own client, so one account's 429 or 401
// shows on that account alone. Clicking it shows the log, where every request is listed.
import * as vscode from 'vscode';
import type { RateLimitInfo } from './api';
import type { ConnectionState } from './connection/connection';
import { statusBarText, statusBarTooltip, type AccountStatus } from './format/status';

interface Shown {
  name: string;
  state: ConnectionState;
  rate?: RateLimitInfo;
}

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('dataPlatform.status', vscode.StatusBarAlignment.Left, 0);
  private shown = new Map<string, Shown>();
  private order: string[] = [];

  constructor() {
    this.item.name = 'Data Platform';
    this.item.command = 'dataPlatform.showLog';
  }

  get text(): string {
    return this.item.text;
  }

  /** The accounts, in order, with their states; a new client (host or key) has its own budget. */
  setAccounts(accounts: readonly { id: string; name: string; state: ConnectionState }[]): void {
    const next = new Map<string, Shown>();
    for (const a of accounts) {
      const before = this.shown.get(a.id);
      const sameClient =
        before?.state.kind === 'ready' && a.state.kind === 'ready' && before.state.client === a.state.client;
      next.set(a.id, { name: a.name, state: a.state, rate: sameClient ? before.rate : undefined });
    }
    this.shown = next;
    this.order = accounts.map((a) => a.id);
    this.update();
  }

  setRateLimit(accountId: string, info: RateLimitInfo): void {
    const shown = this.shown.get(accountId);
    if (!shown) return;
    shown.rate = info;
    this.update();
  }

  dispose(): void {
    this.item.dispose();
  }

  private update(): void {
    const list: AccountStatus[] = this.order.flatMap((id) => this.shown.get(id) ?? []);
    this.item.text = statusBarText(list);
    this.item.tooltip = statusBarTooltip(list);
    this.item.show();
  }
}
