// The emulator's connections, push options, push answers, push operations and the records pushes
// create, update and delete, held to Codat's published contract (test/contract/codat.json): the
// Platform API's Connection, PushOption and PushOperation, the Accounting API's writes (options,
// create, update, delete: paths, query parameters, bodies, answers) and record schemas. The push
// options are written by hand in the emulator: every field, type and allowed value they name must
// be one of the contract's create body.
import * as assert from 'node:assert/strict';
import { CONTRACT, type ContractWrite, SCHEMAS, contractType, problems, type Schema } from '../../contract/contract';
import { PUSH_DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { allowedMethods } from '../../emulator/api';
import { DELETE_TYPES, UPDATE_TYPES } from '../../emulator/pushTypes';
import { ManualClock, call, walk } from '../../emulator/testing';
import type { PushOperation, PushOptionProperty } from '../../emulator/wire';
import { VALID_BODIES, createPath, listPath } from '../../support/pushBodies';

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

const writes = (type: string) => CONTRACT.push.types[type];

/** A write's request body schema (an update's may be its create's). */
function bodyOf(type: string, write: ContractWrite): Schema {
  const body = write.body === 'create' ? writes(type).create.body : write.body;
  if (body === undefined || body === 'create') throw new Error(`${write.method} ${write.path} has no body`);
  return body;
}

/** What a write's 200 answers, as a schema. */
function answerOf(type: string, write: ContractWrite): Schema {
  if (write.answer === 'PushOption') return SCHEMAS.pushOption;
  const summary = CONTRACT.push.pushOperationSummary;
  if (write.answer === 'PushOperationSummary') return summary;
  return { ...summary, properties: { ...(summary.properties as Schema), data: bodyOf(type, write) } };
}

describe('Codat contract: pushing', function () {
  this.timeout(60000);
  let emu: RunningEmulator;
  const clock = new ManualClock();
  let account = '';

  before(async () => {
    emu = await startEmulator({ invoices: 60, companies: 12, now: clock.now });
    const accounts = await call<{ results: Rec[] }>(emu, listPath('bankAccounts', company(), connection()));
    account = String(accounts.json.results[0].id);
  });
  after(() => emu.close());

  const company = () => emu.companies.few;
  const connection = () => emu.connections.few[0];
  /** The contract's path of a write with this company, connection, bank account and record id. */
  const at = (path: string, id = 'x'): string =>
    path
      .replace('{companyId}', company())
      .replace('{connectionId}', connection())
      .replace('{accountId}', account)
      .replace(/\{[A-Za-z]+Id\}/, encodeURIComponent(id));

  it('names a write of each kind for every type the emulator writes, and the emulator routes each', () => {
    assert.deepEqual(Object.keys(CONTRACT.push.types), [...PUSH_DATA_TYPES]);
    const kinds = (kind: 'update' | 'delete') =>
      Object.entries(CONTRACT.push.types)
        .filter(([, w]) => w[kind])
        .map(([t]) => t)
        .sort();
    assert.deepEqual(kinds('update'), [...UPDATE_TYPES].sort());
    assert.deepEqual(kinds('delete'), [...DELETE_TYPES].sort());
    for (const [type, w] of Object.entries(CONTRACT.push.types)) {
      for (const write of [w.options, w.create, w.update, w.delete]) {
        if (!write) continue;
        assert.deepEqual(write.statuses, ['200'], `${write.method} ${write.path}`);
        assert.ok(allowedMethods(at(write.path))?.includes(write.method), `${write.method} ${write.path} is routed`);
      }
      assert.deepEqual(w.update?.query ?? ['timeoutInMinutes', 'forceUpdate'], ['timeoutInMinutes', 'forceUpdate']);
      assert.deepEqual(w.delete?.query ?? [], []);
      if (type !== 'transfers') assert.ok(w.create.query.includes('timeoutInMinutes'), type);
      if (type !== 'bankTransactions') contractType(type);
    }
    assert.equal(CONTRACT.push.historyPath, '/companies/{companyId}/push');
  });

  it('connections: every page and each connection of the well-known companies', async () => {
    for (const [name, id] of Object.entries(emu.companies)) {
      const pages = await walk<Rec>(emu, `/companies/${id}/connections?pageSize=1`);
      for (const page of pages) fits(SCHEMAS.connections, page.json, `connections of ${name}`);
      for (const c of emu.connections[name as keyof typeof emu.connections])
        fits(SCHEMAS.connection, (await call(emu, `/companies/${id}/connections/${c}`)).json, `${name}'s ${c}`);
    }
  });

  for (const type of PUSH_DATA_TYPES) {
    it(`${type}: the options fit PushOption and name only the create body's fields, types and values`, async () => {
      const w = writes(type);
      const options = await call<PushOptionProperty>(emu, at(w.options.path));
      assert.equal(options.status, 200);
      fits(answerOf(type, w.options), options.json, `options of ${type}`);
      assert.deepEqual(optionProblems(options.json, bodyOf(type, w.create), '', false), []);
    });

    it(`${type}: the create's answers, its operations and the records it creates`, async () => {
      const create = writes(type).create;
      const path = at(create.path);
      assert.equal(path, createPath(type, company(), connection(), account));
      const timeout = create.query.includes('timeoutInMinutes') ? '?timeoutInMinutes=5' : '';
      const pending = await call<PushOperation & { data: Rec }>(emu, `${path}${timeout}`, {
        method: 'POST',
        body: VALID_BODIES[type],
      });
      assert.equal(pending.json.status, 'Pending', JSON.stringify(pending.json.validation));
      fits(answerOf(type, create), pending.json, `a pending ${type} push`);
      const { data: _data, ...operation } = pending.json;
      fits(SCHEMAS.pushOperation, operation, `a pending ${type} push (Platform API)`);
      const failed = await call(emu, path, { method: 'POST', body: { note: 7 } });
      fits(answerOf(type, create), failed.json, `a failed ${type} push`);
      clock.advance(60_000);
      const done = await call<PushOperation>(emu, `/companies/${company()}/push/${pending.json.pushOperationKey}`);
      assert.equal(done.json.status, 'Success');
      fits(SCHEMAS.pushOperation, done.json, `a successful ${type} push`);
      fits(CONTRACT.push.pushOperationSummary, done.json, `a successful ${type} push (Accounting API)`);
      for (const page of await walk<Rec>(emu, `/companies/${company()}/push?pageSize=5`))
        fits(SCHEMAS.pushOperations, page.json, 'a page of the push history');
      const list = listPath(type, company(), connection(), account);
      const pages = await walk<Rec>(emu, `${list}?pageSize=5000`);
      const created = pages
        .flatMap((p) => p.json.results)
        .filter((r) => done.json.changes?.some((c) => c.recordRef.id === r.id));
      assert.equal(created.length, done.json.changes?.length, `${type}: every created record is listed`);
      fits(SCHEMAS.page(type), pages[pages.length - 1].json, `the ${type} page with the pushed record`);
      if (contractType(type).itemPath)
        fits(SCHEMAS.item(type), (await call(emu, `${list}/${String(created[0].id)}`)).json, `a pushed ${type}`);
    });
  }

  for (const type of UPDATE_TYPES) {
    it(`${type}: an update's answers, its operation and the record it leaves`, async () => {
      const update = writes(type).update as ContractWrite;
      const list = listPath(type, company(), connection());
      const [record] = (await call<{ results: Rec[] }>(emu, `${list}?pageSize=1`)).json.results;
      const path = at(update.path, String(record.id));
      const pending = await call<PushOperation>(emu, `${path}?timeoutInMinutes=5&forceUpdate=false`, {
        method: 'PUT',
        body: VALID_BODIES[type],
      });
      assert.equal(pending.json.status, 'Pending', JSON.stringify(pending.json.validation));
      fits(answerOf(type, update), pending.json, `a pending ${type} update`);
      const failed = await call(emu, path, { method: 'PUT', body: { note: 7 } });
      fits(answerOf(type, update), failed.json, `a failed ${type} update`);
      clock.advance(60_000);
      const done = await call<PushOperation>(emu, `/companies/${company()}/push/${pending.json.pushOperationKey}`);
      assert.deepEqual(
        done.json.changes?.map((c) => c.type),
        ['Modified'],
      );
      fits(SCHEMAS.pushOperation, done.json, `a successful ${type} update`);
      fits(SCHEMAS.item(type), (await call(emu, `${list}/${String(record.id)}`)).json, `an updated ${type}`);
      const unknown = await call(emu, at(update.path, 'no-such-record'), { method: 'PUT', body: VALID_BODIES[type] });
      assert.equal(unknown.status, 404);
      fits(SCHEMAS.error, unknown.json, `a ${type} update's 404`);
    });
  }

  for (const type of DELETE_TYPES) {
    it(`${type}: a delete's answer, its operation, and the 404 after`, async () => {
      const remove = writes(type).delete as ContractWrite;
      const list = listPath(type, company(), connection());
      const [record] = (await call<{ results: Rec[] }>(emu, `${list}?pageSize=1`)).json.results;
      const path = at(remove.path, String(record.id));
      const pending = await call<PushOperation>(emu, path, { method: 'DELETE' });
      assert.equal(pending.json.status, 'Pending');
      fits(answerOf(type, remove), pending.json, `a pending ${type} delete`);
      clock.advance(60_000);
      const done = await call<PushOperation>(emu, `/companies/${company()}/push/${pending.json.pushOperationKey}`);
      assert.deepEqual(
        done.json.changes?.map((c) => c.type),
        ['Deleted'],
      );
      fits(SCHEMAS.pushOperation, done.json, `a successful ${type} delete`);
      for (const gone of [
        await call(emu, `${list}/${String(record.id)}`),
        await call(emu, path, { method: 'DELETE' }),
      ]) {
        assert.equal(gone.status, 404);
        fits(SCHEMAS.error, gone.json, `a deleted ${type}'s 404`);
      }
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
