// The wire format as the emulator writes it: records, the paged envelope and the error body.
// Duplicated on purpose from the client's src/api/models.ts: the emulator imports nothing from
// src/, so a shape the client gets wrong is not silently shared by its double, and the
// client-against-emulator tests can catch it. The records' shapes are held to Codat's published
// contract by test/unit/contract/emulator.test.ts.

export interface Link {
  href: string;
}

export interface PageLinks {
  self: Link;
  current: Link;
  next?: Link;
  previous?: Link;
}

export interface Page<T> {
  results: T[];
  pageNumber: number;
  pageSize: number;
  totalResults: number;
  _links: PageLinks;
}

export interface DataConnection {
  id: string;
  integrationId: string;
  integrationKey?: string;
  sourceId: string;
  sourceType: string;
  platformName: string;
  linkUrl: string;
  status: 'PendingAuth' | 'Linked' | 'Unlinked' | 'Deauthorized';
  lastSync?: string;
  created: string;
}

export interface Company {
  id: string;
  name: string;
  redirect: string;
  description?: string;
  created?: string;
  lastSync?: string;
  createdByUserName?: string;
  tags?: Record<string, string>;
  products?: string[];
  dataConnections?: DataConnection[];
}

export interface CreateCompanyRequest {
  name: string;
  description?: string;
  tags?: Record<string, string>;
}

interface Ref {
  id: string;
  name?: string;
}

export type InvoiceStatus = 'Unknown' | 'Draft' | 'Submitted' | 'PartiallyPaid' | 'Paid' | 'Void';

export interface InvoiceLineItem {
  description?: string;
  unitAmount: number;
  quantity: number;
  discountAmount?: number;
  subTotal?: number;
  taxAmount?: number;
  totalAmount?: number;
  accountRef?: Ref;
  taxRateRef?: Ref;
  itemRef?: Ref;
}

export interface Invoice {
  id: string;
  invoiceNumber?: string;
  customerRef?: { id: string; companyName?: string };
  issueDate: string;
  dueDate?: string;
  paidOnDate?: string;
  currency?: string;
  currencyRate?: number;
  lineItems?: InvoiceLineItem[];
  subTotal?: number;
  totalTaxAmount: number;
  totalAmount: number;
  amountDue: number;
  totalDiscount?: number;
  status: InvoiceStatus;
  note?: string | null;
  metadata?: { isDeleted?: boolean };
  modifiedDate?: string;
  sourceModifiedDate?: string;
}

export interface ApiKeyDetails {
  id: string;
  name?: string;
  apiKey: string;
  createdDate: string;
}

/** Sync states of a data set or pull operation (the emulator uses a few of the reference's). */
export type SyncStatus = 'Queued' | 'Fetching' | 'Complete' | 'NotSupported';

export interface DataStatus {
  dataType: string;
  currentStatus: SyncStatus;
  lastSuccessfulSync?: string;
  latestSyncId?: string;
  latestSuccessfulSyncId?: string;
}

export type DataStatusMap = Record<string, DataStatus>;

/** A pull operation's states: a data set's, and the one failure the seeded histories show. */
export type PullStatus = SyncStatus | 'FetchError';

/** Codat's PullOperation (formerly "dataset"): one sync of one data type. */
export interface PullOperation {
  id: string;
  companyId: string;
  connectionId?: string;
  dataType: string;
  status: PullStatus;
  statusDescription?: string | null;
  errorMessage?: string | null;
  requested: string;
  completed?: string;
  progress: number;
  isCompleted: boolean;
  isErrored: boolean;
}

/** Codat's SyncSetting: how often, in what order and how far back one data type is synced. */
export interface SyncSetting {
  dataType: string;
  fetchOnFirstLink: boolean;
  /** Hours between scheduled syncs. */
  syncSchedule: number;
  syncOrder: number;
  syncFromUtc?: string;
  /** Months of history to fetch. */
  syncFromWindow?: number;
  monthsToSync?: number;
  isLocked?: boolean;
}

/** Codat's CompanySyncSettings: `GET /companies/{id}/syncSettings`, and the body of its POST. */
export interface CompanySyncSettings {
  companyId: string;
  settings: SyncSetting[];
  overridesDefaults: boolean;
}

export interface ValidationItem {
  message: string;
  itemId?: string;
  validatorName?: string;
}

export interface Validation {
  errors: ValidationItem[];
  warnings: ValidationItem[];
}

export interface ErrorBody {
  statusCode: number;
  service: string;
  error: string;
  correlationId: string;
  validation?: Validation;
  canBeRetried?: string;
  detailedErrorCode?: number;
}

/** Push options (Codat's PushOption): the tree of fields a push of one data type takes. */
export type PushOptionType = 'Array' | 'Object' | 'String' | 'Number' | 'Boolean' | 'DateTime' | 'File' | 'MultiPart';

export interface PushOptionChoice {
  value: string;
  type: PushOptionType;
  displayName: string;
  required: boolean;
}

export interface PushFieldValidation {
  field?: string;
  details: string;
}

export interface PushOptionProperty {
  type: PushOptionType;
  displayName: string;
  description: string;
  required: boolean;
  /** Of an Object its fields; of an Array the fields of each entry. */
  properties?: Record<string, PushOptionProperty>;
  options?: PushOptionChoice[];
  validation?: { warnings: PushFieldValidation[]; information: PushFieldValidation[] };
}

export type PushOperationStatus = 'Pending' | 'Failed' | 'Success' | 'TimedOut';

export interface PushOperationChange {
  type: 'Unknown' | 'Created' | 'Modified' | 'Deleted' | 'AttachmentUploaded';
  recordRef: { id: string; dataType: string };
  /** The attachment a change is about (a bill attachment's delete). */
  attachmentId?: string | null;
}

/** Codat's PushOperation (Platform API); a push's own answer adds `data` (Accounting API). */
export interface PushOperation {
  changes?: PushOperationChange[] | null;
  dataType: string;
  companyId: string;
  pushOperationKey: string;
  dataConnectionKey: string;
  requestedOnUtc: string;
  completedOnUtc?: string;
  timeoutInMinutes?: number | null;
  status: PushOperationStatus;
  errorMessage?: string | null;
  validation?: Validation;
  statusCode: number;
}

/** A file attached to a record (the contract's Attachment; Sync for Payables, Accounting API 2.1.0). */
export interface Attachment {
  id: string;
  name: string | null;
  contentType: string | null;
  dateCreated: string;
  fileSize: number | null;
  includeWhenSent: boolean;
  modifiedDate: string;
  sourceModifiedDate: string;
}
