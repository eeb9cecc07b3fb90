// The reports, for scripts/contract.mjs: the three financial statements, company info and the aged
// debtors and creditors reports with their `/available` checks, read from Accounting API 2.1.0
// (`accounting`, the document at ACCOUNTING_COMMIT): each path, its query parameters (name, whether
// required, type), the schema its 200 answers, and the statuses each document lists: 2.1.0 lists only
// the 200, so the statuses of the same paths in Lending 3.0.0 (`lending`, the mirror's HEAD, where
// they are the Accounting API's too) are kept beside them. Report lines nest without bound: the
// converted schemas stop at the first nested level (`convert` breaks the cycle), so the report line
// is kept on its own for a test to hold every line of a tree to it.

const COMPANY = '/companies/{companyId}';
const REPORTS = {
  balanceSheet: [`${COMPANY}/data/financials/balanceSheet`, 'BalanceSheet'],
  profitAndLoss: [`${COMPANY}/data/financials/profitAndLoss`, 'ProfitAndLossReport'],
  cashFlowStatement: [`${COMPANY}/data/financials/cashFlowStatement`, 'CashFlowStatement'],
  companyInfo: [`${COMPANY}/data/info`, 'CompanyDataset'],
  agedDebtor: [`${COMPANY}/reports/agedDebtor`, 'AgedDebtorReport'],
  agedDebtorAvailable: [`${COMPANY}/reports/agedDebtor/available`, null],
  agedCreditor: [`${COMPANY}/reports/agedCreditor`, 'AgedCreditorReport'],
  agedCreditorAvailable: [`${COMPANY}/reports/agedCreditor/available`, null],
};

/** The operation's query parameters, `$ref`s followed. */
function queryOf(doc, op, pointer) {
  return (op.parameters ?? [])
    .map((p) => (p.$ref ? pointer(doc, p.$ref) : p))
    .filter((p) => p.in === 'query')
    .map((p) => ({ name: p.name, required: p.required === true, type: p.schema?.type ?? 'string' }));
}

/** Lending 3.0.0 names the Accounting API's schemas with an `Accounting` prefix. */
function lendingStatuses(lending, path) {
  const op = lending.paths[path]?.get;
  if (!op) throw new Error(`Lending has no GET ${path}`);
  return Object.keys(op.responses);
}

export function reports({ accounting, lending, convert, pointer }) {
  const out = {};
  for (const [name, [path, schemaName]] of Object.entries(REPORTS)) {
    const op = accounting.paths[path]?.get;
    if (!op) throw new Error(`Accounting API 2.1.0 has no GET ${path}`);
    const schema = op.responses['200'].content['application/json'].schema;
    if (schemaName && schema.$ref !== `#/components/schemas/${schemaName}`)
      throw new Error(`${path} answers ${schema.$ref}, not ${schemaName}`);
    out[name] = {
      path,
      query: queryOf(accounting, op, pointer),
      statuses: Object.keys(op.responses),
      lendingStatuses: lendingStatuses(lending, path),
      record: convert(accounting, schema),
    };
  }
  return { ...out, reportLine: convert(accounting, { $ref: '#/components/schemas/ReportLine' }) };
}
