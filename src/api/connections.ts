// A company's data connections, the integrations they are made from and what a pull's validation
// found (Codat's Platform API): the requests, built here as requests.ts builds the others (every
// id and body checked before anything is sent), and the checks of their answers.
import { t } from '../l10n';
import { CONNECTION_SCHEMA, INTEGRATION_SCHEMA } from '../query';
import { refusedParameter } from './failures';
import type { DataConnection, Integration, PullValidation, PullValidationItem } from './models';
import { checkId, type Target } from './requestChecks';
import { companyPath, listPath, type ApiRequest, type ListParams } from './requests';
import { isRecord, type Guard } from '../util/guards';
import { pageGuard } from './responseShapes';

const text = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => text(v) && v !== '';
const textOrAbsent = (v: unknown): boolean => v === undefined || text(v);

/** What a connection is known by; its other fields are checked where they are read (a status the
 * contract adds later is shown as such). */
export const isConnection: Guard<DataConnection> = (v): v is DataConnection =>
  isRecord(v) && nonEmpty(v.id) && text(v.platformName) && text(v.status);

export const isIntegration: Guard<Integration> = (v): v is Integration =>
  isRecord(v) && nonEmpty(v.key) && text(v.name) && typeof v.enabled === 'boolean';

const isValidationItem: Guard<PullValidationItem> = (v): v is PullValidationItem =>
  isRecord(v) && ['ruleId', 'itemId', 'message', 'validatorName'].every((k) => textOrAbsent(v[k]));

const isValidationList = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every(isValidationItem));

/** Both lists may be absent (nothing found); what is there is a list of items. */
export const isPullValidation: Guard<PullValidation> = (v): v is PullValidation =>
  isRecord(v) && isValidationList(v.errors) && isValidationList(v.warnings);

export const CONNECTION_PAGE = pageGuard(isConnection);
export const INTEGRATION_PAGE = pageGuard(isIntegration);

/** `/companies/{id}/connections/{connectionId}`, both ids checked (`rest` names the endpoint). */
export function connectionPath(companyId: string, connectionId: string, method: string, rest = ''): string {
  const company = companyPath(companyId, method, `/connections/{connectionId}${rest}`);
  const target: Target = { method, path: `${company}/connections/{connectionId}${rest}` };
  return `${company}/connections/${checkId(target, connectionId, 'connectionId')}`;
}

/** A page of a company's data connections; query and orderBy checked against their schema. */
export function connectionsRequest(companyId: string, params: ListParams = {}): ApiRequest {
  const base = `${companyPath(companyId, 'GET', '/connections')}/connections`;
  return { method: 'GET', path: listPath(base, params, CONNECTION_SCHEMA) };
}

export function connectionRequest(companyId: string, connectionId: string): ApiRequest {
  return { method: 'GET', path: connectionPath(companyId, connectionId, 'GET') };
}

/** A page of the integrations; query and orderBy checked against their schema. */
export function integrationsRequest(params: ListParams = {}): ApiRequest {
  return { method: 'GET', path: listPath('/integrations', params, INTEGRATION_SCHEMA) };
}

export function integrationRequest(platformKey: string): ApiRequest {
  const key = checkId({ method: 'GET', path: '/integrations/{platformKey}' }, platformKey, 'platformKey');
  return { method: 'GET', path: `/integrations/${key}` };
}

/** `POST …/connections` `{ platformKey }`. The key goes in the body, not the path, yet is checked as
 * an id is: the server's keys are four letters, and nothing else belongs in a request. */
export function createConnectionRequest(companyId: string, platformKey: string): ApiRequest {
  const path = `${companyPath(companyId, 'POST', '/connections')}/connections`;
  checkId({ method: 'POST', path: '/companies/{companyId}/connections' }, platformKey, 'platformKey');
  return { method: 'POST', path, body: { platformKey } };
}

/** `PATCH …/connections/{connectionId}` `{ status: 'Unlinked' }`: the one change the API allows. */
export function unlinkConnectionRequest(companyId: string, connectionId: string): ApiRequest {
  return { method: 'PATCH', path: connectionPath(companyId, connectionId, 'PATCH'), body: { status: 'Unlinked' } };
}

export function deleteConnectionRequest(companyId: string, connectionId: string): ApiRequest {
  return { method: 'DELETE', path: connectionPath(companyId, connectionId, 'DELETE') };
}

/** `PUT …/connections/{connectionId}/authorization`: a JSON object of strings (the contract's shape). */
export function authorizationRequest(
  companyId: string,
  connectionId: string,
  authorization: Record<string, string>,
): ApiRequest {
  const path = `${connectionPath(companyId, connectionId, 'PUT', '/authorization')}/authorization`;
  const target: Target = { method: 'PUT', path: '/companies/{companyId}/connections/{connectionId}/authorization' };
  if (!isRecord(authorization) || !Object.values(authorization).every(text))
    throw refusedParameter(target, 'authorization', t('The authorization must be a JSON object of text values'));
  return { method: 'PUT', path, body: authorization };
}

/** `GET /companies/{id}/sync/{datasetId}/validation`: what a pull's validation found. */
export function validationRequest(companyId: string, datasetId: string): ApiRequest {
  const company = companyPath(companyId, 'GET', '/sync/{datasetId}/validation');
  const target: Target = { method: 'GET', path: `${company}/sync/{datasetId}/validation` };
  return { method: 'GET', path: `${company}/sync/${checkId(target, datasetId, 'datasetId')}/validation` };
}
