import * as assert from 'node:assert/strict';
import { HEARTBEAT_MARKER, parseMessage, resultsLine, SCREENSHOT_MARKER } from '../../host/protocol';

describe('host protocol (marker lines)', () => {
  it('reads the counts back from a results line, even behind a host prefix', () => {
    const line = resultsLine({ passed: 7, failed: 1, skipped: 2 });
    assert.deepEqual(parseMessage(line), { kind: 'results', counts: { passed: 7, failed: 1, skipped: 2 } });
    assert.deepEqual(parseMessage(`[Extension Host] ${line}`), { kind: 'results', counts: { passed: 7, failed: 1, skipped: 2 } });
  });

  it('ignores a results marker with a broken or incomplete payload', () => {
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1'), undefined);
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1,"failed":-1,"skipped":0}'), undefined);
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1,"failed":0}'), undefined);
  });

  it('recognises heartbeats and screenshot requests, and nothing in ordinary lines', () => {
    assert.deepEqual(parseMessage(HEARTBEAT_MARKER), { kind: 'heartbeat' });
    assert.deepEqual(parseMessage(`${SCREENSHOT_MARKER}/tmp/shots/a.png`), { kind: 'screenshot', path: '/tmp/shots/a.png' });
    assert.equal(parseMessage(`${SCREENSHOT_MARKER}   `), undefined);
    assert.equal(parseMessage('  ✔ activates (12ms)'), undefined);
  });
});
