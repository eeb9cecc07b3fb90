// Push options (`GET /companies/{id}/connections/{connectionId}/options/{dataType}`): for each data
// type the emulator takes pushes of, the tree of fields a push may send, which are required, their
// types and allowed values. Written by hand from Codat's contract (the Accounting API's records and
// its per-platform option examples, Xero's the model for what is required), not read from it: the
// unit tests hold every field, type and allowed value here to the contract's record schemas. The
// same tree for every platform: the emulator's choice. pushValidation.ts checks a push against it.
import type { PushFieldValidation, PushOptionProperty, PushOptionType } from './wire';

/** The types a push is taken for, by the name the path and `dataType` use (also their path segment). */
export const PUSH_DATA_TYPES = ['invoices', 'bills', 'customers', 'suppliers', 'payments'] as const;
export type PushDataType = (typeof PUSH_DATA_TYPES)[number];

export function isPushDataType(name: string): name is PushDataType {
  return (PUSH_DATA_TYPES as readonly string[]).includes(name);
}

type Extra = Partial<Pick<PushOptionProperty, 'options' | 'validation'>>;
type Fields = Record<string, PushOptionProperty>;

function field(
  type: PushOptionType,
  displayName: string,
  description: string,
  required: boolean,
  extra: Extra = {},
): PushOptionProperty {
  return { type, displayName, description, required, ...extra };
}

const text = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('String', name, description, required, extra);
const number = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('Number', name, description, required, extra);
const dateTime = (name: string, description: string, required = false, extra?: Extra): PushOptionProperty =>
  field('DateTime', name, description, required, extra);

function group(
  type: 'Object' | 'Array',
  name: string,
  description: string,
  required: boolean,
  properties: Fields,
  extra: Extra = {},
): PushOptionProperty {
  return { ...field(type, name, description, required, extra), properties };
}

const object = (name: string, description: string, required: boolean, properties: Fields, extra?: Extra) =>
  group('Object', name, description, required, properties, extra);
const array = (name: string, description: string, required: boolean, properties: Fields, extra?: Extra) =>
  group('Array', name, description, required, properties, extra);

/** A field restricted to these values (each one of Codat's enumeration for the field). */
function oneOf(name: string, description: string, required: boolean, values: readonly string[]): PushOptionProperty {
  const options = values.map((value) => ({ value, type: 'String' as const, displayName: value, required: false }));
  return text(name, description, required, { options });
}

const notes = (kind: 'warnings' | 'information', fieldName: string, details: string): Extra => {
  const item: PushFieldValidation = { field: fieldName, details };
  return {
    validation: { warnings: kind === 'warnings' ? [item] : [], information: kind === 'information' ? [item] : [] },
  };
};

/** A reference to another record: its id, required when the reference is sent. */
function ref(name: string, noun: string, path: string, required: boolean, nameField?: string): PushOptionProperty {
  const id = text('Identifier', `The identifier of the ${noun}`, true, {
    ...notes('warnings', `${path}.Id`, `Must match the ID of an existing ${noun}.`),
  });
  const fields: Fields = { id };
  if (nameField) fields[nameField] = text('Name', `The name of the ${noun}`);
  return object(name, `Reference to the ${noun}`, required, fields);
}

const currency = (record: string): PushOptionProperty =>
  text('Currency', `Currency of the ${record}`, false, {
    ...notes('information', 'Currency', "If not specified, defaults to the company's base currency"),
  });

const currencyRate = (record: string): PushOptionProperty =>
  number('Currency Exchange Rate', `Base currency units per unit of the ${record}'s currency`, false, {
    ...notes('information', 'CurrencyRate', 'If not specified, 1 when in the base currency'),
  });

/** Lines of an invoice or a bill: quantity × unit amount, less any discount, plus tax. */
function lineItems(record: string, ledger: string): PushOptionProperty {
  return array(
    'Line Items',
    `A collection of lines that detail items related to the ${record}`,
    true,
    {
      description: text('Description', 'Friendly name of the goods or services', true),
      unitAmount: number('Unit Amount', 'The price of each unit of goods or services', true),
      quantity: number('Quantity', 'The number of units of goods or services', true),
      discountAmount: number('Discount Amount', 'The discount on the line, before tax'),
      taxAmount: number('Tax Amount', 'The amount of tax for the line'),
      accountRef: ref('Nominal Account Reference', `${ledger} account`, 'LineItems.AccountRef', false),
      taxRateRef: ref('Tax Rate Reference', 'tax rate', 'LineItems.TaxRateRef', false),
      itemRef: ref('Item Reference', 'item', 'LineItems.ItemRef', false),
    },
    notes('information', 'LineItems', 'Totals of the lines and of the record are worked out from these.'),
  );
}

function invoiceOptions(): PushOptionProperty {
  return object('Invoice', 'An invoice is an itemised record of goods sold or services rendered to a customer', true, {
    invoiceNumber: text('Invoice Number', 'Friendly reference for the invoice'),
    customerRef: ref('Customer Reference', 'customer', 'CustomerRef', true, 'companyName'),
    issueDate: dateTime('Issue Date', 'The issuing date of the invoice', true),
    dueDate: dateTime('Due Date', 'The date the invoice is due to be paid by'),
    currency: currency('invoice'),
    currencyRate: currencyRate('invoice'),
    status: oneOf('Invoice Status', 'The current state of the invoice', true, ['Draft', 'Submitted']),
    lineItems: lineItems('invoice', 'income'),
    note: text('Note', 'Any additional information about the invoice'),
  });
}

function billOptions(): PushOptionProperty {
  return object('Bill', 'A bill is an itemised record of goods or services bought from a supplier', true, {
    reference: text('Reference', "The supplier's reference for the bill"),
    supplierRef: ref('Supplier Reference', 'supplier', 'SupplierRef', true, 'supplierName'),
    issueDate: dateTime('Issue Date', 'The date the bill was issued by the supplier', true),
    dueDate: dateTime('Due Date', 'The date the bill is due to be paid by'),
    currency: currency('bill'),
    currencyRate: currencyRate('bill'),
    status: oneOf('Bill Status', 'The current state of the bill', true, ['Open', 'Draft']),
    lineItems: lineItems('bill', 'expense'),
    note: text('Note', 'Any additional information about the bill'),
  });
}

function addresses(): PushOptionProperty {
  return array('Addresses', 'Postal addresses', false, {
    type: oneOf('Address Type', 'The type of the address', true, ['Billing', 'Delivery']),
    line1: text('Line 1', 'The first line of the address'),
    line2: text('Line 2', 'The second line of the address'),
    city: text('City', 'The city of the address'),
    region: text('Region', 'The region of the address'),
    country: text('Country', 'The country of the address'),
    postalCode: text('Postal Code', 'The postal or zip code of the address'),
  });
}

/** What customers and suppliers share, after their name. */
function partyFields(): Fields {
  return {
    contactName: text('Contact Name', 'The name of the main contact'),
    emailAddress: text('Email Address', 'The e-mail address of the main contact'),
    phone: text('Phone', 'The phone number of the main contact'),
    defaultCurrency: text('Default Currency', 'The currency they are usually invoiced in'),
    registrationNumber: text('Registration Number', 'Company registration number'),
    taxNumber: text('Tax Number', 'Company tax number'),
    status: oneOf('Status', 'Whether they are active (the default) or archived', false, ['Active', 'Archived']),
    addresses: addresses(),
  };
}

function customerOptions(): PushOptionProperty {
  return object('Customer', 'A customer is a person or organisation that buys goods or services', true, {
    customerName: text('Customer Name', 'The name of the customer', true),
    ...partyFields(),
  });
}

function supplierOptions(): PushOptionProperty {
  return object('Supplier', 'A supplier is a person or organisation that provides a product or service', true, {
    supplierName: text('Supplier Name', 'The name of the supplier', true),
    ...partyFields(),
  });
}

function paymentOptions(): PushOptionProperty {
  const links = array('Links', 'The transactions the line pays', true, {
    type: oneOf('Link Type', 'The type of transaction that is being linked', true, [
      'Invoice',
      'CreditNote',
      'PaymentOnAccount',
    ]),
    id: text('Identifier', 'The identifier of the linked transaction (not for a payment on account)'),
    amount: number('Amount', 'The amount by which the balance of the linked transaction changes', true),
  });
  return object('Payment', 'A payment is money received from a customer', true, {
    customerRef: ref('Customer Reference', 'customer', 'CustomerRef', true, 'companyName'),
    accountRef: ref('Account Reference', 'bank account', 'AccountRef', true, 'name'),
    totalAmount: number('Total Amount', 'The total amount of the payment', true, {
      ...notes('warnings', 'TotalAmount', 'Must match the sum of the line amounts.'),
    }),
    currency: text('Currency', 'Currency of the payment', true),
    currencyRate: currencyRate('payment'),
    date: dateTime('Date', 'The date the payment was received', true),
    reference: text('Reference', 'Friendly reference for the payment'),
    note: text('Note', 'Any additional information about the payment'),
    lines: array('Lines', 'A collection of payment lines', true, {
      amount: number('Amount', 'The amount of the line in the payment currency', true),
      links,
    }),
  });
}

const BUILDERS: Record<PushDataType, () => PushOptionProperty> = {
  invoices: invoiceOptions,
  bills: billOptions,
  customers: customerOptions,
  suppliers: supplierOptions,
  payments: paymentOptions,
};

/** A fresh copy of a type's push options (callers may change what they get). */
export function pushOptionsOf(type: PushDataType): PushOptionProperty {
  return BUILDERS[type]();
}
