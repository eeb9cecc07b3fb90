// The queryable fields of the records the emulator serves, and the type a query value is read as
// for each. From the reference's record lists: dotted paths into nested objects, nothing inside
// arrays (lineItems, tags, products, dataConnections) and no object as a whole.

export type FieldType = 'text' | 'number' | 'date' | 'boolean';

export interface RecordFields {
  /** As in "Could not resolve property X on Invoice" (Company, Bill, Customer, …). */
  name: string;
  /** A Map, so `constructor` or `__proto__` is no field. */
  types: ReadonlyMap<string, FieldType>;
}

export const INVOICE_FIELDS: RecordFields = {
  name: 'Invoice',
  types: new Map<string, FieldType>([
    ['id', 'text'],
    ['invoiceNumber', 'text'],
    ['customerRef.id', 'text'],
    ['customerRef.companyName', 'text'],
    ['issueDate', 'date'],
    ['dueDate', 'date'],
    ['paidOnDate', 'date'],
    ['currency', 'text'],
    ['currencyRate', 'number'],
    ['subTotal', 'number'],
    ['totalTaxAmount', 'number'],
    ['totalAmount', 'number'],
    ['amountDue', 'number'],
    ['totalDiscount', 'number'],
    ['status', 'text'],
    ['note', 'text'],
    ['metadata.isDeleted', 'boolean'],
    ['modifiedDate', 'date'],
    ['sourceModifiedDate', 'date'],
    // In Codat's contract; the emulator's invoices do not carry them, so a filter on one matches none.
    ['discountPercentage', 'number'],
    ['additionalTaxAmount', 'number'],
    ['additionalTaxPercentage', 'number'],
  ]),
};

export const COMPANY_FIELDS: RecordFields = {
  name: 'Company',
  types: new Map<string, FieldType>([
    ['id', 'text'],
    ['name', 'text'],
    ['description', 'text'],
    ['created', 'date'],
    ['lastSync', 'date'],
    ['createdByUserName', 'text'],
    ['redirect', 'text'],
    // In Codat's contract; the emulator's companies have no parent, so a filter on one matches none.
    ['referenceParentCompany.id', 'text'],
    ['referenceParentCompany.name', 'text'],
    ['referenceParentCompany.description', 'text'],
    ['referenceParentCompany.links.portal', 'text'],
  ]),
};
