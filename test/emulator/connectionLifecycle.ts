// A connection's lifecycle (Codat's Platform API): created PendingAuth from an integration
// (`POST …/connections {platformKey}`), with a `linkUrl` at the emulator's own link page
// (linkPage.ts) where Authorize makes it Linked and queues its first sync of every type; unlinked
// (`PATCH {status: "Unlinked"}`), deleted (200, no body), its authorization replaced (`PUT
// …/authorization`, a Deauthorized one is Linked again); Deauthorized by the admin endpoint.
import { ApiResponse, errorResponse, validationError } from './errors';
import { DATA_TYPES } from './dataTypes';
import { type Integration, findIntegration } from './integrations';
import { type Handler, type JsonObject, isEntry, isResponse, ok, ownCompany, readObject } from './routing';
import type { AccountName, CompanyEntry, EmulatorState } from './state';
import type { DataConnection } from './wire';
import { connectionEvent } from './webhooks/hub';

export function connectionsOf(entry: CompanyEntry): readonly DataConnection[] {
  return entry.company.dataConnections ?? [];
}

/** The company's connection with this id (ids compare as Codat's UUIDs do: in any case), or the 404. */
export function findConnection(entry: CompanyEntry, connectionId: string): DataConnection | ApiResponse {
  const id = connectionId.toLowerCase();
  const found = connectionsOf(entry).find((c) => c.id.toLowerCase() === id);
  return found ?? errorResponse(404, 'PublicApi', `No data connection was found with ID ${connectionId}`);
}

/** The link page's path of a connection (after the emulator's origin). */
export function linkPath(companyId: string, connectionId: string, action = 'start'): string {
  return `/link/companies/${companyId}/connections/${connectionId}/${action}`;
}

const createError = (message: string): ApiResponse =>
  validationError('PublicApi', 'platformKey', message, 'CreateConnection');

function readPlatformKey(body: JsonObject): Integration | ApiResponse {
  const key = body.platformKey;
  if (typeof key !== 'string' || key.trim() === '')
    return createError('The platformKey field is required: the 4-letter key of an integration (GET /integrations).');
  const integration = findIntegration(key.trim());
  if (!integration) return createError(`No integration has the platform key ${JSON.stringify(key)}.`);
  if (!integration.enabled)
    return createError(`The integration ${integration.name} (${integration.key}) is not enabled.`);
  return integration;
}

/** `POST /companies/{companyId}/connections`: a new PendingAuth connection, its link at `req.origin`. */
export const createConnection: Handler = (req, [id], state) => {
  const entry = ownCompany(state, req.account, id);
  if (!isEntry(entry)) return entry;
  const body = readObject(req, false);
  if (isResponse(body)) return body;
  const integration = readPlatformKey(body);
  if (isResponse(integration)) return integration;
  const connectionId = state.nextRandom('connection').uuid();
  const connection: DataConnection = {
    id: connectionId,
    integrationId: integration.integrationId,
    integrationKey: integration.key,
    sourceId: integration.sourceId,
    sourceType: integration.sourceType,
    platformName: integration.name,
    linkUrl: `${req.origin}${linkPath(entry.company.id, connectionId)}`,
    status: 'PendingAuth',
    created: state.iso(),
  };
  (entry.company.dataConnections ??= []).push(connection);
  connectionEvent(state, entry, connection, 'created');
  return ok(structuredClone(connection));
};

/** The company's connection a route names, or the 404/403 that says why not. */
function connectionOf(
  state: EmulatorState,
  account: AccountName,
  id: string,
  connectionId: string,
): { entry: CompanyEntry; connection: DataConnection } | ApiResponse {
  const entry = ownCompany(state, account, id);
  if (!isEntry(entry)) return entry;
  const connection = findConnection(entry, connectionId);
  return connection instanceof ApiResponse ? connection : { entry, connection };
}

/** `PATCH …/connections/{connectionId}`: `{status: "Unlinked"}` and nothing else. */
export const updateConnection: Handler = (req, [id, connectionId], state) => {
  const found = connectionOf(state, req.account, id, connectionId);
  if (isResponse(found)) return found;
  const body = readObject(req, false);
  if (isResponse(body)) return body;
  const other = Object.keys(body).find((k) => k !== 'status');
  if (other !== undefined)
    return validationError('PublicApi', other, `The field ${other} cannot be changed.`, 'UpdateConnectionStatus');
  if (body.status !== 'Unlinked')
    return validationError(
      'PublicApi',
      'status',
      'The status field must be "Unlinked": a connection is unlinked here, linked only by its user.',
      'UpdateConnectionStatus',
    );
  found.connection.status = 'Unlinked';
  connectionEvent(state, found.entry, found.connection, 'disconnected');
  return ok(structuredClone(found.connection));
};

/** `DELETE …/connections/{connectionId}`: 200 with no body; the company's connections no longer hold it. */
export const deleteConnection: Handler = (req, [id, connectionId], state) => {
  const found = connectionOf(state, req.account, id, connectionId);
  if (isResponse(found)) return found;
  const company = found.entry.company;
  company.dataConnections = (company.dataConnections ?? []).filter((c) => c !== found.connection);
  connectionEvent(state, found.entry, found.connection, 'deleted');
  return new ApiResponse(200);
};

/** `PUT …/authorization`: an object of strings (kept nowhere: it is the platform's business). */
export const updateAuthorization: Handler = (req, [id, connectionId], state) => {
  const found = connectionOf(state, req.account, id, connectionId);
  if (isResponse(found)) return found;
  const body = readObject(req, false);
  if (isResponse(body)) return body;
  const bad = Object.entries(body).find(([, v]) => typeof v !== 'string');
  if (bad)
    return validationError(
      'PublicApi',
      bad[0],
      `The authorization's ${bad[0]} must be a string: the body is an object of strings.`,
      'UpdateAuthorization',
    );
  if (found.connection.status === 'Deauthorized') {
    found.connection.status = 'Linked';
    connectionEvent(state, found.entry, found.connection, 'reconnected');
  }
  return ok(structuredClone(found.connection));
};

/** The user authorized the connection on its link page: Linked, and the first sync of every type queued. */
export function linkConnection(state: EmulatorState, entry: CompanyEntry, connection: DataConnection): void {
  connection.status = 'Linked';
  connectionEvent(state, entry, connection, 'connected');
  for (const type of DATA_TYPES)
    if (state.settle(entry, type).state !== 'unsupported') state.queueSync(entry, type, connection.id);
}

/** The admin endpoint's fault: the company's connection (the first Linked one unless named) Deauthorized. */
export function deauthorize(entry: CompanyEntry, connectionId: string | undefined): DataConnection | undefined {
  const connections = entry.company.dataConnections ?? [];
  const wanted = connectionId?.toLowerCase();
  const connection =
    wanted === undefined
      ? connections.find((c) => c.status === 'Linked')
      : connections.find((c) => c.id.toLowerCase() === wanted);
  if (connection) connection.status = 'Deauthorized';
  return connection;
}
