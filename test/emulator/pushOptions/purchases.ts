// Push options of the purchase side: bills, bill credit notes, bill payments, purchase orders.
// Xero's options are the model for what is required.
import {
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
} from './fields';
import { creditLines, lineItems } from './sales';
import { trackingCategoryRefs } from './fields';
import type { PushOptionProperty } from '../wire';

export function billOptions(): PushOptionProperty {
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

export function billCreditNoteOptions(): PushOptionProperty {
  return object(
    'Bill Credit Note',
    'A bill credit note is what a supplier owes the business: a refund or credit',
    true,
    {
      billCreditNoteNumber: text('Bill Credit Note Number', "The supplier's reference for the credit note"),
      supplierRef: ref('Supplier Reference', 'supplier', 'SupplierRef', true, 'supplierName'),
      totalAmount: number('Total Amount', 'The total amount of the credit note, tax included', true, {
        ...notes('warnings', 'TotalAmount', 'Must be greater than zero.'),
      }),
      issueDate: dateTime('Issue Date', 'The date the credit note was issued', true),
      currency: currency('bill credit note'),
      currencyRate: currencyRate('bill credit note'),
      status: oneOf('Status', 'The current state of the credit note', true, ['Draft', 'Submitted', 'Paid']),
      lineItems: creditLines('bill credit note', 'expense'),
      note: text('Note', 'Any additional information about the credit note'),
    },
  );
}

export function billPaymentOptions(): PushOptionProperty {
  const links = array('Links', 'The transactions the line pays', true, {
    type: oneOf('Link Type', 'The type of transaction that is being linked', true, [
      'Bill',
      'CreditNote',
      'BillPayment',
      'PaymentOnAccount',
    ]),
    id: text('Identifier', 'The identifier of the linked transaction (not for a payment on account)'),
    amount: number('Amount', 'The amount by which the balance of the linked transaction changes', true),
  });
  return object('Bill Payment', 'A bill payment is money paid to a supplier', true, {
    supplierRef: ref('Supplier Reference', 'supplier', 'SupplierRef', false, 'supplierName'),
    accountRef: ref('Account Reference', 'bank account', 'AccountRef', false, 'name'),
    totalAmount: number('Total Amount', 'The total amount of the payment', true, {
      ...notes('warnings', 'TotalAmount', 'Must match the sum of the line amounts.'),
    }),
    currency: text('Currency', 'Currency of the payment', true),
    currencyRate: currencyRate('bill payment'),
    date: dateTime('Date', 'The date the payment was made', true),
    reference: text('Reference', 'Friendly reference for the payment'),
    note: text('Note', 'Any additional information about the payment'),
    lines: array('Lines', 'A collection of payment lines', true, {
      amount: number('Amount', 'The amount of the line in the payment currency', true),
      links,
    }),
  });
}

function orderLines(): PushOptionProperty {
  return array('Line Items', 'A collection of lines that detail the goods or services ordered', true, {
    description: text('Description', 'Friendly name of the goods or services', true),
    quantity: number('Quantity', 'The number of units ordered', true),
    unitAmount: number('Unit Amount', 'The price of each unit', true),
    discountAmount: number('Discount Amount', 'The discount on the line, before tax'),
    taxAmount: number('Tax Amount', 'The amount of tax for the line'),
    accountRef: ref('Nominal Account Reference', 'expense account', 'LineItems.AccountRef', true),
    taxRateRef: ref('Tax Rate Reference', 'tax rate', 'LineItems.TaxRateRef', false),
    itemRef: ref('Item Reference', 'item', 'LineItems.ItemRef', false),
    trackingCategoryRefs: trackingCategoryRefs('LineItems.TrackingCategoryRefs'),
  });
}

export function purchaseOrderOptions(): PushOptionProperty {
  const shipTo = object('Ship To', 'Where the goods are delivered', false, {
    address: object('Address', 'The delivery address', false, {
      type: oneOf('Address Type', 'The type of the address', true, ['Delivery']),
      ...addressFields(),
    }),
    contact: object('Contact', 'Who takes the delivery', false, {
      name: text('Name', 'The name of the contact'),
      phone: text('Phone', 'The phone number of the contact'),
    }),
  });
  return object('Purchase Order', 'A purchase order is an order for goods or services sent to a supplier', true, {
    purchaseOrderNumber: text('Purchase Order Number', 'Friendly reference for the order', false, {
      ...notes('warnings', 'PurchaseOrderNumber', 'Must be unique.'),
    }),
    supplierRef: ref('Supplier Reference', 'supplier', 'SupplierRef', true, 'supplierName'),
    status: oneOf('Status', 'The current state of the order', true, ['Draft', 'Open', 'Closed']),
    issueDate: dateTime('Issue Date', 'The date the order was issued'),
    expectedDeliveryDate: dateTime('Expected Delivery Date', 'The date the goods are expected (Open orders only)'),
    deliveryDate: dateTime('Delivery Date', 'The date the goods were delivered'),
    currency: currency('purchase order'),
    currencyRate: currencyRate('purchase order'),
    shipTo,
    lineItems: orderLines(),
    note: text('Note', 'Any additional information about the order'),
  });
}
