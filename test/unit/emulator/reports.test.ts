// The financial statements hold together with the emulator's own records: the profit and loss's
// income per period is the sum of that period's invoices (worked out here from the invoices it
// lists), its costs the sum of the bills; the balance sheet balances in every period, its receivables
// and payables are what the invoices and bills still owe; the cash flow statement's receipts and
// payments are the paid parts of those documents; the parameters choose the periods; a push that
// creates an invoice shows in the next statement (the per-company ledger is built again).
import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ledgersBuilt } from '../../emulator/reports/ledger';
import { ManualClock, call } from '../../emulator/testing';
import { type BookDoc, type Line, bookOf, monthOf, monthText, sumOf, toCents, unbalanced } from './reportBooks';

interface PlReport {
  fromDate: string;
  toDate: string;
  income: Line;
  costOfSales: Line;
  expenses: Line;
  grossProfit: number;
  netOperatingProfit: number;
  netProfit: number;
}
interface BsReport {
  date: string;
  assets: Line;
  liabilities: Line;
  equity: Line;
  netAssets: number;
}
interface CfReport {
  fromDate: string;
  toDate: string;
  cashReceipts: Line;
  cashPayments: Line;
}
interface Statement<R> {
  reports: R[];
  currency: string;
  mostRecentAvailableMonth?: string | null;
  earliestAvailableMonth?: string | null;
}

/** The line named `name` anywhere under `line`. */
function find(line: Line, name: string): Line {
  if (line.name === name) return line;
  for (const item of line.items ?? []) {
    try {
      return find(item, name);
    } catch {
      // not under this item
    }
  }
  throw new Error(`no line ${name} under ${line.name}`);
}

describe('emulator: financial statements', function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let book: { invoices: BookDoc[]; bills: BookDoc[] };

  before(async () => {
    emu = await startEmulator({ invoices: 3000, companies: 20, now: clock.now });
    book = await bookOf(emu, emu.companies.many);
  });
  after(() => emu.close());

  const statement = async <R>(kind: string, query: string, company = emu.companies.many) => {
    const r = await call<Statement<R>>(emu, `/companies/${company}/data/financials/${kind}?${query}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json;
  };
  const inMonths = (docs: BookDoc[], first: number, last: number, month: (d: BookDoc) => number) =>
    docs.filter((d) => month(d) >= first && month(d) <= last);

  it('profit and loss: income per month is the sum of that month’s invoices, costs that of its bills', async () => {
    const pl = await statement<PlReport>('profitAndLoss', 'periodLength=1&periodsToCompare=52');
    assert.equal(pl.reports.length, 52);
    let withIncome = 0;
    for (const r of pl.reports) {
      const m = monthOf(r.fromDate);
      const income = sumOf(
        inMonths(book.invoices, m, m, (d) => d.issueMonth),
        (d) => d.sub,
      );
      const costs = sumOf(
        inMonths(book.bills, m, m, (d) => d.issueMonth),
        (d) => d.sub,
      );
      assert.equal(toCents(r.income.value), income, `income of ${monthText(m)}`);
      assert.equal(toCents(r.costOfSales.value) + toCents(r.expenses.value), costs, `costs of ${monthText(m)}`);
      assert.equal(toCents(r.grossProfit), income - toCents(r.costOfSales.value));
      assert.equal(toCents(r.netProfit), income - costs, `net profit of ${monthText(m)}`);
      assert.equal(r.netOperatingProfit, r.netProfit);
      for (const section of [r.income, r.costOfSales, r.expenses]) assert.deepEqual(unbalanced(section), []);
      if (income > 0) withIncome++;
    }
    assert.ok(withIncome >= 40, `most months have invoices (${withIncome})`);
  });

  it('profit and loss: every account line is listed in every period, so the columns line up', async () => {
    const pl = await statement<PlReport>('profitAndLoss', 'periodLength=1&periodsToCompare=6');
    const ids = (r: PlReport) => (r.expenses.items ?? []).map((l) => l.accountId);
    assert.ok(ids(pl.reports[0]).length > 3);
    for (const r of pl.reports) assert.deepEqual(ids(r), ids(pl.reports[0]));
    assert.deepEqual(
      pl.reports[0].income.items?.map((l) => [l.accountId, l.name]),
      [
        ['200', 'Sales'],
        ['260', 'Other Revenue'],
        ['270', 'Services Income'],
      ],
    );
  });

  it('balance sheet: assets = liabilities + equity in every period; receivables and payables are what is owed', async () => {
    const bs = await statement<BsReport>('balanceSheet', 'periodLength=1&periodsToCompare=52');
    for (const r of bs.reports) {
      const [assets, liabilities, equity] = [r.assets, r.liabilities, r.equity].map((l) => toCents(l.value));
      assert.equal(assets, liabilities + equity, `${r.date} balances`);
      assert.equal(toCents(r.netAssets), assets - liabilities);
      for (const side of [r.assets, r.liabilities, r.equity]) assert.deepEqual(unbalanced(side), [], r.date);
      const end = monthOf(r.date);
      const owed = (docs: BookDoc[]) =>
        sumOf(
          docs.filter((d) => d.issueMonth <= end),
          (d) => d.total - (d.paidMonth <= end ? d.total - d.due : 0),
        );
      assert.equal(toCents(find(r.assets, 'Accounts Receivable').value), owed(book.invoices), `receivables ${r.date}`);
      assert.equal(toCents(find(r.liabilities, 'Accounts Payable').value), owed(book.bills), `payables ${r.date}`);
      assert.ok(find(r.assets, 'Business Bank Account').value >= 0, 'the bank is never overdrawn');
    }
    const newest = bs.reports[0];
    assert.equal(
      toCents(find(newest.assets, 'Accounts Receivable').value),
      sumOf(book.invoices, (d) => d.due),
      'at the newest date every payment is in: receivables are the invoices’ amountDue',
    );
  });

  it('balance sheet: the year’s earnings are the profit and loss since the financial year began', async () => {
    const info = await call<{ financialYearStartDate: string }>(emu, `/companies/${emu.companies.many}/data/info`);
    const fyStart = Number(info.json.financialYearStartDate.slice(5, 7));
    const bs = await statement<BsReport>('balanceSheet', 'periodLength=1&periodsToCompare=1&startMonth=2024-08-01');
    const pl = await statement<PlReport>('profitAndLoss', 'periodLength=1&periodsToCompare=60&startMonth=2024-08-01');
    const end = monthOf('2024-08');
    const yearStart = 2024 * 12 + fyStart - 1 <= end ? 2024 * 12 + fyStart - 1 : 2023 * 12 + fyStart - 1;
    const since = (first: number) =>
      pl.reports.filter((r) => monthOf(r.fromDate) >= first).reduce((s, r) => s + toCents(r.netProfit), 0);
    assert.equal(toCents(find(bs.reports[0].equity, 'Current Year Earnings').value), since(yearStart));
    assert.equal(
      find(bs.reports[0].equity, 'Current Year Earnings').accountId,
      null,
      'no account: the platform works it out',
    );
    assert.equal(toCents(find(bs.reports[0].equity, 'Retained Earnings').value), since(0) - since(yearStart));
  });

  it('cash flow: receipts and payments are the paid parts of invoices and bills, by the day they moved', async () => {
    const cf = await statement<CfReport>('cashFlowStatement', 'periodLength=3&periodsToCompare=18');
    const bs = await statement<BsReport>('balanceSheet', 'periodLength=3&periodsToCompare=18');
    for (const [k, r] of cf.reports.entries()) {
      const [first, last] = [monthOf(r.fromDate), monthOf(r.toDate)];
      const paid = (docs: BookDoc[]) =>
        sumOf(
          inMonths(docs, first, last, (d) => d.paidMonth),
          (d) => d.total - d.due,
        );
      assert.equal(toCents(r.cashReceipts.value), paid(book.invoices), `receipts ${r.fromDate}`);
      assert.equal(toCents(r.cashPayments.value), paid(book.bills), `payments ${r.fromDate}`);
      if (k + 1 < bs.reports.length) {
        const bank = (b: BsReport) => toCents(find(b.assets, 'Business Bank Account').value);
        assert.equal(
          bank(bs.reports[k]) - bank(bs.reports[k + 1]),
          toCents(r.cashReceipts.value) - toCents(r.cashPayments.value),
        );
      }
    }
  });

  it('parameters: periodLength months a period, periodsToCompare reports, newest first from startMonth', async () => {
    const quarters = await statement<PlReport>(
      'profitAndLoss',
      'periodLength=3&periodsToCompare=5&startMonth=2024-01-15',
    );
    assert.deepEqual(
      quarters.reports.map((r) => [r.fromDate, r.toDate]),
      [
        ['2024-01-01T00:00:00', '2024-03-31T00:00:00'],
        ['2023-10-01T00:00:00', '2023-12-31T00:00:00'],
        ['2023-07-01T00:00:00', '2023-09-30T00:00:00'],
        ['2023-04-01T00:00:00', '2023-06-30T00:00:00'],
        ['2023-01-01T00:00:00', '2023-03-31T00:00:00'],
      ],
    );
    const months = await statement<PlReport>(
      'profitAndLoss',
      'periodLength=1&periodsToCompare=3&startMonth=2024-03-01',
    );
    const quarter = months.reports.reduce((s, r) => s + toCents(r.income.value), 0);
    assert.equal(toCents(quarters.reports[0].income.value), quarter, 'a quarter is its three months');
    const sheets = await statement<BsReport>(
      'balanceSheet',
      'periodLength=12&periodsToCompare=2&startMonth=2023-01-01T00:00:00Z',
    );
    assert.deepEqual(
      sheets.reports.map((r) => r.date),
      ['2023-12-31T00:00:00', '2022-12-31T00:00:00'],
    );
    const latest = await statement<PlReport>('profitAndLoss', 'periodLength=2&periodsToCompare=1');
    assert.equal(
      monthOf(latest.reports[0].toDate),
      monthOf(String(latest.mostRecentAvailableMonth)),
      'by default the newest period ends with the books',
    );
    assert.equal(latest.earliestAvailableMonth, '2022-01-01T00:00:00');
    assert.equal(
      latest.currency,
      (await call<{ baseCurrency: string }>(emu, `/companies/${emu.companies.many}/data/info`)).json.baseCurrency,
    );
  });

  it('empty books: every period is there with zeros, and no available months', async () => {
    const bs = await statement<BsReport>('balanceSheet', 'periodLength=1&periodsToCompare=2', emu.companies.empty);
    assert.equal(bs.reports.length, 2);
    assert.equal(bs.mostRecentAvailableMonth, null);
    assert.equal(bs.reports[0].assets.value, bs.reports[0].liabilities.value + bs.reports[0].equity.value);
    const pl = await statement<PlReport>('profitAndLoss', 'periodLength=1&periodsToCompare=2', emu.companies.empty);
    assert.deepEqual(
      pl.reports.map((r) => r.netProfit),
      [0, 0],
    );
    assert.equal('mostRecentAvailableMonth' in pl, false, 'ProfitAndLossReport’s months are not nullable: left out');
  });

  it('is built once per company and state of its records: a pushed invoice shows in the next statement', async () => {
    const query = 'periodLength=1&periodsToCompare=1&startMonth=2025-06-01';
    const before = await statement<PlReport>('profitAndLoss', query, emu.companies.few);
    const built = ledgersBuilt();
    await statement<PlReport>('profitAndLoss', query, emu.companies.few);
    await statement<BsReport>('balanceSheet', query, emu.companies.few);
    assert.equal(ledgersBuilt(), built, 'not built again while nothing changed');
    const body = {
      customerRef: { id: '40', companyName: 'Test Customer Ltd' },
      issueDate: '2025-06-10T00:00:00',
      dueDate: '2025-07-10T00:00:00',
      status: 'Submitted',
      lineItems: [{ description: 'Pushed', unitAmount: 250, quantity: 2, accountRef: { id: '200' } }],
    };
    const push = await call<{ status: string }>(
      emu,
      `/companies/${emu.companies.few}/connections/${emu.connections.few[0]}/push/invoices`,
      { method: 'POST', body },
    );
    assert.equal(push.status, 200, JSON.stringify(push.json));
    clock.advance(60_000);
    const after = await statement<PlReport>('profitAndLoss', query, emu.companies.few);
    assert.equal(toCents(after.reports[0].income.value) - toCents(before.reports[0].income.value), 50_000);
    assert.equal(ledgersBuilt(), built + 1);
    emu.reset();
  });
  it('the misstatedTotal fault: a report whose first total is off by 1.00, for the client’s check to flag', async () => {
    const query = 'periodLength=1&periodsToCompare=2';
    const real = await statement<BsReport>('balanceSheet', query);
    emu.faults.add({ kind: 'misstatedTotal', path: '/financials/', times: 1 });
    const faulted = await statement<BsReport>('balanceSheet', query);
    assert.equal(toCents(faulted.reports[0].assets.value), toCents(real.reports[0].assets.value) + 100);
    assert.deepEqual(unbalanced(faulted.reports[0].assets), [
      `/Assets: ${faulted.reports[0].assets.value} ≠ ${real.reports[0].assets.value}`,
    ]);
    assert.deepEqual(faulted.reports.slice(1), real.reports.slice(1), 'the rest as it was');
    assert.deepEqual(await statement<BsReport>('balanceSheet', query), real, 'once');
    emu.faults.add({ kind: 'misstatedTotal', times: 1 });
    const aged = await call<{
      data: {
        agedCurrencyOutstanding: { agedOutstandingAmounts: { amount: number; details: { amount: number }[] }[] }[];
      }[];
    }>(emu, `/companies/${emu.companies.many}/reports/agedDebtor?reportDate=2030-01-01`);
    const bucket = aged.json.data[0].agedCurrencyOutstanding[0].agedOutstandingAmounts[0];
    assert.equal(toCents(bucket.amount), toCents(bucket.details[0].amount) + 100);
  });
});
