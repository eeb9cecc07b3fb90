// In a fresh extension host, before anything activated the extension: how long
// `extension.activate()` takes, which loads dist/extension.js and runs activate() to its end, as
// the first command or view of a user's window does. Written to $DP_BENCH_RESULT.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { ENV } from '../../host/protocol';

const EXTENSION_ID = 'dataplatform.data-platform-explorer';

describe('activation benchmark', () => {
  it('times the first activation of the extension', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not loaded in this host`);
    assert.equal(ext.isActive, false, 'something activated the extension before the measurement');
    const started = performance.now();
    await ext.activate();
    const ms = performance.now() - started;
    const file = process.env[ENV.benchResult];
    assert.ok(file, `${ENV.benchResult} names no file`);
    writeFileSync(file, `${JSON.stringify({ ms })}\n`);
  });
});
