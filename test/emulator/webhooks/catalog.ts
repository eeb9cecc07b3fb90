// The event types of Codat's Platform API 3.0.0 (its `webhooks` section), written out from the
// document as the emulator's own copy (test/unit/contract/webhooks.test.ts holds it to
// test/contract/codat.json), and the deliveries' bodies the emulator builds for what happens in it.
import type { Company, DataConnection, PullOperation, PushOperation } from '../wire';

export const EVENT_TYPES = [
  'company.created',
  'company.deleted',
  'company.product.added',
  'company.product.removed',
  'connection.created',
  'connection.connected',
  'connection.failed',
  'connection.disconnected',
  'connection.reconnected',
  'connection.deleted',
  'read.completed',
  'read.completed.initial',
  '{dataType}.write.successful',
  '{dataType}.write.unsuccessful',
  'client.rateLimit.reached',
  'client.rateLimit.reset',
] as const;

/** The data types of the write events' table: a consumer subscribes to `bills.write.successful`. */
export const WRITE_DATA_TYPES = [
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
] as const;

const WRITE_EVENT = /^([A-Za-z]+)\.write\.(successful|unsuccessful)$/;

/** An event type a consumer may subscribe to: a listed one, a write event of a listed data type. */
export function isEventType(name: string): boolean {
  const write = WRITE_EVENT.exec(name);
  if (write) return (WRITE_DATA_TYPES as readonly string[]).includes(write[1]);
  return !name.startsWith('{') && (EVENT_TYPES as readonly string[]).includes(name);
}

/** What every delivery's body is: the contract's `{id, eventType, generatedDate, payload}`. */
export interface EventBody {
  id: string;
  eventType: string;
  generatedDate: string;
  payload: Record<string, unknown>;
}

/** The company a delivery is about, for a consumer's `companyTags`; none for the client's events. */
export interface Occurrence {
  account: string;
  body: EventBody;
  company?: Company;
}

/** The contract's companyReference: what connection, read and write events name the company by. */
export function companyReference(company: Company): Record<string, unknown> {
  return {
    id: company.id,
    name: company.name,
    ...(company.description !== undefined ? { description: company.description } : {}),
    links: { portal: `https://app.codat.io/companies/${company.id}/summary` },
    tags: { ...company.tags },
  };
}

/** The contract's companyDetails: the company without its connections. */
export function companyDetails(company: Company): Record<string, unknown> {
  const { dataConnections: _connections, ...details } = structuredClone(company);
  return details;
}

export function connectionPayload(company: Company, connection: DataConnection): Record<string, unknown> {
  return { referenceCompany: companyReference(company), connection: structuredClone(connection) };
}

/** One read.completed for the syncs of a company that completed together. */
export function readPayload(
  company: Company,
  completed: readonly { op: PullOperation; recordsModified: boolean }[],
  modifiedFromDate: string | null,
): Record<string, unknown> {
  return {
    referenceCompany: companyReference(company),
    modifiedFromDate,
    dataTypes: completed.map(({ op, recordsModified }) => ({
      ...(op.connectionId ? { connectionId: op.connectionId } : {}),
      dataType: op.dataType,
      recordsModified,
      status: op.status,
      issues: null,
    })),
  };
}

export type WriteKind = 'create' | 'update' | 'delete';
const WRITE_TYPES: Record<WriteKind, string> = { create: 'Create', update: 'Update', delete: 'Delete' };

export function writePayload(company: Company, op: PushOperation, kind: WriteKind): Record<string, unknown> {
  const recordId = op.changes?.[0]?.recordRef?.id;
  return {
    id: op.pushOperationKey,
    type: WRITE_TYPES[kind],
    referenceCompany: companyReference(company),
    connectionId: op.dataConnectionKey,
    requestedOnDate: op.requestedOnUtc,
    ...(op.completedOnUtc ? { completedOnDate: op.completedOnUtc } : {}),
    status: op.status,
    record: recordId === undefined ? null : { id: recordId },
    attachmentId: null,
  };
}

export function rateLimitPayload(limit: number, resetsAt: string): Record<string, unknown> {
  return { dailyQuota: limit, quotaRemaining: 0, expiryDate: resetsAt };
}
