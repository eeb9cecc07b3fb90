// The reports' endpoints (Accounting API 2.1.0): the three financial statements, company info and
// the aged debtors and creditors reports with their `/available` checks. Each checks, in this
// order, the company (404, 403), its parameters (400, the usual error body) and the data sets the
// report is made from, answering what the company's data endpoints answer for them: 409 while one
// is not synced (not requested, or a sync still running, as for `syncing` and created companies,
// which have no connection to sync through), 404 `Datatype [report] not supported by platform(s)
// […]` when its platform lacks one.
//
// An aged report is made from the four types Codat names for it ("Underlying data" in the
// contract): customers, invoices, credit notes and payments; suppliers, bills, bill credit notes
// and bill payments. So the aged creditors report is unavailable on FreshBooks fillers, whose
// platform lacks bill credit notes (dataSets.ts): `/available` answers false, and the report the
// 404 above. Codat lists 404 among these paths' answers and no 409 or 400 (Lending 3.0.0); its
// portal says the report errors until its data types are synced. `/available` is true exactly
// when the report answers 200.
import { supports } from '../dataSets';
import { type ApiResponse, MESSAGES, dataTypeNotSupported, errorResponse } from '../errors';
import { type Handler, type Route, isEntry, isResponse, ok, ownCompany } from '../routing';
import type { CompanyEntry, EmulatorState } from '../state';
import { type AgedKind, agedReport } from './aged';
import { companyInfo, financialYearStart } from './companyInfo';
import { ledgerOf } from './ledger';
import { readAgedParams, readStatementParams } from './params';
import { type StatementKind, periodsOf, statement } from './statements';

const STATEMENT_SOURCES = ['invoices', 'bills'];
export const AGED_SOURCES: Record<AgedKind, readonly string[]> = {
  agedDebtor: ['customers', 'invoices', 'creditNotes', 'payments'],
  agedCreditor: ['suppliers', 'bills', 'billCreditNotes', 'billPayments'],
};

/** Undefined when every source data set is synced; else the 404 or 409 that says why not. */
function notReady(state: EmulatorState, entry: CompanyEntry, report: string, sources: readonly string[]) {
  const sets = sources.map((type) => state.settle(entry, type));
  if (sets.some((d) => d.state === 'unsupported')) return dataTypeNotSupported(report, entry.platform);
  if (sets.some((d) => d.state !== 'ready')) return errorResponse(409, 'PullApi', MESSAGES.notRequested);
  return undefined;
}

/** The company of this account and its report's parameters, or the first error. */
function companyAnd<P>(
  req: Parameters<Handler>[0],
  id: string,
  state: EmulatorState,
  read: () => P | ApiResponse,
): { entry: CompanyEntry; params: P } | ApiResponse {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const params = read();
  return isResponse(params) ? params : { entry, params };
}

const thisMonth = (state: EmulatorState): number => {
  const now = new Date(state.iso());
  return now.getUTCFullYear() * 12 + now.getUTCMonth();
};

function statementRoute(kind: StatementKind): Route {
  const handler: Handler = (req, [id], state) => {
    const found = companyAnd(req, id, state, () => readStatementParams(req.params));
    if (isResponse(found)) return found;
    const { entry, params } = found;
    const refused = notReady(state, entry, kind, STATEMENT_SOURCES);
    if (refused) return refused;
    const ledger = ledgerOf(state, entry);
    const periods = periodsOf(ledger, params, thisMonth(state));
    return ok(statement(kind, ledger, periods, financialYearStart(entry.currency)));
  };
  return { pattern: ['companies', '*', 'data', 'financials', kind], methods: { GET: handler } };
}

function agedRoutes(kind: AgedKind): Route[] {
  const report: Handler = (req, [id], state) => {
    const found = companyAnd(req, id, state, () => readAgedParams(req.params, new Date(state.iso())));
    if (isResponse(found)) return found;
    const { entry, params } = found;
    const refused = notReady(state, entry, kind, AGED_SOURCES[kind]);
    if (refused) return refused;
    const ledger = ledgerOf(state, entry);
    return ok(agedReport(kind, kind === 'agedDebtor' ? ledger.debtors : ledger.creditors, params, state.iso()));
  };
  const available: Handler = (req, [id], state) => {
    const entry = ownCompany(state, req.account, id);
    if (!isEntry(entry)) return entry;
    return ok(notReady(state, entry, kind, AGED_SOURCES[kind]) === undefined);
  };
  return [
    { pattern: ['companies', '*', 'reports', kind], methods: { GET: report } },
    { pattern: ['companies', '*', 'reports', kind, 'available'], methods: { GET: available } },
  ];
}

const info: Handler = (req, [id], state) => {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const refused = notReady(state, entry, 'company', ['invoices']);
  return refused ?? ok(companyInfo(state.seed, entry));
};

export const REPORT_ROUTES: Route[] = [
  statementRoute('balanceSheet'),
  statementRoute('profitAndLoss'),
  statementRoute('cashFlowStatement'),
  { pattern: ['companies', '*', 'data', 'info'], methods: { GET: info } },
  ...agedRoutes('agedDebtor'),
  ...agedRoutes('agedCreditor'),
];

/** The first filler of the normal account, with a Linked connection, whose platform lacks a type the
 * aged creditors report is made from (its `/available` is false). */
export function noAgedCreditorCompany(state: EmulatorState): string | undefined {
  return state
    .companiesOf('normal')
    .map((c) => state.find(c.id) as CompanyEntry)
    .find(
      (e) =>
        e.wellKnown === undefined &&
        e.company.dataConnections?.[0]?.status === 'Linked' &&
        AGED_SOURCES.agedCreditor.some((t) => !supports(e.platform, t, e.wellKnown)),
    )?.company.id;
}
