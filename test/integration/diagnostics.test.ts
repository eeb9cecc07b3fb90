import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiError } from '../../src/api/errors';
import { DataPlatformClient } from '../../src/api/client';
import type { PersistedState } from '../../src/diagnostics/persist';
import type { DiagnosticEntry } from '../../src/diagnostics/store';
import type { RenderSnapshot } from '../../src/diagnostics/protocol';
import type { DiagnosticView } from '../../src/diagnostics/viewModel';
import type { DataPlatformApi } from '../../src/testApi';
import { DiagnosticsPanel, type DiagnosticsPanelApi } from '../../src/diagnostics/panel';
import { DiagnosticsStore } from '../../src/diagnostics/store';
import { activateExtension, canScreenshot, emulator, EXTENSION_ID, screenshot, sleep, waitFor } from './helpers';

const MARKUP = '<img src=x onerror=alert(1)>';

/** A saved view as the webview persists it, for a restore. */
function viewOf(name: string): DiagnosticView {
  return {
    id: 'd1',
    time: '2026-01-02T03:04:05.000Z',
    timeLabel: '03:04:05',
    heading: `404 GET /companies/${name}`,
    message: `Company ${name} not found`,
    kind: 'notFound',
    status: 404,
    correlationId: `cid-${name}`,
    fields: [{ label: 'Correlation ID', value: `cid-${name}`, copy: true }],
    validation: [],
  };
}

async function freeTrialKey(url: string): Promise<string> {
  const info = (await (await fetch(`${url}/_emulator/info`)).json()) as { keys: { freeTrial: string } };
  return info.keys.freeTrial;
}

/** A real failing request through the client; returns the ApiError it threw. */
async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the request was expected to fail');
}

/** Runs "Show Diagnostics" as the palette would; the command hands back the panel's handle. */
async function show(target?: unknown): Promise<DiagnosticsPanelApi> {
  const handle = await vscode.commands.executeCommand<DiagnosticsPanelApi>('dataPlatform.showDiagnostics', target);
  assert.ok(handle, 'the command returns the panel handle');
  return handle;
}

/** The page's saved state once it satisfies `check` (it follows the list within
 * PERSIST_INTERVAL_MS), asked for with the reportState drive message. */
function savedState(panel: DiagnosticsPanelApi, check: (s: PersistedState) => boolean): Promise<RenderSnapshot> {
  return waitFor('the saved state', async () => {
    await panel.post({ type: 'drive', action: 'reportState' });
    await sleep(100);
    const r = panel.lastRender();
    return r?.persisted !== undefined && check(r.persisted as PersistedState) && r;
  });
}

function rendered(
  panel: DiagnosticsPanelApi,
  what: string,
  check: (r: RenderSnapshot) => boolean,
): Promise<RenderSnapshot> {
  return waitFor(`the diagnostics webview to render ${what}`, () => {
    const r = panel.lastRender();
    return r && check(r) && r;
  });
}

describe('diagnostics panel in a real VS Code extension host', () => {
  let api: DataPlatformApi;
  let freeTrial: DataPlatformClient;
  let freeTrialApiKey: string;
  let normal: DataPlatformClient;

  before(async () => {
    api = await activateExtension();
    const { url, key } = await emulator();
    freeTrialApiKey = await freeTrialKey(url);
    freeTrial = new DataPlatformClient({ baseUrl: url, apiKey: freeTrialApiKey });
    normal = new DataPlatformClient({ baseUrl: url, apiKey: key });
  });

  beforeEach(() => api.diagnostics.clear());
  // Closes the panel if a test left it open (without opening one just to close it).
  after(() => {
    api.diagnosticsPanel.panel?.dispose();
  });

  it('shows the 402 body of a Free-trial company creation: status, service, error, correlationId, validation table', async () => {
    const error = await failure(() => freeTrial.createCompany({ name: 'The fifty-first company' }));
    assert.equal(error.status, 402);
    const body = error.body!;
    assert.ok(body.validation && body.validation.errors.length > 0, 'the emulator sends validation items on a 402');
    const entry = api.diagnostics.add(error);

    const panel = await show(error.correlationId);
    assert.equal(panel.panel?.title, 'Data Platform Diagnostics');
    const r = await rendered(
      panel,
      'the 402',
      (x) => x.correlationIds.includes(body.correlationId) && x.focused === entry.id,
    );
    for (const text of ['402', body.service, body.error, body.correlationId, 'POST /companies', 'companyLimit']) {
      assert.ok(r.text.includes(text), `rendered text lacks ${text}:\n${r.text}`);
    }
    for (const item of body.validation.errors) {
      for (const text of [item.itemId, item.validatorName, item.message]) {
        if (text) assert.ok(r.text.includes(text), `validation table lacks ${text}`);
      }
    }
    assert.ok(r.text.includes('itemId') && r.text.includes('validatorName'), 'validation table headers');
    assert.ok(r.text.includes('Raw body'), 'the raw body is offered on demand');
    assert.ok(!r.text.includes('"statusCode": 402'), 'and stays folded until asked for');
    assert.ok(!r.text.includes(freeTrialApiKey), 'the key is never shown');

    if (canScreenshot()) await screenshot('diagnostics-panel');
  });

  it('renders server markup as text: the literal tag is shown and no IMG element exists', async () => {
    const error = await failure(() => normal.getCompany(MARKUP));
    assert.equal(error.status, 404);
    assert.ok(error.body?.error.includes(MARKUP), 'the emulator echoes the id');
    // Passing the error itself (as the tree's "Show details" does) adds it once.
    const panel = await show(error);
    const r = await rendered(panel, 'the 404', (x) => x.correlationIds.includes(error.correlationId!));
    assert.ok(r.text.includes(MARKUP), r.text);
    assert.equal(r.images, 0);
    await show(error);
    assert.equal(api.diagnostics.size, 1, 'showing the same error again does not add it twice');
  });

  it('serves a strict CSP with a fresh nonce, and no script without it', async () => {
    const panel = await show();
    const html = await waitFor('the html', () => panel.html);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1].replace(/&#39;/g, "'");
    assert.ok(csp, 'a CSP meta tag');
    assert.match(csp, /^default-src 'none'; /);
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    assert.ok(nonce, `a nonce in ${csp}`);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(csp));
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    assert.ok(scripts.length > 0);
    for (const s of scripts) assert.ok(s.includes(`nonce="${nonce}"`), `script without the nonce: ${s}`);
    const r = await rendered(panel, 'anything', () => true);
    assert.equal(r.scriptsWithoutNonce, 0);

    panel.panel!.dispose();
    await show();
    const again = await waitFor('the new html', () => panel.html !== html && panel.html);
    assert.ok(!again.includes(nonce), 'a new nonce per render');
  });

  it('keeps one panel, updates it live by message, and shows an empty state', async () => {
    const handle = await show();
    const panel = handle.panel;
    await rendered(handle, 'the empty state', (x) => x.ids.length === 0 && x.text.includes('No API errors yet'));
    const html = handle.html;

    const first = api.diagnostics.add(await failure(() => normal.getCompany('no-such-company')));
    await rendered(handle, 'the first error', (x) => x.ids.join() === first.id);
    const second = api.diagnostics.add(await failure(() => normal.getCompany('another-missing-company')));
    const r = await rendered(handle, 'both, newest first', (x) => x.ids.join() === `${second.id},${first.id}`);
    assert.ok(!r.text.includes('No API errors yet'));

    await show(first.id);
    assert.equal(handle.panel, panel, 'the same panel is revealed');
    assert.equal(handle.html, html, 'updates never replace the HTML');
    await rendered(handle, 'the focus', (x) => x.focused === first.id);
  });

  it('a hidden panel (no retained context) catches up when shown again', async () => {
    const first = api.diagnostics.add(await failure(() => normal.getCompany('hidden-one-company')));
    const handle = await show();
    await rendered(handle, 'the first error', (x) => x.ids.join() === first.id);
    // A saved file, not an untitled one, so closing it later asks nothing.
    const extensionUri = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(extensionUri, 'media', 'diagnostics.css'));
    const cover = await vscode.window.showTextDocument(doc, { viewColumn: handle.panel!.viewColumn, preview: false });
    await waitFor('the panel to be hidden', () => !handle.panel!.visible);
    const second = api.diagnostics.add(await failure(() => normal.getCompany('hidden-two-company')));
    await show(second.id);
    await rendered(
      handle,
      'both after the reload',
      (x) => x.ids.join() === `${second.id},${first.id}` && x.focused === second.id,
    );
    await vscode.window.showTextDocument(cover.document, { viewColumn: cover.viewColumn });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('copies the correlationId to the clipboard from the Copy button', async () => {
    const error = await failure(() => normal.getCompany('copy-me-company'));
    const entry = api.diagnostics.add(error);
    await vscode.env.clipboard.writeText('before');
    const panel = await show(entry.id);
    await rendered(panel, 'the error', (x) => x.ids.includes(entry.id));
    await panel.post({ type: 'click', action: 'copy', id: entry.id });
    const copied = await waitFor('the clipboard', async () => {
      const t = await vscode.env.clipboard.readText();
      return t !== 'before' && t;
    });
    assert.equal(copied, error.correlationId);
  });

  it('Clear empties the store and the panel', async () => {
    const entry = api.diagnostics.add(await failure(() => normal.getCompany('clear-me-company')));
    const panel = await show();
    // Wait for this very entry: an earlier report (or the beforeEach clear) could match a count.
    await rendered(panel, 'the error', (x) => x.ids.join() === entry.id);
    await panel.post({ type: 'click', action: 'clear' });
    await rendered(panel, 'nothing', (x) => x.ids.length === 0 && x.text.includes('No API errors yet'));
    assert.equal(api.diagnostics.size, 0);
  });

  describe('raw bodies on demand', () => {
    /** Ids of the raw bodies the page asks the host for, as the host receives the requests. */
    function rawRequests(handle: DiagnosticsPanelApi): { ids: string[]; dispose(): void } {
      const ids: string[] = [];
      const sub = handle.panel!.webview.onDidReceiveMessage((m: { type?: string; id?: string }) => {
        if (m?.type === 'rawBody' && typeof m.id === 'string') ids.push(m.id);
      });
      return {
        ids,
        dispose: () => {
          sub.dispose();
        },
      };
    }

    it("an entry's large raw body is not in the page until opened; opening loads it once, as text", async () => {
      const rawBody = `<html><body>${MARKUP} LARGE-BODY-START ${'stack frame '.repeat(4000)}LARGE-BODY-END</body></html>`;
      const entry = api.diagnostics.add(
        new ApiError({
          kind: 'server',
          message: 'A large failure',
          method: 'GET',
          path: '/companies/large',
          status: 500,
          correlationId: 'cid-large',
          rawBody,
        }),
      );
      const panel = await show();
      const r = await rendered(panel, 'the entry', (x) => x.ids.join() === entry.id);
      assert.ok(!r.domText.includes('LARGE-BODY-START'), 'the page does not hold the body before it is opened');
      assert.ok(r.text.includes('Raw body (47.0 KB)'), `the summary says the size:\n${r.text}`);
      const requests = rawRequests(panel);
      try {
        await panel.post({ type: 'click', action: 'raw', id: entry.id });
        const open = await rendered(panel, 'the body loaded', (x) => x.openRaw.join() === entry.id);
        assert.ok(
          open.text.includes('LARGE-BODY-START') && open.text.includes('LARGE-BODY-END'),
          'the whole body is shown',
        );
        assert.ok(open.text.includes(MARKUP), 'its markup as text');
        assert.equal(open.images, 0);

        // Closed and opened again: shown from what the page kept, not asked for again.
        await panel.post({ type: 'click', action: 'raw', id: entry.id });
        await rendered(panel, 'the body closed', (x) => x.openRaw.length === 0 && !x.text.includes('LARGE-BODY-START'));
        await panel.post({ type: 'click', action: 'raw', id: entry.id });
        const again = await rendered(panel, 'the body open again', (x) => x.openRaw.join() === entry.id);
        assert.ok(again.text.includes('LARGE-BODY-END'));
        assert.deepEqual(requests.ids, [entry.id], 'one request for the entry');
      } finally {
        requests.dispose();
      }
    });
  });

  describe('new errors keep the reader in place', () => {
    it('shows a new error first while an older entry keeps its open raw body, its selected text and its DOM node', async () => {
      const first = api.diagnostics.add(await failure(() => normal.getCompany('reading-this-company')));
      const second = api.diagnostics.add(await failure(() => normal.getCompany('and-this-company')));
      const panel = await show();
      await rendered(panel, 'both', (x) => x.ids.join() === `${second.id},${first.id}`);

      await panel.post({ type: 'click', action: 'raw', id: first.id });
      await rendered(panel, 'the raw body open', (x) => x.openRaw.join() === first.id);
      await panel.post({ type: 'drive', action: 'selectMessage', id: first.id });
      const before = await rendered(panel, 'the message selected', (x) => x.selection === first.error.message);
      assert.ok(before.text.includes('"statusCode": 404'), 'the open raw body is readable');

      const third = api.diagnostics.add(await failure(() => normal.getCompany('arrives-while-reading-company')));
      const after = await rendered(panel, 'the new error', (x) => x.ids.includes(third.id));
      assert.deepEqual(after.ids, [third.id, second.id, first.id], 'the new error first');
      assert.deepEqual(after.openRaw, [first.id], 'the raw body stays open');
      assert.equal(after.selection, first.error.message, 'the selection stays');
      assert.equal(after.builds[first.id], before.builds[first.id], 'the older entry was not rebuilt');
      assert.equal(after.builds[second.id], before.builds[second.id], 'nor the other one');
      assert.ok(
        after.builds[third.id] > Math.max(before.builds[first.id], before.builds[second.id]),
        'the new entry is built once',
      );
      assert.equal(after.scrollY, 0, 'at the top, the new error is in view');
    });

    it('when scrolled down, errors arriving above do not move the entry being read, nor does the focus pull it away', async () => {
      const added: DiagnosticEntry[] = [];
      for (let i = 1; i <= 8; i++)
        added.push(api.diagnostics.add(await failure(() => normal.getCompany(`scrolled-${i}-company`))));
      // Focused on the oldest: the focus is scrolled to when set, not again on every update.
      const panel = await show(added[0].id);
      await rendered(panel, 'eight errors', (x) => x.ids.length === 8 && x.focused === added[0].id);
      const reading = added[3].id;
      await panel.post({ type: 'drive', action: 'scrollTo', id: reading });
      const before = await rendered(
        panel,
        'the entry at the top',
        (x) => x.firstVisible?.id === reading && x.scrollY > 0,
      );

      // Two arrivals, two updates, as in a burst of rate-limited requests.
      api.diagnostics.add(await failure(() => normal.getCompany('burst-1-company')));
      const last = api.diagnostics.add(await failure(() => normal.getCompany('burst-2-company')));
      const after = await rendered(panel, 'both arrivals', (x) => x.ids[0] === last.id && x.ids.length === 10);
      assert.equal(after.firstVisible?.id, reading, 'the same entry is at the top');
      assert.ok(
        Math.abs(after.firstVisible.top - before.firstVisible!.top) <= 1,
        `it did not move: ${before.firstVisible!.top} → ${after.firstVisible.top}`,
      );
      assert.ok(after.scrollY > before.scrollY, 'the page scrolled by what was inserted above');
    });
  });

  describe('after a window reload (the panel serializer)', () => {
    const VIEW_TYPE = 'dataPlatform.diagnostics';
    const MARKER = 'From before the window reloaded';
    let handle: DiagnosticsPanelApi;

    before(() => {
      handle = api.diagnosticsPanel;
    });
    // Restored entries live with their panel: closing it leaves the next test a clean panel.
    afterEach(() => {
      handle.panel?.dispose();
    });

    /** What VS Code hands the serializer after a reload: a bare panel of the view type. */
    function revivedPanel(): vscode.WebviewPanel {
      return vscode.window.createWebviewPanel(VIEW_TYPE, 'revived', vscode.ViewColumn.Active, {});
    }

    it('is activated by the panel and shows the saved entries below the live ones, marked, as text; copy and Clear work on them', async () => {
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { activationEvents: string[] };
      assert.ok(
        manifest.activationEvents.includes(`onWebviewPanel:${VIEW_TYPE}`),
        'a reload activates the extension for the panel',
      );
      const saved: DiagnosticView = {
        ...viewOf(MARKUP),
        id: 'd4',
        correlationId: `restored-cid-<b>1</b>`,
        fields: [{ label: 'Correlation ID', value: 'restored-cid-<b>1</b>', copy: true }],
        validation: [{ severity: 'error', itemId: MARKUP, validatorName: 'Id', message: '<script>alert(1)</script>' }],
        rawBody: `<html>${MARKUP}</html>`,
      };
      const panel = revivedPanel();
      await handle.restore(panel, { version: 1, entries: [saved] });
      assert.equal(handle.panel, panel, 'the revived panel is the panel');
      assert.equal(panel.title, 'Data Platform Diagnostics');
      assert.ok(panel.iconPath, 'with its icon');
      assert.equal(panel.webview.options.enableScripts, true);
      assert.match(
        handle.html ?? '',
        /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; [^"]*nonce-/,
      );

      const r = await rendered(handle, 'the restored entry', (x) => x.ids.join() === 'r1');
      for (const text of [saved.heading, saved.message, saved.correlationId!, MARKER, '<script>alert(1)</script>']) {
        assert.ok(r.text.includes(text), `rendered text lacks ${text}:\n${r.text}`);
      }
      assert.equal(r.images, 0, 'markup stays text');
      assert.equal(r.scriptsWithoutNonce, 0);

      await vscode.env.clipboard.writeText('before');
      await handle.post({ type: 'click', action: 'copy', id: 'r1' });
      const copied = await waitFor('the clipboard', async () => {
        const t = await vscode.env.clipboard.readText();
        return t !== 'before' && t;
      });
      assert.equal(copied, saved.correlationId);

      const live = api.diagnostics.add(await failure(() => normal.getCompany('after-reload-company')));
      const both = await rendered(
        handle,
        'the live error above the restored one',
        (x) => x.ids.join() === `${live.id},r1`,
      );
      assert.ok(both.text.indexOf('after-reload-company') < both.text.indexOf(MARKER), 'live first');
      assert.equal(both.text.split(MARKER).length - 1, 1, 'only the restored entry is marked');

      await handle.post({ type: 'click', action: 'clear' });
      await rendered(handle, 'nothing', (x) => x.ids.length === 0 && x.text.includes('No API errors yet'));
      assert.equal(api.diagnostics.size, 0);
    });

    it("a restored entry's raw body (cut to 16 KiB when saved) loads when opened, as text", async () => {
      const rawBody = `<html>${MARKUP} RESTORED-BODY-START ${'z'.repeat(20_000)}</html>`;
      await handle.restore(revivedPanel(), { version: 1, entries: [{ ...viewOf('raw-restored'), rawBody }] });
      const r = await rendered(handle, 'the restored entry', (x) => x.ids.join() === 'r1');
      assert.ok(!r.domText.includes('RESTORED-BODY-START'), 'the page does not hold the body before it is opened');
      assert.ok(r.text.includes('Raw body (16.0 KB)'), `the summary gives the size kept:\n${r.text}`);
      await handle.post({ type: 'click', action: 'raw', id: 'r1' });
      const open = await rendered(handle, 'the restored body', (x) => x.openRaw.join() === 'r1');
      assert.ok(open.text.includes(`${MARKUP} RESTORED-BODY-START`), open.text.slice(0, 2000));
      assert.match(open.text, /\(cut: \d+ more characters\)/, 'the body as kept across the reload');
      assert.equal(open.images, 0);
    });

    it('Copy on a restored entry copies its own correlationId, even when a live error has that entry id as its correlationId', async () => {
      api.diagnostics.clear();
      await handle.restore(revivedPanel(), { version: 1, entries: [viewOf('restored-one')] });
      const e = await failure(() => normal.getCompany('lookalike'));
      // A server-chosen correlationId that reads like the restored entry's id.
      api.diagnostics.add({ kind: e.kind, toJSON: () => ({ ...e.toJSON(), correlationId: 'r1' }) });
      await rendered(handle, 'the live error above the restored one', (x) => x.ids.length === 2 && x.ids[1] === 'r1');
      await vscode.env.clipboard.writeText('before');
      await handle.post({ type: 'click', action: 'copy', id: 'r1' });
      const copied = await waitFor('the clipboard', async () => {
        const t = await vscode.env.clipboard.readText();
        return t !== 'before' && t;
      });
      assert.equal(copied, 'cid-restored-one');
    });

    it('Clear also removes restored entries when no live error exists', async () => {
      await handle.restore(revivedPanel(), { version: 1, entries: [viewOf('only-restored')] });
      await rendered(handle, 'the restored entry', (x) => x.ids.join() === 'r1');
      await handle.post({ type: 'click', action: 'clear' });
      await rendered(handle, 'nothing', (x) => x.ids.length === 0 && x.text.includes('No API errors yet'));
    });

    it('the webview saves what it shows: restoring that state in a fresh panel shows the same entries', async () => {
      const first = api.diagnostics.add(await failure(() => freeTrial.createCompany({ name: 'Saved before reload' })));
      const second = api.diagnostics.add(await failure(() => normal.getCompany(`saved-${MARKUP}`)));
      const before = await show();
      await rendered(before, 'both', (x) => x.ids.join() === `${second.id},${first.id}`);
      const r = await savedState(before, (s) => s.entries?.length === 2);
      const state = r.persisted as PersistedState;
      assert.equal(state.version, 1);
      const oldPanel = before.panel!;

      // A reload empties the store; the saved state is all that is left.
      api.diagnostics.clear();
      await handle.restore(revivedPanel(), state);
      await rendered(handle, 'the restored pair', (x) => x.ids.join() === 'r1,r2');
      const after = await savedState(handle, (s) => s.entries?.[0]?.id === 'r1');
      assert.notEqual(handle.panel, oldPanel, 'one panel: the revived one replaced the old');
      assert.deepEqual(after.correlationIds, r.correlationIds);
      assert.equal(after.images, 0);
      assert.equal(after.text.split(MARKER).length - 1, 2);
      for (const text of ['402', 'companyLimit', 'POST /companies', `saved-${MARKUP}`])
        assert.ok(after.text.includes(text), `lacks ${text}`);
      // And it saves them again, so a second reload keeps them too.
      const again = (after.persisted as PersistedState).entries.map(({ id: _id, marker: _marker, ...rest }) => rest);
      assert.deepEqual(
        again,
        state.entries.map(({ id: _id, marker: _marker, ...rest }) => rest),
      );
    });

    it('a state that is not ours restores an empty panel, not a broken one', async () => {
      await handle.restore(revivedPanel(), { version: 2, entries: [{ heading: MARKUP }] });
      const r = await rendered(
        handle,
        'the empty state',
        (x) => x.ids.length === 0 && x.text.includes('No API errors yet'),
      );
      assert.equal(r.images, 0);
      await handle.restore(revivedPanel(), undefined);
      await rendered(handle, 'the empty state', (x) => x.ids.length === 0 && x.text.includes('No API errors yet'));
    });
  });

  describe("without the test switch (a user's extension)", () => {
    /** Every message type the page posts to its host, from before it says `ready`. */
    async function pageMessages(testHooks: boolean): Promise<string[]> {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      const store = new DiagnosticsStore();
      const entry = store.add(await failure(() => normal.getCompany('no-such-company')));
      const panel = new DiagnosticsPanel(ext.extensionUri, store, testHooks);
      try {
        const webviewPanel = await panel.show();
        const types: string[] = [];
        webviewPanel.webview.onDidReceiveMessage((m: { type: string }) => types.push(m.type));
        assert.match(panel.html ?? '', new RegExp(`data-test-hooks="${testHooks ? 'on' : 'off'}"`));
        await waitFor('the page to load', () => types.includes('ready'), 20_000);
        // What would make a test page report: the entries it renders, a focus, a click, a drive.
        await panel.show(entry.id);
        await panel.post({ type: 'click', action: 'raw', id: entry.id });
        await panel.post({ type: 'drive', action: 'reportState' });
        // A user's page must stay silent for a while; a test page may stop being watched once it did both.
        const reported = () => testHooks && types.includes('rendered') && types.includes('rawBody');
        for (const end = Date.now() + 1500; !reported() && Date.now() < end;) await sleep(20);
        return types;
      } finally {
        panel.dispose();
      }
    }

    it("the page reports nothing and ignores the tests' clicks; with the switch the same page does both", async () => {
      const user = await pageMessages(false);
      assert.deepEqual(user, ['ready'], 'only ready: no render reports, and the click did not open the raw body');
      const tested = await pageMessages(true);
      assert.ok(tested.includes('rendered'), `the test page reports its renders (got ${tested.join(', ')})`);
      assert.ok(tested.includes('rawBody'), 'and the click opened the raw body');
    });
  });
});
