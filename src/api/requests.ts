// The requests of the client, built in one place: each call sends what these build, and "Copy as
// cURL" shares what they build, so a copied command is the request the client sends, byte for byte.
// Every parameter is checked here (a refusal throws an ApiError and nothing is sent).
import { idParameter, type DataTypeId, type DataTypeSpec } from '../dataTypes/catalog';
import { COMPANY_SCHEMA, formatValue, type QuerySchema } from '../query';
import type { CompanyUpdate, CreateCompanyRequest } from './models';
import {
  checkCompanyName,
  checkDataType,
  checkId,
  checkOptionalText,
  checkOrderBy,
  checkPaging,
  checkQuery,
  checkTags,
  checkTagsQuery,
  type Target,
} from './requestChecks';
import { refusedParameter } from './failures';
import { t } from '../l10n';
import { buildQueryString } from './url';

export interface ListParams {
  /** From 1; default 1. */
  page?: number;
  /** 1–5000; default 100. */
  pageSize?: number;
  /** Filter in the API's query language, checked against the record's schema before sending. */
  query?: string;
  /** `field` or `-field`. */
  orderBy?: string;
}

/** The companies list also filters by tags: `tags=region=uk && team=invoice-finance` (Codat's
 * query language over the company's tags), sent after the other parameters. */
export interface CompanyListParams extends ListParams {
  tags?: string;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Encoded path and query relative to the base URL, starting with `/`. */
  path: string;
  body?: unknown;
}

/** A request as it goes on the wire, without its key: for sharing. */
export interface PreparedRequest {
  method: ApiRequest['method'];
  /** Absolute; the query string encoded exactly as the client sends it. */
  url: string;
  body?: unknown;
  /** The answer is a file: a copied command writes it to a file (`-o`), never to the terminal. */
  download?: true;
  /** The body is multipart/form-data with one part `file` holding this file (`-F file=@…;type=…`);
   * `body` is then absent: the bytes are the user's file, not part of the request text. */
  upload?: { name: string; contentType: string };
}

/** `/companies/{id}`, the id checked and encoded (`rest` names the endpoint in a refusal). */
export function companyPath(companyId: string, method: string, rest = ''): string {
  return `/companies/${checkId({ method, path: `/companies/{companyId}${rest}` }, companyId, 'companyId')}`;
}

/** `base?page=…&pageSize=…&query=…&orderBy=…`, in the order the API writes its `_links`, so a
 * first page's URL equals the `_links.current` the server writes. */
export function listPath(
  base: string,
  params: ListParams,
  schema: QuerySchema,
  more: ReadonlyArray<[string, string | undefined]> = [],
): string {
  const target: Target = { method: 'GET', path: base };
  const { page, pageSize } = checkPaging(target, params.page, params.pageSize);
  const query = checkQuery(target, params.query, schema);
  const orderBy = checkOrderBy(target, params.orderBy, schema);
  return `${base}${buildQueryString([
    ['page', page],
    ['pageSize', pageSize],
    ['query', query],
    ['orderBy', orderBy],
    ...more,
  ])}`;
}

/** A page of the companies (page 1 unless `params.page` says otherwise); `tags` goes last, where
 * the API writes it in `_links`. */
export function companiesRequest(params: CompanyListParams = {}): ApiRequest {
  const tags = checkTagsQuery({ method: 'GET', path: '/companies' }, params?.tags);
  return { method: 'GET', path: listPath('/companies', params, COMPANY_SCHEMA, [['tags', tags]]) };
}

export function companyRequest(companyId: string): ApiRequest {
  return { method: 'GET', path: companyPath(companyId, 'GET') };
}

export function createCompanyRequest(request: CreateCompanyRequest): ApiRequest {
  const target: Target = { method: 'POST', path: '/companies' };
  const name = checkCompanyName(target, request?.name);
  const description = checkOptionalText(target, request?.description, 'description');
  const tags = checkTags(target, request?.tags);
  // Optional fields are left out rather than sent as null (the reference's strict clients).
  const body: CreateCompanyRequest = {
    name,
    ...(description !== undefined ? { description } : {}),
    ...(tags ? { tags } : {}),
  };
  return { method: 'POST', path: '/companies', body };
}

/** Where a type's records are listed: the company; for a connection-scoped type (the catalog's
 * `scope`) also the connection; for a type under a parent record (its `parent`) also that record's
 * id. A company id alone places every company-scoped type. */
export interface ListPlace {
  readonly companyId: string;
  readonly connectionId?: string;
  readonly parentId?: string;
}
export type PlaceArg = string | ListPlace;

const placeOf = (place: PlaceArg): ListPlace => (typeof place === 'string' ? { companyId: place } : place);

/** The path of a type's list, each id as `id` gives it by its name in the path. */
function listAt(spec: DataTypeSpec, id: (name: string) => string): string {
  const company = `/companies/${id('companyId')}`;
  if (spec.scope !== 'connection') return `${company}/data/${spec.id}`;
  const data = `${company}/connections/${id('connectionId')}/data`;
  return spec.parent ? `${data}/${spec.parent.type}/${id(spec.parent.idName)}/${spec.id}` : `${data}/${spec.id}`;
}

/** The path template of a type's list (`/companies/{companyId}/connections/{connectionId}/data/…`),
 * for refusals and errors. */
export const listTemplate = (spec: DataTypeSpec): string => listAt(spec, (name) => `{${name}}`);

/** The path of a type's list at a place, every id checked (a place without the connection or the
 * parent its type needs is refused); `rest` is the template's tail past the list, for refusals. */
function recordsBase(spec: DataTypeSpec, place: PlaceArg, method: string, rest = ''): string {
  const { companyId, connectionId, parentId } = placeOf(place);
  const target: Target = { method, path: `${listTemplate(spec)}${rest}` };
  const value = (name: string) =>
    name === 'companyId' ? companyId : name === 'connectionId' ? connectionId : parentId;
  return listAt(spec, (name) => checkId(target, value(name), name));
}

/** A page of a type's records at a place; query and orderBy checked against its schema. */
export function recordsRequest(type: DataTypeId, place: PlaceArg, params: ListParams = {}): ApiRequest {
  const spec = checkDataType({ method: 'GET', path: '/companies/{companyId}/data/{dataType}' }, type);
  return { method: 'GET', path: listPath(recordsBase(spec, place, 'GET'), params, spec.schema) };
}

/** One record of a type by its id; of a type the contract has no GET of one for (`getOne: false`),
 * its list asked for the id. */
export function recordRequest(type: DataTypeId, place: PlaceArg, recordId: string): ApiRequest {
  const spec = checkDataType({ method: 'GET', path: '/companies/{companyId}/data/{dataType}/{id}' }, type);
  const parameter = idParameter(spec);
  const tail = spec.getOne === false ? `?query=id={${parameter}}` : `/{${parameter}}`;
  const id = checkId({ method: 'GET', path: `${listTemplate(spec)}${tail}` }, recordId, parameter);
  const base = recordsBase(spec, place, 'GET', tail);
  if (spec.getOne !== false) return { method: 'GET', path: `${base}/${id}` };
  return { method: 'GET', path: listPath(base, { pageSize: 1, query: `id=${formatValue(recordId)}` }, spec.schema) };
}

/** `PATCH /companies/{id}`: the fields given, checked as Create Company checks them; at least one. */
export function updateCompanyRequest(companyId: string, update: CompanyUpdate): ApiRequest {
  const path = companyPath(companyId, 'PATCH');
  const target: Target = { method: 'PATCH', path: '/companies/{companyId}' };
  const name = update?.name === undefined ? undefined : checkCompanyName(target, update.name);
  const description = checkOptionalText(target, update?.description, 'description');
  const tags = checkTags(target, update?.tags);
  const body: CompanyUpdate = {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(tags ? { tags } : {}),
  };
  if (Object.keys(body).length === 0)
    throw refusedParameter(target, 'body', t('Give at least one of name, description or tags to change'));
  return { method: 'PATCH', path, body };
}

/** `DELETE /companies/{id}`: the company and everything under it. */
export function deleteCompanyRequest(companyId: string): ApiRequest {
  return { method: 'DELETE', path: companyPath(companyId, 'DELETE') };
}
