// The Getting Started walkthrough in the real host: the contributed walkthrough's steps each have
// completion events; doing each step's thing (through the commands' arguments and the view's
// provider, as the view does) is heard and sets the context key its step waits for; Get Started
// opens it. And "Add Local Emulator" follows whether an emulator answers (dataPlatform.emulatorAvailable):
// looked for only once the user asked (never at activation outside development mode), never at a
// remote address.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import { ACTION_CONTEXT_KEYS, WALKTHROUGH_ID, type WalkthroughAction } from '../../src/walkthrough/steps';
import {
  admin,
  answering,
  canScreenshot,
  emulator,
  EXTENSION_ID,
  firstPageCompany,
  openView,
  removeAccount,
  removeQueryNodes,
  runQuery,
  screenshot,
  shown,
  signIn,
  waitFor,
} from './helpers';

interface ContributedStep {
  id: string;
  completionEvents?: string[];
}

const AVAILABLE = 'dataPlatform.emulatorAvailable';

describe('walkthrough', () => {
  let api: DataPlatformApi;
  let ids: Record<string, string>;
  const dirs: string[] = [];

  /** Runs `act`; the actions heard meanwhile, and whether the action's key has been set true. */
  const heardDoing = async (action: WalkthroughAction, act: () => Promise<unknown>) => {
    const before = api.walkthroughActions().length;
    await act();
    await waitFor(`the walkthrough to hear ${action}`, () => api.walkthroughActions().slice(before).includes(action));
    assert.ok(
      api.contextKeys().some((k) => k.key === ACTION_CONTEXT_KEYS[action] && k.value === true),
      `${ACTION_CONTEXT_KEYS[action]} is set`,
    );
  };
  const lastAvailable = () => api.contextKeys().filter((k) => k.key === AVAILABLE);

  before(async () => {
    api = await openView();
    await signIn(api);
    ids = (await admin.info()).companies;
  });
  after(async () => {
    await removeQueryNodes(api, [ids.few]);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is contributed with steps that each complete on an event', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
      contributes: { walkthroughs: { id: string; steps: ContributedStep[] }[] };
    };
    const walkthrough = manifest.contributes.walkthroughs.find((w) => w.id === WALKTHROUGH_ID);
    assert.ok(walkthrough, WALKTHROUGH_ID);
    assert.ok(walkthrough.steps.length >= 5);
    for (const step of walkthrough.steps) assert.ok(step.completionEvents?.length, `${step.id} has completion events`);
  });

  it("hears each step's action done in the host and sets the key the step waits for", async () => {
    const { url } = await emulator();
    await heardDoing('account', async () => {
      const added = await vscode.commands.executeCommand<{ outcome: string; account?: { id: string } }>(
        'dataPlatform.addEmulatorAccount',
        { baseUrl: url },
      );
      assert.equal(added?.outcome, 'added');
      await removeAccount(api, added?.account?.id ?? '');
    });
    await waitFor('one account again', () => api.connections.list().length === 1 && api.tree.root);

    const company = await firstPageCompany(api, ids.few);
    assert.ok(company, 'company few');
    await heardDoing('browse', () => Promise.resolve(api.tree.getChildren(company.invoices)));
    await heardDoing('query', async () =>
      shown(
        await runQuery(api, {
          companyId: ids.few,
          query: 'totalAmount>0',
          orderBy: 'totalAmount',
        }),
      ),
    );
    const dir = mkdtempSync(join(tmpdir(), 'dp-walkthrough-'));
    dirs.push(dir);
    await heardDoing('export', async () => {
      const uri = vscode.Uri.file(join(dir, 'invoices.csv'));
      const r = await answering(api, [uri], () =>
        vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.exportRecords', company.invoices),
      );
      assert.equal(r?.outcome, 'written');
    });
    await heardDoing('diagnostics', async () => vscode.commands.executeCommand('dataPlatform.showDiagnostics'));
  });

  it('does not count what the user did not finish: a refused add, a query that does not parse', async () => {
    const before = api.walkthroughActions().length;
    const none = await vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.addEmulatorAccount', {
      baseUrl: 'http://127.0.0.1:1',
    });
    assert.equal(none?.outcome, 'invalid');
    const wrong = await runQuery(api, { companyId: ids.few, query: 'totalAmount>>0' });
    assert.equal(wrong.outcome, 'cancelled');
    assert.deepEqual(api.walkthroughActions().slice(before), []);
  });

  it('Get Started opens the walkthrough without error', async () => {
    await vscode.commands.executeCommand(
      'workbench.action.openWalkthrough',
      `${EXTENSION_ID}#${WALKTHROUGH_ID}`,
      false,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('dataPlatform.openWalkthrough');
    if (canScreenshot()) await screenshot('walkthrough');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('offers the emulator only once the user asked for it and one answered; Refresh looks again only then', async () => {
    // Add Account…'s first pick: where no look found an emulator, it is the last item, a question.
    const presets = async () => {
      const adding = vscode.commands.executeCommand('dataPlatform.addAccount');
      const pick = await waitFor(
        'the first pick',
        () => api.quickPick()?.title === 'Add Account (1/3): where' && api.quickPick(),
      );
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await adding;
      return pick.items.map((i) => `${i.label}|${i.description ?? ''}`);
    };
    assert.equal(await api.emulatorOffer.check('http://127.0.0.1:1'), false);
    assert.equal(lastAvailable().at(-1)?.value, false);
    const asked = await presets();
    assert.equal(asked.at(-1), 'Local emulator…|', 'nothing answers: asked for, last');
    assert.ok(!asked.some((p) => p.startsWith('Local emulator|')));

    const { url } = await emulator();
    assert.equal(await api.emulatorOffer.check(url), true);
    assert.equal(lastAvailable().at(-1)?.value, true);
    assert.equal(await api.emulatorOffer.check(url.replace('127.0.0.1', 'example.com')), false, 'never remote');
    assert.equal(await api.emulatorOffer.check(url), true);
    const offered = await presets();
    assert.equal(offered[1], `Local emulator|${url}`, 'one answers: offered second, at the address where it answered');

    const looks = lastAvailable().length;
    await vscode.commands.executeCommand('dataPlatform.refresh');
    await waitFor('Refresh to look again', () => lastAvailable().length > looks);
  });
});
