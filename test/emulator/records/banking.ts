// Bank accounts (the chart's bank accounts, a credit card where the chart has one, and a PayPal
// wallet no account maps), their transactions, transfers between them and account transactions
// (what moved through a bank account, each naming the payment, bill payment or transfer behind
// it). A bank transaction's balance is a seeded function of its place in its account, and its
// amount the step from the one before, so any page is built alone and the balances still add up.
import { Random } from '../random';
import { type Books, DAY_MS, Variants, day, dayOfIndex, money, recordId, recordIndex, stamps } from './books';
import { accountIndex, bankAccounts as chartBankAccounts } from './accounts';
import { billPaymentCount } from './bills';
import { paymentTotal } from './payments';
import { trackingRefsOf } from './setup';
import { companyName } from '../names';

interface BankAccountFacts {
  id: string;
  name: string;
  nominalCode: string | null;
  currency: string;
  type: 'Debit' | 'Credit';
  institution: string;
}

const BANKS: Record<string, readonly string[]> = {
  GBP: ['Barclays', 'HSBC UK', 'Lloyds Bank', 'NatWest', 'Monzo Business'],
  USD: ['Chase', 'Bank of America', 'Wells Fargo', 'Mercury'],
  EUR: ['Deutsche Bank', 'ING', 'BNP Paribas', 'Revolut Business'],
};

const accountLists = new Map<string, readonly BankAccountFacts[]>();

/** The company's bank accounts, in a fixed order (the main account first). */
export function bankAccountList(books: Books): readonly BankAccountFacts[] {
  if (books.invoices.count === 0) return [];
  const key = `${books.seed}/${books.companyId}`;
  let list = accountLists.get(key);
  if (!list) {
    const r = Random.of(books.seed, books.companyId, 'bank-accounts');
    const banks = BANKS[books.currency] ?? BANKS.GBP;
    const bank = r.pick(banks);
    const out: BankAccountFacts[] = chartBankAccounts(books).map((a) => ({
      id: recordId(books, 'bankAccounts', 0),
      name: a.name,
      nominalCode: a.id,
      currency: a.id === '092' ? (books.currency === 'USD' ? 'EUR' : 'USD') : books.currency,
      type: 'Debit',
      institution: bank,
    }));
    if (accountIndex(books, '093') !== undefined)
      out.push({
        id: '',
        name: 'Company Credit Card',
        nominalCode: '093',
        currency: books.currency,
        type: 'Credit',
        institution: r.pick(banks),
      });
    out.push({
      id: '',
      name: 'PayPal',
      nominalCode: null,
      currency: books.currency,
      type: 'Debit',
      institution: 'PayPal',
    });
    list = out.map((a, i) => ({ ...a, id: recordId(books, 'bankAccounts', i) }));
    if (accountLists.size >= 64) accountLists.delete(accountLists.keys().next().value as string);
    accountLists.set(key, list);
  }
  return list;
}

export const bankAccountCount = (books: Books): number => bankAccountList(books).length;
export const bankAccountIndex = (books: Books, id: string): number | undefined =>
  recordIndex(books, 'bankAccounts', id, bankAccountCount(books));

export const bankAccountRef = (books: Books, index: number): { id: string; name: string } => {
  const a = bankAccountList(books)[index];
  return { id: a.id, name: a.name };
};

export function bankAccount(books: Books, index: number): object {
  const a = bankAccountList(books)[index];
  const r = Random.of(books.seed, books.companyId, 'bankAccounts', index);
  const v = new Variants(books, 'bankAccounts', index);
  const balanceCents = transactionBalance(books, index, transactionCountOf(books, index) - 1);
  const card = a.type === 'Credit';
  const paypal = a.nominalCode === null;
  const overdraft = card ? r.int(5, 20) * 100_000 : r.chance(0.4) ? r.int(1, 10) * 100_000 : 0;
  return {
    id: a.id,
    accountName: a.name,
    accountType: index === 0 ? 'Debit' : v.orUnknown(a.type, 0.1),
    nominalCode: a.nominalCode,
    ...(paypal || card
      ? v.missing('sortCode', 0.5)
      : { sortCode: v.orNull(`${r.int(10, 99)}-${r.int(10, 99)}-${r.int(10, 99)}`) }),
    accountNumber: paypal ? null : card ? `**** **** **** ${r.int(1000, 9999)}` : String(r.int(10_000_000, 99_999_999)),
    ...(books.currency === 'EUR' && !paypal
      ? { iBan: `DE${r.int(10, 99)}${r.int(10_000_000, 99_999_999)}${r.int(1_000_000_000, 9_999_999_999)}` }
      : v.missing('iBan')),
    currency: a.currency,
    balance: money(balanceCents),
    institution: v.orNull(a.institution, 0.08),
    availableBalance: v.orNull(money(balanceCents + overdraft), 0.15),
    overdraftLimit: overdraft === 0 ? v.orNull(0, 0.3) : money(overdraft),
    ...stamps(r, Date.UTC(2021, 4, 1) + r.int(0, 900) * DAY_MS, 0),
  };
}

// ---- bank transactions ---------------------------------------------------------------------

/** The main account has most of the company's transactions; the others some. */
export function transactionCountOf(books: Books, account: number): number {
  const n = books.invoices.count;
  if (n === 0) return 0;
  return account === 0 ? Math.max(5, Math.min(4000, Math.ceil(n / 2))) : Math.max(3, Math.min(800, Math.ceil(n / 12)));
}

/** Where each account's transactions start in the company's one numbering of them (ids carry it). */
export function transactionStarts(books: Books): number[] {
  const starts = [0];
  for (let k = 0; k < bankAccountCount(books); k++) starts.push(starts[k] + transactionCountOf(books, k));
  return starts;
}

export const bankTransactionCount = (books: Books): number => transactionStarts(books)[bankAccountCount(books)];

/** The account's balance after its transaction `i` (−1: the opening balance), in cents. */
function transactionBalance(books: Books, account: number, i: number): number {
  const r = Random.of(books.seed, books.companyId, 'bank-balance', account, i);
  const card = bankAccountList(books)[account]?.type === 'Credit';
  return card ? -r.int(0, 800_000) : r.int(200_000, 6_000_000) - (r.chance(0.05) ? 300_000 : 0);
}

const DEBITS = ['Card payment', 'Direct debit', 'Standing order', 'Bank fee', 'Cash withdrawal', 'Cheque'];
const CREDITS = ['Faster payment received', 'BACS credit', 'Interest', 'Card refund', 'Cash deposit'];
const TYPES: Record<string, string> = {
  'Card payment': 'Pos',
  'Direct debit': 'DirectDebit',
  'Standing order': 'RepeatPmt',
  'Bank fee': 'Fee',
  'Cash withdrawal': 'Atm',
  Cheque: 'Check',
  'Faster payment received': 'Credit',
  'BACS credit': 'DirectDep',
  Interest: 'Int',
  'Card refund': 'Credit',
  'Cash deposit': 'Dep',
};

/** Bank transaction `global` of the company's one numbering. */
export function bankTransaction(books: Books, global: number): object {
  const starts = transactionStarts(books);
  let account = 0;
  while (starts[account + 1] <= global) account++;
  const i = global - starts[account];
  const r = Random.of(books.seed, books.companyId, 'bankTransactions', global);
  const v = new Variants(books, 'bankTransactions', global);
  const balance = transactionBalance(books, account, i);
  const amount = balance - transactionBalance(books, account, i - 1);
  const kind = r.pick(amount < 0 ? DEBITS : CREDITS);
  const clearedMs = dayOfIndex(r, i, transactionCountOf(books, account));
  return {
    accountId: bankAccountList(books)[account].id,
    id: recordId(books, 'bankTransactions', global),
    clearedOnDate: day(clearedMs),
    description: v.orNull(kind, 0.05),
    counterparty: v.orNull(companyName(r, books.currency), 0.15),
    ...(r.chance(0.6)
      ? { reference: `${kind.slice(0, 3).toUpperCase()}${r.int(100000, 999999)}` }
      : v.missing('reference')),
    reconciled: r.chance(0.75),
    amount: money(amount),
    balance: money(balance),
    transactionType: v.orUnknown(TYPES[kind] ?? 'Other', 0.05),
    ...(({ metadata: _m, ...dates }) => dates)(stamps(r, clearedMs)),
  };
}

// ---- transfers -----------------------------------------------------------------------------

export const transferCount = (books: Books): number => {
  const n = books.invoices.count;
  return n === 0 ? 0 : Math.max(3, Math.min(500, Math.ceil(n / 40)));
};

export function transfer(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'transfers', index);
  const v = new Variants(books, 'transfers', index);
  const accounts = bankAccountList(books);
  const from = r.int(0, accounts.length - 1);
  const to = (from + r.int(1, accounts.length - 1)) % accounts.length;
  const dateMs = dayOfIndex(r, index, transferCount(books));
  const cents = r.int(50, 5000) * 100;
  const side = (k: number, amount: number): object => ({
    accountRef: bankAccountRef(books, k),
    currency: accounts[k].currency,
    amount: money(amount),
  });
  // A transfer across currencies arrives at the day's rate (a seeded one: the emulator keeps no rates).
  const arrived =
    accounts[from].currency === accounts[to].currency ? cents : Math.round(cents * (0.8 + r.int(0, 40) / 100));
  const tracking = trackingRefsOf(r, books, 0.2);
  return {
    id: recordId(books, 'transfers', index),
    description: v.orNull(`Transfer to ${accounts[to].name}`, 0.1),
    date: day(dateMs),
    from: side(from, cents),
    to: side(to, arrived),
    ...(tracking ? { trackingCategoryRefs: tracking } : v.missing('trackingCategoryRefs')),
    ...(r.chance(0.1)
      ? { depositedRecordRefs: [recordId(books, 'payments', r.int(0, Math.max(0, paymentTotal(books) - 1)))] }
      : {}),
    ...stamps(r, dateMs),
  };
}

// ---- account transactions -----------------------------------------------------------------

/** What moved through the bank accounts: about one for every two invoices, uncapped, so the big
 * company has a list per connection as long as its invoices' Load all reads (the benchmark's). */
export const accountTransactionCount = (books: Books): number => {
  const n = books.invoices.count;
  return n === 0 ? 0 : Math.max(5, Math.ceil(n / 2));
};

/** The record an account transaction stands for: a payment, bill payment or transfer that exists. */
function behind(r: Random, books: Books): { id: string; dataType: string; sign: number } {
  const payments = paymentTotal(books);
  const billPayments = billPaymentCount(books);
  const kind = r.weighted([
    ['payments', payments > 0 ? 45 : 0],
    ['billPayments', billPayments > 0 ? 45 : 0],
    ['transfers', 10],
  ] as const);
  const count = kind === 'payments' ? payments : kind === 'billPayments' ? billPayments : transferCount(books);
  return { id: recordId(books, kind, r.int(0, count - 1)), dataType: kind, sign: kind === 'payments' ? 1 : -1 };
}

export function accountTransaction(books: Books, index: number): object {
  const r = Random.of(books.seed, books.companyId, 'accountTransactions', index);
  const v = new Variants(books, 'accountTransactions', index);
  const account = r.int(0, bankAccountCount(books) - 1);
  const facts = bankAccountList(books)[account];
  const dateMs = dayOfIndex(r, index, accountTransactionCount(books));
  const record = behind(r, books);
  const cents = record.sign * r.int(1000, 500_000);
  const status = r.weighted([
    ['Reconciled', 70],
    ['Unreconciled', 25],
    ['Void', 5],
  ] as const);
  return {
    id: recordId(books, 'accountTransactions', index),
    transactionId: v.orNull(`${record.dataType}-${record.id.slice(-6)}`, 0.1),
    ...(r.chance(0.2) ? { note: 'Matched on the bank feed.' } : v.missing('note')),
    bankAccountRef: bankAccountRef(books, account),
    date: day(dateMs),
    status: v.orUnknown(status, 0.06),
    currency: facts.currency,
    currencyRate: v.orNull(1, 0.1),
    lines: [
      {
        description: v.orNull(`${record.dataType} ${record.id.slice(-6)}`, 0.05),
        recordRef: { id: record.id, dataType: record.dataType },
        amount: money(cents),
      },
    ],
    totalAmount: money(cents),
    ...stamps(r, dateMs),
  };
}
