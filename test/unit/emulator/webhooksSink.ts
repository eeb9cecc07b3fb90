// A consumer for the webhook tests: a loopback HTTP server that keeps every delivery it gets and
// answers with the statuses it is told (then 200), or never answers (`hang`).
import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export class Sink {
  readonly received: Received[] = [];
  /** Answers of the next deliveries, in order; `hang` never answers. */
  answers: (number | 'hang')[] = [];
  private readonly hung: ServerResponse[] = [];
  private readonly waiters: (() => void)[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/hooks'): Promise<Sink> {
    const holder: { sink?: Sink } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        holder.sink?.take({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }, res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.sink = new Sink(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return holder.sink;
  }

  private take(received: Received, res: ServerResponse): void {
    this.received.push(received);
    const answer = this.answers.shift() ?? 200;
    if (answer === 'hang') this.hung.push(res);
    else res.writeHead(answer).end();
    for (const w of this.waiters.splice(0)) w();
  }

  /** The bodies received so far, parsed. */
  events(): { eventType: string; payload: Record<string, unknown>; id: string; generatedDate: string }[] {
    return this.received.map((r) => JSON.parse(r.body) as ReturnType<Sink['events']>[number]);
  }

  /** Resolves once `count` deliveries have arrived (the test's timeout bounds the wait). */
  async until(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    for (const res of this.hung.splice(0)) res.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
