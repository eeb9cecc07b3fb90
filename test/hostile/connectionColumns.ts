// The fault matrix's columns of issue 32: the connections and companies API's reads (each retried
// by itself through a fault that strikes once) and its writes, a POST, PUT, PATCH or DELETE each
// sent once per command and, after a lost answer, looked up as its command does before it is sent
// again (lostWrites.ts): a change found made is the command's success.
import { isApiError } from '../../src/api/errors';
import type { RunningEmulator } from '../emulator';
import { admin } from '../emulator/testing';
import { lostWriteColumn } from './lostWrites';
import { readColumn, type Column, type World } from './matrixColumns';

const RENAMED = 'Matrix renamed';

/** The connection of `few` the writes change, and the one deleted. */
const connection = (emu: RunningEmulator, i = 0): string => emu.connections.few[i];
const connectionPath = (emu: RunningEmulator, i = 0): string =>
  `^/companies/${emu.companies.few}/connections/${connection(emu, i)}`;

const statusOf = async (w: World, i = 0): Promise<string> =>
  (await w.client.connections.get(w.emu.companies.few, connection(w.emu, i))).status;

/** Whether the company is gone: its next read answers 404. */
const gone = (w: World, companyId: string): Promise<boolean> =>
  w.client.getCompany(companyId).then(
    () => false,
    (e: unknown) => {
      if (isApiError(e) && e.kind === 'notFound') return true;
      throw e;
    },
  );

export const CONNECTION_COLUMNS: readonly Column[] = [
  readColumn(
    'integrations',
    () => '^/integrations$',
    (w, signal) => w.client.connections.listIntegrations({}, { signal }).then((p) => p.results.map((i) => i.key)),
  ),
  readColumn(
    'read connection',
    (emu) => `${connectionPath(emu)}$`,
    (w, signal) => w.client.connections.get(w.emu.companies.few, connection(w.emu), { signal }).then((c) => c.status),
  ),
  readColumn(
    'pull validation',
    (emu) => `^/companies/${emu.companies.many}/sync/[^/]+/validation$`,
    async (w, signal) => {
      const history = await w.client.listPullOperations(w.emu.companies.many, { pageSize: 100 }, { signal });
      const failed = history.results.find((op) => op.isErrored)?.id ?? '';
      return w.client.connections.validation(w.emu.companies.many, failed, { signal });
    },
  ),
  readColumn(
    'companies by tag',
    () => '^/companies$',
    (w, signal) => w.client.listCompanies({ tags: 'region=uk' }, { signal }).then((p) => p.results.map((c) => c.id)),
  ),
  lostWriteColumn(
    'create connection',
    (emu) => `^/companies/${emu.companies.syncing}/connections$`,
    {
      post: (w, signal) => w.client.connections.create(w.emu.companies.syncing, 'gbol', { signal }),
      find: async (w) => (await w.client.listConnections(w.emu.companies.syncing)).totalResults > 0,
      made: async (w) => (await w.client.listConnections(w.emu.companies.syncing)).totalResults,
    },
    'POST',
  ),
  lostWriteColumn(
    'unlink connection',
    (emu) => `${connectionPath(emu)}$`,
    {
      post: (w, signal) => w.client.connections.unlink(w.emu.companies.few, connection(w.emu), { signal }),
      find: async (w) => (await statusOf(w)) === 'Unlinked',
      made: async (w) => ((await statusOf(w)) === 'Unlinked' ? 1 : 0),
    },
    'PATCH',
  ),
  lostWriteColumn(
    'update authorization',
    (emu) => `${connectionPath(emu)}/authorization$`,
    {
      // A connection whose user revoked access: a new authorization links it again.
      before: async (w) => {
        const body = { companyId: w.emu.companies.few, connectionId: connection(w.emu) };
        await admin(w.emu, '/deauthorize', { method: 'POST', body });
      },
      post: (w, signal) =>
        w.client.connections.updateAuthorization(w.emu.companies.few, connection(w.emu), { token: 't' }, { signal }),
      find: async (w) => (await statusOf(w)) === 'Linked',
      made: async (w) => ((await statusOf(w)) === 'Linked' ? 1 : 0),
    },
    'PUT',
  ),
  lostWriteColumn(
    'delete connection',
    (emu) => `${connectionPath(emu, 1)}$`,
    {
      post: (w, signal) => w.client.connections.delete(w.emu.companies.few, connection(w.emu, 1), { signal }),
      find: async (w) =>
        !(await w.client.listConnections(w.emu.companies.few)).results.some((c) => c.id === connection(w.emu, 1)),
    },
    'DELETE',
    true,
  ),
  lostWriteColumn(
    'edit company',
    (emu) => `^/companies/${emu.companies.empty}$`,
    {
      post: (w, signal) => w.client.companies.update(w.emu.companies.empty, { name: RENAMED }, { signal }),
      find: async (w) => (await w.client.getCompany(w.emu.companies.empty)).name === RENAMED,
      made: async (w) => ((await w.client.getCompany(w.emu.companies.empty)).name === RENAMED ? 1 : 0),
    },
    'PATCH',
  ),
  lostWriteColumn(
    'delete company',
    (emu) => `^/companies/${emu.companies.unsupported}$`,
    {
      post: (w, signal) => w.client.companies.delete(w.emu.companies.unsupported, { signal }),
      find: (w) => gone(w, w.emu.companies.unsupported),
    },
    'DELETE',
    true,
  ),
];
