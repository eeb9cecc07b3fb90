// The draft's JSON Schema and template, built from push options: their shape for each option type,
// then held to the emulator: the valid bodies of every pushable type pass the schema built from the
// options the client reads, and what breaks the schema the emulator refuses too.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { PushOption } from '../../../src/api/models';
import { pushSchema, pushTemplate, type JsonSchema } from '../../../src/push/schema';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { PUSH_DATA_TYPES, pushOptionsOf } from '../../emulator/pushOptions';
import { checkPush } from '../../emulator/pushValidation';
import { validate } from '../../support/miniSchema';
import { VALID_BODIES } from '../../support/pushBodies';

type Json = Record<string, unknown>;

const leaf = (type: string, required = false, extra: Partial<PushOption> = {}): PushOption => ({
  type,
  displayName: `The ${type}`,
  description: `A ${type} field`,
  required,
  ...extra,
});

const OPTIONS: PushOption = {
  type: 'Object',
  displayName: 'Thing',
  description: 'A thing to push',
  required: true,
  properties: {
    name: leaf('String', true),
    kind: leaf('String', true, {
      options: [
        { value: 'A', type: 'String', displayName: 'A', required: false },
        { value: 'B', type: 'String', displayName: 'B', required: false },
      ],
    }),
    amount: leaf('Number', true),
    paid: leaf('Boolean', true),
    when: leaf('DateTime', true),
    note: leaf('String'),
    file: leaf('File', true),
    ref: leaf('Object', true, {
      properties: { id: leaf('String', true), label: leaf('String') },
      validation: {
        warnings: [{ field: 'Ref.Id', details: 'Must match an existing *ref*.' }],
        information: [{ details: 'Optional <b>label</b>.' }],
      },
    }),
    lines: leaf('Array', true, { properties: { qty: leaf('Number', true), memo: leaf('String') } }),
    tags: leaf('Array', false, { properties: { tag: leaf('String', true) } }),
  },
};

const prop = (schema: JsonSchema, ...path: string[]): JsonSchema =>
  path.reduce<JsonSchema>((s, name) => (s.properties as Record<string, JsonSchema>)[name], schema);

describe('push schema: shapes from the options tree', () => {
  const schema = pushSchema(OPTIONS, 'Push a thing');

  it('is a draft-07 object schema titled as asked, which also allows $schema', () => {
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.equal(schema.title, 'Push a thing');
    assert.equal(schema.description, 'A thing to push');
    assert.equal(schema.type, 'object');
    assert.equal(schema.additionalProperties, true);
    assert.equal(prop(schema, '$schema').type, 'string');
    assert.deepEqual(JSON.parse(JSON.stringify(schema)), schema, 'plain JSON');
  });

  it('lists the required fields at each level, and only those', () => {
    assert.deepEqual(schema.required, ['name', 'kind', 'amount', 'paid', 'when', 'file', 'ref', 'lines']);
    assert.deepEqual(prop(schema, 'ref').required, ['id']);
    assert.deepEqual((prop(schema, 'lines').items as JsonSchema).required, ['qty']);
  });

  it('gives each option type its constraint, and a type it does not know none', () => {
    assert.deepEqual(
      ['name', 'amount', 'paid', 'note', 'ref', 'lines'].map((n) => prop(schema, n).type),
      ['string', 'number', 'boolean', 'string', 'object', 'array'],
    );
    const when = prop(schema, 'when');
    assert.equal(when.type, 'string');
    assert.equal(when.format, undefined, 'format date-time would want a zone');
    assert.ok(!('type' in prop(schema, 'file')));
    assert.equal(prop(schema, 'file').title, 'The File');
  });

  it('reads dates as Codat writes them: a day, or a day and a time with an optional zone', () => {
    const when = { type: 'object', properties: { when: prop(schema, 'when') } };
    for (const ok of ['2026-01-15', '2026-01-15T09:30:00', '2026-01-15T09:30:00.125Z', '2026-01-15T09:30:00+01:00'])
      assert.deepEqual(validate(when, { when: ok }), [], ok);
    for (const bad of ['15/01/2026', '2026-01-15T09:30', '2026-01-15 09:30:00', '2026-1-5', ''])
      assert.equal(validate(when, { when: bad }).length, 1, bad);
  });

  it('makes an array of objects of its properties, at least one entry when required', () => {
    const lines = prop(schema, 'lines');
    assert.equal(lines.minItems, 1);
    assert.deepEqual(Object.keys((lines.items as JsonSchema).properties as Json), ['qty', 'memo']);
    assert.equal(prop(schema, 'tags').minItems, undefined);
  });

  it('restricts a string with options to their values', () => {
    assert.deepEqual(prop(schema, 'kind').enum, ['A', 'B']);
    assert.equal(prop(schema, 'kind').enumDescriptions, undefined, 'names no different from the values');
    assert.equal(prop(schema, 'name').enum, undefined);
    const named = leaf('String', false, {
      options: [
        { value: 'ACC', type: 'String', displayName: 'Accrual', required: false },
        { value: 'CSH', type: 'String', displayName: '', required: false },
      ],
    });
    const basis = prop(pushSchema({ ...OPTIONS, properties: { basis: named } }, 'x'), 'basis');
    assert.deepEqual(basis.enumDescriptions, ['Accrual', 'CSH']);
  });

  it('describes each field, its warnings and notes each on a line, and as Markdown', () => {
    const ref = prop(schema, 'ref');
    assert.equal(ref.title, 'The Object');
    assert.equal(
      ref.description,
      'A Object field\nWarning: Must match an existing *ref*.\nNote: Optional <b>label</b>.',
    );
    assert.equal(
      ref.markdownDescription,
      'A Object field\n\nWarning: Must match an existing \\*ref\\*.\n\nNote: Optional \\<b\\>label\\</b\\>.',
    );
    assert.equal(prop(schema, 'amount').description, 'A Number field');
    const listy = (description: string) =>
      prop(pushSchema({ ...OPTIONS, properties: { x: leaf('Number', false, { description }) } }, 'x'), 'x')
        .markdownDescription;
    assert.deepEqual(['1. one', '- two', '+ 3'].map(listy), ['1\\. one', '\\- two', '\\+ 3']);
  });
});

describe('push template: every required field', () => {
  it('fills each required field with a start value of its type, recursively', () => {
    const now = new Date('2026-11-26T23:30:00+01:00');
    assert.deepEqual(pushTemplate(OPTIONS, now), {
      name: '',
      kind: 'A',
      amount: 0,
      paid: false,
      when: '2026-11-26T00:00:00',
      file: null,
      ref: { id: '' },
      lines: [{ qty: 0 }],
    });
  });

  it('takes the UTC day of now', () => {
    const template = pushTemplate(
      { ...OPTIONS, properties: { d: leaf('DateTime', true) } },
      new Date('2026-03-01T00:30:00+02:00'),
    );
    assert.deepEqual(template, { d: '2026-02-28T00:00:00' });
  });
});

/** A path into a body: property names and array indexes. */
type Path = (string | number)[];

/** Bodies that break one rule each: a required field left out, an allowed value not allowed. */
function breakages(option: PushOption, body: Json, at: Path = []): { what: string; path: Path; remove: boolean }[] {
  const out: { what: string; path: Path; remove: boolean }[] = [];
  for (const [name, child] of Object.entries(option.properties ?? {})) {
    const v = body[name];
    if (v === undefined) continue;
    const path = [...at, name];
    if (child.required) out.push({ what: `without ${path.join('.')}`, path, remove: true });
    if (child.options) out.push({ what: `${path.join('.')} not allowed`, path, remove: false });
    if (child.type === 'Object') out.push(...breakages(child, v as Json, path));
    if (child.type === 'Array' && Array.isArray(v) && v.length > 0)
      out.push(...breakages(child, v[0] as Json, [...path, 0]));
  }
  return out;
}

function broken(body: Json, path: Path, remove: boolean): Json {
  const copy = structuredClone(body);
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as Json, copy);
  const last = path[path.length - 1];
  if (remove) delete parent[last];
  else parent[last] = 'NotAnAllowedValue';
  return copy;
}

describe('push schema against the emulator', () => {
  let emu: RunningEmulator;
  const options = new Map<string, PushOption>();
  const client = () => new DataPlatformClient({ baseUrl: emu.url, apiKey: emu.keys.normal });

  before(async () => {
    emu = await startEmulator({ invoices: 10, companies: 10 });
    for (const type of PUSH_DATA_TYPES)
      options.set(type, await client().getPushOptions(emu.companies.empty, emu.connections.empty[0], type));
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  it('passes the valid body of every pushable type, with or without its $schema line', () => {
    for (const type of PUSH_DATA_TYPES) {
      const schema = pushSchema(options.get(type) as PushOption, type);
      assert.deepEqual(validate(schema, VALID_BODIES[type]), [], type);
      assert.deepEqual(validate(schema, { $schema: 'dataplatform-schema:/x', ...VALID_BODIES[type] }), [], type);
    }
  });

  it('refuses what the emulator refuses: a required field left out, a value not allowed', () => {
    let count = 0;
    for (const type of PUSH_DATA_TYPES) {
      const option = options.get(type) as PushOption;
      const schema = pushSchema(option, type);
      for (const { what, path, remove } of breakages(option, VALID_BODIES[type])) {
        const body = broken(VALID_BODIES[type], path, remove);
        assert.ok(validate(schema, body).length > 0, `${type} ${what}: the schema takes it`);
        assert.ok(checkPush(pushOptionsOf(type), body).errors.length > 0, `${type} ${what}: the emulator takes it`);
        count++;
      }
    }
    assert.ok(count >= 30, `only ${count} breakages`);
  });

  it('names the wrong value and the missing field', () => {
    const schema = pushSchema(options.get('invoices') as PushOption, 'invoices');
    assert.deepEqual(validate(schema, { ...VALID_BODIES.invoices, status: 'Paid' }), [
      '$.status: "Paid" is not one of ["Draft","Submitted"]',
    ]);
    const { issueDate: _issueDate, ...noDate } = VALID_BODIES.invoices;
    assert.deepEqual(validate(schema, noDate), ['$: missing required issueDate']);
  });

  it('makes templates the schema passes, which the emulator takes as they are (it checks no empty ids)', async () => {
    const now = new Date('2026-11-26T10:00:00Z');
    for (const type of PUSH_DATA_TYPES) {
      const option = options.get(type) as PushOption;
      const template = pushTemplate(option, now);
      assert.deepEqual(validate(pushSchema(option, type), template), [], type);
      const op = await client().pushRecord(emu.companies.empty, emu.connections.empty[0], type, template);
      assert.deepEqual(op.validation?.errors, [], `${type}: ${JSON.stringify(op.validation)}`);
      assert.equal(op.status, 'Pending', type);
    }
    assert.equal(emu.requests.entries().filter((r) => r.method === 'POST').length, PUSH_DATA_TYPES.length);
  });
});
