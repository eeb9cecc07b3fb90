// Regenerates test/contract/codat.json, the facts of Codat's published API contract the emulator
// and the client are held to (test/unit/contract/emulator.test.ts), from a local copy of codatio/oas:
//
//   node scripts/contract.mjs [path]      (default: /work/.mirror/codatio+oas/repo)
//
// `path` is a bare git mirror (read at its HEAD, whose commit is recorded) or a checkout. Only the
// facts are kept: properties, types, nullability (as JSON Schema `null` types), enums, required
// fields, list paths, data status keys and the documented error texts; `$ref`s are inlined,
// `allOf`s merged, descriptions, examples and formats dropped. The tests never read the documents.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { documents } from './contractDocuments.mjs';
import { SDK_SOURCE, accountingTypes } from './contractTypes.mjs';
import { platformLifecycle } from './contractLifecycle.mjs';
import { pushWrites } from './contractWrites.mjs';
import { reports } from './contractReports.mjs';

const root = process.argv[2] ?? '/work/.mirror/codatio+oas/repo';
const bare = existsSync(join(root, 'HEAD')) && existsSync(join(root, 'objects'));
const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = bare ? git('rev-parse', 'HEAD').trim() : (process.env.OAS_COMMIT ?? 'unknown (a checkout)');
const read = (path) => (bare ? git('show', `HEAD:${path}`) : readFileSync(join(root, path), 'utf8'));
const load = (path) => (path.endsWith('.yaml') ? yaml.load(read(path)) : JSON.parse(read(path)));

const PLATFORM = 'json/Codat-Platform.json';
const LENDING = 'yaml/Codat-Lending.yaml';
const PAYABLES = 'json/Codat-Sync-Payables-v1.json';
const docs = { [PLATFORM]: load(PLATFORM), [LENDING]: load(LENDING), [PAYABLES]: load(PAYABLES) };

// "Accounting API" 2.1.0, the newest document with the Item schema, is not in the mirror's newest
// tree. Transcribed from json/Codat-Accounting.json at this commit (descriptions left out); its
// references to other schemas point at the same shapes in the Lending document. Its `itemType`
// reads `{"type": {"type": "string", "enum": [...]}}` there, a slip for the string enum below.
const ACCOUNTING_COMMIT = '0387a9afce92bfb9a1cb5756e048e05aafe329d6';
// Read from the document itself for the documents' operations (a checkout must be of that commit).
const accounting = JSON.parse(
  bare ? git('show', `${ACCOUNTING_COMMIT}:json/Codat-Accounting.json`) : read('json/Codat-Accounting.json'),
);
// Item receipts (Accounting 3.0.0) come from Codat's TypeScript SDK (scripts/contractTypes.mjs).
const SDK_ROOT = process.env.SDK_MIRROR ?? '/work/.mirror/codatio+client-sdk-typescript/repo';
const SDK_COMMIT = existsSync(SDK_ROOT)
  ? execFileSync('git', ['-C', SDK_ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
  : 'unknown';
const ACCOUNTING_ITEM = {
  type: 'object',
  allOf: [
    {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string', nullable: true },
        code: { type: 'string', nullable: true },
        itemStatus: { type: 'string', enum: ['Unknown', 'Active', 'Archived'] },
        type: { type: 'string', enum: ['Unknown', 'Inventory', 'NonInventory', 'Service'] },
        isBillItem: { type: 'boolean' },
        billItem: { $ref: '#/x-accounting/itemDetails' },
        isInvoiceItem: { type: 'boolean' },
        invoiceItem: { $ref: '#/x-accounting/itemDetails' },
        metadata: { $ref: '#/components/schemas/Metadata' },
      },
    },
    { $ref: '#/components/schemas/CommerceOrder/allOf/3' },
  ],
  required: ['itemStatus', 'type', 'isBillItem', 'isInvoiceItem'],
};
docs[LENDING]['x-accounting'] = {
  // billItem and invoiceItem are the same shape in the document.
  itemDetails: {
    type: 'object',
    properties: {
      description: { type: 'string', nullable: true },
      unitPrice: { type: 'number', nullable: true },
      accountRef: { $ref: '#/components/schemas/AccountingAccount/definitions/accountRef' },
      taxRateRef: {
        $ref: '#/components/schemas/AccountingBillCreditNote/definitions/billCreditNoteLineItem/properties/taxRateRef',
      },
    },
  },
  item: ACCOUNTING_ITEM,
};

function pointer(doc, ref) {
  if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce((node, part) => {
      const key = decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'));
      if (node === undefined || !(key in node)) throw new Error(`unresolved $ref ${ref}`);
      return node[key];
    }, doc);
}

function nullable(schema) {
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  if (typeof schema.type === 'string') {
    const out = { ...schema, type: [schema.type, 'null'] };
    if (schema.enum && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function notNull(schema) {
  if (!Array.isArray(schema.type)) return schema;
  const { enum: values, ...rest } = schema;
  return {
    ...rest,
    type: schema.type.find((t) => t !== 'null'),
    ...(values ? { enum: values.filter((v) => v !== null) } : {}),
  };
}

/** allOf parts merged into one object schema: properties and required united, the rest first wins. */
function merge(parts) {
  const out = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') out.properties = { ...out.properties, ...value };
      else if (key === 'required') out.required = [...new Set([...(out.required ?? []), ...value])];
      else if (!(key in out)) out[key] = value;
    }
  }
  return out;
}

/** The trimmed JSON Schema of an OpenAPI schema node of `doc`; `stack` breaks reference cycles. */
function convert(doc, node, stack = []) {
  if (node === undefined || node === null || typeof node !== 'object') return {};
  if (node.$ref) {
    if (stack.includes(node.$ref)) return {};
    // Codat's DateTime: the one string whose shape the documents spell out (its description).
    if (node.$ref === '#/components/schemas/DateTime')
      return node.nullable === true
        ? { type: ['string', 'null'], format: 'date-time' }
        : { type: 'string', format: 'date-time' };
    const target = convert(doc, pointer(doc, node.$ref), [...stack, node.$ref]);
    return node.nullable === true ? nullable(target) : target;
  }
  const parts = [];
  // A part's own nullability (Codat marks the sourceModifiedDate part nullable) is not the record's.
  if (node.allOf) parts.push(...node.allOf.map((p) => notNull(convert(doc, p, stack))));
  const own = {};
  if (typeof node.type === 'string' || Array.isArray(node.type)) own.type = node.type;
  if (node.enum) own.enum = node.enum;
  if (node.properties)
    own.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, convert(doc, v, stack)]));
  if (node.required?.length) own.required = node.required;
  if (node.items) own.items = convert(doc, node.items, stack);
  if (node.additionalProperties !== undefined) {
    own.additionalProperties =
      typeof node.additionalProperties === 'object'
        ? convert(doc, node.additionalProperties, stack)
        : node.additionalProperties;
  }
  for (const key of ['oneOf', 'anyOf']) if (node[key]) own[key] = node[key].map((p) => convert(doc, p, stack));
  // Every document has its DateTime ("Date time"), under one name or another.
  if (node.title === 'Date time' && node.type === 'string') own.format = 'date-time';
  let out = parts.length > 0 ? merge([own, ...parts]) : own;
  if (out.properties && out.type === undefined) out.type = 'object';
  if (node.nullable === true) out = nullable(out);
  return out;
}

const schemaOf = (file, name) => convert(docs[file], { $ref: `#/components/schemas/${name}` });

/** The record schema behind a list path's 200: its `results` items. */
function recordOf(file, path) {
  const op = docs[file].paths[path]?.get;
  if (!op) throw new Error(`${file} has no GET ${path}`);
  const page = convert(docs[file], op.responses['200'].content['application/json'].schema);
  if (!page.properties?.results?.items) throw new Error(`${path} is not a paged list`);
  return page.properties.results.items;
}

const LIST = (segment) => `/companies/{companyId}/data/${segment}`;
// Every data type the extension knows (src/dataTypes/catalog.ts), where its contract is, and its
// key in GET /dataStatus and POST /data/queue/{dataType} (the list path's segment except one).
const TYPES = [
  ['invoices', LENDING, 'invoiceId'],
  ['bills', LENDING, 'billId'],
  ['customers', LENDING, 'customerId'],
  ['suppliers', LENDING, 'supplierId'],
  ['payments', LENDING, 'paymentId'],
  ['billPayments', LENDING, 'billPaymentId'],
  ['creditNotes', LENDING, 'creditNoteId'],
  ['billCreditNotes', LENDING, 'billCreditNoteId'],
  ['accounts', LENDING, 'accountId', 'chartOfAccounts'],
  ['journalEntries', LENDING, 'journalEntryId'],
  ['taxRates', PAYABLES, 'taxRateId'],
  ['items', 'Accounting API 2.1.0', 'itemId'],
];

const statusKeys = schemaOf(PLATFORM, 'DataStatus').properties.dataType.enum;

function dataType([segment, file, idName, statusKey = segment]) {
  if (!statusKeys.includes(statusKey)) throw new Error(`${statusKey} is not a data status key`);
  const items = segment === 'items';
  const record = items ? convert(docs[LENDING], { $ref: '#/x-accounting/item' }) : recordOf(file, LIST(segment));
  const itemPath = `${LIST(segment)}/{${idName}}`;
  if (!items && !docs[file].paths[itemPath]?.get) throw new Error(`${file} has no GET ${itemPath}`);
  return [
    segment,
    { source: items ? 'json/Codat-Accounting.json' : file, listPath: LIST(segment), itemPath, statusKey, record },
  ];
}

/** The status each shared error response is used for in the paths (its examples' statusCode is
 * not reliable: the 402's example says 429, the 503's says 500). */
function statusOfResponses(doc) {
  const status = {};
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const [code, response] of Object.entries(op?.responses ?? {})) {
        const name = response.$ref?.replace('#/components/responses/', '');
        if (name) status[name] = code;
      }
    }
  }
  return status;
}

/** The documented error texts of a status: the examples' `error` and the description's bullets. */
function errorTexts() {
  const byStatus = {};
  for (const file of [PLATFORM, LENDING]) {
    const statusOf = statusOfResponses(docs[file]);
    for (const [name, response] of Object.entries(docs[file].components.responses)) {
      const content = response.content?.['application/json'];
      if (!content?.schema?.$ref?.endsWith('/ErrorMessage') || !statusOf[name]) continue;
      const entry = (byStatus[statusOf[name]] ??= { descriptions: [], texts: [] });
      for (const line of response.description.split('\n')) {
        const text = line.replace(/^- /, '').trim();
        const list = line.startsWith('- ') ? entry.texts : entry.descriptions;
        if (text !== '' && !list.includes(text)) list.push(text);
      }
      for (const example of Object.values(content.examples ?? {})) {
        if (!entry.texts.includes(example.value.error)) entry.texts.push(example.value.error);
      }
    }
  }
  return Object.fromEntries(Object.entries(byStatus).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The data status map, whose every property is the same nullable DataStatus: its keys and that
 * one schema (checked to be the same for every key), so the file holds it once. */
function dataStatuses() {
  const map = schemaOf(PLATFORM, 'DataStatuses');
  const values = Object.values(map.properties).map((v) => JSON.stringify(v));
  if (new Set(values).size !== 1) throw new Error('the data status map is no longer uniform');
  return { keys: Object.keys(map.properties), eachKey: map.properties[Object.keys(map.properties)[0]] };
}

// Pushing: the Platform API's connections, push options and push operations, and the Accounting
// API's writes (2.1.0, at ACCOUNTING_COMMIT): options, creates, updates and deletes per type, read
// from the document by scripts/contractWrites.mjs.

function platformPath(path, method = 'get') {
  if (!docs[PLATFORM].paths[path]?.[method]) throw new Error(`${PLATFORM} has no ${method.toUpperCase()} ${path}`);
  return path;
}

function push() {
  return {
    optionsPath: platformPath('/companies/{companyId}/connections/{connectionId}/options/{dataType}'),
    option: schemaOf(PLATFORM, 'PushOption'),
    historyPath: platformPath('/companies/{companyId}/push'),
    itemPath: platformPath('/companies/{companyId}/push/{pushOperationKey}'),
    operation: schemaOf(PLATFORM, 'PushOperation'),
    ...pushWrites({ accounting, convert }),
  };
}

// Syncing: a company's sync settings (GET answers CompanySyncSettings, POST takes the same fields,
// all required, and answers 204) and its pull operation history (paged, `query`, `orderBy`), with
// the statuses the contract lists for each operation.
function statusesOf(path, method) {
  return Object.keys(docs[PLATFORM].paths[platformPath(path, method)][method].responses);
}

function sync() {
  const settingsPath = '/companies/{companyId}/syncSettings';
  const historyPath = '/companies/{companyId}/data/history';
  const historyItemPath = '/companies/{companyId}/data/history/{datasetId}';
  const post = docs[PLATFORM].paths[settingsPath].post;
  const history = docs[PLATFORM].paths[historyPath].get;
  return {
    settingsPath,
    settings: schemaOf(PLATFORM, 'CompanySyncSettings'),
    setting: schemaOf(PLATFORM, 'SyncSetting'),
    settingsBody: convert(docs[PLATFORM], post.requestBody.content['application/json'].schema),
    historyPath,
    historyQuery: history.parameters.map((p) => pointer(docs[PLATFORM], p.$ref).name),
    historyRecord: recordOf(PLATFORM, historyPath),
    historyItemPath,
    statuses: {
      getSettings: statusesOf(settingsPath, 'get'),
      setSettings: statusesOf(settingsPath, 'post'),
      history: statusesOf(historyPath, 'get'),
      historyItem: statusesOf(historyItemPath, 'get'),
    },
  };
}

const platform = docs[PLATFORM];
const lifecycle = platformLifecycle({ platform, convert, pointer, platformPath, statusesOf, schemaOf });
const PLATFORM_COVERS =
  'companies (listed, tagged, created, replaced, changed, deleted), data status, pull operations, their history and validation, sync settings, paging, errors, integrations, connections and their lifecycle, push options and operations';
const contract = {
  $comment:
    "Written by scripts/contract.mjs from Codat's OpenAPI documents (github.com/codatio/oas); regenerate, do not edit.",
  sources: [
    [PLATFORM, platform.info, commit, PLATFORM_COVERS],
    [LENDING, docs[LENDING].info, commit, 'the accounting data types except tax rates and items; the 409'],
    [PAYABLES, docs[PAYABLES].info, commit, "taxRates; bills' attachments and their delete, Attachment, Attachments"],
    [
      'json/Codat-Accounting.json',
      { title: 'Accounting API', version: '2.1.0' },
      ACCOUNTING_COMMIT,
      'items (transcribed by hand, see scripts/contract.mjs); the writes: push options, creates, updates and deletes (read from the document, scripts/contractWrites.mjs); the documents: an invoice PDF, attachments of invoices, customers, suppliers, direct costs and direct incomes (read from the document, scripts/contractDocuments.mjs); tracking categories, journals, purchase and sales orders, payment methods, bank accounts and their transactions, account transactions, transfers, direct costs and incomes (read from the document, scripts/contractTypes.mjs); the financial statements, company info and the aged reports (read from the document, scripts/contractReports.mjs)',
    ],
    [
      SDK_SOURCE.document,
      SDK_SOURCE,
      SDK_COMMIT,
      'item receipts: not in Accounting API 2.1.0 and the 3.0.0 document is not in the mirror, so transcribed from the SDK generated from 3.0.0 (scripts/contractTypes.mjs)',
    ],
  ].map(([document, { title, version }, at, covers]) => ({ document, title, version, commit: at, covers })),
  page: schemaOf(PLATFORM, 'PagingInfo'),
  error: { record: schemaOf(PLATFORM, 'ErrorMessage'), byStatus: errorTexts() },
  companies: lifecycle.companies,
  dataStatus: { path: '/companies/{companyId}/dataStatus', ...dataStatuses() },
  pullOperation: { path: '/companies/{companyId}/data/queue/{dataType}', record: schemaOf(PLATFORM, 'PullOperation') },
  dataTypes: {
    ...Object.fromEntries(TYPES.map(dataType)),
    ...accountingTypes({ accounting, convert, statusKeys }),
  },
  integrations: lifecycle.integrations,
  connections: lifecycle.connections,
  push: push(),
  sync: sync(),
  validation: lifecycle.validation,
  documents: documents({ accounting, payables: docs[PAYABLES], convert }),
  reports: reports({ accounting, lending: docs[LENDING], convert, pointer }),
};

const out = new URL('../test/contract/codat.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(contract, null, 1)}\n`);
console.log(`wrote ${out.pathname} (${commit})`);
