// Push options of the sales side: invoices, credit notes, customers (and suppliers, which share
// their fields), payments. Xero's options are the model for what is required.
import {
  type Fields,
  addressFields,
  array,
  currency,
  currencyRate,
  dateTime,
  notes,
  number,
  object,
  oneOf,
  ref,
  text,
  trackingCategoryRefs,
} from './fields';
import type { PushOptionProperty } from '../wire';

/** Lines of an invoice or a bill: quantity × unit amount, less any discount, plus tax. */
export function lineItems(record: string, ledger: string): PushOptionProperty {
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

/** Lines of a credit note (a customer's or a supplier's): each names the account it is booked to. */
export function creditLines(record: string, ledger: string): PushOptionProperty {
  return array('Line Items', `A collection of lines that detail items related to the ${record}`, true, {
    description: text('Description', 'Friendly name of the goods or services'),
    quantity: number('Quantity', 'The number of units of goods or services', true),
    unitAmount: number('Unit Amount', 'The price of each unit of goods or services', true),
    taxAmount: number('Tax Amount', 'The amount of tax for the line'),
    taxRateRef: ref('Tax Rate Reference', 'tax rate', 'LineItems.TaxRateRef', false),
    accountRef: ref('Nominal Account Reference', `${ledger} account`, 'LineItems.AccountRef', true),
    trackingCategoryRefs: trackingCategoryRefs('LineItems.TrackingCategoryRefs'),
    itemRef: ref('Item Reference', 'item', 'LineItems.ItemRef', false),
  });
}

export function invoiceOptions(): PushOptionProperty {
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

export function creditNoteOptions(): PushOptionProperty {
  return object('Credit Note', 'A credit note is what a business owes a customer: a refund or credit', true, {
    creditNoteNumber: text('Credit Note Number', 'Friendly reference for the credit note'),
    customerRef: ref('Customer Reference', 'customer', 'CustomerRef', true, 'companyName'),
    totalAmount: number('Total Amount', 'The total amount of the credit note, tax included', true, {
      ...notes('warnings', 'TotalAmount', 'Must be greater than zero.'),
    }),
    issueDate: dateTime('Issue Date', 'The date the credit note was issued', true),
    currency: currency('credit note'),
    currencyRate: currencyRate('credit note'),
    status: oneOf('Status', 'The current state of the credit note', true, ['Draft', 'Submitted']),
    lineItems: creditLines('credit note', 'income'),
    note: text('Note', 'Any additional information about the credit note'),
  });
}

function addresses(): PushOptionProperty {
  return array('Addresses', 'Postal addresses', false, {
    type: oneOf('Address Type', 'The type of the address', true, ['Billing', 'Delivery']),
    ...addressFields(),
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

export function customerOptions(): PushOptionProperty {
  return object('Customer', 'A customer is a person or organisation that buys goods or services', true, {
    customerName: text('Customer Name', 'The name of the customer', true),
    ...partyFields(),
  });
}

export function supplierOptions(): PushOptionProperty {
  return object('Supplier', 'A supplier is a person or organisation that provides a product or service', true, {
    supplierName: text('Supplier Name', 'The name of the supplier', true),
    ...partyFields(),
  });
}

export function paymentOptions(): PushOptionProperty {
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
