// Webhook consumers (Codat's WebhookConsumer), per account: created from the contract's
// `webhookConsumerPrototype`, listed (one list, not paged: the contract's `{results}`, at most 50),
// deleted. Each has its own signing secret (Svix's `whsec_` + base64 of 24 random bytes), which
// the API never answers with: the admin endpoints (GET /_emulator/webhooks) and `emu.webhooks`
// hand it out, as Codat's portal shows it.
import { randomBytes } from 'node:crypto';
import { type ApiResponse, validationError } from '../errors';
import { isLoopbackHost } from '../http';
import { isEventType } from './catalog';

/** The contract's limit ("limited to 50"), per account. */
export const MAX_CONSUMERS = 50;
/** The contract's companyTags: at most 10, each at most 128 characters, `tagKey:tagValue`. */
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 128;

export interface WebhookConsumer {
  id: string;
  url: string;
  eventTypes: string[];
  disabled: boolean;
  companyTags?: string[];
}

export interface StoredConsumer {
  account: string;
  consumer: WebhookConsumer;
  secret: string;
}

const invalid = (field: string, message: string): ApiResponse =>
  validationError('PublicApi', field, message, 'WebhookConsumerValidator');

/** `https:` anywhere, or `http:` to a loopback address (a receiver on the developer's machine). */
function readUrl(value: unknown): string | ApiResponse {
  if (typeof value !== 'string' || value.length > 2048)
    return invalid('url', 'The url field is required: an absolute https URL.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid('url', 'The url field must be an absolute https URL.');
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if ((url.protocol !== 'https:' && !local) || url.username !== '' || url.password !== '')
    return invalid('url', 'The url field must be an https URL (http only to 127.0.0.1, ::1 or localhost).');
  return value;
}

function readEventTypes(value: unknown): string[] | ApiResponse {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string'))
    return invalid('eventTypes', 'The eventTypes field must list at least one event type.');
  const unknown = value.find((v) => !isEventType(v));
  if (unknown !== undefined) return invalid('eventTypes', `${unknown} is not an event type.`);
  return [...new Set(value)];
}

function readTags(value: unknown): string[] | undefined | ApiResponse {
  if (value === undefined || value === null) return undefined;
  const tag = (v: unknown): boolean => typeof v === 'string' && v.length <= MAX_TAG_LENGTH && /^[^:]+:.+$/s.test(v);
  if (!Array.isArray(value) || value.length > MAX_TAGS || !value.every(tag))
    return invalid('companyTags', `The companyTags field is at most ${MAX_TAGS} tags, each tagKey:tagValue.`);
  return value as string[];
}

/** The consumer a create's body describes, or the 400 that says why not. */
export function readConsumer(body: Record<string, unknown>, id: string): WebhookConsumer | ApiResponse {
  const url = readUrl(body.url);
  if (typeof url !== 'string') return url;
  const eventTypes = readEventTypes(body.eventTypes);
  if (!Array.isArray(eventTypes)) return eventTypes;
  const companyTags = readTags(body.companyTags);
  if (companyTags !== undefined && !Array.isArray(companyTags)) return companyTags;
  if (body.disabled !== undefined && body.disabled !== null && typeof body.disabled !== 'boolean')
    return invalid('disabled', 'The disabled field must be true or false.');
  const other = Object.keys(body).find((k) => !['url', 'eventTypes', 'companyTags', 'disabled'].includes(k));
  if (other !== undefined) return invalid(other, `The field ${other} is not part of a webhook consumer.`);
  return { id, url, eventTypes, disabled: body.disabled === true, ...(companyTags ? { companyTags } : {}) };
}

export class ConsumerStore {
  private consumers: StoredConsumer[] = [];

  reset(): void {
    this.consumers = [];
  }

  list(account: string): WebhookConsumer[] {
    return this.consumers.filter((c) => c.account === account).map((c) => structuredClone(c.consumer));
  }

  count(account: string): number {
    return this.consumers.filter((c) => c.account === account).length;
  }

  add(account: string, consumer: WebhookConsumer): StoredConsumer {
    const stored = { account, consumer, secret: `whsec_${randomBytes(24).toString('base64')}` };
    this.consumers.push(stored);
    return stored;
  }

  remove(account: string, id: string): boolean {
    const wanted = id.toLowerCase();
    const i = this.consumers.findIndex((c) => c.account === account && c.consumer.id === wanted);
    if (i >= 0) this.consumers.splice(i, 1);
    return i >= 0;
  }

  /** Every consumer with its secret (the admin's view). */
  all(): readonly StoredConsumer[] {
    return this.consumers;
  }

  find(id: string): StoredConsumer | undefined {
    return this.consumers.find((c) => c.consumer.id === id);
  }

  /** The enabled consumers of the account subscribed to the event, whose company tags (if any)
   * the company has one of (Codat: "only messages from companies with matching tags"); an event
   * about no company reaches only consumers without tags. */
  subscribed(account: string, eventType: string, tags: Record<string, string> | undefined): StoredConsumer[] {
    const companyTags = tags === undefined ? undefined : Object.entries(tags).map(([k, v]) => `${k}:${v}`);
    return this.consumers.filter(({ account: a, consumer: c }) => {
      if (a !== account || c.disabled || !c.eventTypes.includes(eventType)) return false;
      if (!c.companyTags || c.companyTags.length === 0) return true;
      return companyTags !== undefined && c.companyTags.some((t) => companyTags.includes(t));
    });
  }
}
