// The draft's JSON Schema and template, built from push options: their shape for each option type,
// then held to the emulator: the valid bodies of every pushable type pass the schema built from the
// options the client reads, and what breaks the schema the emulator refuses too.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import type { PushOption } from '../../../src/api/models';
import { pushSchema, pushTemplate, type JsonSchema } from '../../../src/push/schema';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { PUSH_DATA_TYPES, pushOptionsOf } from '../../emulator/pushOptions';
import { dataType } from '../../../src/dataTypes/catalog';
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
    assert.equal(prop(schema, 'file').title, undefined, 'the name leads its Markdown description instead');
    assert.equal(prop(schema, 'file').markdownDescription, '**The File**\n\nA File field');
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
    assert.equal(ref.title, undefined);
    assert.equal(
      ref.description,
      'A Object field\nWarning: Must match an existing *ref*.\nNote: Optional <b>label</b>.',
    );
    assert.equal(
      ref.markdownDescription,
      '**The Object**\n\nA Object field\n\nWarning\\: Must match an existing \\*ref\\*\\.\n\nNote\\: Optional \\<b\\>label\\<\\/b\\>\\.',
    );
    assert.equal(prop(schema, 'amount').description, 'A Number field');
    const listy = (description: string) =>
      prop(
        pushSchema({ ...OPTIONS, properties: { x: leaf('Number', false, { description, displayName: '' }) } }, 'x'),
        'x',
      ).markdownDescription;
    assert.deepEqual(['1. one', '- two', '+ 3'].map(listy), ['1\\. one', '\\- two', '\\+ 3']);
  });
});

describe('push template: every required field', () => {
  it('fills each required field with a start value of its type, recursively', () => {
    const now = new Date('2026-11-26T23:30:00+01:00');
    assert.deepEqual(pushTemplate(OPTIONS, now), {
      name: '',
      kind: 'A',
      amount: null,
      paid: false,
      when: '2026-11-26T00:00:00',
      file: null,
      ref: { id: '' },
      lines: [{ qty: null }],
    });
  });

  it('starts every required field the user must fill with a value its schema refuses (issue 31)', () => {
    const template = pushTemplate(OPTIONS, new Date('2026-11-26T10:00:00Z'));
    assert.deepEqual(validate(pushSchema(OPTIONS, 'x'), template).sort(), [
      '$.amount: expected number, got null',
      '$.lines[0].qty: expected number, got null',
      '$.name: shorter than 1',
      '$.ref.id: shorter than 1',
    ]);
    const filled = { ...template, name: 'n', amount: 0, ref: { id: '1' }, lines: [{ qty: 2 }] };
    assert.deepEqual(validate(pushSchema(OPTIONS, 'x'), filled), [], 'zero is a value once typed');
    assert.equal(prop(pushSchema(OPTIONS, 'x'), 'note').minLength, undefined, 'an optional text may be empty');
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
    // Bank transactions' options are under one of the connection's bank accounts.
    const place = { companyId: emu.companies.few, connectionId: emu.connections.few[0] };
    const [account] = (await client().listRecords('bankAccounts', place, { pageSize: 1 })).results;
    for (const type of PUSH_DATA_TYPES) {
      const parent = dataType(type).parent ? { parentId: account.id } : {};
      options.set(type, await client().pushes.options({ ...place, ...parent }, type));
    }
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

  it('makes templates the schema refuses until filled in: the empty invoice of issue 31 is marked', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    for (const type of PUSH_DATA_TYPES) {
      const option = options.get(type) as PushOption;
      const problems = validate(pushSchema(option, type), pushTemplate(option, now));
      assert.ok(problems.length > 0, `${type}: an unfilled template passes`);
    }
    const invoice = validate(
      pushSchema(options.get('invoices') as PushOption, 'invoices'),
      pushTemplate(options.get('invoices') as PushOption, now),
    );
    for (const field of ['$.customerRef.id', '$.lineItems[0].unitAmount', '$.lineItems[0].quantity'])
      assert.ok(
        invoice.some((p) => p.startsWith(`${field}:`)),
        `${field} in ${invoice.join('; ')}`,
      );
  });
});

/** `levels` Objects, each the one required field of the one above. */
function nested(levels: number): PushOption {
  let option: PushOption = leaf('String', true);
  for (let i = 0; i < levels; i++) option = leaf('Object', true, { properties: { deeper: option } });
  return { ...OPTIONS, properties: { top: option } };
}

describe('push schema: hostile options (issue 30)', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  /** Options as a server may send them: any shape, typed only as the client reads them. */
  const hostile = (properties: Record<string, unknown>): PushOption =>
    ({ ...OPTIONS, properties }) as unknown as PushOption;
  const both = (option: PushOption) => ({ schema: pushSchema(option, 'x'), draft: pushTemplate(option, now) });

  it('leaves out a field of the wrong shape instead of throwing', () => {
    const cases: Record<string, unknown>[] = [
      { gone: null, name: leaf('String', true) },
      { gone: 5, name: leaf('String', true) },
      { name: { ...leaf('String', true), options: 'A,B' } },
      { name: { ...leaf('String', true), options: [null, 5, { value: 7 }, { displayName: 'no value' }] } },
      { name: { ...leaf('String', true), validation: { warnings: 5, information: null } } },
      { name: { ...leaf('String', true), validation: { warnings: [null, { details: 5 }] } } },
      { name: { ...leaf('String', true), validation: 'strict' } },
      { name: { ...leaf('String', true), description: 5, displayName: { a: 1 } } },
      { name: { ...leaf('Object', true), properties: [leaf('String', true)] } },
      { name: { ...leaf('Object', true), properties: null } },
      { name: { type: 5, required: 'yes' } },
    ];
    for (const properties of cases) {
      const { schema, draft } = both(hostile(properties));
      assert.equal(prop(schema, 'gone'), undefined, JSON.stringify(properties));
      assert.ok(prop(schema, 'name'), JSON.stringify(properties));
      assert.ok(!('gone' in draft));
    }
    const { schema } = both(hostile({ name: { ...leaf('String', true), description: 5, options: [{ value: 7 }] } }));
    assert.equal(prop(schema, 'name').description, undefined);
    assert.equal(prop(schema, 'name').enum, undefined, 'no choice with a text value');
    assert.equal(prop(schema, 'name').minLength, 1);
  });

  it('reads a tree of any depth without overflowing the stack, and stops at the bound', () => {
    for (const levels of [1_400, 5_000]) {
      const { schema, draft } = both(nested(levels));
      let depth = 0;
      for (let d: unknown = draft; typeof d === 'object' && d !== null; d = Object.values(d)[0]) depth++;
      assert.ok(depth <= 34, `draft ${depth} levels deep`);
      assert.ok(JSON.stringify(schema).length < 100_000, 'schema size');
    }
  });

  it('keeps the schema and the draft small whatever the answer holds', () => {
    // 1,300 levels answered in 69 KB once built a 30.6 MB schema and a 3.4 MB draft.
    const deep = both(nested(1_300));
    assert.ok(JSON.stringify(deep.schema).length < 1_000_000, `${JSON.stringify(deep.schema).length} characters`);
    assert.ok(JSON.stringify(deep.draft).length < 10_000);
    // Wide: many fields, each with long text and many choices.
    const long = 'x'.repeat(100_000);
    const choices = [...Array(2_000).keys()].map((i) => ({ value: `v${i}${long}`, displayName: long }));
    const fields = Object.fromEntries(
      [...Array(3_000).keys()].map((i) => [
        `f${i}`,
        { ...leaf('String', true), description: long, options: choices, validation: { warnings: [{ details: long }] } },
      ]),
    );
    const wide = both(hostile(fields));
    assert.ok(JSON.stringify(wide.schema).length < 2_000_000, `${JSON.stringify(wide.schema).length} characters`);
    assert.ok(JSON.stringify(wide.draft).length < 2_000_000);
  });

  it('keeps a required field named __proto__ (or constructor) in the draft and the schema', () => {
    const option = hostile({ ['__proto__']: leaf('String', true), constructor: leaf('Number', true) });
    // As JSON.parse gives it: an own property named __proto__.
    const parsed = JSON.parse(
      JSON.stringify({ ...OPTIONS, properties: {} }).replace(
        '"properties":{}',
        `"properties":{"__proto__":${JSON.stringify(leaf('String', true))},"constructor":${JSON.stringify(leaf('Number', true))}}`,
      ),
    ) as PushOption;
    for (const o of [option, parsed]) {
      const { schema, draft } = both(o);
      assert.deepEqual(JSON.parse(JSON.stringify(draft)), JSON.parse('{"__proto__":"","constructor":null}'));
      assert.deepEqual(Object.keys(schema.properties as Json), ['$schema', '__proto__', 'constructor']);
      assert.deepEqual(schema.required, ['__proto__', 'constructor']);
      assert.equal(Object.getPrototypeOf(draft), Object.prototype);
    }
  });

  it('shows a field’s name as plain text too, leading its description', () => {
    const named = prop(
      pushSchema(
        hostile({ x: { ...leaf('Number', false), displayName: 'See https://evil.example\n===', description: '' } }),
        'x',
      ),
      'x',
    );
    assert.equal(named.title, undefined);
    assert.equal(named.markdownDescription, '**See https\\:\\/\\/evil\\.example \\=\\=\\=**');
  });

  it('shows descriptions as plain text: no list item, heading, setext heading, link or HTML is live', () => {
    const described = (description: string, notes: string[] = []) =>
      prop(
        pushSchema(
          hostile({
            x: {
              ...leaf('Number', false),
              displayName: '',
              description,
              validation: { warnings: notes.map((details) => ({ details })) },
            },
          }),
          'x',
        ),
        'x',
      );
    const md = (description: string) => String(described(description).markdownDescription);
    const cases = [
      'Amount\n- first item\n* second\n+ third\n1. fourth\n2) fifth',
      'Heading\n===\nSub\n---',
      '# Title\n> quote\n    code block\n```fence```',
      'Visit https://evil.example/x or www.evil.example or mail bad@evil.example',
      '[click](https://evil.example) ![img](https://evil.example/i.png) <https://evil.example>',
      '<img src=x onerror=alert(1)> &amp; &#x41; **bold** _it_ ~~s~~ | a | b |',
    ];
    for (const text of cases) {
      const out = md(text);
      // Every ASCII punctuation character escaped: none is markup.
      assert.ok(!/(^|[^\\])[!-/:-@[-`{-~]/.test(out.replace(/\\[!-/:-@[-`{-~]/g, '')), out);
      assert.ok(!/^[ \t]/m.test(out), `no indented line: ${out}`);
      // The same text once the escapes are read, line by line.
      assert.deepEqual(
        out.split('\n\n').map((l) => l.replace(/\\(.)/g, '$1')),
        text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      );
      assert.equal(described(text).description, text, 'the plain description is the text as sent');
    }
    assert.match(
      String(described('a', ['see https://x.example']).markdownDescription),
      /Warning\\: see https\\:\\\/\\\/x\\.example/,
    );
  });
});
