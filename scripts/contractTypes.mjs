// The data types of Accounting API 2.1.0 beyond the first twelve, for scripts/contract.mjs: read
// from the document itself (`accounting`, json/Codat-Accounting.json at ACCOUNTING_COMMIT) as
// contractDocuments.mjs reads it, each with its list path, its item path (none for bank
// transactions, which the contract only lists), its data status key and the record schema behind
// the list's `results`. Types the contract serves per data connection keep `scope: 'connection'`;
// bank transactions also their `parent` (the bank account whose id the path names).
//
// Item receipts are not in 2.1.0 (they came with Accounting 3.0.0, whose document the mirror no
// longer holds): their record is transcribed from Codat's TypeScript SDK generated from 3.0.0
// (codatio/client-sdk-typescript, previous-versions/accounting, models/shared/itemreceipt*.ts and
// docs/sdk/models/shared/itemreceipt*.md), the one published source of the shape left.

const CONNECTION = '/companies/{companyId}/connections/{connectionId}/data';
const COMPANY = '/companies/{companyId}/data';

// [segment, scope, item id name (null: no GET of one), parent]
const TYPES = [
  ['trackingCategories', 'company', 'trackingCategoryId'],
  ['journals', 'company', 'journalId'],
  ['purchaseOrders', 'company', 'purchaseOrderId'],
  ['salesOrders', 'company', 'salesOrderId'],
  ['paymentMethods', 'company', 'paymentMethodId'],
  ['bankAccounts', 'connection', 'accountId'],
  ['bankTransactions', 'connection', null, { type: 'bankAccounts', idName: 'accountId' }],
  ['accountTransactions', 'connection', 'accountTransactionId'],
  ['transfers', 'connection', 'transferId'],
  ['directCosts', 'connection', 'directCostId'],
  ['directIncomes', 'connection', 'directIncomeId'],
];

export const SDK_SOURCE = {
  document: 'codatio/client-sdk-typescript: previous-versions/accounting (models/shared/itemreceipt*.ts)',
  title: 'Accounting API (TypeScript SDK @codat/accounting 0.42.0)',
  version: '3.0.0',
};

function listPathOf(segment, scope, parent) {
  if (scope === 'company') return `${COMPANY}/${segment}`;
  return parent ? `${CONNECTION}/${parent.type}/{${parent.idName}}/${segment}` : `${CONNECTION}/${segment}`;
}

/** The record schema of the list's `results`, and of one record where the document answers another
 * schema for it (a tracking category's is the tree, with its sub-categories). */
function schemasOf(accounting, convert, listPath, itemPath) {
  const get = (path) => {
    const op = accounting.paths[path]?.get;
    if (!op) throw new Error(`Codat-Accounting.json has no GET ${path}`);
    return op.responses['200'].content['application/json'].schema;
  };
  const page = convert(accounting, get(listPath));
  let record = page.properties?.results?.items;
  if (!record) throw new Error(`${listPath} is not a paged list`);
  // A slip in the document: PaymentMethods, the list's page, says its results are Bills; a payment
  // method's record is what GET of one answers (PaymentMethod).
  if (listPath.endsWith('/paymentMethods')) {
    const ref = accounting.components.schemas.PaymentMethods.allOf[0].properties.results.items.$ref;
    if (ref !== '#/components/schemas/Bill') throw new Error('PaymentMethods no longer lists Bills: drop the slip');
    record = convert(accounting, get(`${listPath}/{paymentMethodId}`));
  }
  // Another: the bank transactions list's page says its results are BankTransactions, the create
  // request's body (an account id and its transactions). Accounting 3.0.0 (the SDK: BankTransactions'
  // results) lists each transaction as one record that names its account, as the emulator serves
  // them: the record is 2.1.0's transaction line with the body's `accountId`.
  if (listPath.endsWith('/bankTransactions')) {
    const line = record.properties?.transactions?.items;
    if (!line?.properties?.amount || !record.properties.accountId)
      throw new Error('BankTransactions is no longer an account id and its transactions: drop the slip');
    // The line requires a `date` it has no property for (its date is `clearedOnDate`): a record
    // cannot both name only the line's fields and send it, so the requirement is left out.
    if (!line.required.includes('date') || line.properties.date)
      throw new Error('the bank transaction line no longer requires an unnamed date: drop the slip');
    record = {
      type: 'object',
      required: line.required.filter((name) => name !== 'date'),
      properties: { accountId: record.properties.accountId, ...line.properties },
    };
  }
  const out = { record };
  if (itemPath) {
    const one = convert(accounting, get(itemPath));
    if (JSON.stringify(one) !== JSON.stringify(record)) out.itemRecord = one;
  }
  return out;
}

const str = { type: 'string' };
const nullableString = { type: ['string', 'null'] };
const nullableNumber = { type: ['number', 'null'] };
const dateTime = { type: 'string', format: 'date-time' };

/** ItemReceipt (SDK 0.42.0). The SDK's classes mark every field optional but `supplierRef.id` and
 * `itemRef.id` and do not say which may be null: a field is nullable here where the same field of
 * 2.1.0's PurchaseOrder (which an item receipt acknowledges) is. Its dates are the DateTime strings
 * of the other records. */
function itemReceipt(purchaseOrder) {
  const po = purchaseOrder.properties;
  const like = (name, fallback) => po[name] ?? fallback;
  const ref = (props, required) => ({ type: 'object', properties: props, ...(required ? { required } : {}) });
  const lineItem = ref({
    accountRef: ref({ id: str, name: str }),
    description: nullableString,
    itemRef: ref({ id: str, name: nullableString }, ['id']),
    lineNumber: nullableString,
    purchaseOrderLineRef: ref({ dataType: { type: 'string', enum: ['purchaseOrders'] }, id: str, lineNumber: str }),
    quantity: { type: 'number' },
    subTotal: nullableNumber,
    totalAmount: nullableNumber,
    tracking: ref({ recordRefs: { type: 'array', items: ref({ dataType: str, id: str }) } }),
    unitAmount: { type: 'number' },
    unitOfMeasurement: nullableString,
  });
  return {
    type: 'object',
    properties: {
      id: str,
      reference: like('purchaseOrderNumber', nullableString),
      receivedDate: { type: ['string', 'null'], format: 'date-time' },
      currency: like('currency', nullableString),
      currencyRate: like('currencyRate', nullableNumber),
      status: { type: 'string', enum: ['Unknown', 'Draft', 'Received', 'Rejected', 'Void'] },
      supplierRef: like('supplier', ref({ id: str, supplierName: nullableString }, ['id'])),
      purchaseOrderRefs: { type: ['array', 'null'], items: ref({ id: str, purchaseOrderNumber: nullableString }) },
      lineItems: { type: ['array', 'null'], items: lineItem },
      subTotal: like('subTotal', nullableNumber),
      totalAmount: like('totalAmount', nullableNumber),
      note: like('note', nullableString),
      supplementalData: po.supplementalData ?? ref({ content: { type: ['object', 'null'] } }),
      metadata: ref({ isDeleted: { type: ['boolean', 'null'] } }),
      modifiedDate: dateTime,
      sourceModifiedDate: { type: ['string', 'null'], format: 'date-time' },
    },
  };
}

/** The `dataTypes` entries of the types above and item receipts. */
export function accountingTypes({ accounting, convert, statusKeys }) {
  const out = {};
  for (const [segment, scope, idName, parent] of TYPES) {
    if (!statusKeys.includes(segment)) throw new Error(`${segment} is not a data status key`);
    const listPath = listPathOf(segment, scope, parent);
    const itemPath = idName ? `${listPath}/{${idName}}` : null;
    out[segment] = {
      source: 'json/Codat-Accounting.json',
      listPath,
      itemPath,
      statusKey: segment,
      ...(scope === 'connection' ? { scope } : {}),
      ...(parent ? { parent } : {}),
      ...schemasOf(accounting, convert, listPath, itemPath),
    };
  }
  if (!statusKeys.includes('itemReceipts')) throw new Error('itemReceipts is not a data status key');
  out.itemReceipts = {
    source: SDK_SOURCE.document,
    listPath: `${CONNECTION}/itemReceipts`,
    itemPath: `${CONNECTION}/itemReceipts/{itemReceiptId}`,
    statusKey: 'itemReceipts',
    scope: 'connection',
    record: itemReceipt(out.purchaseOrders.record),
  };
  return out;
}
