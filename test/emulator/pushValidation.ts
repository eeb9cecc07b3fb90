// A push's body checked against its type's push options (pushOptions.ts): a required field that is
// missing or null, a value of the wrong type, a value outside a field's allowed values, or an
// empty required list are errors, and the push fails with them; a field the options do not name
// is a warning, and is left out of the record. What passes is the record as pushed, dates written
// as the API writes them (`YYYY-MM-DD` becomes `YYYY-MM-DDT00:00:00`). An update's body is the
// record as read, changed: what the record carries that the options do not name (its id, totals,
// dates) is the platform's, left out without a warning.
import type { PushOptionProperty, ValidationItem } from './wire';

type Json = Record<string, unknown>;

export interface PushCheck {
  /** The fields the options name, as pushed (nulls of optional fields left out). */
  record: Json;
  errors: ValidationItem[];
  warnings: ValidationItem[];
}

// Codat's DateTime: a day, or a day and a time with an optional fraction and zone.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

const describe = (v: unknown): string => (Array.isArray(v) ? 'a list' : v === null ? 'null' : `a ${typeof v}`);

class Checker {
  readonly errors: ValidationItem[] = [];
  readonly warnings: ValidationItem[] = [];

  /** `quiet`: the fields (paths, lists' indexes as `[]`) left out without a warning. */
  constructor(private readonly quiet: ReadonlySet<string> = new Set()) {}

  error(itemId: string, message: string, validatorName: string): void {
    this.errors.push({ itemId, message, validatorName });
  }

  /** The object's named fields, checked; `prefix` is the path of the object (`lineItems[0].`). */
  object(fields: Record<string, PushOptionProperty>, value: Json, prefix: string): Json {
    const out: Json = {};
    for (const [name, option] of Object.entries(fields)) {
      const path = prefix + name;
      const v = value[name];
      if (v === undefined || v === null) {
        if (option.required) this.error(path, `${path} is required.`, 'RequiredFieldValidator');
        continue;
      }
      const checked = this.value(option, v, path);
      if (checked !== undefined) out[name] = checked;
    }
    for (const name of Object.keys(value)) {
      if (Object.hasOwn(fields, name) || this.quiet.has((prefix + name).replace(/\[\d+\]/g, '[]'))) continue;
      const message =
        prefix === '' && name === 'id'
          ? 'id is given by the platform when the record is created; the id sent was ignored.'
          : `${prefix + name} is not a field of the push options and was ignored.`;
      this.warnings.push({ itemId: prefix + name, message, validatorName: 'UnknownFieldValidator' });
    }
    return out;
  }

  /** One value checked against its option; undefined when it is wrong (an error says why). */
  value(option: PushOptionProperty, v: unknown, path: string): unknown {
    const wrong = (expected: string): undefined => {
      this.error(path, `${path} must be ${expected}, not ${describe(v)}.`, 'FieldTypeValidator');
      return undefined;
    };
    switch (option.type) {
      case 'String':
        if (typeof v !== 'string') return wrong('a string');
        return this.allowed(option, v, path) ? v : undefined;
      case 'Number':
        return typeof v === 'number' && Number.isFinite(v) ? v : wrong('a number');
      case 'Boolean':
        return typeof v === 'boolean' ? v : wrong('true or false');
      case 'DateTime':
        if (typeof v !== 'string' || !DATE_TIME.test(v) || Number.isNaN(Date.parse(v.slice(0, 10))))
          return wrong('a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SS)');
        return v.length === 10 ? `${v}T00:00:00` : v;
      case 'Object':
        return isObject(v) ? this.object(option.properties ?? {}, v, `${path}.`) : wrong('an object');
      case 'Array':
        return Array.isArray(v) ? this.list(option, v, path) : wrong('a list');
      default:
        return wrong(`a value the emulator takes (${option.type} is not)`);
    }
  }

  private allowed(option: PushOptionProperty, v: string, path: string): boolean {
    const values = option.options?.map((o) => o.value);
    if (values === undefined || values.includes(v)) return true;
    this.error(path, `${path} must be one of ${values.join(', ')}, not "${v}".`, 'AllowedValuesValidator');
    return false;
  }

  private list(option: PushOptionProperty, v: unknown[], path: string): unknown[] {
    if (option.required && v.length === 0)
      this.error(path, `${path} must have at least one entry.`, 'RequiredFieldValidator');
    return v.map((entry, i) => {
      if (isObject(entry)) return this.object(option.properties ?? {}, entry, `${path}[${i}].`);
      this.error(`${path}[${i}]`, `${path}[${i}] must be an object, not ${describe(entry)}.`, 'FieldTypeValidator');
      return null;
    });
  }
}

/** Every field path of a record (lists' indexes as `[]`): what an update may send back unasked. */
export function fieldPaths(record: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(record)) {
    for (const entry of record) fieldPaths(entry, `${prefix}[]`, into);
  } else if (isObject(record)) {
    for (const [name, value] of Object.entries(record)) {
      const path = prefix === '' ? name : `${prefix}.${name}`;
      into.add(path);
      fieldPaths(value, path, into);
    }
  }
  return into;
}

/** The body checked against the options of its type (the root option, an Object); `quiet` as for an update. */
export function checkPush(options: PushOptionProperty, body: Json, quiet?: ReadonlySet<string>): PushCheck {
  const checker = new Checker(quiet);
  const record = checker.object(options.properties ?? {}, body, '');
  return { record, errors: checker.errors, warnings: checker.warnings };
}
