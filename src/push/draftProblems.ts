// What is wrong with a draft before it is sent: the record checked against the JSON Schema built
// for it (src/push/schema.ts), in plain TypeScript, for the question Push asks first. The editor
// marks the same in the draft, but VS Code's JSON support shows every schema problem as a warning,
// and a push would send it anyway: an unfilled draft made an empty invoice. Only what that schema
// uses is read: type, properties, required, items, minItems, minLength, enum, pattern.
import { t } from '../l10n';
import type { JsonSchema } from './schema';

interface DraftProblem {
  /** Where, as the draft reads: `customerRef.id`, `lineItems[0].quantity`. */
  path: string;
  /** The whole sentence shown. */
  text: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A value as the question quotes it: JSON, cut short. */
function quoted(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function wrongType(where: string, type: string): string {
  switch (type) {
    case 'number':
      return t('{0} needs a number', where);
    case 'string':
      return t('{0} needs a text', where);
    case 'boolean':
      return t('{0} needs true or false', where);
    case 'array':
      return t('{0} needs a list', where);
    default:
      return t('{0} needs an object', where);
  }
}

class Checker {
  readonly problems: DraftProblem[] = [];

  add(path: string, text: (where: string) => string): void {
    this.problems.push({ path, text: text(path || t('The record')) });
  }

  check(schema: JsonSchema, value: unknown, path: string): void {
    const type = typeof schema.type === 'string' ? schema.type : undefined;
    if (type !== undefined && typeOf(value) !== type) return this.add(path, (w) => wrongType(w, type));
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
      const allowed = schema.enum.slice(0, 10).map(quoted).join(', ') + (schema.enum.length > 10 ? ', …' : '');
      return this.add(path, (w) => t('{0} is {1}, not one of {2}', w, quoted(value), allowed));
    }
    if (typeof value === 'string') this.checkText(schema, value, path);
    if (isObject(value)) this.checkObject(schema, value, path);
    if (Array.isArray(value)) this.checkList(schema, value, path);
  }

  private checkText(schema: JsonSchema, value: string, path: string): void {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      this.add(path, (w) => t('{0} is empty', w));
    else if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      const expected = typeof schema.patternErrorMessage === 'string' ? schema.patternErrorMessage : '';
      this.add(path, (w) => t('{0} is {1}: {2}', w, quoted(value), expected));
    }
  }

  private checkObject(schema: JsonSchema, value: Record<string, unknown>, path: string): void {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const at = (name: string) => (path ? `${path}.${name}` : name);
    for (const name of required)
      if (typeof name === 'string' && !Object.hasOwn(value, name)) this.add(at(name), (w) => t('{0} is missing', w));
    for (const [name, v] of Object.entries(value)) {
      const child = Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (isObject(child)) this.check(child, v, at(name));
    }
  }

  private checkList(schema: JsonSchema, value: unknown[], path: string): void {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      this.add(path, (w) => t('{0} needs at least one entry', w));
    const items = schema.items;
    if (isObject(items)) value.forEach((v, i) => this.check(items, v, `${path}[${i}]`));
  }
}

/** Every way the record breaks its draft's schema, in the order of the draft; none when it passes. */
export function draftProblems(schema: JsonSchema, record: Record<string, unknown>): DraftProblem[] {
  const checker = new Checker();
  checker.check(schema, record, '');
  return checker.problems;
}
