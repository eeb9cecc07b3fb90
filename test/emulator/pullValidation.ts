// What a pull's validation found (Codat's ValidationResult, `GET
// /companies/{id}/sync/{datasetId}/validation`): the rules the pulled data broke (errors) or
// bent (warnings), as Codat's data validators report them. A failed pull (the seeded FetchError of
// invoices) has two errors and a warning about invoices of its company; every other pull none.
// Made from the operation's id, so the same pull always reports the same items.
import { Random } from './random';
import type { PullOperation } from './wire';

export interface ValidationResultItem {
  ruleId: string;
  itemId: string;
  message: string;
  validatorName: string;
}

export interface ValidationResult {
  errors: ValidationResultItem[];
  warnings: ValidationResultItem[];
}

const money = (cents: number): string => (cents / 100).toFixed(2);

export function validationOf(op: PullOperation): ValidationResult {
  if (!op.isErrored) return { errors: [], warnings: [] };
  const r = Random.of(1, 'pull-validation', op.id.toLowerCase());
  const validatorName = 'InvoiceValidator';
  const total = r.int(10_000, 900_000);
  const lines = total - r.int(1, 500);
  const subTotal = r.int(10_000, 700_000);
  return {
    errors: [
      {
        ruleId: 'accounting-invoice-030',
        itemId: r.uuid(),
        message: `An invoice's lines summed (${money(lines)}) should be the same as TotalAmount (${money(total)}).`,
        validatorName,
      },
      {
        ruleId: 'accounting-invoice-012',
        itemId: r.uuid(),
        message: 'An invoice must have a CustomerRef whose customer exists on the platform; it was not found.',
        validatorName,
      },
    ],
    warnings: [
      {
        ruleId: 'accounting-invoice-032',
        itemId: r.uuid(),
        message: `An invoice's lines sub total amount summed (${money(subTotal - 5)}) should be the same as SubTotal (${money(subTotal)})`,
        validatorName,
      },
    ],
  };
}
