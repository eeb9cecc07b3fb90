// Runs first (files run in name order): the extension is not active yet, as in a fresh window
// where the user's first action is a command from the palette.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AddAccountResult } from '../../src/commands/addAccount';
import type { DataPlatformApi } from '../../src/testApi';
import { canType, emulator, EXTENSION_ID, keyboard, waitFor } from './helpers';

describe('a command as the first action of a window', () => {
  it('Add Account activates the extension and stores the account and its key, rather than finding the accounts not loaded yet', async function () {
    const ext = vscode.extensions.getExtension<DataPlatformApi>(EXTENSION_ID);
    assert.ok(ext);
    assert.equal(ext.isActive, false, 'nothing activated the extension before this test (it must run first)');
    // Its first question comes before the test can queue answers: picked with keys, as a user does.
    if (!canType()) this.skip();
    const { url, key } = await emulator();
    const running = vscode.commands.executeCommand<AddAccountResult>('dataPlatform.addAccount');
    await waitFor(
      'the first pick',
      () => ext.isActive && ext.exports.quickPick()?.title === 'Add Account (1/3): where',
    );
    ext.exports.prompts.answers.push(url, new URL(url).host, key);
    await keyboard.type('Another base');
    await waitFor('Another base URL… highlighted', () => ext.exports.quickPick()?.active === 'Another base URL…');
    await keyboard.press('Enter');
    const result = await running;
    assert.equal(result.outcome, 'added');
    assert.deepEqual(result.outcome === 'added' && result.key, { outcome: 'stored' });
    assert.deepEqual(
      ext.exports.accounts.list().map((a) => a.baseUrl),
      [url],
    );
    // Nobody asked for the emulator: an installed extension looks at no local port on its own
    // (whatever listens on 4010 is not offered, nor asked for a key).
    assert.equal(ext.exports.emulatorOffer.looks, 0);
    // Back to a window without a key, as the other suites expect to find it.
    assert.equal(await vscode.commands.executeCommand('dataPlatform.signOut'), true);
  });
});
