// The data types Codat serves per data connection (`/companies/{companyId}/connections/
// {connectionId}/data/…`): bank accounts and, under each, its transactions; the account
// transactions, transfers, direct costs and incomes of the connection's books; item receipts.
// Entries as in catalog.ts; fields per Codat's Accounting API 2.1.0, item receipts' per Codat's
// TypeScript SDK of Accounting 3.0.0 (2.1.0 has none).
import {
  ACCOUNT_TRANSACTION_SCHEMA,
  BANK_ACCOUNT_SCHEMA,
  BANK_TRANSACTION_SCHEMA,
  DIRECT_COST_SCHEMA,
  DIRECT_INCOME_SCHEMA,
  ITEM_RECEIPT_SCHEMA,
  TRANSFER_SCHEMA,
} from './schemas';
import { MONEY, SUPPLIER, type DataTypeSpec } from './spec';

const BANK_ACCOUNT = ['bankAccountRef.name', 'bankAccountRef.id'];

/** Money spent or received at once (no bill or invoice before it): who, when, how much. */
const direct = (spec: Pick<DataTypeSpec, 'id' | 'schema' | 'icon' | 'example'>): Omit<DataTypeSpec, 'scope'> => ({
  ...spec,
  writes: { create: true },
  label: [['reference'], ['id']],
  ...MONEY,
  date: 'issueDate',
  description: ['amount', 'date'],
  tooltip: [
    ['contact', 'contactRef.id'],
    ['issued', 'issueDate'],
    ['total', 'totalAmount'],
    ['tax', 'taxAmount'],
    ['note', 'note'],
    ['id', 'id'],
  ],
  exportColumns: ['lineItems', 'paymentAllocations'],
  attachments: { upload: 'attachment' },
});

/** Entries but for their scope, which is every one's. */
const ENTRIES: readonly Omit<DataTypeSpec, 'scope'>[] = [
  {
    id: 'bankAccounts',
    writes: { create: true, update: true },
    schema: BANK_ACCOUNT_SCHEMA,
    icon: 'library',
    label: [['accountName'], ['nominalCode'], ['id']],
    kind: 'accountType',
    currency: 'currency',
    amount: 'balance',
    description: ['kind', 'amount'],
    tooltip: [
      ['institution', 'institution'],
      ['accountNumber', 'accountNumber'],
      ['sortCode', 'sortCode'],
      ['iban', 'iBan'],
      ['code', 'nominalCode'],
      ['type', 'accountType'],
      ['balance', 'balance'],
      ['availableBalance', 'availableBalance'],
      ['currency', 'currency'],
      ['id', 'id'],
    ],
    example: 'balance<0',
    exportColumns: [],
  },
  {
    id: 'bankTransactions',
    parent: { type: 'bankAccounts', idName: 'accountId' },
    getOne: false,
    writes: { create: true },
    schema: BANK_TRANSACTION_SCHEMA,
    icon: 'arrow-both',
    label: [['description'], ['reference'], ['id']],
    party: 'counterparty',
    kind: 'transactionType',
    amount: 'amount',
    date: 'clearedOnDate',
    description: ['party', 'amount', 'date'],
    tooltip: [
      ['counterparty', 'counterparty'],
      ['reference', 'reference'],
      ['date', 'clearedOnDate'],
      ['amount', 'amount'],
      ['balance', 'balance'],
      ['type', 'transactionType'],
      ['id', 'id'],
    ],
    example: 'amount<0 && reconciled=false',
    exportColumns: [],
  },
  {
    id: 'accountTransactions',
    schema: ACCOUNT_TRANSACTION_SCHEMA,
    icon: 'list-flat',
    label: [['note'], ['id']],
    party: BANK_ACCOUNT,
    ...MONEY,
    date: 'date',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['account', BANK_ACCOUNT],
      ['date', 'date'],
      ['status', 'status'],
      ['total', 'totalAmount'],
      ['id', 'id'],
    ],
    example: 'status=Unreconciled',
    exportColumns: ['lines'],
  },
  {
    id: 'transfers',
    writes: { create: true },
    schema: TRANSFER_SCHEMA,
    icon: 'arrow-right',
    label: [['description'], ['id']],
    currency: 'from.currency',
    amount: 'from.amount',
    date: 'date',
    description: ['amount', 'date'],
    tooltip: [
      ['from', ['from.accountRef.name', 'from.accountRef.id']],
      ['to', ['to.accountRef.name', 'to.accountRef.id']],
      ['date', 'date'],
      ['amount', 'from.amount'],
      ['id', 'id'],
    ],
    example: 'from.amount>1000',
    exportColumns: ['trackingCategoryRefs', 'depositedRecordRefs'],
  },
  direct({ id: 'directCosts', schema: DIRECT_COST_SCHEMA, icon: 'dash', example: 'totalAmount>100' }),
  direct({ id: 'directIncomes', schema: DIRECT_INCOME_SCHEMA, icon: 'add', example: 'totalAmount>100' }),
  {
    id: 'itemReceipts',
    schema: ITEM_RECEIPT_SCHEMA,
    icon: 'inbox',
    label: [['reference'], ['id']],
    party: SUPPLIER,
    ...MONEY,
    date: 'receivedDate',
    status: 'status',
    description: ['party', 'amount', 'status'],
    tooltip: [
      ['supplier', SUPPLIER],
      ['status', 'status'],
      ['received', 'receivedDate'],
      ['total', 'totalAmount'],
      ['note', 'note'],
      ['id', 'id'],
    ],
    example: 'status=Received',
    exportColumns: ['purchaseOrderRefs', 'lineItems'],
  },
];

export const CONNECTION_TYPES: readonly DataTypeSpec[] = ENTRIES.map((spec) => ({ ...spec, scope: 'connection' }));
