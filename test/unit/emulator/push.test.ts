// Pushes: a valid body is Pending, then Success after the delay on the emulator's clock, and the
// record joins the company's data with a new id; a body that breaks the push options fails at once
// with validation errors; a short timeoutInMinutes times out; the history lists them all.
import * as assert from 'node:assert/strict';
import { DATA_TYPES, PUSH_DATA_TYPES, startEmulator, type RunningEmulator } from '../../emulator';
import { pushOptionsOf } from '../../emulator/pushOptions';
import { checkPush } from '../../emulator/pushValidation';
import { ManualClock, call, walk } from '../../emulator/testing';
import type { ErrorBody, Page, PushOperation, PushOptionProperty } from '../../emulator/wire';
import { VALID_BODIES, createPath, listPath } from '../../support/pushBodies';

type Rec = Record<string, unknown>;
type Answer = PushOperation & { data?: Rec };

describe('emulator: pushes', () => {
  let emu: RunningEmulator;
  const clock = new ManualClock();
  const DELAY = 1500;

  before(async () => {
    emu = await startEmulator({ invoices: 50, companies: 30, now: clock.now });
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  const pushPath = (company: string, connection: string, type: string, query = ''): string =>
    `/companies/${company}/connections/${connection}/push/${type}${query}`;
  const push = (type: string, body: unknown, company = emu.companies.empty, query = '') =>
    call<Answer>(emu, pushPath(company, emu.connections.empty[0], type, query), { method: 'POST', body });
  const operation = (key: string, company = emu.companies.empty) =>
    call<PushOperation>(emu, `/companies/${company}/push/${key}`);
  const all = async (list: string): Promise<Rec[]> =>
    (await walk<Rec>(emu, `${list}?pageSize=5000`)).flatMap((p) => p.json.results);
  const records = (type: string, company = emu.companies.empty): Promise<Rec[]> =>
    all(`/companies/${company}/data/${type}`);

  it('answers 200 Pending, then Success after the delay, and the invoice joins the company data', async () => {
    const requested = clock.ms;
    const r = await push('invoices', VALID_BODIES.invoices);
    assert.equal(r.status, 200);
    assert.equal(r.json.status, 'Pending');
    assert.equal(r.json.statusCode, 202);
    assert.equal(r.json.dataType, 'invoices');
    assert.equal(r.json.companyId, emu.companies.empty);
    assert.equal(r.json.dataConnectionKey, emu.connections.empty[0]);
    assert.equal(r.json.requestedOnUtc, new Date(requested).toISOString());
    assert.deepEqual(r.json.validation, { errors: [], warnings: [] });
    assert.equal(r.json.data?.totalAmount, 53, 'data: the record as taken, totals worked out');
    assert.equal(r.json.completedOnUtc, undefined);
    clock.advance(DELAY - 1);
    assert.equal((await operation(r.json.pushOperationKey)).json.status, 'Pending');
    assert.deepEqual(await records('invoices'), [], 'nothing created while pending');
    clock.advance(1);
    const done = (await operation(r.json.pushOperationKey)).json;
    assert.equal(done.status, 'Success');
    assert.equal(done.statusCode, 200);
    assert.equal(done.completedOnUtc, new Date(requested + DELAY).toISOString());
    assert.equal(done.changes?.length, 1);
    const { id, dataType } = done.changes?.[0].recordRef ?? { id: '', dataType: '' };
    assert.equal(done.changes?.[0].type, 'Created');
    assert.equal(dataType, 'invoices');
    const [invoice] = await records('invoices');
    assert.equal(invoice.id, id);
    assert.deepEqual(
      { total: invoice.totalAmount, tax: invoice.totalTaxAmount, sub: invoice.subTotal, due: invoice.amountDue },
      { total: 53, tax: 7.5, sub: 45.5, due: 53 },
    );
    assert.equal(invoice.issueDate, '2026-01-15T00:00:00');
    assert.equal(invoice.status, 'Submitted');
    const one = await call<Rec>(emu, `/companies/${emu.companies.empty}/data/invoices/${id}`);
    assert.deepEqual(one.json, invoice);
    const query = encodeURIComponent('status=Submitted && totalAmount>52');
    const found = await call<Page<Rec>>(emu, `/companies/${emu.companies.empty}/data/invoices?query=${query}`);
    assert.deepEqual(
      found.json.results.map((x) => x.id),
      [id],
    );
  });

  it('never hands out one push operation key twice, not even after a reset', async () => {
    const first = (await push('invoices', VALID_BODIES.invoices)).json.pushOperationKey;
    emu.reset();
    const second = (await push('invoices', VALID_BODIES.invoices)).json.pushOperationKey;
    assert.ok(first && second);
    assert.notEqual(second, first, 'a client that followed the first would take the second for it');
  });

  it('creates a record of every pushable type, after the generated ones, with a new id', async () => {
    const company = emu.companies.few;
    const connection = emu.connections.few[1];
    // Each type the emulator serves a list of (bank transactions are pushed and listed under their account).
    for (const type of PUSH_DATA_TYPES.filter((t) => DATA_TYPES.includes(t))) {
      const [account] = await all(listPath('bankAccounts', company, connection));
      const list = listPath(type, company, connection, String(account.id));
      const before = await all(list);
      const r = await call<Answer>(emu, createPath(type, company, connection, String(account.id)), {
        method: 'POST',
        body: VALID_BODIES[type],
      });
      assert.equal(r.json.status, 'Pending', type);
      clock.advance(DELAY);
      const ids = (await operation(r.json.pushOperationKey, company)).json.changes?.map((c) => c.recordRef.id) ?? [];
      // One record, or one per line of the bank transactions pushed.
      const lines = type === 'bankTransactions' ? (VALID_BODIES[type].transactions as unknown[]).length : 1;
      assert.equal(ids.length, lines, type);
      const after = await all(list);
      assert.equal(after.length, before.length + lines, type);
      assert.deepEqual(after.slice(0, before.length), before, `${type}: the generated records stay as they were`);
      assert.deepEqual(
        after.slice(before.length).map((x) => x.id),
        ids,
        type,
      );
      assert.ok(!before.some((x) => ids.includes(String(x.id))), `${type}: new ids`);
    }
  });

  it('serves options for every pushable type, which its valid body passes and which name what it must have', async () => {
    const company = emu.companies.few;
    const connection = emu.connections.few[1];
    const [account] = await all(listPath('bankAccounts', company, connection));
    for (const type of PUSH_DATA_TYPES) {
      const name = type === 'accounts' ? 'chartOfAccounts' : type;
      const under = type === 'bankTransactions' ? `bankAccounts/${String(account.id)}/` : '';
      const r = await call<PushOptionProperty>(
        emu,
        `/companies/${company}/connections/${connection}/options/${under}${name}`,
      );
      assert.equal(r.status, 200, type);
      assert.deepEqual(r.json, pushOptionsOf(type), type);
      assert.equal(r.json.type, 'Object');
      const valid = checkPush(r.json, VALID_BODIES[type]);
      assert.deepEqual([valid.errors, valid.warnings], [[], []], type);
      const required = Object.entries(r.json.properties ?? {}).filter(([, o]) => o.required);
      assert.ok(required.length > 0, `${type}: something is required`);
      for (const [field] of required) {
        const { [field]: _gone, ...body } = VALID_BODIES[type];
        const errors = checkPush(r.json, body).errors.map((e) => e.itemId);
        assert.deepEqual(errors, [field], `${type} without ${field}`);
      }
    }
  });

  it('pushes bank transactions under their account: its lines listed there, not under another; an unknown account 404', async () => {
    const company = emu.companies.few;
    const connection = emu.connections.few[1];
    const [first, second] = await all(listPath('bankAccounts', company, connection));
    const under = (account: Rec) => all(listPath('bankTransactions', company, connection, String(account.id)));
    const others = await under(second);
    const r = await call<Answer>(emu, createPath('bankTransactions', company, connection, String(first.id)), {
      method: 'POST',
      body: { ...VALID_BODIES.bankTransactions, accountId: String(second.id) },
    });
    assert.equal(r.json.data?.accountId, first.id, "the path's account, whatever the body says");
    clock.advance(DELAY);
    await operation(r.json.pushOperationKey, company);
    const listed = (await under(first)).slice(-2);
    assert.deepEqual(
      listed.map((x) => [x.accountId, x.amount, x.clearedOnDate]),
      [
        [first.id, -12.5, '2026-01-21T00:00:00'],
        [first.id, 100, '2026-01-22T00:00:00'],
      ],
    );
    assert.deepEqual(await under(second), others);
    const unknown = await call<ErrorBody>(emu, createPath('bankTransactions', company, connection, 'no-such-account'), {
      method: 'POST',
      body: VALID_BODIES.bankTransactions,
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error, 'No bank account was found with ID no-such-account');
  });

  it('numbers a pushed invoice sent without a number after the company’s own, as platforms do (issue 31)', async () => {
    const company = emu.companies.few;
    const numbers = (list: Rec[]) => list.map((x) => String(x.invoiceNumber));
    const before = numbers(await records('invoices', company));
    const last = Math.max(...before.map((n) => Number(/^INV-(\d+)$/.exec(n)?.[1] ?? 0)));
    const { invoiceNumber: _none, ...unnumbered } = VALID_BODIES.invoices;
    for (const body of [
      unnumbered,
      { ...unnumbered, invoiceNumber: 'MINE-7' },
      { ...unnumbered, invoiceNumber: ' ' },
    ]) {
      const r = await call<Answer>(emu, pushPath(company, emu.connections.few[1], 'invoices'), {
        method: 'POST',
        body,
      });
      assert.equal(r.json.status, 'Pending');
      clock.advance(DELAY);
      await operation(r.json.pushOperationKey, company);
    }
    const pad = (n: number) => `INV-${String(n).padStart(5, '0')}`;
    assert.deepEqual(numbers(await records('invoices', company)).slice(-3), [pad(last + 1), 'MINE-7', pad(last + 3)]);
  });

  it('fails at once a body that breaks the options: required, allowed values, types, nested lines', async () => {
    const body = {
      customerRef: { companyName: 'No Id Ltd' },
      status: 'Paid',
      issueDate: '15/01/2026',
      currencyRate: '1.2',
      lineItems: [{ description: 'Roses', unitAmount: 12 }, 'not a line'],
    };
    const r = await push('invoices', body);
    assert.equal(r.status, 200, 'the contract documents 200 only');
    assert.equal(r.json.status, 'Failed');
    assert.equal(r.json.statusCode, 400);
    assert.equal(r.json.completedOnUtc, r.json.requestedOnUtc);
    assert.match(r.json.errorMessage ?? '', /failed validation with 6 errors/);
    assert.equal(r.json.data, undefined);
    assert.deepEqual(
      r.json.validation?.errors.map((e) => [e.itemId, e.validatorName]),
      [
        ['customerRef.id', 'RequiredFieldValidator'],
        ['issueDate', 'FieldTypeValidator'],
        ['currencyRate', 'FieldTypeValidator'],
        ['status', 'AllowedValuesValidator'],
        ['lineItems[0].quantity', 'RequiredFieldValidator'],
        ['lineItems[1]', 'FieldTypeValidator'],
      ],
    );
    assert.equal(r.json.validation?.errors[3].message, 'status must be one of Draft, Submitted, not "Paid".');
    clock.advance(10 * DELAY);
    assert.deepEqual(await records('invoices'), [], 'nothing is ever created');
    const missing = await push('customers', {});
    assert.deepEqual(
      missing.json.validation?.errors.map((e) => e.message),
      ['customerName is required.'],
    );
  });

  it('warns of fields the options do not name and leaves them out, the id sent among them', async () => {
    const r = await push('suppliers', { ...VALID_BODIES.suppliers, id: 'mine', colour: 'blue' });
    assert.equal(r.json.status, 'Pending');
    assert.deepEqual(
      r.json.validation?.warnings.map((w) => w.itemId),
      ['id', 'colour'],
    );
    clock.advance(DELAY);
    const [supplier] = await records('suppliers', emu.companies.empty);
    assert.notEqual(supplier.id, 'mine');
    assert.equal(supplier.colour, undefined);
    assert.equal(supplier.status, 'Active');
  });

  it('times out a push whose timeoutInMinutes is shorter than the delay, and refuses a bad one', async () => {
    const r = await push('customers', VALID_BODIES.customers, emu.companies.empty, '?timeoutInMinutes=0');
    assert.equal(r.json.status, 'Pending');
    assert.equal(r.json.timeoutInMinutes, 0);
    const timedOut = (await operation(r.json.pushOperationKey)).json;
    assert.equal(timedOut.status, 'TimedOut');
    assert.equal(timedOut.statusCode, 504);
    assert.match(timedOut.errorMessage ?? '', /timed out/);
    assert.equal(timedOut.changes, undefined);
    clock.advance(DELAY);
    assert.deepEqual(await records('customers'), []);
    const long = await push('customers', VALID_BODIES.customers, emu.companies.empty, '?timeoutInMinutes=30');
    clock.advance(DELAY);
    assert.equal((await operation(long.json.pushOperationKey)).json.status, 'Success');
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const refused = await push('customers', VALID_BODIES.customers, emu.companies.empty, `?timeoutInMinutes=${bad}`);
      assert.equal(refused.status, 400, bad);
      assert.equal((refused.json as unknown as ErrorBody).validation?.errors[0].itemId, 'timeoutInMinutes');
    }
  });

  it('keeps a history per company, newest first, filtered and paged like other lists', async () => {
    const ok = await push('customers', VALID_BODIES.customers);
    clock.advance(1000);
    const failed = await push('customers', {});
    const path = `/companies/${emu.companies.empty}/push`;
    const all = await call<Page<PushOperation>>(emu, path);
    assert.deepEqual(
      all.json.results.map((o) => o.pushOperationKey),
      [failed.json.pushOperationKey, ok.json.pushOperationKey],
    );
    const onlyFailed = await call<Page<PushOperation>>(emu, `${path}?query=status%3DFailed`);
    assert.deepEqual(
      onlyFailed.json.results.map((o) => o.pushOperationKey),
      [failed.json.pushOperationKey],
    );
    const oldest = await call<Page<PushOperation>>(emu, `${path}?orderBy=requestedOnUtc&pageSize=1`);
    assert.equal(oldest.json.results[0].pushOperationKey, ok.json.pushOperationKey);
    assert.equal(oldest.json.totalResults, 2);
    assert.equal((await call<Page<PushOperation>>(emu, `/companies/${emu.companies.few}/push`)).json.totalResults, 0);
    const other = await operation(ok.json.pushOperationKey, emu.companies.few);
    assert.equal(other.status, 404, "another company's push is not found");
    assert.equal((await operation(ok.json.pushOperationKey.toUpperCase())).status, 200, 'keys in any case');
    const refused = await call<ErrorBody>(emu, `${path}?query=colour%3Dblue`);
    assert.equal(refused.json.error, 'Error parsing query - Could not resolve property colour on PushOperation');
    emu.reset();
    assert.equal((await call<Page<PushOperation>>(emu, path)).json.totalResults, 0, 'reset forgets pushes');
  });
});
