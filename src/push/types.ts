// The data types the extension offers to create (push): the ones Codat's Accounting API pushes that
// the emulator serves options for. A connection's own options decide what each takes.
import type { DataTypeId } from '../dataTypes/catalog';
import { t } from '../l10n';

const PUSH_TYPES = ['invoices', 'bills', 'customers', 'suppliers', 'payments'] as const satisfies DataTypeId[];
export type PushType = (typeof PUSH_TYPES)[number];

export function isPushType(type: string): type is PushType {
  return (PUSH_TYPES as readonly string[]).includes(type);
}

/** The title of a new draft of the type: `New invoice`. */
export function draftTitle(type: PushType): string {
  switch (type) {
    case 'invoices':
      return t('New invoice');
    case 'bills':
      return t('New bill');
    case 'customers':
      return t('New customer');
    case 'suppliers':
      return t('New supplier');
    case 'payments':
      return t('New payment');
  }
}

/** The draft's text as the record to send: JSON, an object, its `$schema` line dropped. */
export function draftBody(text: string): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: t('the record must be a JSON object') };
  const { $schema: _schema, ...body } = value as Record<string, unknown>;
  return { ok: true, body };
}
