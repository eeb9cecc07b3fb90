import * as assert from 'node:assert/strict';
import { HEARTBEAT_MARKER, KEYS_MARKER, parseMessage, resultsLine, SCREENSHOT_MARKER } from '../../host/protocol';

describe('host protocol (marker lines)', () => {
  it('reads the counts back from a results line, even behind a host prefix', () => {
    const line = resultsLine({ passed: 7, failed: 1, skipped: 2 });
    assert.deepEqual(parseMessage(line), { kind: 'results', counts: { passed: 7, failed: 1, skipped: 2 } });
    assert.deepEqual(parseMessage(`[Extension Host] ${line}`), {
      kind: 'results',
      counts: { passed: 7, failed: 1, skipped: 2 },
    });
  });

  it('ignores a results marker with a broken or incomplete payload', () => {
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1'), undefined);
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1,"failed":-1,"skipped":0}'), undefined);
    assert.equal(parseMessage('__DP_RESULTS__ {"passed":1,"failed":0}'), undefined);
  });

  it('recognises heartbeats and screenshot requests, and nothing in ordinary lines', () => {
    assert.deepEqual(parseMessage(HEARTBEAT_MARKER), { kind: 'heartbeat' });
    assert.deepEqual(parseMessage(`${SCREENSHOT_MARKER}/tmp/shots/a.png`), {
      kind: 'screenshot',
      path: '/tmp/shots/a.png',
    });
    assert.equal(parseMessage(`${SCREENSHOT_MARKER}   `), undefined);
    assert.equal(parseMessage('  ✔ activates (12ms)'), undefined);
  });

  it('reads keystroke requests, behind a host prefix too', () => {
    assert.deepEqual(parseMessage(`${KEYS_MARKER}{"id":"k1","type":"status=Paid && x"}`), {
      kind: 'keys',
      request: { id: 'k1', type: 'status=Paid && x' },
    });
    assert.deepEqual(parseMessage(`[Extension Host] ${KEYS_MARKER}{"id":"k-2","press":"Control+A"}`), {
      kind: 'keys',
      request: { id: 'k-2', press: 'Control+A' },
    });
  });

  it('refuses keystroke requests that could write outside the folder, ask for two things or nothing', () => {
    for (const bad of [
      '{"id":"../x","type":"a"}',
      '{"id":"a/b","press":"Enter"}',
      '{"id":"","press":"Enter"}',
      '{"id":"k","type":"a","press":"Enter"}',
      '{"id":"k"}',
      '{"id":"k","type":""}',
      '{"id":"k","press":"Enter; rm"}',
      '{"id":"k","press":"+"}',
      '{"id":"k","type":1}',
      'not json',
      '["k"]',
    ]) {
      assert.equal(parseMessage(KEYS_MARKER + bad), undefined, bad);
    }
  });
});
