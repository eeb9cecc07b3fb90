import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { activateExtension, canScreenshot, emulator, EXTENSION_ID, screenshot, signIn, waitFor } from './helpers';

describe('extension in a real VS Code extension host', () => {
  it('activates and returns its test API', async () => {
    const api = await activateExtension();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
    assert.equal(api.log.name, 'Data Platform');
  });

  it('registers every command of package.json', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
      contributes: { commands: { command: string }[] };
    };
    const declared = manifest.contributes.commands.map((c) => c.command);
    assert.ok(declared.includes('dataPlatform.showLog'));
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of declared) assert.ok(registered.has(id), `${id} is declared but not registered`);
  });

  it('logs with its stack and resolves a command that throws what it did not expect; an API error goes to the diagnostics panel; a cancellation ends it quietly', async () => {
    const api = await activateExtension();
    const failing = api.registerCommand('dataPlatform.test.throws', () => {
      throw new TypeError('a bug in a test command');
    });
    // A real failure of the extension's client: an ApiError of the test's own copy of the code
    // would not be the bundle's class.
    await signIn(api);
    const rejecting = api.registerCommand('dataPlatform.test.rejects', () =>
      api.connection.client?.getCompany('no-such-company'),
    );
    const cancelled = api.registerCommand('dataPlatform.test.cancelled', () =>
      api.connection.client?.getCompany('no-such-company', { signal: AbortSignal.abort() }),
    );
    try {
      const lines = api.logLines().length;
      assert.equal(
        await vscode.commands.executeCommand('dataPlatform.test.throws'),
        undefined,
        'resolves, rather than rejecting into the host',
      );
      const logged = api
        .logLines()
        .slice(lines)
        .find((l) => l.level === 'error' && l.message.includes('dataPlatform.test.throws'));
      assert.ok(logged, 'an error line names the command');
      assert.match(logged.message, /TypeError: a bug in a test command\n\s+at /, 'with its stack');

      const entries = api.diagnostics.size;
      assert.equal(await vscode.commands.executeCommand('dataPlatform.test.rejects'), undefined);
      assert.equal(api.diagnostics.size, entries + 1, 'the API error is an entry of the panel');
      // Given its account (a node, `{ accountId }`), the entry names it, as a command's own report did.
      const { id, name } = api.connection.account;
      assert.equal(await vscode.commands.executeCommand('dataPlatform.test.rejects', { accountId: id }), undefined);
      assert.equal(api.diagnostics.size, entries + 2);
      assert.equal(api.diagnostics.entries()[0]?.account, name, 'the entry names the account');

      // A cancellation (Escape, a progress notification's Cancel) ends a command quietly.
      const before = api.logLines().length;
      assert.equal(await vscode.commands.executeCommand('dataPlatform.test.cancelled'), undefined);
      assert.equal(api.diagnostics.size, entries + 2, 'no entry');
      assert.deepEqual(
        api
          .logLines()
          .slice(before)
          .filter((l) => l.level === 'error'),
        [],
        'no error logged',
      );
    } finally {
      failing.dispose();
      rejecting.dispose();
      cancelled.dispose();
    }
  });

  it('runs "Data Platform: Show Log" and shows the extension\'s log channel', async () => {
    const api = await activateExtension();
    const shown = await vscode.commands.executeCommand<vscode.LogOutputChannel>('dataPlatform.showLog');
    assert.equal(shown, api.log);
  });

  it('opens the Data Platform view container with the Companies view', async () => {
    const api = await activateExtension();
    await vscode.commands.executeCommand('workbench.view.extension.dataPlatform');
    await waitFor('the Companies view to be visible', () => api.companiesView.visible);
  });

  it('refreshes the Companies view on dataPlatform.refresh', async () => {
    const api = await activateExtension();
    const before = api.refreshCount();
    await vscode.commands.executeCommand('dataPlatform.refresh');
    assert.equal(api.refreshCount(), before + 1);
  });

  it('points the first account at the emulator, which answers from the extension host', async () => {
    const { url, key } = await emulator();
    assert.equal((await activateExtension()).connection.account.baseUrl, url);
    const res = await fetch(`${url}/companies?pageSize=1`, {
      headers: { Authorization: `Basic ${Buffer.from(key).toString('base64')}` },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { results?: unknown[]; totalResults?: number };
    assert.ok(Array.isArray(body.results));
  });

  it('takes a screenshot of the workbench through the runner', async function () {
    if (!canScreenshot()) this.skip();
    await activateExtension();
    await vscode.commands.executeCommand('workbench.view.extension.dataPlatform');
    await vscode.commands.executeCommand('dataPlatform.showLog');
    const file = await screenshot('workbench');
    const png = readFileSync(file).subarray(0, 8);
    assert.deepEqual([...png], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
