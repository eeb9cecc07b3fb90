// One status bar item: which API host the extension talks to and how much of the rate-limit
// budget is left. Clicking it shows the log, where every request is listed.
import * as vscode from 'vscode';
import type { RateLimitInfo } from './api';
import type { ConnectionState } from './connection/connection';
import { statusText, statusTooltip } from './format/status';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('dataPlatform.status', vscode.StatusBarAlignment.Left, 0);
  private state?: ConnectionState;
  private rate?: RateLimitInfo;

  constructor() {
    this.item.name = 'Data Platform';
    this.item.command = 'dataPlatform.showLog';
  }

  get text(): string {
    return this.item.text;
  }

  setState(state: ConnectionState): void {
    // A new host or key has its own budget.
    if (this.state?.kind !== 'ready' || state.kind !== 'ready' || this.state.client !== state.client) this.rate = undefined;
    this.state = state;
    this.update();
  }

  setRateLimit(info: RateLimitInfo): void {
    this.rate = info;
    this.update();
  }

  dispose(): void {
    this.item.dispose();
  }

  private update(): void {
    if (!this.state) return;
    this.item.text = statusText(this.state, this.rate);
    this.item.tooltip = statusTooltip(this.state, this.rate);
    this.item.show();
  }
}
