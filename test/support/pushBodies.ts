// Bodies every pushable type takes, for the emulator's push tests and its contract tests. The few
// references name records of the seeded books (customer 40, account 200, bank account 090).
// Bank transactions are pushed under their account (the path names it).
type Rec = Record<string, unknown>;

const PER_CONNECTION = ['bankAccounts', 'bankTransactions', 'transfers', 'directCosts', 'directIncomes'];

/** Where a pushed record of a type is listed: the company's data, or the connection's (bank transactions
 * under the account they were pushed to, `parentId`: one of the connection's bank accounts). */
export function listPath(type: string, company: string, connection: string, parentId = ''): string {
  if (!PER_CONNECTION.includes(type)) return `/companies/${company}/data/${type}`;
  const base = `/companies/${company}/connections/${connection}/data`;
  return type === 'bankTransactions' ? `${base}/bankAccounts/${parentId}/bankTransactions` : `${base}/${type}`;
}

/** Where a type is pushed (created): bank transactions under their account. */
export function createPath(type: string, company: string, connection: string, parentId = ''): string {
  const base = `/companies/${company}/connections/${connection}/push`;
  return type === 'bankTransactions' ? `${base}/bankAccounts/${parentId}/bankTransactions` : `${base}/${type}`;
}

export const VALID_BODIES: Record<string, Rec> = {
  invoices: {
    customerRef: { id: '40', companyName: 'Test Customer Ltd' },
    issueDate: '2026-01-15',
    status: 'Submitted',
    lineItems: [
      { description: 'Roses', unitAmount: 12.5, quantity: 3, taxAmount: 7.5, accountRef: { id: '200' } },
      { description: 'Delivery', unitAmount: 10, quantity: 1, discountAmount: 2 },
    ],
  },
  bills: {
    supplierRef: { id: 'S-1' },
    issueDate: '2026-01-15T09:30:00',
    status: 'Open',
    lineItems: [{ description: 'Rent', unitAmount: 900, quantity: 1, taxAmount: 180 }],
  },
  customers: { customerName: 'Pushed Customer Ltd', addresses: [{ type: 'Billing', city: 'Leeds' }] },
  suppliers: { supplierName: 'Pushed Supplier Ltd', status: 'Active' },
  payments: {
    customerRef: { id: '40' },
    accountRef: { id: '090' },
    totalAmount: 50,
    currency: 'GBP',
    date: '2026-01-20',
    lines: [{ amount: 50, links: [{ type: 'PaymentOnAccount', amount: -50 }] }],
  },
  accounts: {
    nominalCode: '4010',
    name: 'Pushed Sales',
    fullyQualifiedCategory: 'Income.Revenue',
    description: 'Sales pushed by the tests',
  },
  bankAccounts: {
    accountName: 'Pushed Current Account',
    accountNumber: '12345678',
    currency: 'GBP',
    sortCode: '40-11-62',
  },
  bankTransactions: {
    transactions: [
      {
        clearedOnDate: '2026-01-21',
        description: 'Card payment',
        amount: -12.5,
        balance: 987.5,
        reconciled: false,
        transactionType: 'Pos',
      },
      {
        clearedOnDate: '2026-01-22',
        description: 'Transfer in',
        amount: 100,
        balance: 1087.5,
        reconciled: true,
        transactionType: 'Credit',
      },
    ],
  },
  billCreditNotes: {
    supplierRef: { id: 'S-1' },
    totalAmount: 120,
    issueDate: '2026-01-16',
    status: 'Submitted',
    lineItems: [
      { description: 'Returned chairs', quantity: 2, unitAmount: 50, taxAmount: 20, accountRef: { id: '200' } },
    ],
  },
  billPayments: {
    supplierRef: { id: 'S-1' },
    accountRef: { id: '090' },
    totalAmount: 75,
    currency: 'GBP',
    date: '2026-01-22',
    lines: [{ amount: 75, links: [{ type: 'PaymentOnAccount', amount: -75 }] }],
  },
  creditNotes: {
    customerRef: { id: '40' },
    totalAmount: 24,
    issueDate: '2026-01-17',
    status: 'Submitted',
    lineItems: [{ description: 'Wilted roses', quantity: 2, unitAmount: 10, taxAmount: 4, accountRef: { id: '200' } }],
  },
  directCosts: {
    issueDate: '2026-01-18',
    currency: 'GBP',
    contactRef: { id: 'S-1', dataType: 'suppliers' },
    lineItems: [{ description: 'Parking', quantity: 1, unitAmount: 10, taxAmount: 2, accountRef: { id: '200' } }],
    paymentAllocations: [{ payment: { accountRef: { id: '090' } }, allocation: { totalAmount: 12 } }],
  },
  directIncomes: {
    issueDate: '2026-01-19',
    currency: 'GBP',
    lineItems: [{ description: 'Cash sale', quantity: 3, unitAmount: 5, accountRef: { id: '200' } }],
    paymentAllocations: [{ payment: { accountRef: { id: '090' } }, allocation: { totalAmount: 15 } }],
  },
  items: {
    code: 'PUSHED-1',
    name: 'Pushed bouquet',
    type: 'NonInventory',
    isBillItem: false,
    isInvoiceItem: true,
    invoiceItem: { unitPrice: 25 },
  },
  journalEntries: {
    description: 'Accrual',
    postedOn: '2026-01-31',
    journalLines: [
      { description: 'Accrued rent', netAmount: 500, accountRef: { id: '200' } },
      { description: 'Accruals', netAmount: -500, accountRef: { id: '090' } },
    ],
  },
  journals: { name: 'Pushed journal', journalCode: 'PJ1', status: 'Active' },
  purchaseOrders: {
    supplierRef: { id: 'S-1' },
    status: 'Open',
    issueDate: '2026-01-20',
    lineItems: [{ description: 'Vases', quantity: 10, unitAmount: 4.5, taxAmount: 9, accountRef: { id: '200' } }],
  },
  transfers: {
    description: 'To savings',
    date: '2026-01-23',
    from: { accountRef: { id: '090' }, amount: 200 },
    to: { accountRef: { id: '091' }, amount: 200 },
  },
};
