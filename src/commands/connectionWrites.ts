// Unlink, Delete Connection and Update Authorization on a connection's node: each asks on a
// production account, is sent once (writeOnce.ts: a lost answer is looked for in the API before
// it is offered again), and the company's Connections folder is read again after it.
// Update Authorization opens an editable JSON document (as Edit Sync Settings does); Push
// Authorization, on that document, sends it.
import * as vscode from 'vscode';
import { type ApiError, type DataConnection, type DataPlatformClient, isApiError } from '../api';
import { jsonIndent } from '../documents/recordDocuments';
import { connectionLabel } from '../format/connectionLabels';
import { t } from '../l10n';
import { authorizationBody, authorizationSchema } from '../links/authorization';
import { deleteTook, LostWrites, readConnections, unlinkTook } from '../links/lostWrites';
import type { DraftFileSystem } from '../push/drafts';
import type { AccountRoot } from '../tree/accountRoot';
import { ConnectionNode } from '../tree/connectionNodes';
import { accountOfNode, type ResolveAccount } from './accountTarget';
import { documentTarget } from './documentTarget';
import { writeOnce, type OnceWrite, type WriteResult } from './writeOnce';

interface ConnectionWriteDeps {
  drafts: DraftFileSystem;
  account: ResolveAccount;
  lost: LostWrites;
  /** Stops the watch of a pending connection, once it is deleted. */
  stopWatching(connectionId: string): void;
}

/** What a command on a connection's node acts on. */
interface ConnectionTarget {
  root: AccountRoot;
  client: DataPlatformClient;
  companyId: string;
  companyName: string;
  connection: DataConnection;
}

export function connectionTarget(node: unknown): ConnectionTarget | undefined {
  if (!(node instanceof ConnectionNode)) return undefined;
  const root = accountOfNode(node)?.root;
  const client = root?.connection.client;
  if (!root || !client) return undefined;
  const { id, name } = node.company;
  return { root, client, companyId: id, companyName: name, connection: node.connection };
}

/** The connection as it is now; undefined when the API says it is gone (404). */
async function readConnection(x: ConnectionTarget): Promise<DataConnection | undefined> {
  try {
    return await x.client.connections.get(x.companyId, x.connection.id);
  } catch (e) {
    if (isApiError(e) && e.kind === 'notFound') return undefined;
    throw e;
  }
}

/** The company's connections read again (its row and data types go by them). */
function refreshed(x: ConnectionTarget): void {
  x.root.companyNode(x.companyId)?.connections.refresh();
}

/** What every write on a connection shares: its account, its key, its reporting and wording. */
function write<R>(
  deps: ConnectionWriteDeps,
  x: ConnectionTarget,
  what: { op: string; title: string },
  rest: Pick<OnceWrite<R>, 'question' | 'again' | 'look' | 'send' | 'progress'>,
): Promise<WriteResult<R>> {
  const name = connectionLabel(x.connection);
  const { account } = x.root.connection;
  return writeOnce<R>({
    account,
    lost: deps.lost,
    key: LostWrites.key(what.op, account.id, x.companyId, x.connection.id),
    looking: t('No usable answer: reading the {0} connection of {1}…', name, x.companyName),
    failed: (e: ApiError) => t('{0} of the {1} connection failed: {2}', what.title, name, e.message),
    maybe: (e: ApiError) =>
      t(
        '{0} of the {1} connection may or may not have been done: {2}. The API does not show it yet; {0} asks before sending it again.',
        what.title,
        name,
        e.message,
      ),
    report: (e: ApiError) => x.root.reportError(e),
    ...rest,
  });
}

async function unlink(deps: ConnectionWriteDeps, node: unknown): Promise<WriteResult<DataConnection | undefined>> {
  const x = connectionTarget(node);
  if (!x) return { outcome: 'unavailable' };
  const name = connectionLabel(x.connection);
  const account = x.root.connection.account.name;
  const result = await write<DataConnection | undefined>(
    deps,
    x,
    { op: 'unlink', title: t('Unlink') },
    {
      question: {
        question: t('Unlink the {0} connection of {1} in {2}?', name, x.companyName, account),
        detail: t('No new data comes from the platform until the company links it again.'),
        button: t('Unlink'),
      },
      again: (reason) => ({
        question: t(
          'An earlier Unlink of the {0} connection of {1} got no usable answer ({2}), and the connection is not Unlinked. Unlink it now?',
          name,
          x.companyName,
          reason,
        ),
        detail: t('No new data comes from the platform until the company links it again.'),
        button: t('Unlink'),
      }),
      look: async () => {
        const now = await readConnection(x);
        return unlinkTook(now) ? { value: now } : undefined;
      },
      send: () => x.client.connections.unlink(x.companyId, x.connection.id),
      progress: t('Unlinking the {0} connection of {1}…', name, x.companyName),
    },
  );
  if (result.outcome === 'done') {
    refreshed(x);
    void vscode.window.showInformationMessage(t('The {0} connection of {1} is unlinked.', name, x.companyName));
  }
  return result;
}

async function remove(deps: ConnectionWriteDeps, node: unknown): Promise<WriteResult<true>> {
  const x = connectionTarget(node);
  if (!x) return { outcome: 'unavailable' };
  const name = connectionLabel(x.connection);
  const account = x.root.connection.account.name;
  const detail = t('The connection and its link go; the company’s data already fetched stays.');
  const result = await write<true>(
    deps,
    x,
    { op: 'delete', title: t('Delete Connection') },
    {
      question: {
        question: t('Delete the {0} connection of {1} in {2}?', name, x.companyName, account),
        detail,
        button: t('Delete Connection'),
      },
      again: (reason) => ({
        question: t(
          'An earlier Delete Connection of the {0} connection of {1} got no usable answer ({2}), and the connection is still there. Delete it now?',
          name,
          x.companyName,
          reason,
        ),
        detail,
        button: t('Delete Connection'),
      }),
      look: async () => {
        const all = await readConnections((href, o) =>
          x.client.connections.connectionPages(x.companyId, { pageSize: 100 })(href, o),
        );
        return deleteTook(all, x.connection.id) ? { value: true } : undefined;
      },
      send: () => x.client.connections.delete(x.companyId, x.connection.id).then(() => true as const),
      progress: t('Deleting the {0} connection of {1}…', name, x.companyName),
    },
  );
  if (result.outcome === 'done') {
    deps.stopWatching(x.connection.id);
    refreshed(x);
    void vscode.window.showInformationMessage(t('The {0} connection of {1} is deleted.', name, x.companyName));
  }
  return result;
}

async function editAuthorization(deps: ConnectionWriteDeps, node: unknown): Promise<vscode.Uri | undefined> {
  const x = connectionTarget(node);
  if (!x) return undefined;
  const platformName = connectionLabel(x.connection);
  const title = t('Authorization of the {0} connection of {1}', platformName, x.companyName);
  const target = {
    accountId: x.root.accountId,
    companyId: x.companyId,
    companyName: x.companyName,
    connectionId: x.connection.id,
    platformName,
  };
  const file = t('{0} authorization', platformName);
  const uri = deps.drafts.createAuthorization(target, file, {}, authorizationSchema(title), jsonIndent());
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  return uri;
}

type PushResult = WriteResult<DataConnection | undefined> | { outcome: 'invalid'; message: string };

/** The document's connection and authorization; a result when there is nothing to send. */
async function documentToPush(
  deps: ConnectionWriteDeps,
  arg: unknown,
): Promise<PushResult | { uri: vscode.Uri; x: ConnectionTarget; authorization: Record<string, string> }> {
  const found = await documentTarget(arg, {
    of: (uri) => deps.drafts.authorizationOf(uri),
    text: (uri) => deps.drafts.textOf(uri),
    parse: authorizationBody,
    refused: (message) => t('The authorization cannot be sent: {0}', message),
    title: t('Push Authorization'),
    account: deps.account,
  });
  if ('outcome' in found) return found;
  const { uri, target, parsed, account, client } = found;
  const { companyId, companyName, connectionId: id, platformName } = target;
  const connection = { id, platformName } as DataConnection;
  return {
    uri,
    x: { root: account.root, client, companyId, companyName, connection },
    authorization: parsed.authorization,
  };
}

async function pushAuthorization(deps: ConnectionWriteDeps, arg: unknown): Promise<PushResult> {
  const doc = await documentToPush(deps, arg);
  if ('outcome' in doc) return doc;
  const { uri, x, authorization } = doc;
  const { client } = x;
  const name = connectionLabel(x.connection);
  const before = await readConnection(x).catch(() => undefined);
  const question = {
    question: t(
      'Replace the authorization of the {0} connection of {1} in {2}?',
      name,
      x.companyName,
      x.root.connection.account.name,
    ),
    detail: t('The platform is then reached with these values.'),
    button: t('Push Authorization'),
  };
  const result = await write<DataConnection | undefined>(
    deps,
    x,
    { op: 'authorization', title: t('Push Authorization') },
    {
      question,
      again: (reason) => ({
        ...question,
        question: t(
          'An earlier Push Authorization of the {0} connection of {1} got no usable answer ({2}); the API cannot show whether it took. Send it again?',
          name,
          x.companyName,
          reason,
        ),
      }),
      // The authorization is never read back: only a connection that became Linked shows it took.
      look: async () => {
        const now = await readConnection(x);
        return now?.status === 'Linked' && before?.status !== 'Linked' ? { value: now } : undefined;
      },
      send: () => client.connections.updateAuthorization(x.companyId, x.connection.id, authorization),
      progress: t('Pushing the authorization of the {0} connection of {1}…', name, x.companyName),
    },
  );
  if (result.outcome === 'done') {
    await vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.save();
    refreshed(x);
    void vscode.window.showInformationMessage(
      t('The authorization of the {0} connection of {1} is replaced.', name, x.companyName),
    );
  }
  return result;
}

export function connectionWriteCommands(deps: ConnectionWriteDeps) {
  return {
    'dataPlatform.unlinkConnection': (node?: unknown) => unlink(deps, node),
    'dataPlatform.deleteConnection': (node?: unknown) => remove(deps, node),
    'dataPlatform.editConnectionAuthorization': (node?: unknown) => editAuthorization(deps, node),
    'dataPlatform.pushConnectionAuthorization': (arg?: unknown) => pushAuthorization(deps, arg),
  };
}
