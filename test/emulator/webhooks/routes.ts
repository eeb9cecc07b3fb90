// The webhook consumer endpoints of the Platform API (`GET/POST /webhooks`, `DELETE
// /webhooks/{webhookId}`; 3.0.0 has no GET of one), and the admin's view under
// /_emulator/webhooks: every consumer with its signing secret, and the delivery log.
import { randomUUID } from 'node:crypto';
import { ApiResponse, errorResponse, notFound, validationError } from '../errors';
import { type Handler, type Route, isResponse, ok, readObject } from '../routing';
import type { EmulatorState } from '../state';
import { MAX_CONSUMERS, readConsumer } from './consumers';
import { webhooksOf } from './hub';

const list: Handler = (req, _args, state) => {
  const hub = webhooksOf(state);
  return hub ? ok({ results: hub.consumers.list(req.account) }) : notFound();
};

const create: Handler = (req, _args, state) => {
  const hub = webhooksOf(state);
  if (!hub) return notFound();
  const body = readObject(req, false);
  if (isResponse(body)) return body;
  const consumer = readConsumer(body, randomUUID());
  if (isResponse(consumer)) return consumer;
  if (hub.consumers.count(req.account) >= MAX_CONSUMERS)
    return validationError(
      'PublicApi',
      'url',
      `The number of webhook consumers is limited to ${MAX_CONSUMERS}; delete one before creating another.`,
      'WebhookConsumerValidator',
    );
  const stored = hub.consumers.add(req.account, consumer);
  hub.consumersChanged();
  hub.log(`webhook consumer ${consumer.id} (${req.account}) at ${consumer.url}: signing secret ${stored.secret}`);
  return ok(structuredClone(stored.consumer), 201);
};

const remove: Handler = (req, [id], state) => {
  const hub = webhooksOf(state);
  if (!hub) return notFound();
  if (!hub.consumers.remove(req.account, id))
    return errorResponse(404, 'PublicApi', `No webhook consumer was found with ID ${id}`);
  hub.consumersChanged();
  return new ApiResponse(204);
};

export const WEBHOOK_ROUTES: Route[] = [
  { pattern: ['webhooks'], methods: { GET: list, POST: create } },
  { pattern: ['webhooks', '*'], methods: { DELETE: remove } },
];

const wrongMethod = (allowed: string[]): ApiResponse =>
  errorResponse(405, 'PublicApi', 'The method is not allowed for the requested resource.', undefined, {
    Allow: allowed.join(', '),
  });

/** `GET /_emulator/webhooks` (consumers with their secrets), `GET|DELETE /_emulator/webhooks/deliveries`. */
export function webhookAdmin(method: string, segments: readonly string[], state: EmulatorState): ApiResponse {
  const hub = webhooksOf(state);
  if (!hub) return notFound();
  if (segments.length === 1) {
    if (method !== 'GET') return wrongMethod(['GET']);
    const results = hub.consumers.all().map((c) => ({ account: c.account, ...c.consumer, secret: c.secret }));
    return ok({ results });
  }
  if (segments.length === 2 && segments[1] === 'deliveries') {
    if (method === 'GET') return ok({ results: hub.deliveries.entries() });
    if (method !== 'DELETE') return wrongMethod(['GET', 'DELETE']);
    hub.deliveries.clear();
    return new ApiResponse(204);
  }
  return errorResponse(404, 'PublicApi', `No emulator admin endpoint at /_emulator/${segments.join('/')}`);
}
