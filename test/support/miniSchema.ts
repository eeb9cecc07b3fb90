// A JSON Schema validator for the tests, of only what src/push/schema.ts emits: type, properties,
// required, additionalProperties (false), items, minItems, enum, minLength, pattern. No validator is a
// dependency of the project, and the schema's other keys (title, descriptions) only annotate.
type Schema = { [key: string]: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function checkType(schema: Schema, value: unknown, path: string, out: string[]): boolean {
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.includes(typeOf(value))) return true;
  out.push(`${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`);
  return false;
}

function checkObject(schema: Schema, value: Record<string, unknown>, path: string, out: string[]): void {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, name)) out.push(`${path}: missing required ${name}`);
  }
  for (const [name, v] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) validateAt(properties[name], v, `${path}.${name}`, out);
    else if (schema.additionalProperties === false) out.push(`${path}: ${name} is not allowed`);
  }
}

function checkArray(schema: Schema, value: unknown[], path: string, out: string[]): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    out.push(`${path}: fewer than ${schema.minItems} items`);
  if (isObject(schema.items)) value.forEach((v, i) => validateAt(schema.items as Schema, v, `${path}[${i}]`, out));
}

function validateAt(schema: Schema, value: unknown, path: string, out: string[]): void {
  if (!checkType(schema, value, path, out)) return;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    out.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof schema.minLength === 'number' && typeof value === 'string' && value.length < schema.minLength)
    out.push(`${path}: shorter than ${schema.minLength}`);
  if (typeof schema.pattern === 'string' && typeof value === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    out.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  if (isObject(value)) checkObject(schema, value, path, out);
  if (Array.isArray(value)) checkArray(schema, value, path, out);
}

/** Every way the value breaks the schema, one line each (`$.lineItems[0].quantity: …`); none when valid. */
export function validate(schema: Schema, value: unknown): string[] {
  const out: string[] = [];
  validateAt(schema, value, '$', out);
  return out;
}
