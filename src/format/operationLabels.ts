// What a push and a sync of the histories share in the tree: the data type (by our title, whether
// the API names it by its path segment or by Codat's sync name) and when it was asked for.
import { DATA_TYPES, syncName } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';

/** The type's title for its path segment or Codat's name of it (`chartOfAccounts` → Accounts),
 * else the name as sent. */
function typeOf(name: string): string {
  const spec = DATA_TYPES.find((d) => d.id === name || syncName(d) === name);
  return spec ? typeTitle(spec.id) : name;
}

/** `Invoices · 14:03:12`: local time, the date too when it was not today; a time that cannot be
 * read is shown as sent, and none at all leaves the type alone. */
export function operationLabel(
  dataType: string,
  requested: string | undefined,
  locale?: string,
  now = new Date(),
): string {
  if (requested === undefined || requested === '') return typeOf(dataType);
  const at = new Date(requested);
  if (Number.isNaN(at.getTime())) return `${typeOf(dataType)} · ${requested}`;
  const time =
    at.toDateString() === now.toDateString()
      ? at.toLocaleTimeString(locale, { timeStyle: 'medium' })
      : at.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return `${typeOf(dataType)} · ${time}`;
}

/** A field the server wrote, as text to show: text, or a number or boolean as written; nothing for
 * anything else (an entry of the history may hold any JSON in any field). */
export function shownText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}
