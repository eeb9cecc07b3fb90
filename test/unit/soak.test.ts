// The emulator soak (test/soak/, `npm run soak`) in a short run, so its code never rots: counts
// are asserted, never times or memory (the full run checks memory in a process of its own).
import * as assert from 'node:assert/strict';
import { classify, faultClass, SOAK_FAULTS } from '../soak/outcomes';
import { reportLines } from '../soak/report';
import { isErrorBody, type SoakRequest } from '../soak/requests';
import { failuresOf, runSoak, type SoakReport } from '../soak/soak';

const request = (status: number, check: (v: unknown) => boolean = isErrorBody(status)): SoakRequest => ({
  method: 'GET',
  path: '/x',
  headers: {},
  keyKind: 'normal',
  status,
  check,
});
const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});
const error = (status: number, message = 'Whatever.') =>
  json(status, { statusCode: status, service: 'PublicApi', error: message, correlationId: 'c' });

describe('emulator soak', () => {
  it('tells each configured fault from the answer a request asks for, and anything else from both', () => {
    const page = request(200, (v) => typeof v === 'object' && v !== null && 'results' in v);
    assert.equal(classify(page, json(200, { results: [] })), 'answered');
    assert.equal(classify(request(401), error(401)), 'answered');
    assert.equal(classify(page, error(500)), 'status500');
    assert.equal(classify(page, error(503)), 'status503');
    assert.equal(classify(page, error(429)), 'status429');
    assert.equal(classify(page, { status: 502, contentType: 'text/html', body: '<html>' }), 'html');
    assert.equal(
      classify(page, { status: 500, contentType: 'text/plain; charset=utf-8', body: '500 Internal Server Error' }),
      'textBody',
    );
    assert.equal(
      classify(page, {
        status: 200,
        contentType: 'application/json',
        body: "{results: [{'id': 'not json'},], pageNumber: 1,",
      }),
      'malformedJson',
    );
    assert.equal(classify(request(401), { status: 200, contentType: 'application/json', body: '' }), 'emptyBody');
    assert.equal(
      classify(request(401), { status: 401, contentType: 'application/json', body: '{"statusCode":401,"ser' }),
      'truncatedJson',
    );
    assert.equal(classify(page, { body: '', error: 'ECONNRESET' }), 'reset');
    // What no rule sends: the wrong status, a body that is not the answer's, the emulator's own 500, a timeout.
    assert.equal(classify(request(401), error(403)), 'unexpected');
    assert.equal(classify(page, json(200, { nothing: true })), 'unexpected');
    assert.equal(classify(page, error(500, 'There is a problem with our server. (emulator: boom)')), 'unexpected');
    assert.equal(classify(page, { body: '', error: 'TIMEOUT' }), 'unexpected');
  });

  it('fails a run whose counts do not match what the emulator applied and served, or whose heap grew', () => {
    const base: SoakReport = {
      options: {
        seconds: 1,
        clients: 1,
        faultShare: 0.05,
        seed: 1,
        maxHeapGrowthMB: 50,
        requestTimeoutMs: 1000,
        warmUpRequests: 0,
      },
      elapsedMs: 1000,
      requests: 10,
      served: 10,
      outcomes: { answered: 9, reset: 1 },
      applied: { reset: 1 },
      byKey: { normal: 10 },
      unexpectedSamples: [],
      gc: true,
      start: { heapMB: 10, rssMB: 50 },
      end: { heapMB: 20, rssMB: 60 },
      peak: { heapMB: 30, rssMB: 70 },
      rateWindows: 3,
      failures: [],
    };
    assert.deepEqual(failuresOf(base), []);
    assert.match(
      failuresOf({ ...base, applied: { reset: 2 } }).join(),
      /reset: the clients met 1, the emulator applied 2/,
    );
    assert.match(failuresOf({ ...base, served: 11 }).join(), /sent 10 requests, the emulator served 11/);
    assert.match(
      failuresOf({ ...base, outcomes: { answered: 9, unexpected: 1 }, applied: {} }).join(),
      /1 answers were neither/,
    );
    assert.match(failuresOf({ ...base, end: { heapMB: 70, rssMB: 60 } }).join(), /heap grew by 60\.0 MB/);
    assert.match(failuresOf(base, false).join(), /did not stop/);
    assert.equal(reportLines(base).at(-1), 'soak: passed');
  });

  it('10 clients for 3 s: every request answered as asked or faulted as configured, each served once', async function () {
    this.timeout(60_000);
    const report = await runSoak({ seconds: 3, clients: 10, seed: 7, maxHeapGrowthMB: Infinity, warmUpRequests: 20 });
    assert.deepEqual(report.failures, [], reportLines(report).join('\n'));
    assert.ok(report.requests > 0);
    assert.equal(report.served, report.requests);
    assert.equal(report.outcomes.unexpected ?? 0, 0);
    const faulted = SOAK_FAULTS.reduce((sum, rule) => sum + (report.outcomes[faultClass(rule)] ?? 0), 0);
    const applied = Object.values(report.applied).reduce((a, b) => a + b, 0);
    assert.equal(faulted, applied);
    assert.equal((report.outcomes.answered ?? 0) + faulted, report.requests);
    assert.ok((report.byKey.random ?? 0) > 0 && (report.byKey.normal ?? 0) > 0, 'valid and invalid keys were used');
  });
});
