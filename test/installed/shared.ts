// Shared by the installed-package tests: the extension as VS Code installed it, and the emulator.
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { DataPlatformApi } from '../../src/testApi';
import { ENV } from '../host/protocol';

export const EXTENSION_ID = 'dataplatform.data-platform-explorer';

export function installedExtension(): vscode.Extension<DataPlatformApi | undefined> {
  const ext = vscode.extensions.getExtension<DataPlatformApi | undefined>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this host`);
  return ext;
}

/** Where the extension was loaded from, relative to the folder the .vsix was installed into;
 * undefined when it was loaded from anywhere else (the development path). */
export function pathInExtensionsDir(ext: vscode.Extension<unknown>): string | undefined {
  const dir = process.env[ENV.installedExtensionsDir];
  if (!dir) throw new Error(`${ENV.installedExtensionsDir} must be set by the runner`);
  const rel = relative(realpathSync(dir), realpathSync(ext.extensionPath));
  return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel : undefined;
}

export function emulator(): { url: string; key: string; token: string } {
  const url = process.env[ENV.emulatorUrl];
  const key = process.env[ENV.emulatorKey];
  const token = process.env[ENV.emulatorToken];
  if (!url || !key || !token)
    throw new Error(`${ENV.emulatorUrl}, ${ENV.emulatorKey} and ${ENV.emulatorToken} must be set by the runner`);
  return { url, key, token };
}

/** GET on the emulator with the demo key: what the API itself says, to compare the extension with. */
export async function apiGet<T>(path: string): Promise<T> {
  const { url, key } = emulator();
  const res = await fetch(`${url}${path}`, {
    headers: { Authorization: `Basic ${Buffer.from(key).toString('base64')}`, Accept: 'application/json' },
  });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

export async function wellKnownCompany(name: 'few' | 'many'): Promise<string> {
  const { url } = emulator();
  const info = (await (await fetch(`${url}/_emulator/info`)).json()) as { companies: Record<string, string> };
  return info.companies[name];
}

/** Adds the emulator as an account with its key, as a user would; once it exists (after the
 * reload), sets its key again. */
export async function setKey(): Promise<void> {
  const { url, key } = emulator();
  // Active first, so that the test queue (DataPlatformApi.prompts) can answer the questions.
  const api = await installedExtension().activate();
  if (!api) throw new Error('the runner sets the test switch: the extension returns its internals');
  const known = api.accounts.list().some((a) => a.baseUrl === url);
  if (known) api.prompts.answers.push(key);
  // The preset by its value, not its label (in the display language).
  else
    api.prompts.answers.push(
      { row: (r) => (r as { preset?: string }).preset === 'other' },
      url,
      new URL(url).host,
      key,
    );
  const result = known
    ? await vscode.commands.executeCommand<{ outcome: string } | undefined>('dataPlatform.setApiKey')
    : (
        await vscode.commands.executeCommand<{ outcome: string; key?: { outcome: string } } | undefined>(
          'dataPlatform.addAccount',
        )
      )?.key;
  if (result?.outcome !== 'stored') throw new Error(`setting the key failed: ${JSON.stringify(result)}`);
}

export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The invoice tab the first phase opened, for the second phase to find after the reload. */
interface Opened {
  uri: string;
  companyId: string;
  invoiceId: string;
}

const openedFile = () => join(process.env[ENV.phaseDir] ?? '.', 'opened.json');
export const rememberOpened = (o: Opened) => writeFileSync(openedFile(), JSON.stringify(o));
export const recallOpened = (): Opened => JSON.parse(readFileSync(openedFile(), 'utf8')) as Opened;

export const tabsShowing = (uri: vscode.Uri): vscode.Tab[] =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
