// An invoice's label, description and tooltip as the tree shows them: the tests and benchmarks of
// the record rows, written for the data type they check most.
import { dataType } from '../../src/dataTypes/catalog';
import { recordDescription, recordLabel, recordTooltip } from '../../src/format/recordLabels';

type AnyRecord = Parameters<typeof recordLabel>[1];

export const invoiceLabel = (inv: AnyRecord): string => recordLabel(dataType('invoices'), inv);
export const invoiceDescription = (inv: AnyRecord, locale?: string): string =>
  recordDescription(dataType('invoices'), inv, locale);
export const invoiceTooltip = (inv: AnyRecord, locale?: string): string =>
  recordTooltip(dataType('invoices'), inv, locale);
