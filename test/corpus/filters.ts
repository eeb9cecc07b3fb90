// The shared filter corpus: a few fixed invoice-like and company-like records and, for each
// filter and orderBy, what it must select (ids in record order; for an orderBy, in the order
// expected) or why it must be refused. Every expectation is written by hand from the reference
// (`reference-behaviour.md`, Codat's querying docs) and, where the reference is silent, from the
// choices documented in test/emulator/README.md; neither implementation computed them.
// test/unit/query/filterCorpus.test.ts runs it through the client's src/query and
// test/unit/emulator/filterCorpus.test.ts through the emulator's own filter code (directly and over
// HTTP). So this module imports nothing: it belongs to neither side.

/** How a refused filter or orderBy is told apart in the API's 400: the two reference messages, and the length limit. */
export type Refusal = 'malformed' | 'unknownField' | 'tooLong';

export interface Selects {
  query: string;
  /** Ids of the records it matches, in record order. */
  ids: string[];
}

export interface Refused {
  query: string;
  refused: Refusal;
  /** For `unknownField`: the property the 400 names. */
  field?: string;
}

export interface Orders {
  orderBy: string;
  query?: string;
  /** Ids in the order expected. */
  ids: string[];
}

export interface RefusedOrder {
  orderBy: string;
  refused: Exclude<Refusal, 'tooLong'>;
  field?: string;
}

export interface Corpus {
  /** The record name of "Could not resolve property X on …". */
  recordName: 'Invoice' | 'Company';
  records: readonly Record<string, unknown>[];
  selects: readonly Selects[];
  refused: readonly Refused[];
  orders: readonly Orders[];
  refusedOrders: readonly RefusedOrder[];
}

const ALL_INVOICES = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7'];

/** `status=Paid||note=xxx…` padded to `length` characters. */
function padded(length: number): string {
  const head = 'status=Paid||note=';
  return head + 'x'.repeat(length - head.length);
}

export const INVOICE_CORPUS: Corpus = {
  recordName: 'Invoice',
  records: [
    {
      id: 'i1',
      invoiceNumber: 'INV-001',
      customerRef: { id: '61', companyName: 'Acme Ltd' },
      issueDate: '2024-01-15T00:00:00',
      dueDate: '2024-02-14T00:00:00',
      paidOnDate: '2024-02-01T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      totalAmount: 120.5,
      amountDue: 0,
      status: 'Paid',
      note: 'Thank you for your business.',
      metadata: { isDeleted: false },
      modifiedDate: '2024-02-01T10:30:00Z',
    },
    {
      id: 'i2',
      invoiceNumber: 'INV-002',
      customerRef: { id: '62', companyName: 'Bluebell Florists' },
      issueDate: '2024-01-31T00:00:00',
      dueDate: '2024-03-01T00:00:00',
      currency: 'USD',
      currencyRate: 0.79,
      totalAmount: 45,
      amountDue: 45,
      status: 'Submitted',
      metadata: { isDeleted: false },
      modifiedDate: '2024-01-31T23:59:59Z',
    },
    {
      id: 'i3',
      invoiceNumber: 'INV-003',
      customerRef: { id: '61', companyName: 'Acme Ltd' },
      issueDate: '2024-02-01T00:00:00',
      dueDate: '2024-03-02T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      totalAmount: 1000,
      amountDue: 400,
      status: 'PartiallyPaid',
      note: 'PO #123 & 456 — see {schedule}',
      metadata: { isDeleted: false },
      modifiedDate: '2024-02-10T08:00:00Z',
    },
    {
      id: 'i4',
      invoiceNumber: 'INV-004',
      customerRef: { id: '7', companyName: 'Café Zürich' },
      issueDate: '2023-12-31T00:00:00',
      dueDate: '2024-01-30T00:00:00',
      currency: 'EUR',
      currencyRate: 0.86,
      totalAmount: 0,
      amountDue: 0,
      status: 'Void',
      metadata: { isDeleted: true },
      modifiedDate: '2024-01-02T00:00:00Z',
    },
    {
      id: 'i5',
      invoiceNumber: 'INV-005',
      customerRef: { id: '62', companyName: 'Bluebell Florists' },
      issueDate: '2024-03-10T00:00:00',
      dueDate: '2024-04-09T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      totalAmount: 99.99,
      amountDue: 99.99,
      status: 'Draft',
      note: 'Late payment fees apply after the due date.',
      metadata: { isDeleted: false },
      modifiedDate: '2024-03-10T12:00:00Z',
    },
    // Optional fields left out: customerRef, dueDate, note, metadata, modifiedDate.
    {
      id: 'i6',
      invoiceNumber: 'INV-006',
      issueDate: '2024-02-29T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      totalAmount: 250,
      amountDue: 250,
      status: 'Unknown',
    },
    {
      id: 'i7',
      invoiceNumber: 'INV-007',
      customerRef: { id: '610', companyName: 'acme holdings' },
      issueDate: '2024-01-15T00:00:00',
      dueDate: '2024-01-15T00:00:00',
      paidOnDate: '2024-01-20T00:00:00',
      currency: 'GBP',
      currencyRate: 1,
      totalAmount: 120.5,
      amountDue: 0,
      status: 'Paid',
      note: 'Paid = thanks',
      metadata: { isDeleted: false },
      modifiedDate: '2024-01-20T09:00:00Z',
    },
  ],
  selects: [
    { query: 'status=Paid', ids: ['i1', 'i7'] },
    // Text compares case-insensitively (Codat's own example writes `status != paid`).
    { query: 'status=paid', ids: ['i1', 'i7'] },
    { query: 'status!=Paid', ids: ['i2', 'i3', 'i4', 'i5', 'i6'] },
    { query: 'totalAmount>100', ids: ['i1', 'i3', 'i6', 'i7'] },
    { query: 'totalAmount>=120.5', ids: ['i1', 'i3', 'i6', 'i7'] },
    { query: 'totalAmount=120.50', ids: ['i1', 'i7'] },
    { query: 'totalAmount<=0', ids: ['i4'] },
    { query: 'currencyRate<1', ids: ['i2', 'i4'] },
    // The reference's example.
    { query: '{totalAmount>100||totalAmount<50}&&status!=Paid', ids: ['i2', 'i3', 'i4', 'i6'] },
    // `&&` binds tighter than `||`; braces change that.
    { query: 'status=Paid||status=Void&&totalAmount<100', ids: ['i1', 'i4', 'i7'] },
    { query: '{status=Paid||status=Void}&&totalAmount<100', ids: ['i4'] },
    { query: '{{status=Draft}}', ids: ['i5'] },
    { query: 'id=i3||id=i5', ids: ['i3', 'i5'] },
    { query: '  status = Paid  &&  currency = gbp ', ids: ['i1', 'i7'] },
    // Equality is the whole value: 610 is not 61.
    { query: 'customerRef.id=61', ids: ['i1', 'i3'] },
    { query: 'customerRef.companyName~acme', ids: ['i1', 'i3', 'i7'] },
    { query: 'customerRef.companyName=café zürich', ids: ['i4'] },
    { query: 'metadata.isDeleted=true', ids: ['i4'] },
    { query: 'metadata.isDeleted=FALSE', ids: ['i1', 'i2', 'i3', 'i5', 'i7'] },
    // A missing value matches only `!=` (i6 has no metadata, no paidOnDate; nobody has subTotal).
    { query: 'metadata.isDeleted!=true', ids: ['i1', 'i2', 'i3', 'i5', 'i6', 'i7'] },
    { query: 'paidOnDate!=2024-02-01', ids: ['i2', 'i3', 'i4', 'i5', 'i6', 'i7'] },
    { query: 'paidOnDate<2024-12-31', ids: ['i1', 'i7'] },
    { query: 'subTotal!=0', ids: ALL_INVOICES },
    { query: 'subTotal>=0', ids: [] },
    // A day matches the whole day and compares with the date part of the value.
    { query: 'issueDate=2024-01-15', ids: ['i1', 'i7'] },
    { query: 'issueDate>2024-01-31', ids: ['i3', 'i5', 'i6'] },
    { query: 'issueDate>=2024-01-01&&issueDate<2024-02-01', ids: ['i1', 'i2', 'i7'] },
    { query: 'dueDate<=2024-01-30', ids: ['i4', 'i7'] },
    { query: 'modifiedDate>2024-01-31', ids: ['i1', 'i3', 'i5'] },
    // A date-time is an instant: i2's 23:59:59Z on the 31st is after noon.
    { query: 'modifiedDate>2024-01-31T12:00:00Z', ids: ['i1', 'i2', 'i3', 'i5'] },
    // A value runs to the next `&&`, `||`, `}` or the end; quotes hold `&`, `|`, `}`.
    { query: 'note=Paid = thanks', ids: ['i7'] },
    { query: 'note="Paid = thanks"', ids: ['i7'] },
    { query: 'note~"& 456"', ids: ['i3'] },
    { query: 'note~"{schedule}"&&status=PartiallyPaid', ids: ['i3'] },
    { query: 'note~due', ids: ['i5'] },
    { query: padded(2048), ids: ['i1', 'i7'] },
  ],
  refused: [
    { query: 'status=', refused: 'malformed' },
    { query: 'status', refused: 'malformed' },
    { query: '=Paid', refused: 'malformed' },
    { query: 'status Paid', refused: 'malformed' },
    { query: '{status=Paid', refused: 'malformed' },
    { query: 'status=Paid}', refused: 'malformed' },
    { query: '{}', refused: 'malformed' },
    { query: 'status=Paid&&', refused: 'malformed' },
    { query: '||status=Paid', refused: 'malformed' },
    // A lone `&` or `|` in a value is refused rather than guessed at; `==` is a typo.
    { query: 'status=Paid&status=Void', refused: 'malformed' },
    { query: 'status==Paid', refused: 'malformed' },
    { query: 'note="unclosed', refused: 'malformed' },
    { query: 'note="a" b', refused: 'malformed' },
    { query: 'customerRef..id=61', refused: 'malformed' },
    // Operators and values must suit the field's type.
    { query: 'status>Paid', refused: 'malformed' },
    { query: 'totalAmount~1', refused: 'malformed' },
    { query: 'issueDate~2024', refused: 'malformed' },
    { query: 'metadata.isDeleted>true', refused: 'malformed' },
    { query: 'metadata.isDeleted=yes', refused: 'malformed' },
    { query: 'totalAmount>abc', refused: 'malformed' },
    { query: 'totalAmount>1,000', refused: 'malformed' },
    { query: 'issueDate=2024-02-30', refused: 'malformed' },
    { query: 'issueDate=15/01/2024', refused: 'malformed' },
    { query: 'foo=1', refused: 'unknownField', field: 'foo' },
    { query: 'customerRef.colour=red', refused: 'unknownField', field: 'customerRef.colour' },
    // No querying inside arrays, nor on an object as a whole; names are case-sensitive.
    { query: 'lineItems.unitAmount=700', refused: 'unknownField', field: 'lineItems.unitAmount' },
    { query: 'customerRef=61', refused: 'unknownField', field: 'customerRef' },
    { query: 'Status=Paid', refused: 'unknownField', field: 'Status' },
    { query: 'constructor=x', refused: 'unknownField', field: 'constructor' },
    // Syntax is checked first; then the comparisons, left to right: the first problem counts.
    { query: 'foo=1&&status=', refused: 'malformed' },
    { query: 'foo=1&&totalAmount>abc', refused: 'unknownField', field: 'foo' },
    { query: 'totalAmount>abc&&foo=1', refused: 'malformed' },
    { query: padded(2049), refused: 'tooLong' },
  ],
  orders: [
    // Ties keep record order, descending too; missing values sort last both ways.
    { orderBy: 'totalAmount', ids: ['i4', 'i2', 'i5', 'i1', 'i7', 'i6', 'i3'] },
    { orderBy: '-totalAmount', ids: ['i3', 'i6', 'i1', 'i7', 'i5', 'i2', 'i4'] },
    { orderBy: 'paidOnDate', ids: ['i7', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6'] },
    { orderBy: '-paidOnDate', ids: ['i1', 'i7', 'i2', 'i3', 'i4', 'i5', 'i6'] },
    { orderBy: 'modifiedDate', ids: ['i4', 'i7', 'i2', 'i1', 'i3', 'i5', 'i6'] },
    // Text orders case-insensitively.
    { orderBy: 'customerRef.companyName', ids: ['i7', 'i1', 'i3', 'i2', 'i5', 'i4', 'i6'] },
    { orderBy: 'status', ids: ['i5', 'i1', 'i7', 'i3', 'i2', 'i6', 'i4'] },
    { orderBy: 'metadata.isDeleted', ids: ['i1', 'i2', 'i3', 'i5', 'i7', 'i4', 'i6'] },
    { orderBy: '-issueDate', query: 'status!=Void', ids: ['i5', 'i6', 'i3', 'i2', 'i1', 'i7'] },
  ],
  refusedOrders: [
    { orderBy: 'colour', refused: 'unknownField', field: 'colour' },
    { orderBy: '-customerRef.colour', refused: 'unknownField', field: 'customerRef.colour' },
    { orderBy: 'issueDate,dueDate', refused: 'malformed' },
    { orderBy: 'issueDate dueDate', refused: 'malformed' },
    { orderBy: '--issueDate', refused: 'malformed' },
    { orderBy: '-', refused: 'malformed' },
  ],
};

const link = (id: string): string => `https://link.codat.io/company/${id}`;

export const COMPANY_CORPUS: Corpus = {
  recordName: 'Company',
  records: [
    {
      id: 'c1',
      name: 'Acme Ltd',
      redirect: link('c1'),
      description: 'Priority client',
      created: '2021-03-01T09:00:00Z',
      lastSync: '2025-12-01T06:00:00Z',
      createdByUserName: 'Amelia Smith',
    },
    {
      id: 'c2',
      name: 'Bluebell Florists',
      redirect: link('c2'),
      created: '2022-06-15T12:30:00Z',
      createdByUserName: 'Oliver Jones',
    },
    {
      id: 'c3',
      name: 'café zürich GmbH',
      redirect: link('c3'),
      description: 'New client, EUR books',
      created: '2023-01-01T00:00:00Z',
      lastSync: '2025-11-30T23:00:00Z',
    },
    { id: 'c4', name: 'Zephyr Travel', redirect: link('c4'), created: '2021-03-01T18:00:00Z', tags: { region: 'EU' } },
    {
      id: 'c5',
      name: 'Acme Holdings',
      redirect: link('c5'),
      description: 'Long-standing client',
      created: '2024-02-29T08:00:00Z',
      lastSync: '2025-12-01T05:00:00Z',
      createdByUserName: 'amelia smith',
    },
  ],
  selects: [
    { query: 'name~acme', ids: ['c1', 'c5'] },
    { query: 'name=ACME LTD', ids: ['c1'] },
    { query: 'created=2021-03-01', ids: ['c1', 'c4'] },
    { query: 'created>=2021-03-01&&created<2021-03-02', ids: ['c1', 'c4'] },
    { query: 'lastSync>2025-12-01T05:30:00Z', ids: ['c1'] },
    { query: 'lastSync!=2025-12-01', ids: ['c2', 'c3', 'c4'] },
    { query: 'description~client&&createdByUserName=amelia smith', ids: ['c1', 'c5'] },
    { query: 'redirect~/company/c3', ids: ['c3'] },
  ],
  refused: [
    { query: 'name>A', refused: 'malformed' },
    { query: 'created~2021', refused: 'malformed' },
    { query: 'tags.region=EU', refused: 'unknownField', field: 'tags.region' },
    { query: 'colour=red', refused: 'unknownField', field: 'colour' },
  ],
  orders: [
    { orderBy: 'name', ids: ['c5', 'c1', 'c2', 'c3', 'c4'] },
    { orderBy: '-created', ids: ['c5', 'c3', 'c2', 'c4', 'c1'] },
    { orderBy: 'lastSync', ids: ['c3', 'c5', 'c1', 'c2', 'c4'] },
  ],
  refusedOrders: [{ orderBy: 'tags', refused: 'unknownField', field: 'tags' }],
};
