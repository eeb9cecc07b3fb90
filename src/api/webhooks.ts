// Webhook consumers (Codat's Platform API): the requests, built as requests.ts builds the others
// (every field checked before anything is sent), and the checks of their answers. A consumer's
// URL is `https:`, or `http:` to a loopback address (the extension's own receiver on the
// emulator's account); its event types are the contract's; its company tags at most 10 of
// `tagKey:tagValue`, each at most 128 characters (the contract's bounds). A refusal never echoes
// the URL: it could hold a password.
import { t } from '../l10n';
import { refusedParameter } from './failures';
import { checkId, type Target } from './requestChecks';
import type { ApiRequest } from './requests';
import { isLoopbackHost } from './url';
import {
  type CreateWebhookConsumerRequest,
  type WebhookConsumer,
  type WebhookConsumerList,
  isSubscribableEventType,
} from './webhookModels';
import { isRecord, type Guard } from '../util/guards';

const WEBHOOKS_PATH = '/webhooks';
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 128;
const MAX_URL_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** What a consumer is known by; the rest is read where it is shown. */
export const isWebhookConsumer: Guard<WebhookConsumer> = (v): v is WebhookConsumer =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  v.id !== '' &&
  typeof v.url === 'string' &&
  (v.eventTypes === undefined || strings(v.eventTypes)) &&
  (v.disabled === undefined || v.disabled === null || typeof v.disabled === 'boolean') &&
  (v.companyTags === undefined || v.companyTags === null || strings(v.companyTags));

export const isWebhookConsumerList: Guard<WebhookConsumerList> = (v): v is WebhookConsumerList =>
  isRecord(v) && Array.isArray(v.results) && v.results.every(isWebhookConsumer);

/** An answer's consumer with its event types read as none when absent. */
export function consumerOf(consumer: WebhookConsumer): WebhookConsumer {
  return { ...consumer, eventTypes: consumer.eventTypes ?? [] };
}

function checkUrl(target: Target, value: unknown): string {
  const refuse = (): never => {
    throw refusedParameter(target, 'url', t('url must be an https URL (http only to 127.0.0.1, ::1 or localhost)'));
  };
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || CONTROL.test(value)) return refuse();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse();
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if ((url.protocol !== 'https:' && !local) || url.username !== '' || url.password !== '') return refuse();
  return value;
}

function checkEventTypes(target: Target, value: unknown): string[] {
  if (!strings(value) || value.length === 0)
    throw refusedParameter(target, 'eventTypes', t('eventTypes must list at least one event type'));
  const unknown = value.find((v) => !isSubscribableEventType(v));
  if (unknown !== undefined)
    throw refusedParameter(target, 'eventTypes', t('{0} is not an event type', unknown.slice(0, 120)));
  return [...new Set(value)];
}

function checkCompanyTags(target: Target, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const ok = (v: string): boolean => v.length <= MAX_TAG_LENGTH && /^[^:]+:.+$/s.test(v) && !CONTROL.test(v);
  if (!strings(value) || value.length > MAX_TAGS || !value.every(ok))
    throw refusedParameter(
      target,
      'companyTags',
      t(
        'companyTags must be at most {0} tags, each tagKey:tagValue of at most {1} characters',
        MAX_TAGS,
        MAX_TAG_LENGTH,
      ),
    );
  return value.length === 0 ? undefined : [...value];
}

export function listWebhooksRequest(): ApiRequest {
  return { method: 'GET', path: WEBHOOKS_PATH };
}

/** `POST /webhooks` with the contract's prototype: url, eventTypes, companyTags, disabled. */
export function createWebhookRequest(request: CreateWebhookConsumerRequest): ApiRequest {
  const target = { method: 'POST', path: WEBHOOKS_PATH };
  if (!isRecord(request)) throw refusedParameter(target, 'body', t('A webhook consumer needs a url and event types'));
  const url = checkUrl(target, request.url);
  const eventTypes = checkEventTypes(target, request.eventTypes);
  const companyTags = checkCompanyTags(target, request.companyTags);
  if (request.disabled !== undefined && typeof request.disabled !== 'boolean')
    throw refusedParameter(target, 'disabled', t('{0} must be true or false', 'disabled'));
  const body: Record<string, unknown> = { url, eventTypes };
  if (companyTags) body.companyTags = companyTags;
  if (request.disabled !== undefined) body.disabled = request.disabled;
  return { method: 'POST', path: WEBHOOKS_PATH, body };
}

export function deleteWebhookRequest(webhookId: string): ApiRequest {
  const id = checkId({ method: 'DELETE', path: `${WEBHOOKS_PATH}/{webhookId}` }, webhookId, 'webhookId');
  return { method: 'DELETE', path: `${WEBHOOKS_PATH}/${encodeURIComponent(id)}` };
}
