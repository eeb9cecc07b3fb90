// The download benchmark on a machine without curl: its case is not run and its ratio says why,
// with no goal a run could miss or a number it could not measure.
import * as assert from 'node:assert/strict';
import { speedFigures } from '../../bench/download.bench';
import { bareHttpDownload, curlDownload, extensionDownload } from '../../bench/downloaders';
import type { CaseResult } from '../../bench/harness';

const result = (name: string, medianNs: number): CaseResult => ({
  name,
  iterations: 5,
  batch: 1,
  medianNs,
  p95Ns: medianNs,
  meanNs: medianNs,
  opsPerSec: 1e9 / medianNs,
});

describe('bench: the download suite', () => {
  const results = new Map(
    [
      result(extensionDownload.name, 800e6),
      result(bareHttpDownload.name, 1600e6),
      result(curlDownload.name, 600e6),
    ].map((r) => [r.name, r]),
  );

  it('holds the extension to 0.8× curl’s speed, as curl’s time over the extension’s', () => {
    const [curl, http] = speedFigures(results, true);
    assert.equal(curl.value, 0.75);
    assert.deepEqual(curl.goal, { comparison: '≥', target: 0.8 });
    assert.equal(http.value, 2);
    assert.equal(http.goal, undefined);
  });

  it('without curl, says so instead of a ratio or a goal', () => {
    const [curl] = speedFigures(results, false);
    assert.equal(curl.value, undefined);
    assert.equal(curl.goal, undefined);
    assert.match(curl.skipped ?? '', /curl is not installed/);
  });
});
