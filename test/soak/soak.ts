// The emulator soak (issue 12): the emulator in this process on loopback, `clients` clients each
// sending one request after another for `seconds`, random requests under random keys (valid and
// not), with about `faultShare` of them hit by one of nine fault rules. It stops itself and then
// checks that every request was answered as the request asks, or faulted as configured (the
// clients' count of each fault equals the emulator's), that the emulator served each request once,
// and that memory after garbage collection did not grow by more than a bound.
import * as http from 'node:http';
import { startEmulator, type RunningEmulator } from '../emulator';
import { Random } from '../emulator/random';
import { MAX_WINDOWS } from '../emulator/rateLimit';
import { classify, faultClass, ruleRate, SOAK_FAULTS, type Received } from './outcomes';
import { randomRequest, type SoakRequest, type SoakWorld } from './requests';

export interface SoakOptions {
  seconds: number;
  clients: number;
  /** Share of requests a fault hits, 0..1. */
  faultShare: number;
  seed: number;
  /** Heap growth (after GC) that fails the run, MB. */
  maxHeapGrowthMB: number;
  /** A request with no answer by then fails the run. */
  requestTimeoutMs: number;
  /** Requests sent one by one before the baseline, so caches built on first use are in it. */
  warmUpRequests: number;
}

export const DEFAULT_SOAK: Readonly<SoakOptions> = {
  seconds: 30,
  clients: 50,
  faultShare: 0.05,
  seed: 1,
  maxHeapGrowthMB: 50,
  requestTimeoutMs: 10_000,
  warmUpRequests: 300,
};

export interface MemorySample {
  heapMB: number;
  rssMB: number;
}

export interface SoakReport {
  options: SoakOptions;
  elapsedMs: number;
  requests: number;
  served: number;
  /** `answered`, each fault class, `unexpected`. */
  outcomes: Record<string, number>;
  /** What the emulator applied, by fault class. */
  applied: Record<string, number>;
  byKey: Record<string, number>;
  unexpectedSamples: string[];
  /** After a full GC when the process runs with --expose-gc. */
  gc: boolean;
  start: MemorySample;
  end: MemorySample;
  peak: MemorySample;
  rateWindows: number;
  failures: string[];
}

const MB = 1024 * 1024;

function memory(): MemorySample {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { heapMB: m.heapUsed / MB, rssMB: m.rss / MB };
}

/** One request on a kept-alive connection; never rejects. */
function send(emu: RunningEmulator, agent: http.Agent, req: SoakRequest, timeoutMs: number): Promise<Received> {
  return new Promise((resolve) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port: emu.port,
        method: req.method,
        path: req.path,
        headers: req.headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            contentType: res.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ body: '', error: e.code ?? e.message }));
      },
    );
    r.on('timeout', () => r.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    r.on('error', (e: NodeJS.ErrnoException) => resolve({ body: '', error: e.code ?? e.message }));
    r.end(req.body);
  });
}

/** The ids a request of the mix may name, read once before the run. */
async function worldOf(emu: RunningEmulator, agent: http.Agent): Promise<SoakWorld> {
  const headers = { Authorization: `Basic ${Buffer.from(emu.keys.normal).toString('base64')}` };
  const probe: SoakRequest = {
    method: 'GET',
    path: `/companies/${emu.companies.few}/data/invoices`,
    headers,
    keyKind: 'normal',
    status: 200,
    check: () => true,
  };
  const got = await send(emu, agent, probe, 10_000);
  const ids = (JSON.parse(got.body) as { results: { id: string }[] }).results.map((i) => i.id);
  return { keys: emu.keys, companies: emu.companies, fewInvoiceIds: ids };
}

interface Tally {
  requests: number;
  outcomes: Record<string, number>;
  byKey: Record<string, number>;
  samples: string[];
}

const bump = (counts: Record<string, number>, name: string): void => {
  counts[name] = (counts[name] ?? 0) + 1;
};

/** One client: a request, its answer classified, the next, until the deadline. */
async function client(
  rng: Random,
  world: SoakWorld,
  go: (r: SoakRequest) => Promise<Received>,
  deadline: number,
  tally: Tally,
  scrub: (s: string) => string,
): Promise<void> {
  while (Date.now() < deadline) {
    const req = randomRequest(rng, world);
    const got = await go(req);
    const outcome = classify(req, got);
    tally.requests++;
    bump(tally.outcomes, outcome);
    bump(tally.byKey, req.keyKind);
    if (outcome === 'unexpected' && tally.samples.length < 5) {
      tally.samples.push(
        scrub(
          `${req.method} ${req.path} (${req.keyKind} key, expected ${req.status}) → ${got.status ?? got.error} ${got.contentType ?? ''}: ${got.body.slice(0, 120)}`,
        ),
      );
    }
  }
}

/** Runs `clients` clients until `deadline`; a run that does not end by `limitMs` after it is cut. */
async function runClients(
  options: SoakOptions,
  world: SoakWorld,
  go: (r: SoakRequest) => Promise<Received>,
  tally: Tally,
  agent: http.Agent,
): Promise<boolean> {
  const deadline = Date.now() + options.seconds * 1000;
  const scrub = (s: string): string => Object.values(world.keys).reduce((out, key) => out.split(key).join('***'), s);
  const all = Promise.all(
    Array.from({ length: options.clients }, (_, i) =>
      client(Random.of(options.seed, 'soak client', i), world, go, deadline, tally, scrub),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.seconds * 1000 + options.requestTimeoutMs + 5_000);
  });
  const ended = await Promise.race([all.then(() => true), cut]);
  clearTimeout(timer);
  if (!ended) agent.destroy();
  return ended;
}

export async function runSoak(over: Partial<SoakOptions> = {}): Promise<SoakReport> {
  const options = { ...DEFAULT_SOAK, ...over };
  let served = 0;
  const emu = await startEmulator({
    seed: options.seed,
    // Far above what the run sends: a 429 can only be the configured fault.
    rateLimit: { limit: 1e9, windowMs: 60_000 },
    log: (line) => {
      if (!line.endsWith('(admin)')) served++;
    },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const go = (r: SoakRequest): Promise<Received> => send(emu, agent, r, options.requestTimeoutMs);
  try {
    const world = await worldOf(emu, agent);
    const warm = Random.of(options.seed, 'soak warm-up');
    for (let i = 0; i < options.warmUpRequests; i++) await go(randomRequest(warm, world));
    served = 0;
    emu.requests.clear();
    const start = memory();
    for (const rule of SOAK_FAULTS) emu.faults.add({ ...rule, rate: ruleRate(options.faultShare) });
    const tally: Tally = { requests: 0, outcomes: {}, byKey: {}, samples: [] };
    const peak = { ...start };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak.heapMB = Math.max(peak.heapMB, m.heapUsed / MB);
      peak.rssMB = Math.max(peak.rssMB, m.rss / MB);
    }, 250);
    const began = Date.now();
    const ended = await runClients(options, world, go, tally, agent);
    const elapsedMs = Date.now() - began;
    clearInterval(sampler);
    const applied: Record<string, number> = {};
    for (const rule of emu.faults.list()) applied[faultClass(rule)] = rule.applied;
    emu.faults.clear();
    const end = memory();
    const report: SoakReport = {
      options,
      elapsedMs,
      requests: tally.requests,
      served,
      outcomes: tally.outcomes,
      applied,
      byKey: tally.byKey,
      unexpectedSamples: tally.samples,
      gc: typeof (globalThis as { gc?: unknown }).gc === 'function',
      start,
      end,
      peak,
      rateWindows: emu.rateWindows(),
      failures: [],
    };
    report.failures = failuresOf(report, ended);
    return report;
  } finally {
    agent.destroy();
    await emu.close();
  }
}

/** Why the run failed; empty when it held. */
export function failuresOf(r: SoakReport, ended = true): string[] {
  const out: string[] = [];
  if (!ended) out.push(`the clients did not stop within ${r.options.requestTimeoutMs + 5_000} ms of the end`);
  if (r.requests === 0) out.push('no request was sent');
  const unexpected = r.outcomes.unexpected ?? 0;
  if (unexpected > 0)
    out.push(
      `${unexpected} answers were neither the request's nor a configured fault: ${r.unexpectedSamples.join(' | ')}`,
    );
  for (const rule of SOAK_FAULTS) {
    const name = faultClass(rule);
    if ((r.outcomes[name] ?? 0) !== (r.applied[name] ?? 0))
      out.push(`${name}: the clients met ${r.outcomes[name] ?? 0}, the emulator applied ${r.applied[name] ?? 0}`);
  }
  if (r.served !== r.requests) out.push(`the clients sent ${r.requests} requests, the emulator served ${r.served}`);
  const growth = r.end.heapMB - r.start.heapMB;
  if (growth > r.options.maxHeapGrowthMB)
    out.push(`the heap grew by ${growth.toFixed(1)} MB (bound ${r.options.maxHeapGrowthMB} MB)`);
  if (r.rateWindows > MAX_WINDOWS) out.push(`${r.rateWindows} rate-limit windows held (bound ${MAX_WINDOWS})`);
  return out;
}
