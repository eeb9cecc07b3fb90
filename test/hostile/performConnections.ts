// The corpus's connection and company calls (issue 32), each as its command makes it through the
// Node pipeline: the one request, its error reported once (a write's without the key prompt, as
// Create Company reports one), and what came back as Open JSON shows it.
import type { DataPlatformClient } from '../../src/api/client';
import { isApiError } from '../../src/api/errors';
import type { Pipeline } from '../support/pipeline';
import type { ConnectionCall } from './corpus';
import type { Performed } from './perform';

const openJson = (value: unknown): string => JSON.stringify(value, null, 2);

/** The call's records: items of a page, a connection or an integration, a validation's items, or
 * one for a write answered with no body. */
async function records(client: DataPlatformClient, c: ConnectionCall): Promise<unknown[]> {
  const api = client.connections;
  switch (c.call) {
    case 'integrations':
      return (await api.listIntegrations()).results;
    case 'integration':
      return [await api.getIntegration(c.platformKey)];
    case 'connections':
      return (await api.connectionPages(c.companyId)(undefined, {})).results;
    case 'connection':
      return [await api.get(c.companyId, c.connectionId)];
    case 'create':
      return [await api.create(c.companyId, c.platformKey)];
    case 'unlink':
      return [await api.unlink(c.companyId, c.connectionId)];
    case 'delete':
      await api.delete(c.companyId, c.connectionId);
      return [{ id: 'deleted' }];
    case 'authorize':
      return [await api.updateAuthorization(c.companyId, c.connectionId, c.authorization)];
    case 'validation': {
      const found = await api.validation(c.companyId, c.datasetId);
      return [...(found.errors ?? []), ...(found.warnings ?? [])].map((i) => ({ id: i.ruleId }));
    }
    case 'editCompany':
      return [await client.companies.update(c.companyId, c.update)];
    case 'deleteCompany':
      await client.companies.delete(c.companyId);
      return [{ id: 'deleted' }];
    case 'byTag':
      return (await client.listCompanies({ tags: c.tags })).results;
  }
}

const WRITES: ReadonlySet<ConnectionCall['call']> = new Set([
  'create',
  'unlink',
  'delete',
  'authorize',
  'editCompany',
  'deleteCompany',
]);

export async function performConnectionCall(p: Pipeline, key: string, c: ConnectionCall): Promise<Performed> {
  try {
    const found = await records(p.client(key), c);
    const ids = found.map((r) => {
      const item = r as { id?: unknown; key?: unknown };
      return String(item.id ?? item.key);
    });
    return { ids, surfaces: { 'Open JSON': openJson(found) } };
  } catch (e) {
    if (!isApiError(e)) throw e;
    p.report(e, { prompt: !WRITES.has(c.call) });
    return { ids: [], error: e };
  }
}
