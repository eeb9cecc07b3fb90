// The diagnostics panel under a huge error body, in the real webview (issue 12, finding 3): a 400
// with 200,000 validation rows (16 MB) made a 19.6 MB message, 19.6 MB of saved state and blocked
// the page for 22 s. What is sent and laid out is asserted here, never the time it takes; the
// page's own render time is printed for the record (`npm run bench` has the host-side costs).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { errorFromResponse } from '../../src/api/failures';
import { createRedactor } from '../../src/api/redact';
import { MAX_ROWS } from '../../src/diagnostics/limits';
import { MAX_PERSISTED_ENTRY, type PersistedState } from '../../src/diagnostics/persist';
import type { RenderSnapshot } from '../../src/diagnostics/protocol';
import type { DataPlatformApi } from '../../src/testApi';
import { BODY_SCHEME, OPEN_BODY_COMMAND } from '../../src/diagnostics/bodyTabs';
import type { DiagnosticsPanelApi } from '../../src/diagnostics/panel';
import { validationBody, validationRow } from '../support/validationBody';
import { activateExtension, sleep, waitFor } from './helpers';

const ROWS = 200_000;
/** The largest message the panel may post for one new entry, whatever its body. */
const MAX_MESSAGE = 256 * 1024;
const redact = createRedactor('sk_test_large-body-key-0123456789');

function badRequest(rows: number, correlationId: string) {
  const text = validationBody({ errors: rows, correlationId });
  return errorFromResponse({
    method: 'POST',
    path: '/companies',
    status: 400,
    text,
    contentType: 'application/json',
    attempts: 1,
    redact,
  });
}

async function show(): Promise<DiagnosticsPanelApi> {
  const handle = await vscode.commands.executeCommand<DiagnosticsPanelApi>('dataPlatform.showDiagnostics');
  assert.ok(handle);
  return handle;
}

function rendered(
  panel: DiagnosticsPanelApi,
  what: string,
  check: (r: RenderSnapshot) => boolean,
  timeoutMs = 10_000,
): Promise<RenderSnapshot> {
  return waitFor(
    `the diagnostics webview to render ${what}`,
    () => {
      const r = panel.lastRender();
      return r && check(r) && r;
    },
    timeoutMs,
  );
}

/** The largest message posted to the webview since `from` (an index into `posted()`), of `type` if given. */
function largestSince(panel: DiagnosticsPanelApi, from: number, type?: string): { type: string; size: number } {
  const sent = panel
    .posted()
    .slice(from)
    .filter((m) => type === undefined || m.type === type);
  assert.ok(sent.length > 0, 'messages were posted');
  return sent.reduce((a, b) => (b.size > a.size ? b : a));
}

/** The tab that shows a `dataplatform-body:` document, once one is active. */
function activeBodyUri(): Promise<vscode.Uri> {
  return waitFor(
    'a body tab',
    () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputText && input.uri.scheme === BODY_SCHEME && input.uri;
    },
    30_000,
  );
}

describe('diagnostics panel under a 200,000-row error body', function () {
  this.timeout(120_000);
  let api: DataPlatformApi;
  let panel: DiagnosticsPanelApi;

  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    api.diagnostics.clear();
    panel = await show();
    await rendered(panel, 'the empty state', (x) => x.ids.length === 0);
  });
  after(async () => {
    api.diagnosticsPanel.panel?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('posts small messages, lays out 100 rows with a note and "Show all", and saves a capped state', async () => {
    const error = badRequest(ROWS, 'cid-200k');
    const from = panel.posted().length;
    const started = Date.now();
    const entry = api.diagnostics.add(error);
    const r = await rendered(panel, 'the 200,000-row entry', (x) => x.ids.join() === entry.id, 60_000);
    // For the record only (issue 12 measured 22 s): the page's own time, and from the add to the
    // page's report (which polls every 100 ms).
    console.log(
      `      the page laid out the 200,000-row entry in ${r.renderMs.toFixed(1)} ms; ${Date.now() - started} ms from the add to its report`,
    );
    const largest = largestSince(panel, from);
    assert.ok(largest.size < MAX_MESSAGE, `a ${largest.type} message of ${largest.size} characters`);
    assert.equal(r.rows[entry.id], MAX_ROWS, 'rows laid out before "Show all"');
    for (const text of [
      'Showing 100 of 200,000 validation rows.',
      'Show all 200,000 rows…',
      'Open Whole Body',
      'lines[99]',
    ]) {
      assert.ok(r.text.includes(text), `the page lacks ${text}`);
    }
    assert.ok(!r.domText.includes('lines[100]'), 'row 101 is not in the page');

    // The saved state: the same 100 rows, well under its cap.
    const state = await waitFor('the saved state', async () => {
      await panel.post({ type: 'drive', action: 'reportState' });
      await sleep(100);
      const s = panel.lastRender()?.persisted as PersistedState | undefined;
      return s?.entries?.length === 1 && s;
    });
    assert.equal(state.entries[0].validation.length, MAX_ROWS);
    assert.equal(state.entries[0].validationNote, 'Showing 100 of 200,000 validation rows.');
    const saved = JSON.stringify(state).length;
    assert.ok(saved < MAX_PERSISTED_ENTRY, `the saved state is ${saved} characters`);

    // The next error's list message names the big entry only by reference, and the page keeps it.
    const fromNext = panel.posted().length;
    const next = api.diagnostics.add(badRequest(3, 'cid-next'));
    const after = await rendered(panel, 'the next error', (x) => x.ids.join() === `${next.id},${entry.id}`);
    assert.equal(after.builds[entry.id], r.builds[entry.id], 'not built again');
    assert.equal(after.rows[entry.id], MAX_ROWS);
    const update = largestSince(panel, fromNext, 'entries');
    assert.ok(update.size < 4096, `the list message after the next error is ${update.size} characters`);
  });

  it('a list message naming an entry the page does not hold makes it ask for the whole list again', async () => {
    const entry = api.diagnostics.add(badRequest(3, 'cid-resync'));
    await rendered(panel, 'the entry', (x) => x.ids.join() === entry.id);
    const from = panel.posted().length;
    await panel.post({ type: 'entries', entries: [{ id: 'd999999', time: new Date(0).toISOString(), known: true }] });
    await waitFor('the whole list sent again', () =>
      panel
        .posted()
        .slice(from + 1)
        .some((m) => m.type === 'entries' && m.size > 1000),
    );
    await rendered(panel, 'the entry again', (x) => x.ids.join() === entry.id);
  });

  it('"Show all" opens the whole body, every row, in a read-only JSON tab', async () => {
    // 20,000 rows: the same path as 200,000 (unit tests check the document of any size), at a
    // tenth of the megabytes for the editor to load.
    const rows = ROWS / 10;
    const entry = api.diagnostics.add(badRequest(rows, 'cid-show-all'));
    const r = await rendered(panel, 'the entry', (x) => x.ids.join() === entry.id, 60_000);
    assert.ok(r.text.includes('Show all 20,000 rows…'));
    await panel.post({ type: 'click', action: 'showAll', id: entry.id });
    const uri = await activeBodyUri();
    assert.match(uri.path, /\/400 POST companies\.json$/);
    assert.equal(vscode.workspace.fs.isWritableFileSystem(BODY_SCHEME), false);
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const body = JSON.parse(text) as { correlationId: string; validation: { errors: unknown[] } };
    assert.equal(body.correlationId, 'cid-show-all');
    assert.equal(body.validation.errors.length, rows);
    assert.deepEqual(body.validation.errors[rows - 1], validationRow(rows - 1));
    const line = text.split('\n').find((l) => l.includes('"lines[7]"'));
    assert.deepEqual(JSON.parse(line!.trim().replace(/,$/, '')), validationRow(7), 'one line per row');
    assert.ok(text.split('\n').length < rows + 20, 'and no more');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('"Open Whole Body" and the command open an entry\'s body; a restored entry offers neither button', async () => {
    const entry = api.diagnostics.add(badRequest(2, 'cid-small'));
    await rendered(panel, 'the entry', (x) => x.ids.join() === entry.id);
    await panel.post({ type: 'click', action: 'openBody', id: entry.id });
    const uri = await activeBodyUri();
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    assert.deepEqual(JSON.parse(text), entry.error.body);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // From the palette, without an argument: the newest error with a body.
    const opened = await vscode.commands.executeCommand<vscode.Uri>(OPEN_BODY_COMMAND);
    assert.equal(opened?.toString(), uri.toString());
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // A tab of another session (restored after a reload: ids start again at d1) shows no other
    // error's body, and one whose error has left the list says so.
    const read = async (u: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(u));
    const [, session, id, name] = uri.path.split('/');
    assert.match(
      await read(uri.with({ path: `/000000000000/${id}/${name}` })),
      /^\/\/ This body belongs to an error from before the window reloaded/,
    );
    assert.match(
      await read(uri.with({ path: `/${session}/d999999/${name}` })),
      /^\/\/ This error has left the diagnostics list/,
    );

    // After a reload the whole body is gone: the note stays, the buttons do not.
    const big = api.diagnostics.add(badRequest(MAX_ROWS + 5, 'cid-before-reload'));
    await rendered(panel, 'both', (x) => x.ids.includes(big.id));
    const state = await waitFor('the saved state', async () => {
      await panel.post({ type: 'drive', action: 'reportState' });
      await sleep(100);
      const s = panel.lastRender()?.persisted as PersistedState | undefined;
      return s?.entries?.length === 2 && s;
    });
    api.diagnostics.clear();
    await panel.restore(
      vscode.window.createWebviewPanel('dataPlatform.diagnostics', 'revived', vscode.ViewColumn.Active, {}),
      state,
    );
    const restored = await rendered(panel, 'the restored entries', (x) => x.ids.join() === 'r1,r2');
    assert.ok(restored.text.includes('Showing 100 of 105 validation rows.'), restored.text);
    assert.ok(!restored.text.includes('Show all') && !restored.text.includes('Open Whole Body'), restored.text);
    panel.panel?.dispose();
  });
});
