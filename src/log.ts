// The extension's log: one info line per request, bodies only at trace, errors once. Written
// against the few LogOutputChannel members it uses so it stays free of `vscode`; the channel is
// passed in by extension.ts. Every line goes through a scrubber that knows the keys in use, so a
// key cannot reach the log even if some future caller passes one by mistake.
import type { ApiError, GateEvent, RequestSummary, TraceEntry } from './api';
import { createRedactor, type Redactor } from './api';

/** The part of `vscode.LogOutputChannel` used here. */
export interface LogSink {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  level: Level;
  message: string;
}

/** `GET /companies?page=1 → 200 in 12 ms [correlationId abc]`. */
export function requestLine(s: RequestSummary): string {
  const outcome = s.status !== undefined ? String(s.status) : (s.errorKind ?? 'no response');
  const attempt = s.attempt > 1 ? ` (attempt ${s.attempt})` : '';
  const correlation = s.correlationId ? ` [correlationId ${s.correlationId}]` : '';
  return `${s.method} ${s.path} → ${outcome} in ${Math.round(s.durationMs)} ms${attempt}${correlation}`;
}

function traceLines(t: TraceEntry): string[] {
  const lines: string[] = [];
  if (t.requestBody !== undefined) lines.push(`${t.method} ${t.path} request body: ${t.requestBody}`);
  if (t.responseBody !== undefined)
    lines.push(`${t.method} ${t.path} → ${t.status ?? '-'} response body: ${t.responseBody}`);
  return lines;
}

function errorLine(e: ApiError): string {
  const status = e.status !== undefined ? ` ${e.status}` : '';
  const correlation = e.correlationId ? ` [correlationId ${e.correlationId}]` : '';
  return `${e.method} ${e.path} failed (${e.kind}${status}): ${e.message}${correlation}`;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What the rate gate did: numbers only (never a path, never the key). */
export function gateLine(e: GateEvent): string {
  switch (e.kind) {
    case 'spacing': {
      const of = e.limit !== undefined ? ` of ${e.limit}` : '';
      return `rate limit: ${e.remaining}${of} requests left, reset in ${seconds(e.resetInMs)}: spacing requests ${seconds(e.intervalMs)} apart`;
    }
    case 'waitingForReset':
      return `rate limit: no requests left: waiting ${seconds(e.waitMs)} for the reset`;
    case 'closed':
      return `rate limited (429): every request waits ${seconds(e.waitMs)}`;
  }
}

const KEEP = 1000;
const TRACE_KEEP = 4096;

/** `[Production] ` before a line about one account's requests: which account, never its key. */
export function accountTag(account: string | undefined): string {
  return account === undefined ? '' : `[${account}] `;
}

export class Log {
  /** Per owner (an account id), so one account's key change keeps the others' scrubbers. */
  private readonly scrubbers = new Map<string, Redactor[]>();
  /** Only under the test switch (src/testApi.ts): a user's log is the channel alone. */
  private readonly recent: LogLine[] | undefined;

  constructor(
    private readonly sink: LogSink,
    options: { remember?: boolean } = {},
  ) {
    this.recent = options.remember ? [] : undefined;
  }

  /** Keys whose text (raw, Base64, URL-encoded) is replaced by *** in every line: the keys of
   * `owner` (an account), replacing those it had; every owner's keys are scrubbed. */
  setSecrets(keys: readonly string[], owner = ''): void {
    const redactors = keys.filter((k) => k.length > 0).map((k) => createRedactor(k));
    if (redactors.length > 0) this.scrubbers.set(owner, redactors);
    else this.scrubbers.delete(owner);
  }

  /** The last lines written, scrubbed: what the channel received, when made with `remember`. */
  lines(): readonly LogLine[] {
    return this.recent ?? [];
  }

  trace(message: string): void {
    this.write('trace', message);
  }
  debug(message: string): void {
    this.write('debug', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string): void {
    this.write('error', message);
  }

  /** The lines below take the name of the account whose request it was, for a tag. */
  request(summary: RequestSummary, account?: string): void {
    this.info(accountTag(account) + requestLine(summary));
  }

  /** One line when requests start being slowed down or held back for the rate limit. */
  gate(event: GateEvent, account?: string): void {
    if (event.kind === 'closed') this.warn(accountTag(account) + gateLine(event));
    else this.info(accountTag(account) + gateLine(event));
  }

  trafficTrace(entry: TraceEntry, account?: string): void {
    for (const line of traceLines(entry)) this.trace(accountTag(account) + line);
  }

  apiError(e: ApiError, account?: string): void {
    this.error(accountTag(account) + errorLine(e));
  }

  private write(level: Level, raw: string): void {
    let message = raw;
    for (const scrubbers of this.scrubbers.values()) for (const scrub of scrubbers) message = scrub(message);
    if (this.recent) {
      // Trace bodies can be 64 KB each; the in-memory copy keeps their start only.
      this.recent.push({ level, message: level === 'trace' ? message.slice(0, TRACE_KEEP) : message });
      if (this.recent.length > KEEP) this.recent.splice(0, this.recent.length - KEEP);
    }
    this.sink[level](message);
  }
}
