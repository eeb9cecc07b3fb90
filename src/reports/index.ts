// The report domain: the table model built from an API answer, its chart's geometry, its CSV.
export * from './reportTable';
export { statementTable, type TableOptions } from './statementTable';
export { agedTable } from './agedTable';
export * from './chartLayout';
export { reportCsv } from './reportCsv';
export { formatCompact, formatReportChange, formatReportValue } from './reportFormat';
export { reportTable } from './buildTable';
