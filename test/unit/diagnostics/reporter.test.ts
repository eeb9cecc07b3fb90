import * as assert from 'node:assert/strict';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import { createReporter, forAccount } from '../../../src/diagnostics/reporter';
import { DiagnosticsStore } from '../../../src/diagnostics/store';
import { toViewModel } from '../../../src/diagnostics/viewModel';

function setUp() {
  const added: ApiError[] = [];
  const logged: ApiError[] = [];
  let prompts = 0;
  const report = createReporter({
    diagnostics: {
      add: (e) => {
        added.push(e as ApiError);
        return { id: String(added.length) } as never;
      },
    },
    log: { apiError: (e) => logged.push(e) },
    onUnauthorized: () => {
      prompts++;
    },
  });
  return { report, added, logged, prompts: () => prompts };
}

const error = (kind: ApiErrorKind, status?: number) =>
  new ApiError({ kind, message: kind, method: 'GET', path: '/companies', status });

describe('error reporter', () => {
  it('sends an error to diagnostics and the log once, however often it is reported', () => {
    const s = setUp();
    const e = error('server', 500);
    s.report(e);
    s.report(e);
    assert.deepEqual(s.added, [e]);
    assert.deepEqual(s.logged, [e]);
    assert.equal(s.prompts(), 0);
  });

  it('logs an expected state (a sync in progress) without putting it in the diagnostics panel', () => {
    const s = setUp();
    const e = error('dataSetNotRequested', 409);
    s.report(e, { expected: true });
    assert.deepEqual(s.added, []);
    assert.deepEqual(s.logged, [e]);
  });

  it('ignores cancellations: the user asked for them', () => {
    const s = setUp();
    s.report(error('cancelled'));
    assert.equal(s.added.length + s.logged.length, 0);
  });

  it('offers a new key after a 401, unless the caller handles it (prompt: false)', () => {
    const s = setUp();
    s.report(error('unauthorized', 401));
    assert.equal(s.prompts(), 1);
    s.report(error('unauthorized', 401), { prompt: false });
    assert.equal(s.prompts(), 1);
    assert.equal(s.added.length, 2, 'both are still reported');
  });

  it('tags an entry and its log line with the account whose request failed, and prompts for that account', () => {
    const diagnostics = new DiagnosticsStore();
    const lines: string[] = [];
    const prompted: (string | undefined)[] = [];
    const report = createReporter({
      diagnostics,
      log: { apiError: (e, account) => lines.push(`${account ?? '-'} ${e.kind}`) },
      onUnauthorized: (a) => prompted.push(a?.id),
    });
    let name = 'Production';
    const production = forAccount(report, () => ({ id: 'acct-1', name }));
    production(error('server', 500));
    name = 'Renamed';
    production(error('unauthorized', 401));
    assert.deepEqual(lines, ['Production server', 'Renamed unauthorized']);
    assert.deepEqual(prompted, ['acct-1']);
    const [latest, first] = diagnostics.entries();
    assert.equal(first.account, 'Production');
    assert.deepEqual(toViewModel(latest).fields[0], { label: 'Account', value: 'Renamed' });
  });
});
