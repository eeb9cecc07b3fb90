// The diagnostics webview panel: one instance, revealed when open, fed from the DiagnosticsStore
// by messages. The HTML is a static template with a CSP and a fresh nonce; entries never enter it.
//
// No `retainContextWhenHidden`: the host holds all state, and a reloaded webview asks for it with
// `ready`, so a hidden panel costs nothing.
//
// Across a window reload the in-memory store is lost; the webview keeps what it showed with
// `setState`, and the panel serializer adopts the revived panel with those entries as "restored".
import * as vscode from 'vscode';
import { createNonce, renderPage } from './html';
import { PERSIST_INTERVAL_MS, persistableState, restoredEntries } from './persist';
import { isWebviewToHost, type HostToWebview, type RenderSnapshot } from './protocol';
import type { ApiErrorLike, DiagnosticEntry, DiagnosticsStore } from './store';
import { ViewModelCache } from './viewCache';
import type { DiagnosticView } from './viewModel';
import { t } from '../l10n';
import { rawBodyOf, wireList } from './wire';
import { OPEN_BODY_COMMAND, registerBodyDocuments, type BodyDocuments } from './bodyTabs';
import { COPY_CURL_COMMAND } from '../share/curl';

const VIEW_TYPE = 'dataPlatform.diagnostics';
const title = () => t('Data Platform Diagnostics');

/** What the integration tests (and the extension's test API) can inspect. */
export interface DiagnosticsPanelApi extends vscode.Disposable {
  readonly store: DiagnosticsStore;
  /** The open panel, if any. */
  readonly panel: vscode.WebviewPanel | undefined;
  /** The HTML last given to the webview. */
  readonly html: string | undefined;
  /** The webview's report after its latest render (what it shows, IMG count, scripts). */
  lastRender(): RenderSnapshot | undefined;
  /** Opens or reveals the panel; `target` as for the command (error, entry id, correlationId). */
  show(target?: unknown): Promise<vscode.WebviewPanel>;
  /** Sends a message to the webview (tests press its buttons with `{type:'click'}`). */
  post(message: HostToWebview): Thenable<boolean>;
  /** Under the test switch: every message posted to the webview, oldest first, as its type and
   * its size as JSON (what crosses to the page). Empty without the switch. */
  posted(): readonly PostedMessage[];
  /** Adopts a revived panel as the panel, showing the entries of its persisted `state` below the
   * live ones (the serializer's path; tests call it with a panel of the view type). */
  restore(panel: vscode.WebviewPanel, state: unknown): Promise<void>;
}

interface PostedMessage {
  type: HostToWebview['type'];
  /** Characters of the message as JSON. */
  size: number;
}

function isApiErrorLike(v: unknown): v is ApiErrorLike {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as ApiErrorLike).toJSON === 'function' &&
    typeof (v as ApiErrorLike).kind === 'string'
  );
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
    return resolveTarget(store, target.error);
  }
  return undefined;
}

export class DiagnosticsPanel implements DiagnosticsPanelApi {
  panel: vscode.WebviewPanel | undefined;
  html: string | undefined;
  private ready = false;
  /** Keys of the entries the current page holds (sent since its `ready`): sent again by reference. */
  private held: ReadonlySet<string> = new Set();
  private focus: string | undefined;
  private report: RenderSnapshot | undefined;
  private readonly sent: PostedMessage[] = [];
  private template: string | undefined;
  /** Entries of the panel from before a reload, shown below the store's; they go with the panel. */
  private persistTimer: ReturnType<typeof setTimeout> | undefined;
  private restored: DiagnosticView[] = [];
  /** Each store entry's view, computed once: every change re-sends the whole list. */
  private readonly views = new ViewModelCache();
  private readonly media: vscode.Uri;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    extensionUri: vscode.Uri,
    readonly store: DiagnosticsStore,
    /** The test switch (src/testApi.ts): the page reports its renders only when it is on. */
    private readonly testHooks = false,
  ) {
    this.media = vscode.Uri.joinPath(extensionUri, 'media');
    this.subscriptions.push(store.onDidChange(() => this.sendEntries()));
  }

  lastRender(): RenderSnapshot | undefined {
    return this.report;
  }

  posted(): readonly PostedMessage[] {
    return this.sent;
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
      title(),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { ...this.webviewOptions(), enableFindWidget: true },
    );
    await this.adopt(panel);
    return panel;
  }

  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    this.focus = undefined;
    const previous = this.panel;
    if (previous === panel) {
      // Already adopted: only the entries change (adopting twice would double the listeners).
      this.restored = restoredEntries(state);
      this.sendEntries();
      return;
    }
    // One panel: a revived one replaces any other (only possible when tests call this directly).
    this.panel = undefined;
    previous?.dispose();
    this.restored = restoredEntries(state);
    await this.adopt(panel);
  }

  post(message: HostToWebview): Thenable<boolean> {
    if (!this.panel) return Promise.resolve(false);
    if (this.testHooks) this.sent.push({ type: message.type, size: JSON.stringify(message).length });
    return this.panel.webview.postMessage(message);
  }

  dispose(): void {
    this.cancelPersist();
    this.panel?.dispose();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }

  private webviewOptions(): vscode.WebviewOptions {
    return { enableScripts: true, enableCommandUris: false, localResourceRoots: [this.media] };
  }

  /** Makes `panel` the panel, created or revived alike: options, icon, listeners, a fresh page. */
  private async adopt(panel: vscode.WebviewPanel): Promise<void> {
    this.panel = panel;
    this.ready = false;
    this.report = undefined;
    // A revived panel keeps what it was saved with; set both anyway so the two paths cannot drift.
    panel.title = title();
    panel.webview.options = this.webviewOptions();
    panel.iconPath = vscode.Uri.joinPath(this.media, 'dataplatform.svg');
    // Per-panel listeners go with the panel, so opening and closing it leaves nothing behind.
    const panelSubscriptions: vscode.Disposable[] = [];
    panel.onDidDispose(
      () => {
        for (const d of panelSubscriptions.splice(0)) d.dispose();
        if (this.panel === panel) {
          this.cancelPersist();
          this.panel = undefined;
          this.ready = false;
          this.report = undefined;
          // They lived only in this panel's state; a panel opened later shows the store alone.
          this.restored = [];
        }
      },
      undefined,
      panelSubscriptions,
    );
    panel.onDidChangeViewState(
      (e) => {
        // A hidden webview is torn down (no retained context); it says `ready` again when shown.
        if (!e.webviewPanel.visible) this.ready = false;
      },
      undefined,
      panelSubscriptions,
    );
    panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(panel, m), undefined, panelSubscriptions);
    panel.webview.html = this.html = renderPage(await this.loadTemplate(), {
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      lang: vscode.env.language,
      testHooks: this.testHooks,
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'diagnostics.css')).toString(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.media, 'diagnostics.js')).toString(),
    });
  }

  private async loadTemplate(): Promise<string> {
    this.template ??= new TextDecoder().decode(
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.media, 'diagnostics.html')),
    );
    return this.template;
  }

  /** The full views of what the panel shows: live entries, then restored ones. */
  private shown(): DiagnosticView[] {
    return [...this.views.viewsOf(this.store.entries()), ...this.restored];
  }

  private sendEntries(): void {
    if (!this.panel || !this.ready) return;
    // Raw bodies stay here until asked for; the persisted state holds them, cut (persist.ts).
    const { entries, held } = wireList(this.shown(), this.held);
    this.held = held;
    void this.post({ type: 'entries', entries, ...(this.focus ? { focus: this.focus } : {}) });
    this.schedulePersist();
  }

  /** The saved state follows the list at most every PERSIST_INTERVAL_MS, not once per error of a
   * 429 storm; a reload in between restores the state of the moment before. */
  private schedulePersist(): void {
    if (this.persistTimer !== undefined) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = undefined;
      if (this.panel && this.ready) void this.post({ type: 'persist', state: persistableState(this.shown()) });
    }, PERSIST_INTERVAL_MS);
  }

  private cancelPersist(): void {
    if (this.persistTimer !== undefined) clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
  }

  private onMessage(panel: vscode.WebviewPanel, message: unknown): void {
    // A replaced panel may still be loading; only the current one speaks for the page.
    if (panel !== this.panel || !isWebviewToHost(message)) return;
    switch (message.type) {
      case 'ready':
        // A new page (first load, shown again, reloaded): it holds nothing yet.
        this.ready = true;
        this.held = new Set();
        this.sendEntries();
        break;
      case 'copy': {
        // The webview names an entry, not text: only a correlationId the host holds is copied. By
        // entry id only: `store.find` also matches correlationIds, and a server could send one
        // that reads like an entry id (`r1`).
        const live = this.store.entries().find((e) => e.id === message.id);
        const id = live ? live.error.correlationId : this.restored.find((v) => v.id === message.id)?.correlationId;
        if (id) {
          void vscode.env.clipboard
            .writeText(id)
            .then(() => vscode.window.setStatusBarMessage(t('Copied correlation ID {0}', id), 3000));
        }
        break;
      }
      case 'rawBody':
        void this.post({ type: 'rawBody', id: message.id, text: rawBodyOf(this.shown(), message.id) });
        break;
      case 'openBody':
        // By entry id: the command looks up live entries only, and says so for restored ones.
        void vscode.commands.executeCommand(OPEN_BODY_COMMAND, message.id);
        break;
      case 'copyCurl':
        // By entry id, as above: the command builds the text from the store's entry, not the page's.
        void vscode.commands.executeCommand(COPY_CURL_COMMAND, { diagnosticsEntry: message.id });
        break;
      case 'clear':
        this.focus = undefined;
        this.restored = [];
        // An empty store fires no change, yet restored entries may have just gone.
        if (this.store.size > 0) this.store.clear();
        else this.sendEntries();
        break;
      case 'rendered':
        if (this.testHooks) this.report = message;
        break;
    }
  }
}

/** The panel and the body documents, for the commands that show them (commands/diagnostics.ts).
 * Call once per host. */
export function registerDiagnostics(
  context: vscode.ExtensionContext,
  store: DiagnosticsStore,
  testHooks: boolean,
): { panel: DiagnosticsPanelApi; bodies: BodyDocuments } {
  const diagnostics = new DiagnosticsPanel(context.extensionUri, store, testHooks);
  const bodies = registerBodyDocuments(store);
  context.subscriptions.push(
    diagnostics,
    ...bodies.disposables,
    // Revives the panel after a window reload (activation by `onWebviewPanel:dataPlatform.diagnostics`).
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => diagnostics.restore(panel, state),
    }),
  );
  return { panel: diagnostics, bodies };
}
