// Create Connection… on a company (or its Connections folder): an integration picked, the
// production question, the POST sent once (a lost answer is looked for among the company's
// connections: a new PendingAuth one of the platform since it was sent), the link offered (Open
// Link, Copy Link URL) and the connection watched until it leaves PendingAuth. With the commands of
// a connection's node (connectionWrites.ts) and its link's.
import * as vscode from 'vscode';
import type { DataConnection, DataPlatformClient, Integration } from '../api';
import { t } from '../l10n';
import type { LinkCheck } from '../links/linkUrl';
import { findLostConnection, LostWrites, readConnections } from '../links/lostWrites';
import type { DraftFileSystem } from '../push/drafts';
import type { AccountRoot } from '../tree/accountRoot';
import { CompanyNode } from '../tree/companyNodes';
import { ConnectionsFolderNode } from '../tree/connectionNodes';
import { accountOfNode, type ResolveAccount } from './accountTarget';
import { ConnectionWatches, offerLink, useLink } from './connectionLink';
import { connectionTarget, connectionWriteCommands } from './connectionWrites';
import { pickIntegration } from './integrationPicker';
import { registerCommand } from './register';
import { writeOnce, type WriteResult } from './writeOnce';

interface ConnectionDeps {
  drafts: DraftFileSystem;
  account: ResolveAccount;
}

export type CreateConnectionResult =
  | { outcome: 'created'; connection: DataConnection; link: LinkCheck; recovered?: true }
  | Exclude<WriteResult<DataConnection>, { outcome: 'done' }>;

function companyOf(node: unknown): CompanyNode | undefined {
  if (node instanceof CompanyNode) return node;
  if (node instanceof ConnectionsFolderNode && node.owner instanceof CompanyNode) return node.owner;
  return undefined;
}

interface CreateTarget {
  company: CompanyNode;
  root: AccountRoot;
  client: DataPlatformClient;
}

/** The POST of a connection of `integration`, sent once (writeOnce.ts). */
async function send(lost: LostWrites, x: CreateTarget, integration: Integration): Promise<WriteResult<DataConnection>> {
  const { id: companyId, name: companyName } = x.company.company;
  const { account } = x.root.connection;
  const { name } = integration;
  const pages = () => x.client.connections.connectionPages(companyId, { pageSize: 100 });
  // The connections there before: none of them can be the one a lost answer made.
  const before = (await readConnections(pages()).catch(() => [] as DataConnection[])).map((c) => c.id);
  const question = {
    question: t('Create a {0} connection for {1} in {2}?', name, companyName, account.name),
    detail: t('The connection waits for authorization until the company’s user opens its link.'),
    button: t('Create Connection'),
  };
  return writeOnce<DataConnection>({
    account,
    lost,
    key: LostWrites.key('create', account.id, companyId, integration.key),
    question,
    again: (reason) => ({
      ...question,
      question: t(
        'An earlier Create Connection of {0} for {1} got no usable answer ({2}), and no new connection is listed. Create it now?',
        name,
        companyName,
        reason,
      ),
    }),
    look: async (sentAt) => {
      const found = findLostConnection(await readConnections(pages()), { integration, sentAt, before });
      return found && { value: found };
    },
    send: () => x.client.connections.create(companyId, integration.key),
    progress: t('Creating a {0} connection for {1}…', name, companyName),
    looking: t('No usable answer: looking for the new {0} connection of {1}…', name, companyName),
    failed: (e) => t('Could not create the {0} connection: {1}', name, e.message),
    maybe: (e) =>
      t(
        'The {0} connection of {1} may or may not have been created: {2}. It is not listed yet; Create Connection asks before sending it again.',
        name,
        companyName,
        e.message,
      ),
    report: (e) => x.root.reportError(e),
  });
}

async function create(lost: LostWrites, watches: ConnectionWatches, node: unknown): Promise<CreateConnectionResult> {
  const company = companyOf(node);
  const root = accountOfNode(company)?.root;
  const client = root?.connection.client;
  if (!company || !root || !client) return { outcome: 'unavailable' };
  const { id: companyId, name: companyName } = company.company;
  const integration = await pickIntegration(
    client.connections.integrationPages({ pageSize: 100 }),
    t('Create Connection for {0}: platform', companyName),
    (e) => root.reportError(e),
  );
  if (!integration) return { outcome: 'cancelled' };
  const result = await send(lost, { company, root, client }, integration);
  if (result.outcome !== 'done') return result;
  const connection = result.value;
  (root.companyNode(companyId) ?? company).connections.refresh();
  const link = offerLink(connection, client.baseUrl, companyName);
  void watches.watch(root, client, companyId, connection, companyName);
  return { outcome: 'created', connection, link, ...(result.recovered ? { recovered: true as const } : {}) };
}

/** Open Link and Copy Link URL on a pending connection's node. */
async function link(node: unknown, how: 'open' | 'copy'): Promise<LinkCheck | undefined> {
  const x = connectionTarget(node);
  if (!x) return undefined;
  return useLink(x.connection, x.client.baseUrl, how);
}

export function registerConnectionCommands(deps: ConnectionDeps): vscode.Disposable[] {
  const lost = new LostWrites();
  const watches = new ConnectionWatches();
  const writes = connectionWriteCommands({ ...deps, lost, stopWatching: (id) => watches.stop(id) });
  return [
    registerCommand('dataPlatform.createConnection', (node?: unknown) => create(lost, watches, node)),
    registerCommand('dataPlatform.openConnectionLink', (node?: unknown) => link(node, 'open')),
    registerCommand('dataPlatform.copyConnectionLink', (node?: unknown) => link(node, 'copy')),
    ...Object.entries(writes).map(([command, run]) => registerCommand(command, run)),
    watches,
  ];
}
