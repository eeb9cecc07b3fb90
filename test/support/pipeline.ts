// The extension's path for a failure, in plain Node: a client wired to the log as the connection
// wires it (every request a line, bodies at trace, the key in use scrubbed), the reporter, the
// diagnostics store, and what the diagnostics panel would send its webview (the entries, the saved
// state, each raw body, and the entries restored from that state after a reload). Tests collect
// everything a user or a file could ever see of a failure from here, for the secret scan.
import { DataPlatformClient, type ClientOptions } from '../../src/api/client';
import { persistableState, restoredEntries } from '../../src/diagnostics/persist';
import type { HostToWebview } from '../../src/diagnostics/protocol';
import { createReporter, type ReportError } from '../../src/diagnostics/reporter';
import { DiagnosticsStore } from '../../src/diagnostics/store';
import { ViewModelCache } from '../../src/diagnostics/viewCache';
import type { DiagnosticView } from '../../src/diagnostics/viewModel';
import { rawBodyOf, toWireView } from '../../src/diagnostics/wire';
import { Log, type LogSink } from '../../src/log';

export class Pipeline {
  /** Every line the log channel received, at every level. */
  readonly lines: string[] = [];
  readonly log: Log;
  readonly store = new DiagnosticsStore();
  readonly report: ReportError;
  /** The waits the transport asked the injected sleep for, in ms. */
  readonly waits: number[] = [];
  /** How often a 401 would have offered to enter a new key. */
  unauthorizedPrompts = 0;

  /** `trace`: whether the log channel is at trace level (bodies logged); on unless told. */
  constructor(
    private readonly baseUrl: string,
    private readonly trace = true,
  ) {
    const record = (message: string): void => void this.lines.push(message);
    const sink: LogSink = { trace: record, debug: record, info: record, warn: record, error: record };
    this.log = new Log(sink);
    this.report = createReporter({
      diagnostics: this.store,
      log: this.log,
      onUnauthorized: () => this.unauthorizedPrompts++,
    });
  }

  /** A client for `apiKey`, wired as Connection.clientFor wires it; the log is told the key. Waits
   * before retries are recorded and cost no time. */
  client(apiKey: string, options: Partial<ClientOptions> = {}): DataPlatformClient {
    this.log.setSecrets([apiKey]);
    return new DataPlatformClient({
      baseUrl: this.baseUrl,
      apiKey,
      userAgent: 'data-platform-explorer/test',
      onRequest: (s) => this.log.request(s),
      onTrace: (entry) => this.log.trafficTrace(entry),
      traceEnabled: () => this.trace,
      sleep: (ms) => {
        this.waits.push(ms);
        return Promise.resolve();
      },
      ...options,
    });
  }

  /** The messages the diagnostics panel would post for the store as it is: the list, the saved
   * state, every raw body asked for; then, as after a window reload, the list and raw bodies
   * rebuilt from that saved state. */
  panelMessages(): HostToWebview[] {
    const views = new ViewModelCache().viewsOf(this.store.entries());
    const persist: HostToWebview = { type: 'persist', state: persistableState(views) };
    // The saved state goes through VS Code's storage as JSON and comes back untrusted.
    const restored = restoredEntries(JSON.parse(JSON.stringify(persist.state)));
    const bodies = (shown: DiagnosticView[]): HostToWebview[] =>
      shown.map((v) => ({ type: 'rawBody', id: v.id, text: rawBodyOf(shown, v.id) }));
    return [
      { type: 'entries', entries: views.map(toWireView) },
      persist,
      ...bodies(views),
      { type: 'entries', entries: restored.map(toWireView) },
      ...bodies(restored),
    ];
  }

  /** Everything of this pipeline a person, a file or another extension could read, by name, plus
   * what the test adds (errors, documents). */
  places(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      log: this.lines.join('\n'),
      'diagnostics store': this.store.entries(),
      'panel messages': this.panelMessages(),
      ...extra,
    };
  }
}
