// What the emulator answered, one entry per API request (admin calls are not recorded), so tests
// and demos can check what a client really sent: paths, query parameters, never the key.

export interface RequestLogEntry {
  /** ISO time the request arrived (injected clock). */
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Status answered; 0 when a `reset` fault closed the connection without an answer. */
  status: number;
  /** Account the key belongs to, when the key was recognised. */
  account?: string;
  /** Kind of the fault rule applied, if any. */
  fault?: string;
  /** API requests being served when this one arrived, itself included: how many a client had
   * in flight at once. */
  inFlight: number;
}

// Bounded so a long demo does not grow without limit.
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private items: RequestLogEntry[] = [];
  private serving = 0;
  private most = 0;

  /** A request starts being served; returns how many are now (itself included). */
  enter(): number {
    this.most = Math.max(this.most, ++this.serving);
    return this.serving;
  }

  /** A request was answered (or its connection closed). */
  leave(): void {
    this.serving--;
  }

  /** The most requests served at once since the log was last cleared. */
  get maxInFlight(): number {
    return this.most;
  }

  add(entry: RequestLogEntry): void {
    this.items.push(entry);
    if (this.items.length > MAX_ENTRIES) this.items.splice(0, this.items.length - MAX_ENTRIES);
  }

  entries(): RequestLogEntry[] {
    return this.items.map((e) => ({ ...e, query: { ...e.query } }));
  }

  clear(): void {
    this.items = [];
    this.most = this.serving;
  }
}
