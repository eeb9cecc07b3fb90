// The Getting Started walkthrough: which command results complete which step, and that the
// manifest's walkthrough only names what exists (commands, context keys the extension sets, media
// that is packaged), so no step waits for an event that never comes.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ACTION_CONTEXT_KEYS,
  actionOfCommand,
  WALKTHROUGH_ID,
  WALKTHROUGH_STEPS,
  WalkthroughProgress,
} from '../../../src/walkthrough/steps';

const root = resolve(__dirname, '..', '..', '..', '..');
const read = (p: string) => readFileSync(join(root, p), 'utf8');

interface Step {
  id: string;
  title: string;
  description: string;
  completionEvents?: string[];
  media: { markdown?: string; svg?: string; image?: string };
}
interface Manifest {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    viewsContainers: Record<string, { id: string }[]>;
    walkthroughs: { id: string; title: string; description: string; steps: Step[] }[];
    menus: Record<string, { command: string; when?: string }[]>;
    viewsWelcome: { contents: string; when?: string }[];
  };
}

const manifest = JSON.parse(read('package.json')) as Manifest;
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
/** A manifest string as shown: `%key%` looked up in package.nls.json. */
const text = (s: string) => s.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? assert.fail(`no string ${k}`));
const commands = new Set(manifest.contributes.commands.map((c) => c.command));
const views = new Set(Object.values(manifest.contributes.views).flatMap((v) => v.map((x) => x.id)));
/** Commands VS Code makes for what the manifest contributes: opening a view container. */
const builtIn = new Set(
  Object.values(manifest.contributes.viewsContainers).flatMap((v) => v.map((c) => `workbench.view.extension.${c.id}`)),
);

/** Every context key some file of src/ sets by name (`'setContext', 'key'` or `setContextKey('key'`). */
function contextKeysSetInSrc(dir = join(root, 'src')): Set<string> {
  const keys = new Set<string>(Object.values(ACTION_CONTEXT_KEYS));
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) contextKeysSetInSrc(p).forEach((k) => keys.add(k));
    else if (name.endsWith('.ts'))
      for (const m of readFileSync(p, 'utf8').matchAll(/(?:'setContext',\s*|setContextKey\()'([\w.]+)'/g))
        keys.add(m[1]);
  }
  return keys;
}

const walkthrough = manifest.contributes.walkthroughs?.find((w) => w.id === WALKTHROUGH_ID);

describe('walkthrough', () => {
  it('completes a step on the outcome that means the user did it, not on a cancel', () => {
    assert.equal(actionOfCommand('dataPlatform.addAccount', { outcome: 'added' }), 'account');
    assert.equal(actionOfCommand('dataPlatform.addEmulatorAccount', { outcome: 'added' }), 'account');
    assert.equal(actionOfCommand('dataPlatform.addAccount', { outcome: 'cancelled' }), undefined);
    assert.equal(actionOfCommand('dataPlatform.runQuery', { outcome: 'shown' }), 'query');
    assert.equal(actionOfCommand('dataPlatform.runQuery', { outcome: 'invalid' }), undefined);
    assert.equal(actionOfCommand('dataPlatform.exportRecords', { outcome: 'written' }), 'export');
    assert.equal(actionOfCommand('dataPlatform.exportRecords', { outcome: 'unavailable' }), undefined);
    assert.equal(actionOfCommand('dataPlatform.showDiagnostics', {}), 'diagnostics');
    assert.equal(actionOfCommand('dataPlatform.showDiagnostics', undefined), undefined);
    assert.equal(actionOfCommand('dataPlatform.refresh', { outcome: 'shown' }), undefined);
  });

  it('pulses each key once, however often the action is done, names the steps it completes, and replays', () => {
    const set: [string, boolean][] = [];
    const progress = new WalkthroughProgress((k, v) => set.push([k, v]));
    assert.deepEqual(progress.did('browse'), ['browse']);
    assert.deepEqual(progress.did('browse'), []);
    assert.deepEqual(progress.did('account'), ['addAccount', 'addAccountOrEmulator']);
    progress.did(undefined);
    assert.deepEqual(set, [
      [ACTION_CONTEXT_KEYS.browse, true],
      [ACTION_CONTEXT_KEYS.browse, false],
      [ACTION_CONTEXT_KEYS.account, true],
      [ACTION_CONTEXT_KEYS.account, false],
    ]);
    set.length = 0;
    progress.replay();
    assert.deepEqual(set, [
      [ACTION_CONTEXT_KEYS.browse, true],
      [ACTION_CONTEXT_KEYS.browse, false],
      [ACTION_CONTEXT_KEYS.account, true],
      [ACTION_CONTEXT_KEYS.account, false],
    ]);
  });

  it('is contributed with the steps the module knows, each completed by its own key', () => {
    assert.ok(walkthrough, `package.json contributes walkthrough ${WALKTHROUGH_ID}`);
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      WALKTHROUGH_STEPS.map((s) => s.id),
    );
    for (const step of walkthrough.steps) {
      const action = WALKTHROUGH_STEPS.find((s) => s.id === step.id)?.action;
      assert.ok(action && step.completionEvents?.includes(`onContext:${ACTION_CONTEXT_KEYS[action]}`), step.id);
      assert.ok(text(step.title) && text(step.description), `${step.id} has words`);
    }
  });

  it('names in completion events only commands, views and context keys that exist', () => {
    const keys = contextKeysSetInSrc();
    for (const step of walkthrough?.steps ?? []) {
      for (const event of step.completionEvents ?? []) {
        const [kind, arg] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
        if (kind === 'onCommand') assert.ok(commands.has(arg), `${step.id}: ${event}`);
        else if (kind === 'onView') assert.ok(views.has(arg), `${step.id}: ${event}`);
        else if (kind === 'onContext')
          for (const key of arg.match(/[A-Za-z][\w.]*/g) ?? [])
            assert.ok(keys.has(key), `${step.id}: ${event}: nothing sets ${key}`);
        else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
    }
  });

  it('links only contributed commands, and its media exists and is packaged', () => {
    const ignore = read('.vscodeignore');
    assert.match(ignore, /^!media\/\*\*$/m, 'media/ is packaged');
    for (const step of walkthrough?.steps ?? []) {
      const media = step.media.markdown ?? step.media.svg ?? step.media.image ?? '';
      assert.ok(media.startsWith('media/walkthrough/') && existsSync(join(root, media)), `${step.id}: ${media}`);
      const linked = text(step.description) + (step.media.markdown ? read(step.media.markdown) : '');
      for (const m of linked.matchAll(/\(command:([\w.-]+)/g))
        assert.ok(commands.has(m[1]) || builtIn.has(m[1]), `${step.id} links command ${m[1]}`);
    }
  });

  it('offers Add Local Emulator only where an emulator can answer', () => {
    const { menus, viewsWelcome } = manifest.contributes;
    const emulatorEntries = [...menus['view/title'], ...menus.commandPalette].filter(
      (e) => e.command === 'dataPlatform.addEmulatorAccount',
    );
    assert.equal(emulatorEntries.length, 2, 'in the view title and the palette');
    for (const e of emulatorEntries) assert.match(e.when ?? '', /\bdataPlatform\.emulatorAvailable\b/);
    for (const w of viewsWelcome.filter((v) => text(v.contents).includes('command:dataPlatform.addEmulatorAccount')))
      assert.match(w.when ?? '', /\bdataPlatform\.emulatorAvailable\b/);
    assert.ok(contextKeysSetInSrc().has('dataPlatform.emulatorAvailable'));
  });

  it('can be opened from the view title and the welcome view', () => {
    assert.ok(commands.has('dataPlatform.openWalkthrough'));
    assert.ok(manifest.contributes.menus['view/title'].some((e) => e.command === 'dataPlatform.openWalkthrough'));
    assert.ok(
      manifest.contributes.viewsWelcome.some((v) =>
        text(v.contents).includes('(command:dataPlatform.openWalkthrough)'),
      ),
    );
  });
});
