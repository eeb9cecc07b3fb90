// Push options of banking and cash: bank accounts, bank transactions (pushed under their account),
// transfers between accounts, direct costs and direct incomes. Xero's options are the model for
// what is required (QuickBooks Online's for bank accounts, which Xero lacks; bank transactions have
// no published example, so their fields follow the BankTransactions schema).
import { array, bool, dateTime, notes, number, object, oneOf, ref, text, trackingCategoryRefs } from './fields';
import type { PushOptionProperty } from '../wire';

export function bankAccountOptions(): PushOptionProperty {
  return object('Bank Account', 'A bank account of the business, as its books hold it', true, {
    accountName: text('Account Name', 'The name of the bank account', true),
    accountType: oneOf('Account Type', 'Whether the account is a debit or a credit account', false, [
      'Debit',
      'Credit',
    ]),
    accountNumber: text('Account Number', 'The number of the account at its bank', true),
    sortCode: text('Sort Code', 'The sort code of the account'),
    iBan: text('IBAN', 'The international bank account number'),
    nominalCode: text('Nominal Code', 'The code of the account in the chart of accounts'),
    currency: text('Currency', 'The currency of the account', true),
    institution: text('Institution', 'The bank or building society that holds the account'),
    overdraftLimit: number('Overdraft Limit', 'The overdraft limit of the account'),
  });
}

export function bankTransactionOptions(): PushOptionProperty {
  return object('Bank Transactions', 'Transactions of a bank account, pushed to it together', true, {
    accountId: text('Account Identifier', 'The bank account (the path names it too)'),
    transactions: array('Transactions', 'The transactions, oldest first', true, {
      id: text('Identifier', "The transaction's own identifier, unique in the account"),
      clearedOnDate: dateTime('Cleared On Date', 'The date the transaction cleared the bank', true),
      description: text('Description', 'What the bank statement says of the transaction'),
      counterparty: text('Counterparty', 'Who the money came from or went to'),
      reference: text('Reference', 'The reference of the transaction'),
      reconciled: bool('Reconciled', 'Whether the transaction is reconciled', true),
      amount: number('Amount', 'Money in positive, money out negative', true),
      balance: number('Balance', 'The balance of the account after the transaction', true, {
        ...notes('warnings', 'Transactions.Balance', 'Must follow from the previous balance and the amount.'),
      }),
      transactionType: oneOf('Transaction Type', 'The type of the transaction', true, [
        'Credit',
        'Debit',
        'Int',
        'Div',
        'Fee',
        'SerChg',
        'Dep',
        'Atm',
        'Pos',
        'Xfer',
        'Check',
        'Payment',
        'Cash',
        'DirectDep',
        'DirectDebit',
        'RepeatPmt',
        'Other',
      ]),
    }),
  });
}

export function transferOptions(): PushOptionProperty {
  const side = (name: string, which: string) =>
    object(name, `The account the money moves ${which}`, true, {
      accountRef: ref('Account Reference', 'bank account', `${name}.AccountRef`, true),
      amount: number('Amount', `The amount moved ${which} the account`, true, {
        ...notes('warnings', `${name}.Amount`, 'Must be greater than zero.'),
      }),
      currency: text('Currency', 'The currency of the amount'),
    });
  return object('Transfer', 'A transfer moves money between two accounts of the business', true, {
    description: text('Description', 'What the transfer is for'),
    date: dateTime('Date', 'The date of the transfer', true),
    from: side('From', 'from'),
    to: side('To', 'to'),
  });
}

/** A direct cost or a direct income: money paid or received at once, with no bill or invoice. */
function directOptions(name: string, record: string, contact: string): PushOptionProperty {
  const line = {
    description: text('Description', 'Friendly name of the goods or services', true),
    quantity: number('Quantity', 'The number of units', true),
    unitAmount: number('Unit Amount', 'The price of each unit', true),
    taxAmount: number('Tax Amount', 'The amount of tax for the line'),
    accountRef: ref('Nominal Account Reference', 'account', 'LineItems.AccountRef', true),
    taxRateRef: ref('Tax Rate Reference', 'tax rate', 'LineItems.TaxRateRef', false),
    itemRef: ref('Item Reference', 'item', 'LineItems.ItemRef', false),
    trackingCategoryRefs: trackingCategoryRefs('LineItems.TrackingCategoryRefs'),
  };
  const allocation = {
    payment: object('Payment', 'The payment the money moved by', true, {
      accountRef: ref('Account Reference', 'bank account', 'PaymentAllocations.Payment.AccountRef', true),
    }),
    allocation: object('Allocation', 'How much of the payment is allocated', true, {
      totalAmount: number('Total Amount', 'The amount allocated', true, {
        ...notes('warnings', 'PaymentAllocations.Allocation.TotalAmount', 'Must be equal to the sum of line items.'),
      }),
    }),
  };
  return object(
    name,
    `A ${record}: money ${contact === 'supplier' ? 'paid' : 'received'} with no ${contact === 'supplier' ? 'bill' : 'invoice'}`,
    true,
    {
      reference: text('Reference', `Friendly reference for the ${record}`),
      note: text('Note', `Any additional information about the ${record}`),
      contactRef: object('Contact Reference', `The ${contact} (a supplier or a customer)`, false, {
        id: text('Identifier', 'The identifier of the contact', true, {
          ...notes('warnings', 'ContactRef.Id', 'Must match the ID of an existing contact.'),
        }),
        dataType: text('Data Type', 'Whether the contact is a customer (customers) or a supplier (suppliers)'),
      }),
      issueDate: dateTime('Issue Date', `The date of the ${record}`, true),
      currency: text('Currency', `Currency of the ${record}`, true),
      currencyRate: number('Currency Exchange Rate', `Base currency units per unit of the ${record}'s currency`),
      lineItems: array('Line Items', `The lines of the ${record}`, true, line, {
        ...notes('information', 'LineItems', 'Totals of the lines and of the record are worked out from these.'),
      }),
      paymentAllocations: array('Payment Allocations', `The payments the ${record} was made with`, true, allocation),
    },
  );
}

export const directCostOptions = (): PushOptionProperty => directOptions('Direct Cost', 'direct cost', 'supplier');
export const directIncomeOptions = (): PushOptionProperty =>
  directOptions('Direct Income', 'direct income', 'customer');
