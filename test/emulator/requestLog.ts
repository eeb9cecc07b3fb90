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
  /** An attachment upload that was taken: its name, size and type, never its bytes. */
  upload?: { name: string | null; size: number; contentType: string };
  /** API requests being served when this one arrived, itself included: how many a client had
   * in flight at once. */
  inFlight: number;
}

// Bounded so a long demo does not grow without limit.
const MAX_ENTRIES = 10_000;

/** A request being served: how many were at once when it arrived, and which log it belongs to. */
export interface RequestTicket {
  inFlight: number;
  /** The log's generation when the request arrived: one that arrived before a clear is not
   * logged after it (an aborted, delayed request must not land in the next test's log). */
  generation: number;
}

export class RequestLog {
  private items: RequestLogEntry[] = [];
  private serving = 0;
  private most = 0;
  private generation = 0;

  /** A request starts being served; says how many are now (itself included). */
  enter(): RequestTicket {
    this.most = Math.max(this.most, ++this.serving);
    return { inFlight: this.serving, generation: this.generation };
  }

  /** A request was answered (or its connection closed). */
  leave(): void {
    this.serving--;
  }

  /** The most requests served at once since the log was last cleared. */
  get maxInFlight(): number {
    return this.most;
  }

  /** Logs an answered request, unless the log was cleared since it arrived. */
  add(entry: RequestLogEntry, ticket: RequestTicket): void {
    if (ticket.generation !== this.generation) return;
    this.items.push(entry);
    if (this.items.length > MAX_ENTRIES) this.items.splice(0, this.items.length - MAX_ENTRIES);
  }

  entries(): RequestLogEntry[] {
    return this.items.map((e) => ({ ...e, query: { ...e.query }, ...(e.upload ? { upload: { ...e.upload } } : {}) }));
  }

  clear(): void {
    this.items = [];
    this.generation++;
    this.most = this.serving;
  }
}
