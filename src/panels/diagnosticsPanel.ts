// The diagnostics webview panel: one instance, revealed when open, fed from the DiagnosticsStore
// by messages. The HTML is a static template with a CSP and a fresh nonce; entries never enter it.
//
// No `retainContextWhenHidden`: the host holds all state, and a reloaded webview asks for it with
// `ready`, so a hidden panel costs nothing.
import * as vscode from 'vscode';
import { createNonce, renderPage } from '../diagnostics/html';
import { isWebviewToHost, type HostToWebview, type RenderReport } from '../diagnostics/protocol';
import type { ApiErrorLike, DiagnosticEntry, DiagnosticsStore } from '../diagnostics/store';
import { toViewModel } from '../diagnostics/viewModel';

export const SHOW_DIAGNOSTICS_COMMAND = 'dataPlatform.showDiagnostics';
const VIEW_TYPE = 'dataPlatform.diagnostics';
const TITLE = 'Data Platform Diagnostics';

/** What the integration tests (and the extension's test API) can inspect. */
export interface DiagnosticsPanelApi extends vscode.Disposable {
  readonly store: DiagnosticsStore;
  /** The open panel, if any. */
  readonly panel: vscode.WebviewPanel | undefined;
  /** The HTML last given to the webview. */
  readonly html: string | undefined;
  /** The webview's report after its latest render (what it shows, IMG count, scripts). */
  lastRender(): RenderReport | undefined;
  /** Opens or reveals the panel; `target` as for the command (error, entry id, correlationId). */
  show(target?: unknown): Promise<vscode.WebviewPanel>;
  /** Sends a message to the webview (tests press its buttons with `{type:'click'}`). */
  post(message: HostToWebview): Thenable<boolean>;
}

function isApiErrorLike(v: unknown): v is ApiErrorLike {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorLike).toJSON === 'function' && typeof (v as ApiErrorLike).kind === 'string';
}

/** The entry a command argument points at: an error (added if new), an entry id, a correlationId,
 * or a tree node carrying an `error`. */
function resolveTarget(store: DiagnosticsStore, target: unknown): DiagnosticEntry | undefined {
  if (typeof target === 'string') return store.find(target);
  if (isApiErrorLike(target)) {
    const entry = store.add(target);
    return store.find(entry.id);
  }
  if (typeof target === 'object' && target !== null && 'error' in target) {
    return resolveTarget(store, (target as { error: unknown }).error);
  }
  return undefined;
}

class DiagnosticsPanel implements DiagnosticsPanelApi {
  panel: vscode.WebviewPanel | undefined;
  html: string | undefined;
  private ready = false;
  private focus: string | undefined;
  private report: RenderReport | undefined;
  private template: string | undefined;
  private readonly media: vscode.Uri;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    context: vscode.ExtensionContext,
    readonly store: DiagnosticsStore,
  ) {
    this.media = vscode.Uri.joinPath(context.extensionUri, 'media');
    this.subscriptions.push(store.onDidChange(() => this.sendEntries()));
  }

  lastRender(): RenderReport | undefined {
    return this.report;
  }

  async show(target?: unknown): Promise<vscode.WebviewPanel> {
    const entry = resolveTarget(this.store, target);
    if (entry) this.focus = entry.id;
    if (this.panel) {
      this.panel.reveal(undefined, false);
      if (entry) void this.post({ type: 'focus', id: entry.id });
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      TITLE,
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { enableScripts: true, enableCommandUris: false, enableFindWidget: true, localResourceRoots: [this.media] },
    );
    panel.iconPath = vscode.Uri.joinPath(this.media, 'dataplatform.svg');
    this.panel = panel;
    this.ready = false;
    // Per-panel listeners go with the panel, so opening and closing it leaves nothing behind.
    const panelSubscriptions: vscode.Disposable[] = [];
    panel.onDidDispose(() => {
      for (const d of panelSubscriptions.splice(0)) d.dispose();
      if (this.panel === panel) {
        this.panel = undefined;
        this.ready = false;
        this.report = undefined;
      }
    }, undefined, panelSubscriptions);
    panel.onDidChangeViewState((e) => {
      // A hidden webview is torn down (no retained context); it says `ready` again when shown.
      if (!e.webviewPanel.visible) this.ready = false;
    }, undefined, panelSubscriptions);
    panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m), undefined, panelSubscriptions);
    panel.webview.html = this.html = renderPage(await this.loadTemplate(), {
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'diagnostics.css')).toString(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'diagnostics.js')).toString(),
    });
    return panel;
  }

  post(message: HostToWebview): Thenable<boolean> {
    return this.panel ? this.panel.webview.postMessage(message) : Promise.resolve(false);
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }

  private async loadTemplate(): Promise<string> {
    this.template ??= new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.media, 'diagnostics.html')));
    return this.template;
  }

  private sendEntries(): void {
    if (!this.panel || !this.ready) return;
    const entries = this.store.entries().map((e) => toViewModel(e));
    void this.post({ type: 'entries', entries, ...(this.focus ? { focus: this.focus } : {}) });
  }

  private onMessage(message: unknown): void {
    if (!isWebviewToHost(message)) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.sendEntries();
        break;
      case 'copy': {
        // The webview names an entry, not text: only a correlationId the store holds is copied.
        const id = this.store.find(message.id)?.error.correlationId;
        if (id) {
          void vscode.env.clipboard.writeText(id).then(() => vscode.window.setStatusBarMessage(`Copied correlation ID ${id}`, 3000));
        }
        break;
      }
      case 'clear':
        this.focus = undefined;
        this.store.clear();
        break;
      case 'rendered':
        this.report = message;
        break;
    }
  }
}

/** Registers `dataPlatform.showDiagnostics` and returns the panel's handle. Call once per host. */
export function registerDiagnostics(context: vscode.ExtensionContext, store: DiagnosticsStore): DiagnosticsPanelApi {
  const diagnostics = new DiagnosticsPanel(context, store);
  context.subscriptions.push(
    diagnostics,
    // Returns the handle so tests in the same host can inspect the panel without another API field.
    vscode.commands.registerCommand(SHOW_DIAGNOSTICS_COMMAND, async (target?: unknown): Promise<DiagnosticsPanelApi> => {
      await diagnostics.show(target);
      return diagnostics;
    }),
  );
  return diagnostics;
}
