// Queryable fields of each record type. Arrays (lineItems, tags) are not queryable (reference:
// "no querying inside arrays"). The client validates against these before sending, so an unknown
// field is refused here with the words the API uses: "Could not resolve property X".
import type { QuerySchema } from './ast';

export const INVOICE_SCHEMA: QuerySchema = {
  recordName: 'Invoice',
  fields: {
    id: 'string',
    invoiceNumber: 'string',
    'customerRef.id': 'string',
    'customerRef.companyName': 'string',
    issueDate: 'date',
    dueDate: 'date',
    paidOnDate: 'date',
    currency: 'string',
    currencyRate: 'number',
    subTotal: 'number',
    totalTaxAmount: 'number',
    totalAmount: 'number',
    amountDue: 'number',
    totalDiscount: 'number',
    status: 'string',
    note: 'string',
    'metadata.isDeleted': 'boolean',
    modifiedDate: 'date',
    sourceModifiedDate: 'date',
    // In Codat's contract (Lending 3.0.0, AccountingInvoice); after the fields the CSV always had.
    discountPercentage: 'number',
    additionalTaxAmount: 'number',
    additionalTaxPercentage: 'number',
  },
  values: {
    status: ['Draft', 'Submitted', 'PartiallyPaid', 'Paid', 'Void', 'Unknown'],
  },
};

export const COMPANY_SCHEMA: QuerySchema = {
  recordName: 'Company',
  fields: {
    id: 'string',
    name: 'string',
    description: 'string',
    created: 'date',
    lastSync: 'date',
    createdByUserName: 'string',
    redirect: 'string',
    // Codat's contract: the company a multi-entity company belongs to.
    'referenceParentCompany.id': 'string',
    'referenceParentCompany.name': 'string',
    'referenceParentCompany.description': 'string',
    'referenceParentCompany.links.portal': 'string',
  },
};

/** A company's data connections (`GET /companies/{id}/connections`), Codat's Platform API. */
export const CONNECTION_SCHEMA: QuerySchema = {
  recordName: 'Connection',
  fields: {
    id: 'string',
    integrationId: 'string',
    integrationKey: 'string',
    sourceId: 'string',
    sourceType: 'string',
    platformName: 'string',
    linkUrl: 'string',
    status: 'string',
    lastSync: 'date',
    created: 'date',
  },
  values: {
    status: ['PendingAuth', 'Linked', 'Unlinked', 'Deauthorized'],
  },
};

/** The integrations (`GET /integrations`), Codat's Platform API; `datatypeFeatures` is an array. */
export const INTEGRATION_SCHEMA: QuerySchema = {
  recordName: 'Integration',
  fields: {
    key: 'string',
    name: 'string',
    enabled: 'boolean',
    logoUrl: 'string',
    sourceId: 'string',
    sourceType: 'string',
    integrationId: 'string',
    isOfflineConnector: 'boolean',
    isBeta: 'boolean',
    dataProvidedBy: 'string',
  },
  values: {
    sourceType: ['Accounting', 'Banking', 'BankFeed', 'Commerce', 'Expense', 'Other', 'Unknown'],
  },
};

/** A company's push history (`GET /companies/{id}/push`); arrays and objects are not queryable. */
export const PUSH_OPERATION_SCHEMA: QuerySchema = {
  recordName: 'PushOperation',
  fields: {
    pushOperationKey: 'string',
    companyId: 'string',
    dataConnectionKey: 'string',
    dataType: 'string',
    status: 'string',
    requestedOnUtc: 'date',
    completedOnUtc: 'date',
    timeoutInMinutes: 'number',
    statusCode: 'number',
    errorMessage: 'string',
  },
  values: {
    status: ['Pending', 'Failed', 'Success', 'TimedOut'],
  },
};

/** A company's pull operations (`GET /companies/{id}/data/history`), "Dataset" in the API's errors;
 * `isCompleted` is not queryable (Codat's contract: filter on `status` instead). */
export const PULL_OPERATION_SCHEMA: QuerySchema = {
  recordName: 'Dataset',
  fields: {
    id: 'string',
    companyId: 'string',
    connectionId: 'string',
    dataType: 'string',
    status: 'string',
    statusDescription: 'string',
    errorMessage: 'string',
    requested: 'date',
    completed: 'date',
    progress: 'number',
    isErrored: 'boolean',
  },
  values: {
    status: [
      'Initial',
      'Queued',
      'Fetching',
      'MapQueued',
      'Mapping',
      'Complete',
      'FetchError',
      'MapError',
      'InternalError',
      'ProcessingQueued',
      'Processing',
      'ProcessingError',
      'ValidationQueued',
      'Validating',
      'ValidationError',
      'AuthError',
      'Cancelled',
      'NotSupported',
      'RateLimitError',
      'PermissionsError',
      'PrerequisiteNotMet',
    ],
  },
};
