// A webhook delivery's body read into an event without trusting it: its type (known when it is one
// of the contract's, src/api/webhookModels.ts), the company it is about, its time, its payload.
import { isSubscribableEventType } from '../api';
import { isRecord } from '../util/guards';

/** A delivery's body as read: what the Events view shows and what moves the tree. */
export interface WebhookEvent {
  /** The event's id (the body's `id`). */
  id: string;
  type: string;
  /** Whether the type is one of the contract's (an unknown one is shown, never acted on). */
  known: boolean;
  /** The company it is about: `payload.id` of company events, `payload.referenceCompany.id` of
   * the others; none for the client's rate limit events. */
  companyId?: string;
  /** `generatedDate`, when it is a valid instant. */
  time?: string;
  payload: Record<string, unknown>;
}

const MAX_ID = 200;
const EVENT_NAME = /^[A-Za-z0-9_.{}-]{1,120}$/;

function shortText(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_ID ? v : undefined;
}

function companyOf(type: string, payload: Record<string, unknown>): string | undefined {
  if (type.startsWith('company.')) return shortText(payload.id);
  const ref = payload.referenceCompany;
  return isRecord(ref) ? shortText(ref.id) : undefined;
}

/** The body's `{id, eventType, generatedDate, payload}` as an event, or undefined when it is not one. */
export function parseEvent(json: unknown): WebhookEvent | undefined {
  if (!isRecord(json)) return undefined;
  const id = shortText(json.id);
  const type = json.eventType;
  const payload = json.payload;
  if (id === undefined || typeof type !== 'string' || !EVENT_NAME.test(type) || !isRecord(payload)) return undefined;
  const date = typeof json.generatedDate === 'string' ? Date.parse(json.generatedDate) : NaN;
  const event: WebhookEvent = {
    id,
    type,
    known: isSubscribableEventType(type),
    payload,
  };
  const companyId = companyOf(type, payload);
  if (companyId !== undefined) event.companyId = companyId;
  if (Number.isFinite(date)) event.time = new Date(date).toISOString();
  return event;
}
