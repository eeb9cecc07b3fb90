// The window of `npm start` in the offline VS Code server, in headless Chromium: the built extension
// is installed and running on the emulator, and a message it shows appears as a toast (the tests'
// smoke-test driver, which hides every toast, is not on). Skipped where the offline host is not
// installed (`npm test` installs it for its host lanes).
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { freePort } from '../../host/freePort';
import { chromiumPath, defaultCacheDir, ensureOfflineHost, isOfflineHostInstalled } from '../../host/install';
import { startWindow, type StartedWindow } from '../../host/startWindow';

const root = resolve(__dirname, '..', '..', '..', '..');
const cacheDir = process.env.DP_OFFLINE_CACHE ?? defaultCacheDir(root);

/** Runs a command from the palette once it is offered (its `when` needs the account ready). */
async function runFromPalette(page: Page, title: string, deadline: number): Promise<void> {
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${title}`);
    const first = page.locator('.quick-input-list .monaco-list-row').first();
    const label = await first.textContent({ timeout: 5000 }).catch(() => '');
    if (label?.includes(title)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Escape');
    if (Date.now() > deadline) throw new Error(`"${title}" was never offered in the command palette`);
    await page.waitForTimeout(500);
  }
}

describe("npm start's window in the VS Code server", function () {
  this.timeout(180_000);
  let tmp: string;
  let emulator: RunningEmulator | undefined;
  let window: StartedWindow | undefined;
  let browser: Browser | undefined;

  before(function () {
    if (
      !isOfflineHostInstalled(cacheDir) ||
      !existsSync(chromiumPath()) ||
      !existsSync(join(root, 'dist/extension.js'))
    )
      this.skip();
    tmp = mkdtempSync(join(tmpdir(), 'dp-start-test-'));
  });
  after(async () => {
    await browser?.close();
    await window?.server.stop();
    await emulator?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the installed extension on the emulator and shows its messages as toasts', async () => {
    emulator = await startEmulator({ port: 0, host: '127.0.0.1', log: () => undefined });
    const host = await ensureOfflineHost(cacheDir, () => undefined);
    window = await startWindow({
      host,
      port: await freePort(),
      root,
      tmpDir: tmp,
      env: { DP_EMULATOR_URL: emulator.url, DP_EMULATOR_KEY: emulator.keys.normal },
      onOutput: () => undefined,
      log: () => undefined,
    });
    browser = await chromium.launch({ executablePath: host.chromium, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(window.url);
    // Opening the view activates the extension, which makes the emulator its account.
    await page.locator('.activitybar a[aria-label^="Data Platform"]').click();
    await runFromPalette(page, 'Data Platform: Sign Out', Date.now() + 90_000);
    const toast = page.locator('.notification-toast', { hasText: 'Signed out of Local emulator' });
    await toast.waitFor({ timeout: 30_000 });
    assert.ok(await toast.isVisible());
  });
});
