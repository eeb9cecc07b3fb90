// Shared by the integration tests: the extension under test, the emulator, screenshots.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DataPlatformClient } from '../../src/api/client';
import type { CreateRecordResult } from '../../src/commands/push';
import type { QueryResult } from '../../src/commands/query';
import type { Answer, AskedQuestion } from '../../src/commands/answerQueue';
import { environmentName, type Environment } from '../../src/accounts/environment';
import type { CreateApiKeyResult } from '../../src/commands/apiKeys';
import type { FindCompanyResult } from '../../src/commands/findCompany';
import type { SetAccountKeyResult } from '../../src/commands/accountKey';
import type { CreateCompanyResult } from '../../src/commands/createCompany';
import type { DataTypeId } from '../../src/dataTypes/catalog';
import { typeTitle } from '../../src/dataTypes/words';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import type { QueryNode } from '../../src/tree/queryNode';
import type { CompanyNode } from '../../src/tree/companyNodes';
import { TEST_HOOKS_ENV } from '../../src/testApi';
import { ENV, KEYS_MARKER, SCREENSHOT_MARKER, type KeysRequest } from '../host/protocol';

export const EXTENSION_ID = 'dataplatform.data-platform-explorer';

export async function activateExtension(): Promise<DataPlatformApi> {
  const ext = vscode.extensions.getExtension<DataPlatformApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded in this host`);
  const api = await ext.activate();
  if (!api) throw new Error(`the extension returned no test API: the runner must set ${TEST_HOOKS_ENV}=on`);
  await ensureEmulatorAccount(api);
  return api;
}

/** The suites start from one account at the runner's emulator, without its key (each suite signs
 * in): the first suite makes it, as a user's Add Account would, when a run starts elsewhere. */
async function ensureEmulatorAccount(api: DataPlatformApi): Promise<void> {
  const { url } = await emulator();
  if (api.accounts.list().some((a) => a.baseUrl === url)) return;
  await api.accounts.add(new URL(url).host, url, undefined, 'local');
  await api.connections.sync();
}

/** The emulator of this run. Without a key (the "Extension Tests" launch configuration) the
 * demo key is read from the emulator's admin endpoint. */
export async function emulator(): Promise<{ url: string; key: string }> {
  const url = process.env[ENV.emulatorUrl];
  if (!url) throw new Error(`${ENV.emulatorUrl} must be set by the runner`);
  const key = process.env[ENV.emulatorKey];
  if (key) return { url, key };
  const info = (await (await fetch(`${url}/_emulator/info`)).json()) as { keys: { normal: string } };
  return { url, key: info.keys.normal };
}

/** The emulator's invoice, fetched directly with the demo key: what a tab or a copy must equal. */
export async function emulatorInvoice(companyId: string, invoiceId: string): Promise<unknown> {
  const { url, key } = await emulator();
  const res = await fetch(
    `${url}/companies/${encodeURIComponent(companyId)}/data/invoices/${encodeURIComponent(invoiceId)}`,
    {
      headers: { Authorization: `Basic ${Buffer.from(key).toString('base64')}`, Accept: 'application/json' },
    },
  );
  if (res.status !== 200) throw new Error(`the emulator answered ${res.status} for invoice ${invoiceId}`);
  return res.json();
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  // Most waits end within a few event-loop turns: poll often at first, then back off to 100 ms.
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(pause);
  }
}

/** True when the runner can take screenshots (the offline web workbench). */
export function canScreenshot(): boolean {
  return !!process.env[ENV.screenshotDir];
}

/** Asks the runner for a PNG of the whole workbench and returns its path once it is written. */
export async function screenshot(name: string): Promise<string> {
  const dir = process.env[ENV.screenshotDir];
  if (!dir) throw new Error('this host cannot take screenshots');
  const file = join(dir, `${name}.png`);
  rmSync(file, { force: true });
  console.log(SCREENSHOT_MARKER + file);
  return waitFor(`screenshot ${file}`, () => existsSync(file) && file, 20_000);
}

/** True when the runner can send real keystrokes to the workbench (the offline web workbench). */
export function canType(): boolean {
  return canScreenshot();
}

let keysSent = 0;

async function sendKeys(what: Omit<KeysRequest, 'id'>): Promise<void> {
  const dir = process.env[ENV.screenshotDir];
  if (!dir) throw new Error('this host cannot type');
  const id = `k${process.pid}-${++keysSent}`;
  console.log(KEYS_MARKER + JSON.stringify({ id, ...what }));
  const done = join(dir, `keys-${id}.done`);
  const failed = join(dir, `keys-${id}.failed`);
  await waitFor(`the runner to send ${JSON.stringify(what)}`, () => existsSync(done) || existsSync(failed), 20_000);
  if (existsSync(failed))
    throw new Error(`the runner could not send ${JSON.stringify(what)}: ${readFileSync(failed, 'utf8')}`);
  rmSync(done, { force: true });
}

/** Real keystrokes into whatever has focus in the workbench, as a user types them. */
export const keyboard = {
  type: (text: string) => sendKeys({ type: text }),
  press: (key: string) => sendKeys({ press: key }),
};

/** What the emulator's request log holds per API call (never the key). */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** Kind of the fault rule applied, if any. */
  fault?: string;
}

/** The emulator's admin token: from the runner, or from the file an emulator started apart wrote
 * (`cli.js --token-file`, the "Extension Tests" launch configuration). */
function adminToken(): string {
  const token = process.env[ENV.emulatorToken];
  if (token) return token;
  const file = process.env[ENV.emulatorTokenFile];
  if (file && existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`${ENV.emulatorToken} (or ${ENV.emulatorTokenFile}) must be set by the runner`);
}

/** A call to an admin endpoint (`path` after `/_emulator`), with the token; a POST as JSON. */
async function adminCall(path: string, method = 'GET', body?: unknown): Promise<Response> {
  const { url } = await emulator();
  const headers: Record<string, string> = { 'X-Emulator-Token': adminToken() };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  const res = await fetch(`${url}/_emulator${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} /_emulator${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The emulator's admin endpoints: request log, faults, reset, well-known companies. */
export const admin = {
  async info(): Promise<{ keys: Record<string, string>; companies: Record<string, string> }> {
    const { url } = await emulator();
    return (await (await fetch(`${url}/_emulator/info`)).json()) as {
      keys: Record<string, string>;
      companies: Record<string, string>;
    };
  },
  async requests(): Promise<LoggedRequest[]> {
    return ((await (await adminCall('/requests')).json()) as { results: LoggedRequest[] }).results;
  },
  async clearRequests(): Promise<void> {
    await adminCall('/requests', 'DELETE');
  },
  async addFault(rule: Record<string, unknown>): Promise<void> {
    await adminCall('/faults', 'POST', rule);
  },
  async clearFaults(): Promise<void> {
    await adminCall('/faults', 'DELETE');
  },
  /** What the next pushes do (answer 202, outcome, delay): the emulator's push rules. */
  async addPushRule(rule: Record<string, unknown>): Promise<void> {
    await adminCall('/pushes', 'POST', rule);
  },
  async clearPushRules(): Promise<void> {
    await adminCall('/pushes', 'DELETE');
  },
  /** Each well-known company's connection ids. */
  async connections(): Promise<Record<string, string[]>> {
    const { url } = await emulator();
    const info = (await (await fetch(`${url}/_emulator/info`)).json()) as {
      push: { connections: Record<string, string[]> };
    };
    return info.push.connections;
  },
  /** The user revoked access on the platform: the company's connection (its first Linked one unless
   * named) turns Deauthorized. */
  async deauthorize(companyId: string, connectionId?: string): Promise<void> {
    await adminCall('/deauthorize', 'POST', { companyId, ...(connectionId ? { connectionId } : {}) });
  },
  /** Back to the seeded state: companies, faults, the log. */
  async reset(): Promise<void> {
    await adminCall('/reset', 'POST');
  },
};

/** A node's children in the view (the view's top level without `node`), never undefined. */
export const children = async (api: DataPlatformApi, node?: TreeNode): Promise<TreeNode[]> =>
  (await api.tree.getChildren(node)) ?? [];

/** The label of a tree node as VS Code shows it. */
export function labelOf(node: { getTreeItem(): vscode.TreeItem }): string {
  const label = node.getTreeItem().label;
  return typeof label === 'string' ? label : (label?.label ?? '');
}

/** A suite's starting point: the extension active, no faults left by another suite, the default
 * page size, and the Companies view on screen. */
export async function openView(): Promise<DataPlatformApi> {
  const api = await activateExtension();
  await admin.clearFaults();
  await vscode.workspace
    .getConfiguration('dataPlatform')
    .update('pageSize', undefined, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('workbench.view.extension.dataPlatform');
  return api;
}

/** A client of the emulator's normal account, to check what the extension shows against the API. */
export async function emulatorClient(): Promise<DataPlatformClient> {
  const { url, key } = await emulator();
  return new DataPlatformClient({ baseUrl: url, apiKey: key });
}

/** The node of a company on the first page of the Companies view (the well-known ones are). */
export async function firstPageCompany(api: DataPlatformApi, companyId: string): Promise<CompanyNode | undefined> {
  await api.tree.getChildren();
  return api.tree.root?.companyNode(companyId);
}

/** The company's node: on the first page, else shown as a company found by a search is (pages of
 * one company leave most off the first page). */
export async function shownCompany(api: DataPlatformApi, emu: DataPlatformClient, companyId: string) {
  const node = (await firstPageCompany(api, companyId)) ?? api.tree.root?.showCompany(await emu.getCompany(companyId));
  assert.ok(node, `company ${companyId}`);
  return node;
}

/** Removes the query nodes a suite made under these companies, from the tree and from storage:
 * they last across tree rebuilds (as across reloads), and the view loads again any it remembers
 * expanded, which would send requests into a later suite's checks. A pinned or named one goes
 * without the question it asks. */
/** Runs `run` with `answers` queued for the questions it asks (src/commands/prompt.ts, in the order
 * asked); answers it did not use are dropped, so none is left for a later question. */
export async function answering<T>(api: DataPlatformApi, answers: Answer[], run: () => Thenable<T>): Promise<T> {
  const queue = api.prompts.answers;
  queue.push(...answers);
  try {
    return await run();
  } finally {
    queue.length = 0;
  }
}

/** What Run Query… is asked: the type (Invoices by default), the filter typed, the order typed
 * (none by default); on the company of the account (the only, selected or named one). */
export interface QueryAnswers {
  accountId?: string;
  companyId: string;
  dataType?: DataTypeId;
  query: string;
  orderBy?: string;
  /** The connection of a connection-scoped type, and the parent record of a type under one. */
  connectionId?: string;
  parentId?: string;
}

/** Run Query… on a company, its three questions answered (src/commands/query.ts). */
export async function runQuery(api: DataPlatformApi, a: QueryAnswers): Promise<QueryResult> {
  const answers: Answer[] = [typeTitle(a.dataType ?? 'invoices'), { value: a.query }, orderAnswer(a.orderBy)];
  const target = {
    ...(a.accountId !== undefined ? { accountId: a.accountId } : {}),
    companyId: a.companyId,
    ...(a.connectionId !== undefined ? { connectionId: a.connectionId } : {}),
    ...(a.parentId !== undefined ? { parentId: a.parentId } : {}),
  };
  const r = await answering(api, answers, () =>
    vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', target),
  );
  assert.ok(r, 'the command returns its outcome');
  return r;
}

/** The orderBy pick's answer: the field typed, or its "No ordering" row. */
export const orderAnswer = (orderBy?: string): Answer => (orderBy ? { value: orderBy } : 'No ordering');

/** The modal questions asked (those before writes, and the other modals), oldest first. */
export const modals = (api: DataPlatformApi): AskedQuestion[] => api.prompts.asked.filter((q) => q.kind === 'modal');

/** Create Company… in the account (the only, selected or named one), its name and description
 * typed; `then` answers what it asks next (the question before a write). */
export function createCompany(
  api: DataPlatformApi,
  c: { accountId?: string; name: string; description?: string },
  then: Answer[] = [],
): Promise<CreateCompanyResult | undefined> {
  const target = c.accountId === undefined ? undefined : { accountId: c.accountId };
  return answering(api, [c.name, c.description ?? '', ...then], () =>
    vscode.commands.executeCommand<CreateCompanyResult>('dataPlatform.createCompany', target),
  );
}

/** Set Environment… on the account, the environment picked. */
export function setEnvironment(api: DataPlatformApi, accountId: string, environment: Environment): Promise<unknown> {
  return answering(api, [environmentName(environment)], () =>
    vscode.commands.executeCommand('dataPlatform.setEnvironment', { accountId }),
  );
}

/** Create API Key… on the account, its name typed; `then` answers what it asks next (the question
 * before a write, then the modal offering the new key). */
export function createApiKey(
  api: DataPlatformApi,
  c: { accountId: string; name: string },
  then: Answer[] = [],
): Promise<CreateApiKeyResult | undefined> {
  return answering(api, [c.name, ...then], () =>
    vscode.commands.executeCommand<CreateApiKeyResult>('dataPlatform.createApiKey', { accountId: c.accountId }),
  );
}

/** Rename Account… on the account, the new name typed. */
export function renameAccount(api: DataPlatformApi, accountId: string, name: string): Promise<unknown> {
  return answering(api, [name], () => vscode.commands.executeCommand('dataPlatform.renameAccount', { accountId }));
}

/** Set API Key… (on the only, selected or named account), the key typed into its box. */
export function setApiKey(
  api: DataPlatformApi,
  key: string,
  accountId?: string,
): Promise<SetAccountKeyResult | undefined> {
  return answering(api, [key], () =>
    vscode.commands.executeCommand<SetAccountKeyResult>('dataPlatform.setApiKey', accountId && { accountId }),
  );
}

/** Find Company…, `text` typed and the row of the company `companyId` accepted once a search (or
 * the view's loaded list) shows it. */
export function findCompany(api: DataPlatformApi, text: string, companyId: string): Promise<FindCompanyResult> {
  const row = (r: { detail?: string }) => r.detail?.split(' · ')[0] === companyId;
  return answering(api, [{ value: text, row }], () =>
    vscode.commands.executeCommand<FindCompanyResult>('dataPlatform.findCompany'),
  );
}

/** What Add Account… resolved to, loosely (src/commands/addAccount.ts AddAccountResult). */
interface AddedAccount {
  outcome: string;
  account?: { id: string; name: string; environment: string };
  key?: { outcome: string };
}

/** Add Account… at another base URL, its questions answered: the address, the name, the
 * environment where it is asked (not where the emulator itself answers: local), the key. */
export function addAccount(
  api: DataPlatformApi,
  a: { name: string; baseUrl: string; key?: string; environment?: Environment },
): Promise<AddedAccount | undefined> {
  const environment = a.environment ? [environmentName(a.environment)] : [];
  return answering(api, ['Another base URL…', a.baseUrl, a.name, ...environment, a.key ?? ''], () =>
    vscode.commands.executeCommand<AddedAccount>('dataPlatform.addAccount'),
  );
}

/** Why the last question refused its queued answer (a filter that does not parse). */
export function refusal(api: DataPlatformApi): string | undefined {
  return api.prompts.asked.at(-1)?.validationMessage;
}

/** Remove Account, its question answered yes. */
export function removeAccount(api: DataPlatformApi, accountId: string): Promise<unknown> {
  return answering(api, [true], () => vscode.commands.executeCommand('dataPlatform.removeAccount', { accountId }));
}

export async function removeQueryNodes(api: DataPlatformApi, companyIds: readonly string[]): Promise<void> {
  for (const id of companyIds) {
    const company = await firstPageCompany(api, id);
    for (const node of [...(company?.queries ?? [])])
      await answering(api, [true], () => vscode.commands.executeCommand('dataPlatform.removeQuery', node));
  }
}

/** The query node a Run Query command showed; fails the test on any other outcome. */
export function shown(result: QueryResult | undefined): QueryNode {
  if (result?.outcome !== 'shown') throw new Error(`expected a node, got ${JSON.stringify(result)}`);
  return (result as { node: QueryNode }).node;
}

/** A draft of an invoice for the company (Create Invoice…), its text replaced by `body` when given
 * (the draft's `$schema` line kept). */
export async function invoiceDraft(companyId: string, body?: Record<string, unknown>): Promise<vscode.TextDocument> {
  const r = await vscode.commands.executeCommand<CreateRecordResult>('dataPlatform.createInvoice', { companyId });
  assert.equal(r?.outcome, 'opened', JSON.stringify(r));
  if (r?.outcome !== 'opened') throw new Error('no draft');
  const doc = await vscode.workspace.openTextDocument(r.uri);
  if (body) {
    const { $schema } = JSON.parse(doc.getText()) as { $schema: string };
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify({ $schema, ...body }, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
  }
  return doc;
}

/** Signs in with the emulator's normal key through the real command; fails unless it was stored. */
export async function signIn(api: DataPlatformApi): Promise<void> {
  const { key } = await emulator();
  const result = await setApiKey(api, key);
  if (result?.outcome !== 'stored') throw new Error(`setting the key failed: ${JSON.stringify(result)}`);
  await waitFor('a ready connection', () => api.connection.state.kind === 'ready');
  // A new key rebuilds the tree, and the view asks for its first page. Loaded here (the view's
  // request and this one are the same load), that request is answered before the test goes on,
  // and cannot land in the request log the test clears next.
  await api.tree.getChildren();
}

/** Adds a second account, "Free trial", on the emulator with its Free-trial key (the 402 key), through
 * the real command; resolves with its id once the view shows both accounts. */
export async function addTrialAccount(api: DataPlatformApi): Promise<string> {
  const { url } = await emulator();
  const key = (await admin.info()).keys.freeTrial;
  const added = await addAccount(api, { name: 'Free trial', baseUrl: url, key });
  if (added?.outcome !== 'added' || !added.account)
    throw new Error(`adding the account failed: ${JSON.stringify(added)}`);
  await waitFor('two accounts in the view', () => api.tree.several);
  return added.account.id;
}

/** The key stored for the first account (the one the runner's base URL made), as another window
 * would see it in SecretStorage. */
export const firstAccountKey = {
  get: (api: DataPlatformApi): Promise<string | undefined> => api.accounts.getKey(api.connection.account.id),
  set: (api: DataPlatformApi, key: string): Promise<void> => api.accounts.setKey(api.connection.account.id, key),
  delete: (api: DataPlatformApi): Promise<void> => api.accounts.deleteKey(api.connection.account.id),
};

/** A node's kind: the first word of its contextValue (`company`, `record`, `loadMore`, …). */
export const kindOf = (n: { getTreeItem(): vscode.TreeItem }): string =>
  (n.getTreeItem().contextValue ?? '').split(' ')[0];

/** Whether a menu's `when` offers it on a node with this contextValue: every `viewItem =~ /…/`
 * of the clause matches (the manifest's menus test one word each). */
export function viewItemMatches(when: string | undefined, contextValue: string): boolean {
  const patterns = [...(when ?? '').matchAll(/viewItem =~ \/(.+?)\/(?=\s|$)/g)].map((m) => new RegExp(m[1]));
  return patterns.length > 0 && patterns.every((re) => re.test(contextValue));
}
