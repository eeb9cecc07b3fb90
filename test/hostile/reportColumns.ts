// The fault matrix's columns of issue 35: a profit and loss and an aged debtors report read as the
// report view reads them and made into its table; after a recovery, the same table as a
// fault-free emulator gives. The misstated total is not a fault of the matrix: its own tests flag it.
import { agedTable, statementTable } from '../../src/reports';
import { readColumn, type Column } from './matrixColumns';

const STATEMENT = { periodLength: 1, periodsToCompare: 12 };
const AGED = { reportDate: '2026-01-31', numberOfPeriods: 4, periodLengthDays: 30 };

export const REPORT_COLUMNS: readonly Column[] = [
  readColumn(
    'profit and loss',
    (emu) => `^/companies/${emu.companies.many}/data/financials/profitAndLoss$`,
    async (w, signal) => {
      const answer = await w.client.reports.statement(w.emu.companies.many, 'profitAndLoss', STATEMENT, { signal });
      return statementTable('profitAndLoss', STATEMENT, answer);
    },
  ),
  readColumn(
    'aged debtors',
    (emu) => `^/companies/${emu.companies.many}/reports/agedDebtor$`,
    async (w, signal) => {
      const answer = await w.client.reports.aged(w.emu.companies.many, 'agedDebtor', AGED, { signal });
      // `generated` is the time the report was made: the one part two reads may not share.
      return agedTable('agedDebtor', AGED, { ...answer, generated: null });
    },
  ),
];
