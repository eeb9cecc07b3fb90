// Runs first (files run in name order): the extension is not active yet, as in a fresh window
// where the user's first action is a command from the palette.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SetKeyResult } from '../../src/commands/keys';
import { emulator, EXTENSION_ID } from './helpers';

describe('a command as the first action of a window', () => {
  it('Set API Key activates the extension and stores the key, rather than finding the connection not loaded yet', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    assert.equal(ext.isActive, false, 'nothing activated the extension before this test (it must run first)');
    const { key } = await emulator();
    const result = await vscode.commands.executeCommand<SetKeyResult>('dataPlatform.setApiKey', key);
    assert.deepEqual(result, { outcome: 'stored' });
    // Back to a window without a key, as the other suites expect to find it.
    assert.equal(await vscode.commands.executeCommand('dataPlatform.signOut'), true);
  });
});
