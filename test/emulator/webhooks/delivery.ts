// Sending a delivery to a consumer, signed as Svix signs Codat's (Standard Webhooks): headers
// `svix-id` (the message, the same on every attempt), `svix-timestamp` (Unix seconds at the
// attempt) and `svix-signature` = `v1,` + base64 HMAC-SHA256 over `${id}.${timestamp}.${body}`,
// keyed by the base64-decoded part of the consumer's `whsec_` secret. Sources: Svix's "Verifying
// Manually" (docs.svix.com/receiving/verifying-payloads/how-manual) and the Standard Webhooks
// library's test vector (github.com/standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts, "sign function works"). A consumer must answer 2xx
// within the timeout (Codat: 15 s); otherwise it is tried again after each of the retry delays
// (Svix's schedule is hours long; the emulator's is short and an option), then given up. Every
// delivery and its attempts are logged (bounded). Only loopback URLs are sent to: the emulator
// never reaches the network, so a delivery to any other host is logged as skipped.
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isLoopbackHost } from '../http';
import type { Occurrence } from './catalog';
import type { StoredConsumer } from './consumers';

export interface DeliveryOptions {
  /** Waits before the second, third, … attempt (default DEFAULT_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /** How long an attempt may take before it counts as failed (default 15 s, Codat's). */
  timeoutMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30000];
export const DEFAULT_TIMEOUT_MS = 15000;
const MAX_LOGGED = 1000;

export interface DeliveryAttempt {
  /** When it was sent (wall clock: the signature's timestamp is). */
  at: string;
  status?: number;
  error?: string;
  ms: number;
}

export interface Delivery {
  /** The svix-id: one per message and consumer, kept across attempts. */
  id: string;
  consumerId: string;
  account: string;
  eventType: string;
  eventId: string;
  url: string;
  state: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: DeliveryAttempt[];
  /** The body as sent, byte for byte (what the signature covers). */
  body: string;
}

/** The signature header's value of one secret (`whsec_…`) over a message. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

type Outcome = { status: number } | { error: string };

export class Deliveries {
  private logged: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<ClientRequest>();
  private readonly waiting = new Set<() => void>();
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;

  constructor(
    options: DeliveryOptions = {},
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!this.retryDelaysMs.every((d) => Number.isInteger(d) && d >= 0) || !(this.timeoutMs >= 1))
      throw new Error('Emulator webhook options: retry delays are whole milliseconds, the timeout at least 1');
  }

  /** Queues the occurrence for the consumer: its first attempt starts on the next turn. */
  send(to: StoredConsumer, occurrence: Occurrence): Delivery {
    const delivery: Delivery = {
      id: `msg_${randomBytes(16).toString('base64url')}`,
      consumerId: to.consumer.id,
      account: to.account,
      eventType: occurrence.body.eventType,
      eventId: occurrence.body.id,
      url: to.consumer.url,
      state: 'pending',
      attempts: [],
      body: JSON.stringify(occurrence.body),
    };
    this.logged.push(delivery);
    if (this.logged.length > MAX_LOGGED) this.logged.splice(0, this.logged.length - MAX_LOGGED);
    if (!isLoopbackHost(new URL(delivery.url).hostname)) {
      delivery.state = 'skipped';
      delivery.attempts.push({ at: new Date().toISOString(), error: 'not sent: loopback URLs only', ms: 0 });
      return delivery;
    }
    this.later(0, () => this.attempt(delivery, to.secret, 0));
    return delivery;
  }

  entries(): Delivery[] {
    return structuredClone(this.logged);
  }

  /** Resolves once no delivery is pending (tests wait for retries to end this way). */
  idle(): Promise<void> {
    if (!this.logged.some((d) => d.state === 'pending')) return Promise.resolve();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  /** Forgets the log and stops what is under way (a reset, or the emulator closing). */
  clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const r of this.requests) r.destroy();
    this.requests.clear();
    for (const d of this.logged) if (d.state === 'pending') d.state = 'failed';
    this.logged = [];
    this.wake();
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private attempt(delivery: Delivery, secret: string, n: number): void {
    const timestamp = Math.floor(Date.now() / 1000);
    const started = Date.now();
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'data-platform-emulator-webhooks',
      'svix-id': delivery.id,
      'svix-timestamp': String(timestamp),
      'svix-signature': sign(secret, delivery.id, timestamp, delivery.body),
    };
    void this.post(delivery.url, headers, delivery.body).then((outcome) => {
      if (delivery.state !== 'pending') return;
      delivery.attempts.push({ at: new Date(started).toISOString(), ...outcome, ms: Date.now() - started });
      const answer = 'status' in outcome ? outcome.status : outcome.error;
      this.log(`webhook ${delivery.eventType} ${delivery.id} → ${delivery.url} attempt ${n + 1}: ${answer}`);
      const ok = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
      if (ok) delivery.state = 'delivered';
      else if (n < this.retryDelaysMs.length)
        this.later(this.retryDelaysMs[n], () => this.attempt(delivery, secret, n + 1));
      else delivery.state = 'failed';
      if (delivery.state !== 'pending') this.wake();
    });
  }

  private wake(): void {
    if (this.logged.some((d) => d.state === 'pending')) return;
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }

  private post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
    return new Promise((resolve) => {
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const bytes = Buffer.from(body, 'utf8');
      const req = send(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(bytes.length) } });
      this.requests.add(req);
      const timer = setTimeout(() => {
        resolve({ error: `no answer within ${this.timeoutMs} ms` });
        req.destroy();
      }, this.timeoutMs);
      const done = (outcome: Outcome): void => {
        clearTimeout(timer);
        this.requests.delete(req);
        resolve(outcome);
      };
      req.on('response', (res) => {
        res.resume();
        done({ status: res.statusCode ?? 0 });
      });
      req.on('error', (e) => done({ error: e.message }));
      req.end(bytes);
    });
  }
}
