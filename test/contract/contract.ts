// Codat's published API contract (test/contract/codat.json, written by scripts/contract.mjs from
// Codat's OpenAPI documents) as validators: a response either fits it or the returned problems say
// where it does not. Read strictly: a record may leave out what the contract does not require and
// send `null` where it allows one, but a field the contract does not name is a problem, so a
// renamed field shows even when the contract does not require it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';

/** A JSON Schema as the contract file holds it (plain JSON). */
export type Schema = { [key: string]: unknown };

export interface ContractSource {
  document: string;
  title: string;
  version: string;
  commit: string;
  covers: string;
}

export interface ContractDataType {
  source: string;
  /** `/companies/{companyId}/data/…`, or for a type served per connection `…/connections/{connectionId}/data/…`. */
  listPath: string;
  /** Null where the contract has no GET of one record (bank transactions). */
  itemPath: string | null;
  /** Its key in `GET /dataStatus` and its name in `POST /data/queue/{dataType}`. */
  statusKey: string;
  /** Present for a type served per data connection. */
  scope?: 'connection';
  /** The type whose record the list is under, and the name of its id in the path. */
  parent?: { type: string; idName: string };
  record: Schema;
  /** What GET of one record answers, where it is not the list's record (a tracking category's tree). */
  itemRecord?: Schema;
}

export interface Contract {
  sources: ContractSource[];
  page: Schema;
  error: { record: Schema; byStatus: Record<string, { descriptions: string[]; texts: string[] }> };
  companies: ContractCompanies;
  dataStatus: { path: string; keys: string[]; eachKey: Schema };
  pullOperation: { path: string; record: Schema };
  dataTypes: Record<string, ContractDataType>;
  integrations: ContractIntegrations;
  connections: ContractConnections;
  push: ContractPush;
  sync: ContractSync;
  /** `GET /companies/{companyId}/sync/{datasetId}/validation`: ValidationResult. */
  validation: { path: string; record: Schema; statuses: string[] };
  documents: ContractDocuments;
  reports: ContractReports;
}

/** One report operation (scripts/contractReports.mjs): its query parameters, the statuses Accounting
 * API 2.1.0 lists (only 200) and Lending 3.0.0 lists for the same path, and what its 200 answers. */
export interface ContractReport {
  path: string;
  query: { name: string; required: boolean; type: string }[];
  statuses: string[];
  lendingStatuses: string[];
  record: Schema;
}

export const REPORT_OPERATIONS = [
  'balanceSheet',
  'profitAndLoss',
  'cashFlowStatement',
  'companyInfo',
  'agedDebtor',
  'agedDebtorAvailable',
  'agedCreditor',
  'agedCreditorAvailable',
] as const;

/** The statements, company info, the aged reports and their checks; `reportLine` is one line of a
 * statement's tree, which the reports' schemas check one level deep. */
export type ContractReports = Record<(typeof REPORT_OPERATIONS)[number], ContractReport> & { reportLine: Schema };

/** One operation of a record's documents: the statuses its document lists, its 200's content type
 * (null: no body) and, for an upload, the request's content type and its one part. */
export interface ContractDocumentOperation {
  path: string;
  method: string;
  statuses: string[];
  contentType: string | null;
  requestContentType?: string;
  /** An upload's path's last segment (`attachment` or `attachments`) and its multipart part. */
  segment?: string;
  part?: string;
}

/** An invoice's PDF (Accounting API 2.1.0) and the attachments of each type that has them (bills'
 * from Sync for Payables, with the delete that answers a PushOperation). */
export interface ContractDocuments {
  attachment: Schema;
  attachments: Schema;
  uploadPart: string;
  /** Sync for Payables' PushOperation: what a bill attachment's delete answers. */
  pushOperation: Schema;
  invoicePdf: ContractDocumentOperation & { source: string };
  types: Record<
    string,
    { source: string } & Record<'list' | 'get' | 'download', ContractDocumentOperation> &
      Partial<Record<'upload' | 'delete', ContractDocumentOperation>>
  >;
}

/** Companies listed (query parameters: `tags` among them), created, replaced, changed, deleted. */
export interface ContractCompanies {
  listPath: string;
  listQuery: string[];
  itemPath: string;
  record: Schema;
  createBody: Schema;
  /** PUT: CompanyRequestBody. */
  replaceBody: Schema;
  /** PATCH: CompanyUpdateRequest. */
  updateBody: Schema;
  statuses: { create: string[]; replace: string[]; update: string[]; delete: string[] };
}

/** The platforms a connection is made from: `GET /integrations` (paged) and `/integrations/{platformKey}`. */
export interface ContractIntegrations {
  listPath: string;
  listQuery: string[];
  itemPath: string;
  record: Schema;
  statuses: { list: string[]; item: string[] };
}

/** A company's connections and their lifecycle: create, read, unlink (PATCH), delete, authorization (PUT). */
export interface ContractConnections {
  listPath: string;
  itemPath: string;
  record: Schema;
  createBody: Schema;
  /** UpdateConnectionStatus, closed to other fields. */
  updateBody: Schema;
  authorizationPath: string;
  authorizationBody: Schema;
  /** Whether DELETE's 200 has content (it has none). */
  deleteHasBody: boolean;
  statuses: { create: string[]; get: string[]; update: string[]; delete: string[]; authorization: string[] };
}

/** A company's sync settings and its pull operation history (Platform API). */
export interface ContractSync {
  settingsPath: string;
  /** CompanySyncSettings: what `GET …/syncSettings` answers. */
  settings: Schema;
  setting: Schema;
  /** What `POST …/syncSettings` takes (it answers 204, no body). */
  settingsBody: Schema;
  historyPath: string;
  historyQuery: string[];
  /** The record of the history's pages (PullOperation). */
  historyRecord: Schema;
  historyItemPath: string;
  /** The statuses the contract lists for each operation. */
  statuses: { getSettings: string[]; setSettings: string[]; history: string[]; historyItem: string[] };
}

export interface ContractPush {
  optionsPath: string;
  option: Schema;
  historyPath: string;
  itemPath: string;
  operation: Schema;
  /** The Accounting API's PushOperationSummary: what its writes answer. */
  pushOperationSummary: Schema;
  /** The Accounting API's writes of each type one can create (scripts/contractWrites.mjs). */
  types: Record<string, ContractWrites>;
}

/** One write: its 200 answers PushOption, the push operation, or the operation with the body's record as `data`. */
export interface ContractWrite {
  path: string;
  method: string;
  query: string[];
  statuses: string[];
  /** The request body's schema; an update's `create` when it is its create's. */
  body?: Schema | 'create';
  answer: 'PushOption' | 'PushOperationSummary' | 'PushOperationSummary with data';
}

export interface ContractWrites {
  options: ContractWrite;
  create: ContractWrite;
  update?: ContractWrite;
  delete?: ContractWrite;
}

// Compiled to out/test/contract/; the file stays in the sources.
export const CONTRACT_FILE = join(__dirname, '..', '..', '..', 'test', 'contract', 'codat.json');
export const CONTRACT = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as Contract;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema with every object that names its properties closed to others (`additionalProperties: false`). */
export function closed(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (isSchema(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, closed(v as Schema)]));
    if (schema.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (isSchema(schema.items)) out.items = closed(schema.items);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) out[key] = parts.map((p) => closed(p as Schema));
  }
  return out;
}

/** A page of `record`s: the paging envelope with its `results`. */
export function pageOf(record: Schema): Schema {
  const page = CONTRACT.page;
  return {
    ...page,
    properties: { ...(page.properties as Schema), results: { type: 'array', items: record } },
    required: [...(page.required as string[]), 'results'],
  };
}

/** The data status map: each documented key holds a (nullable) data status. */
export function dataStatusMap(): Schema {
  const { keys, eachKey } = CONTRACT.dataStatus;
  return { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, eachKey])) };
}

// Codat's DateTime: "2020-10-08T22:40:50Z", "2021-01-01T00:00:00" (local), "…-05:00" (offset).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, formats: { 'date-time': DATE_TIME } });
const compiled = new Map<Schema, ValidateFunction>();

/** Where `body` breaks `schema` (read strictly, see above): one line per problem, none when it fits. */
export function problems(schema: Schema, body: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(closed(schema));
    compiled.set(schema, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})`
        : '';
    const allowed =
      e.keyword === 'enum' ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)})` : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}${allowed}`;
  });
}

/** One schema per type, made once (validators are cached by schema). */
function cachedBy(make: (type: string) => Schema): (type: string) => Schema {
  const made = new Map<string, Schema>();
  return (type) => {
    let schema = made.get(type);
    if (!schema) made.set(type, (schema = make(type)));
    return schema;
  };
}

/** The schemas of every response the contract describes, each made once (validators are cached by schema). */
export const SCHEMAS = {
  error: CONTRACT.error.record,
  company: CONTRACT.companies.record,
  companies: pageOf(CONTRACT.companies.record),
  dataStatus: dataStatusMap(),
  pullOperation: CONTRACT.pullOperation.record,
  record: (type: string): Schema => contractType(type).record,
  /** What GET of one record of the type answers. */
  item: (type: string): Schema => contractType(type).itemRecord ?? contractType(type).record,
  connection: CONTRACT.connections.record,
  connections: pageOf(CONTRACT.connections.record),
  integration: CONTRACT.integrations.record,
  integrations: pageOf(CONTRACT.integrations.record),
  validation: CONTRACT.validation.record,
  pushOption: CONTRACT.push.option,
  pushOperation: CONTRACT.push.operation,
  pushOperations: pageOf(CONTRACT.push.operation),
  /** A push's own answer (the Accounting API's CreateInvoiceResponse and the like): the operation and `data`. */
  pushAnswer: cachedBy((type: string): Schema => {
    const op = CONTRACT.push.operation;
    return { ...op, properties: { ...(op.properties as Schema), data: contractType(type).record } };
  }),
  page: cachedBy((type: string): Schema => pageOf(contractType(type).record)),
  syncSettings: CONTRACT.sync.settings,
  syncSettingsBody: CONTRACT.sync.settingsBody,
  pullOperations: pageOf(CONTRACT.sync.historyRecord),
  attachment: CONTRACT.documents.attachment,
  attachments: CONTRACT.documents.attachments,
  attachmentDelete: CONTRACT.documents.pushOperation,
};

export function contractType(type: string): ContractDataType {
  const found = CONTRACT.dataTypes[type];
  if (!found) throw new Error(`the contract has no data type ${type}`);
  return found;
}
