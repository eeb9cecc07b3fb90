// The emulator's connections, push options, push answers, push operations and the records pushes
// create, held to Codat's published contract (test/contract/codat.json): the Platform API's
// Connection, PushOption and PushOperation, the Accounting API's push paths and record schemas.
// The push options are written by hand in the emulator: every field, type and allowed value they
// name must be one of the contract's record.
import * as assert from 'node:assert/strict';
import { CONTRACT, SCHEMAS, contractType, problems, type Schema } from '../../contract/contract';
import { PUSH_DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { ManualClock, call, walk } from '../../emulator/testing';
import type { PushOperation, PushOptionProperty } from '../../emulator/wire';
import { VALID_BODIES } from '../../support/pushBodies';

type Rec = Record<string, unknown>;

function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

const JSON_TYPES: Record<string, string> = {
  String: 'string',
  Number: 'number',
  Boolean: 'boolean',
  DateTime: 'string',
  Object: 'object',
  Array: 'array',
};

const typesOf = (s: Schema): unknown[] => (Array.isArray(s.type) ? s.type : [s.type]);

/** Where an option tree names what its record schema lacks: a field, a type, an allowed value, a requirement. */
function optionProblems(option: PushOptionProperty, schema: Schema, path: string, nested: boolean): string[] {
  const found: string[] = [];
  const fields = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, child] of Object.entries(option.properties ?? {})) {
    const where = `${path}${name}`;
    const target = fields[name];
    if (!target) {
      found.push(`${where}: not a field of the record`);
      continue;
    }
    if (!typesOf(target).includes(JSON_TYPES[child.type]))
      found.push(`${where}: ${child.type} is not ${String(target.type)}`);
    if (child.type === 'DateTime' && target.format !== 'date-time') found.push(`${where}: not a date-time`);
    const allowed = target.enum as unknown[] | undefined;
    for (const value of child.options?.map((o) => o.value) ?? [])
      if (!allowed?.includes(value)) found.push(`${where}: ${value} is not an allowed value`);
    const inner = child.type === 'Array' ? (target.items as Schema) : target;
    if (child.type === 'Object' || child.type === 'Array')
      found.push(...optionProblems(child, inner, `${where}.`, true));
  }
  // Below the record itself, what the contract requires must be asked for (the platform works out
  // the record's own totals, so the top level is held by the created records instead).
  if (nested)
    for (const name of (schema.required ?? []) as string[])
      if (option.properties?.[name]?.required !== true)
        found.push(`${path}${name}: required by the record, not asked for`);
  return found;
}

describe('Codat contract: pushing', function () {
  this.timeout(60000);
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 60, companies: 12, now: clock.now });
  });
  after(() => emu.close());

  it('names the push paths of every type the emulator takes: timeoutInMinutes, answered 200 only', () => {
    assert.deepEqual(Object.keys(CONTRACT.push.types), [...PUSH_DATA_TYPES]);
    for (const [type, p] of Object.entries(CONTRACT.push.types)) {
      assert.equal(p.path, `/companies/{companyId}/connections/{connectionId}/push/${type}`);
      assert.deepEqual([p.query, p.statuses], [['timeoutInMinutes'], ['200']]);
      contractType(type);
    }
    assert.equal(CONTRACT.push.historyPath, '/companies/{companyId}/push');
  });

  it('connections: every page and each connection of the well-known companies', async () => {
    for (const [name, company] of Object.entries(emu.companies)) {
      const pages = await walk<Rec>(emu, `/companies/${company}/connections?pageSize=1`);
      for (const page of pages) fits(SCHEMAS.connections, page.json, `connections of ${name}`);
      for (const id of emu.connections[name as keyof typeof emu.connections])
        fits(SCHEMAS.connection, (await call(emu, `/companies/${company}/connections/${id}`)).json, `${name}'s ${id}`);
    }
  });

  for (const type of PUSH_DATA_TYPES) {
    it(`${type}: the options fit PushOption and name only the record's fields, types and values`, async () => {
      const options = await call<PushOptionProperty>(
        emu,
        `/companies/${emu.companies.few}/connections/${emu.connections.few[0]}/options/${type}`,
      );
      fits(SCHEMAS.pushOption, options.json, `options of ${type}`);
      assert.deepEqual(optionProblems(options.json, SCHEMAS.record(type), '', false), []);
    });

    it(`${type}: the push's answers, its operations and the record it creates`, async () => {
      const company = emu.companies.few;
      const path = `/companies/${company}/connections/${emu.connections.few[0]}/push/${type}`;
      const pending = await call<PushOperation & { data: Rec }>(emu, `${path}?timeoutInMinutes=5`, {
        method: 'POST',
        body: VALID_BODIES[type],
      });
      fits(SCHEMAS.pushAnswer(type), pending.json, `a pending ${type} push`);
      fits(SCHEMAS.record(type), pending.json.data, `the ${type} record the answer carries`);
      const failed = await call(emu, path, { method: 'POST', body: { note: 7 } });
      fits(SCHEMAS.pushAnswer(type), failed.json, `a failed ${type} push`);
      const timedOut = await call(emu, `${path}?timeoutInMinutes=0`, { method: 'POST', body: VALID_BODIES[type] });
      fits(SCHEMAS.pushAnswer(type), timedOut.json, `a ${type} push that will time out`);
      clock.advance(60_000);
      const done = await call<PushOperation>(emu, `/companies/${company}/push/${pending.json.pushOperationKey}`);
      assert.equal(done.json.status, 'Success');
      fits(SCHEMAS.pushOperation, done.json, `a successful ${type} push`);
      for (const page of await walk<Rec>(emu, `/companies/${company}/push?pageSize=2`))
        fits(SCHEMAS.pushOperations, page.json, 'a page of the push history');
      const id = done.json.changes?.[0].recordRef.id ?? '';
      fits(
        SCHEMAS.record(type),
        (await call(emu, `/companies/${company}/data/${type}/${id}`)).json,
        `a pushed ${type}`,
      );
      const pages = await walk<Rec>(emu, `/companies/${company}/data/${type}?pageSize=5000`);
      fits(SCHEMAS.page(type), pages[pages.length - 1].json, `the ${type} page with the pushed record`);
    });
  }

  it('finds options that name what the record lacks: a field, a type, a value, a requirement', async () => {
    const options = (
      await call<PushOptionProperty>(
        emu,
        `/companies/${emu.companies.few}/connections/${emu.connections.few[0]}/options/customers`,
      )
    ).json;
    const properties = options.properties ?? {};
    const field = (type: PushOptionProperty['type']): PushOptionProperty => ({
      type,
      displayName: 'X',
      description: 'X',
      required: false,
    });
    properties.colour = field('String');
    properties.customerName = field('Number');
    properties.status.options?.push({ value: 'InActive', type: 'String', displayName: 'InActive', required: false });
    const address = properties.addresses.properties ?? {};
    address.type.required = false;
    assert.deepEqual(optionProblems(options, SCHEMAS.record('customers'), '', false), [
      'customerName: Number is not string,null',
      'status: InActive is not an allowed value',
      'addresses.type: required by the record, not asked for',
      'colour: not a field of the record',
    ]);
  });

  it('error bodies of the push endpoints', async () => {
    const { few } = emu.companies;
    const cases = [
      [404, `/companies/${few}/connections/${emu.connections.many[0]}/options/invoices`, 'GET'],
      [404, `/companies/${few}/push/00000000-0000-4000-8000-000000000000`, 'GET'],
      [400, `/companies/${few}/connections/${emu.connections.few[0]}/push/invoices?timeoutInMinutes=x`, 'POST'],
      [405, `/companies/${few}/push`, 'POST'],
    ] as const;
    for (const [status, path, method] of cases) {
      const reply = await call(emu, path, method === 'POST' ? { method, body: {} } : {});
      assert.equal(reply.status, status, path);
      fits(SCHEMAS.error, reply.json, `${status} from ${path}`);
    }
  });
});
