// Bodies every pushable type takes, for the emulator's push tests and its contract tests. The few
// references name records of the seeded books (customer 40, account 200, bank account 090).
type Rec = Record<string, unknown>;

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
};
