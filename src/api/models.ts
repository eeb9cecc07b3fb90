// Records of the Data Platform API. Shapes follow the spec and, where it is silent, the
// reference (Codat's public OpenAPI). Optional fields are omitted by the server, never null.
// A record of any type (DataRecord) is the data types' concept, passed on here.
export type { DataRecord } from '../dataTypes/rows';

interface Link {
  href: string;
}

/** `_links` of a paged envelope. hrefs are relative to the base URL. */
interface PageLinks {
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

type DataConnectionStatus = 'PendingAuth' | 'Linked' | 'Unlinked' | 'Deauthorized';

/** A company's data connection, in its `dataConnections` and from `GET /companies/{id}/connections`
 * (Codat's Platform API). */
export interface DataConnection {
  id: string;
  integrationId: string;
  sourceId: string;
  platformName: string;
  linkUrl: string;
  /** A `DataConnectionStatus`; a status this version does not know is kept as it came. */
  status: DataConnectionStatus | (string & {});
  created: string;
  sourceType: string;
  lastSync?: string;
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

/** An accounting, banking or commerce platform a company can connect to (`GET /integrations`). */
export interface Integration {
  /** The platform key a connection is created with (`POST …/connections`). */
  key: string;
  name: string;
  /** Whether the client's customers may use it: disabled ones can still be listed, not linked. */
  enabled: boolean;
  /** Shown as text only: the extension host never fetches it. */
  logoUrl?: string;
  sourceId?: string;
  sourceType?: string;
  integrationId?: string;
  isOfflineConnector?: boolean;
  isBeta?: boolean;
  dataProvidedBy?: string;
}

/** A file attached to a record in the accounting platform (the contract's `Attachment`). */
export interface Attachment {
  id: string;
  name?: string | null;
  contentType?: string | null;
  /** ISO date-time. */
  dateCreated?: string;
  fileSize?: number | null;
  includeWhenSent?: boolean;
  modifiedDate?: string;
  sourceModifiedDate?: string | null;
}

/** `PATCH /companies/{companyId}`: the fields given are changed, the others kept. */
export interface CompanyUpdate {
  name?: string;
  description?: string;
  tags?: Record<string, string>;
}

/** One rule a pulled data set broke or warned about (`ValidationResult.definitions.validationItem`). */
export interface PullValidationItem {
  ruleId?: string;
  itemId?: string;
  message?: string;
  validatorName?: string;
}

/** `GET /companies/{companyId}/sync/{datasetId}/validation`: what a pull's validation found. */
export interface PullValidation {
  errors?: PullValidationItem[];
  warnings?: PullValidationItem[];
}

export interface CreateCompanyRequest {
  name: string;
  description?: string;
  tags?: Record<string, string>;
}

interface RecordRef {
  id: string;
  name?: string;
}

export interface CustomerRef {
  id: string;
  companyName?: string;
}

type InvoiceStatus = 'Unknown' | 'Draft' | 'Submitted' | 'PartiallyPaid' | 'Paid' | 'Void';

export interface InvoiceLineItem {
  description?: string;
  unitAmount: number;
  quantity: number;
  discountAmount?: number;
  subTotal?: number;
  taxAmount?: number;
  totalAmount?: number;
  accountRef?: RecordRef;
  taxRateRef?: RecordRef;
  itemRef?: RecordRef;
}

interface InvoiceMetadata {
  isDeleted?: boolean;
}

export interface Invoice {
  id: string;
  invoiceNumber?: string;
  customerRef?: CustomerRef;
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
  note?: string;
  metadata?: InvoiceMetadata;
  modifiedDate?: string;
  sourceModifiedDate?: string;
}

export interface ApiKeyDetails {
  id: string;
  name?: string;
  apiKey: string;
  createdDate: string;
}

export interface ApiKeyList {
  results: ApiKeyDetails[];
}

type DataStatusState =
  | 'Initial'
  | 'Queued'
  | 'Fetching'
  | 'MapQueued'
  | 'Mapping'
  | 'Complete'
  | 'FetchError'
  | 'MapError'
  | 'InternalError'
  | 'ProcessingQueued'
  | 'Processing'
  | 'ProcessingError'
  | 'ValidationQueued'
  | 'Validating'
  | 'ValidationError'
  | 'AuthError'
  | 'Cancelled'
  | 'NotSupported'
  | 'RateLimitError'
  | 'PermissionsError'
  | 'PrerequisiteNotMet';

/** A data set's status. Codat's contract requires `dataType` and `currentStatus`, but every entry of
 * the map may be null, so the client reads every field as possibly null or absent. */
export interface DataStatus {
  dataType?: string | null;
  currentStatus?: DataStatusState | null;
  lastSuccessfulSync?: string | null;
  latestSyncId?: string | null;
  latestSuccessfulSyncId?: string | null;
}

/** `GET /companies/{id}/dataStatus`: data type → status; Codat's contract makes each one nullable. */
export type DataStatusMap = Record<string, DataStatus | null>;

/** A pull operation (formerly "dataset"): one sync of one data type. The answer of
 * `POST /companies/{id}/data/queue/{dataType}` and an entry of `GET …/data/history`. */
export interface PullOperation {
  id: string;
  companyId: string;
  connectionId?: string;
  dataType: string;
  status: DataStatusState;
  statusDescription?: string | null;
  errorMessage?: string | null;
  requested: string;
  completed?: string;
  progress: number;
  isCompleted: boolean;
  isErrored: boolean;
}

/** How often, in what order and how far back one data type is synced (Codat's SyncSetting). */
export interface SyncSetting {
  /** Codat's data type name, as the data status keys it (`chartOfAccounts`, `invoices`). */
  dataType: string;
  /** Queued when a company first links a connection. */
  fetchOnFirstLink: boolean;
  /** Hours between scheduled syncs. */
  syncSchedule: number;
  /** Its place in the order data types are queued in. */
  syncOrder: number;
  /** Fetch records modified from this date-time on (set this or `syncFromWindow`). */
  syncFromUtc?: string;
  /** Months of history to fetch (set this or `syncFromUtc`). */
  syncFromWindow?: number;
  /** Months to fetch of the financial statements. */
  monthsToSync?: number;
  /** Set by Codat: a locked setting cannot be changed. */
  isLocked?: boolean;
}

/** `GET /companies/{id}/syncSettings` (Codat's CompanySyncSettings, whose every field is optional
 * in the contract: only `settings` is relied on). */
export interface SyncSettings {
  companyId?: string;
  settings: SyncSetting[];
  /** Whether the company's settings override the client's defaults. */
  overridesDefaults?: boolean;
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

/** The error body every failure carries. */
export interface ErrorBody {
  statusCode: number;
  service: string;
  error: string;
  correlationId: string;
  validation?: Validation;
  canBeRetried?: string;
  detailedErrorCode?: number;
}

type PushOptionType = 'Array' | 'Object' | 'String' | 'Number' | 'Boolean' | 'DateTime' | 'File' | 'MultiPart';

interface PushOptionChoice {
  value: string;
  type: PushOptionType | (string & {});
  displayName: string;
  required: boolean;
}

interface PushFieldValidation {
  field?: string;
  details: string;
}

/** `GET …/connections/{connectionId}/options/{dataType}`: the fields a push of one type takes, as a
 * tree (an Object's `properties` are its fields, an Array's the fields of each entry). */
export interface PushOption {
  type: PushOptionType | (string & {});
  displayName: string;
  description: string;
  required: boolean;
  properties?: Record<string, PushOption>;
  options?: PushOptionChoice[];
  validation?: { warnings: PushFieldValidation[]; information: PushFieldValidation[] };
}

type PushOperationStatus = 'Pending' | 'Failed' | 'Success' | 'TimedOut';

interface PushOperationChange {
  type: 'Unknown' | 'Created' | 'Modified' | 'Deleted' | 'AttachmentUploaded' | (string & {});
  recordRef: { id: string; dataType: string };
}

/** A push operation (Platform API): the answer of a push, which alone also carries `data` (the
 * record as the platform took it), and an entry of the push history. */
export interface PushOperation {
  pushOperationKey: string;
  companyId: string;
  dataConnectionKey: string;
  dataType: string;
  /** Pending until it settles; a status this version does not know is kept as it came. */
  status: PushOperationStatus | (string & {});
  requestedOnUtc: string;
  completedOnUtc?: string;
  timeoutInMinutes?: number | null;
  statusCode?: number;
  errorMessage?: string | null;
  validation?: Validation;
  changes?: PushOperationChange[] | null;
  data?: Record<string, unknown>;
}
