// Webhook consumers and the event types of Codat's Platform API 3.0.0 (its `webhooks` section):
// the consumer as the contract's WebhookConsumer, what a create sends (its
// webhookConsumerPrototype), and the 16 event types with the contract's one-line descriptions
// (Codat's own words, quoted as such; test/unit/events/events.test.ts holds them to
// test/contract/codat.json) and the names a consumer subscribes to.

export interface WebhookConsumer {
  id: string;
  url: string;
  /** Absent in an answer is read as none. */
  eventTypes: string[];
  disabled?: boolean | null;
  /** `tagKey:tagValue`: only events of companies with one of these tags reach the consumer. */
  companyTags?: string[] | null;
}

/** `GET /webhooks`: one list, not paged (at most 50). */
export interface WebhookConsumerList {
  results: WebhookConsumer[];
}

export interface CreateWebhookConsumerRequest {
  /** `https:`, or `http:` to a loopback address (the extension's own receiver). */
  url: string;
  eventTypes: string[];
  companyTags?: string[];
  disabled?: boolean;
}

interface EventTypeInfo {
  /** As the contract names it; the write events are templates (`{dataType}.write.successful`). */
  name: string;
  description: string;
}

export const EVENT_TYPES: readonly EventTypeInfo[] = [
  { name: 'company.created', description: 'Called when a company is created in Codat.' },
  { name: 'company.deleted', description: 'Called when a company is deleted in Codat.' },
  { name: 'company.product.added', description: 'Called when a product is added to a company in Codat.' },
  { name: 'company.product.removed', description: 'Called when a product is removed from a company in Codat.' },
  { name: 'connection.created', description: 'Called when a connection is created by the SMB.' },
  { name: 'connection.connected', description: 'Called when a connection is successfully linked by the SMB.' },
  { name: 'connection.failed', description: 'Called when a connection failed linking to the SMB.' },
  {
    name: 'connection.disconnected',
    description:
      'Called when a connection is disconnected either due to being unlinked or de-authorized by the SMB or integration.',
  },
  {
    name: 'connection.reconnected',
    description: 'Called when a connection is reconnected after becoming disconnected.',
  },
  { name: 'connection.deleted', description: 'Called when a connection is deleted.' },
  { name: 'read.completed', description: 'Called when the fetch of data types for a product has completed.' },
  {
    name: 'read.completed.initial',
    description: 'Called when the initial fetch of data types for a product has been completed.',
  },
  {
    name: '{dataType}.write.successful',
    description:
      'Indicates that a `dataType` has been successfully created, updated, deleted, or had an attachment uploaded in the accounting software.',
  },
  {
    name: '{dataType}.write.unsuccessful',
    description:
      'Indicates that a `dataType` has not been successfully created, updated, deleted, or had an attachment uploaded in the accounting software.',
  },
  {
    name: 'client.rateLimit.reached',
    description: "Called when your client’s request count to Codat's API surpasses the allocated quota.",
  },
  {
    name: 'client.rateLimit.reset',
    description: "Called when your client's rate limit quota is reset, allowing additional requests to Codat's API.",
  },
];

/** The data types of the write events' table in the contract (`bills.write.successful`, …). */
export const WRITE_DATA_TYPES: readonly string[] = [
  'bankAccounts',
  'bankTransactions',
  'billCreditNotes',
  'billPayments',
  'bills',
  'chartOfAccounts',
  'creditNotes',
  'customers',
  'directCosts',
  'directIncomes',
  'invoices',
  'items',
  'journalEntries',
  'journals',
  'payments',
  'purchaseOrders',
  'suppliers',
  'transfers',
];

const WRITE_EVENT = /^([A-Za-z]+)\.write\.(successful|unsuccessful)$/;

/** A name a consumer may subscribe to: a listed event type, or a write event of a listed data type. */
export function isSubscribableEventType(name: string): boolean {
  const write = WRITE_EVENT.exec(name);
  if (write) return WRITE_DATA_TYPES.includes(write[1]);
  return !name.startsWith('{') && EVENT_TYPES.some((e) => e.name === name);
}

/** Every name one can subscribe to: the listed types, the write templates expanded per data type. */
export function subscribableEventTypes(): string[] {
  return EVENT_TYPES.flatMap(({ name }) =>
    name.startsWith('{dataType}') ? WRITE_DATA_TYPES.map((t) => name.replace('{dataType}', t)) : [name],
  );
}

/** The listed entry an event type falls under (`bills.write.successful` → the write template). */
export function eventTypeInfo(name: string): EventTypeInfo | undefined {
  const write = WRITE_EVENT.exec(name);
  const listed = write ? `{dataType}.write.${write[2]}` : name;
  return EVENT_TYPES.find((e) => e.name === listed);
}
