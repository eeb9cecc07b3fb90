// What Codat's contract lets a query filter on, read from a record schema of the contract: the
// scalar fields reachable through objects (the reference: dotted paths, nothing inside arrays),
// their types as the client's query schemas name them, and their enumerations. And where a query
// schema (the client's, or the emulator's) differs from it.
import type { Schema } from './contract';

export type QueryFieldType = 'string' | 'number' | 'date' | 'boolean';

export interface ContractField {
  type: QueryFieldType;
  /** The values of an enumeration, without `null`. */
  values?: string[];
}

function scalarType(schema: Schema): QueryFieldType | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  if (types.length !== 1) return undefined;
  switch (types[0]) {
    case 'string':
      return schema.format === 'date-time' ? 'date' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

/** Every queryable field of a record schema, by dotted path. */
export function contractFields(schema: Schema, prefix = ''): Map<string, ContractField> {
  const fields = new Map<string, ContractField>();
  for (const [name, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const path = prefix + name;
    if (value.properties) {
      for (const [k, v] of contractFields(value, `${path}.`)) fields.set(k, v);
      continue;
    }
    const type = scalarType(value);
    if (!type) continue;
    const values = Array.isArray(value.enum)
      ? (value.enum as unknown[]).filter((v): v is string => typeof v === 'string')
      : undefined;
    fields.set(path, values ? { type, values } : { type });
  }
  return fields;
}

/** A query schema: its fields and types, and the values it knows of its enumerations. */
export interface QueryFields {
  fields: Readonly<Record<string, QueryFieldType>>;
  values?: Readonly<Record<string, readonly string[]>>;
}

/**
 * One line per difference between a query schema and the contract: a field the contract lacks or
 * types otherwise, a field the contract lets a query use that the schema refuses, an enumeration
 * value one side has and the other lacks.
 */
export function queryMismatches(name: string, query: QueryFields, contract: Map<string, ContractField>): string[] {
  const out: string[] = [];
  for (const [field, type] of Object.entries(query.fields)) {
    const c = contract.get(field);
    if (!c) out.push(`${name}: ${field} is not in the contract`);
    else if (c.type !== type) out.push(`${name}: ${field} is ${type}, the contract says ${c.type}`);
  }
  for (const [field, c] of contract) {
    if (!(field in query.fields)) out.push(`${name}: ${field} (${c.type}) is refused`);
  }
  for (const [field, c] of contract) {
    if (!c.values || !(field in query.fields)) continue;
    const known = query.values?.[field] ?? [];
    const missing = c.values.filter((v) => !known.includes(v));
    if (missing.length > 0) out.push(`${name}: ${field} does not offer ${missing.join(', ')}`);
    const extra = known.filter((v) => !c.values?.includes(v));
    if (extra.length > 0) out.push(`${name}: ${field} offers ${extra.join(', ')}, which the contract lacks`);
  }
  return out;
}
