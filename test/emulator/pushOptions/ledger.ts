// Push options of the ledger: accounts (the chart of accounts), journals, journal entries, items.
// Xero's options are the model for what is required (Sage Intacct's for journals, which Xero lacks).
import { array, bool, dateTime, notes, number, object, oneOf, ref, text } from './fields';
import type { PushOptionProperty } from '../wire';

export function accountOptions(): PushOptionProperty {
  return object('Account', 'An account of the chart of accounts', true, {
    nominalCode: text('Nominal Code', 'Reference given to the account', true, {
      ...notes('warnings', 'NominalCode', 'Max length of 10 characters.'),
    }),
    name: text('Name', 'The name of the account', true),
    description: text('Description', 'What the account is for'),
    fullyQualifiedCategory: text('Category', 'The account category and subcategory, as in Asset.Current', true),
    type: oneOf('Type', 'The type of the account', false, ['Asset', 'Expense', 'Income', 'Liability', 'Equity']),
    status: oneOf('Status', 'Whether the account is active (the default) or archived', false, ['Active', 'Archived']),
    currency: text('Currency', "The account's currency; the company's base currency if not specified"),
  });
}

export function journalOptions(): PushOptionProperty {
  return object('Journal', 'A journal groups the journal entries of one kind of transaction', true, {
    name: text('Name', 'The name of the journal', true, {
      ...notes('warnings', 'Name', 'Must be no greater than 40 characters'),
    }),
    journalCode: text('Journal Code', 'The code of the journal', true, {
      ...notes('warnings', 'JournalCode', 'Must be no greater than 16 characters'),
    }),
    status: oneOf('Status', 'Whether the journal is active or archived', true, ['Active', 'Archived']),
  });
}

export function journalEntryOptions(): PushOptionProperty {
  const line = {
    description: text('Description', 'What the line is for', true),
    netAmount: number('Net Amount', 'Debits positive, credits negative; the lines sum to zero', true),
    accountRef: ref('Account Reference', 'account', 'JournalLines.AccountRef', true),
  };
  return object('Journal Entry', 'A journal entry posts amounts between accounts', true, {
    description: text('Description', 'What the entry is for'),
    postedOn: dateTime('Posted On', 'The date the entry is posted on', true),
    journalRef: ref('Journal Reference', 'journal', 'JournalRef', false),
    journalLines: array('Journal Lines', 'The lines of the entry', true, line, {
      ...notes('warnings', 'JournalLines', 'The net amounts of the lines must sum to zero.'),
    }),
  });
}

export function itemOptions(): PushOptionProperty {
  const details = (what: string) => ({
    description: text('Description', `How the item is described on ${what}`),
    unitPrice: number('Unit Price', `The price of one unit on ${what}`),
    accountRef: ref('Account Reference', 'account', 'AccountRef', false),
    taxRateRef: ref('Tax Rate Reference', 'tax rate', 'TaxRateRef', false),
  });
  return object('Item', 'An item is a product or service the business buys or sells', true, {
    code: text('Code', 'The unique code of the item', true, {
      ...notes('warnings', 'Code', 'Must not be longer than 30 characters long.'),
    }),
    name: text('Name', 'The name of the item'),
    itemStatus: oneOf('Item Status', 'Whether the item is active (the default) or archived', false, [
      'Active',
      'Archived',
    ]),
    type: oneOf('Type', 'The type of the item', true, ['Inventory', 'NonInventory', 'Service']),
    isBillItem: bool('Is Bill Item', 'Whether the item is bought (on bills)', true),
    billItem: object('Bill Item', 'The item as bought', false, details('bills')),
    isInvoiceItem: bool('Is Invoice Item', 'Whether the item is sold (on invoices)', true),
    invoiceItem: object('Invoice Item', 'The item as sold', false, details('invoices')),
  });
}
