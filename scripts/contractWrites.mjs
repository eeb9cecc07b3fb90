// The writes of the Accounting API 2.1.0 (`accounting`, the document at ACCOUNTING_COMMIT), for
// scripts/contract.mjs's `push.types`: per type one can create, its push options (`GET
// …/options/{name}`; bank transactions' under their account), its create (`POST …/push/{type}`),
// and where the document has them its update (`PUT …/push/{type}/{id}`) and delete (`DELETE
// …/push/{type}/{id}`). Each keeps its path, method, query parameters, the statuses the document
// lists, its request body's schema and what its 200 answers (named: see answerOf). Read from the
// document, not transcribed; an update whose body is its create's says so (`body: "create"`)
// rather than repeat it. Three slips of the document are read as meant and checked to still be there:
// - BankTransactions' line requires `date`, which it does not have (its date is `clearedOnDate`;
//   3.0.0 renamed it `date`): the requirement is dropped.
// - CreateBankAccountResponse's `data` is an Account (of the chart of accounts): read as the
//   BankAccount the create takes (UpdateBankAccountResponse's is).
// - Item's `type` (its definition itemType) is written `{"type": {"type": "string", "enum": […]}}`:
//   read as that string enum.

const CONNECTION = '/companies/{companyId}/connections/{connectionId}';

/** The types one can create, by their push path's segment (bank transactions' is under their account). */
export const WRITE_TYPES = [
  'invoices',
  'bills',
  'customers',
  'suppliers',
  'payments',
  'accounts',
  'bankAccounts',
  'bankTransactions',
  'billCreditNotes',
  'billPayments',
  'creditNotes',
  'directCosts',
  'directIncomes',
  'items',
  'journalEntries',
  'journals',
  'purchaseOrders',
  'transfers',
];

/** A type's Codat name, its options' last path segment. */
const nameOf = (type) => (type === 'accounts' ? 'chartOfAccounts' : type);

function mustHave(doc, path, method) {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`Accounting API 2.1.0 has no ${method.toUpperCase()} ${path}`);
  return op;
}

/** The slips above, fixed in a converted schema (throws when a slip is gone, so the fix is looked at again). */
function readAsMeant(doc, type, schema) {
  if (type === 'bankTransactions') {
    const line = schema.properties.transactions.items;
    if (!line.required?.includes('date') || line.properties.date) throw new Error('the BankTransactions slip is gone');
    line.required = line.required.filter((name) => name !== 'date');
  }
  if (type === 'items') {
    const raw = doc.components.schemas.Item.definitions.itemType;
    if (typeof raw.type !== 'object' || !raw.type.enum) throw new Error("the Item's type slip is gone");
    schema.properties.type = { type: 'string', enum: raw.type.enum };
  }
  return schema;
}

/** A parameter, its `$ref` (a JSON pointer, `~1` for `/`) followed. */
function resolved(doc, node) {
  if (!node.$ref) return node;
  const parts = node.$ref.slice(2).split('/');
  return resolved(
    doc,
    parts.reduce((at, part) => at[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))], doc),
  );
}

/** JSON with its keys sorted, to compare schemas whatever order their parts were merged in. */
const canonical = (value) =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

/** What a 200 answers, named rather than repeated (checked to be that schema): `PushOption`, the
 * push operation (`PushOperationSummary`), or the operation with the record as `data` (the
 * request body's schema: CreateInvoiceResponse and the like). */
function answerOf(doc, convert, answer, body, slip) {
  const converted = convert(doc, answer);
  const option = convert(doc, { $ref: '#/components/schemas/PushOption' });
  const summary = convert(doc, { $ref: '#/components/schemas/PushOperationSummary' });
  if (canonical(converted) === canonical(option)) return 'PushOption';
  if (canonical(converted) === canonical(summary)) return 'PushOperationSummary';
  const withData = { ...summary, properties: { data: body, ...summary.properties } };
  if (body && canonical(converted) === canonical(withData)) return 'PushOperationSummary with data';
  // Bank accounts' create answers an Account (of the chart of accounts) as its data: read as the
  // BankAccount it takes, as its update answers.
  const data = converted.properties?.data;
  const account = convert(doc, { $ref: '#/components/schemas/Account' });
  if (slip === 'bankAccounts' && canonical(data) === canonical(account)) return 'PushOperationSummary with data';
  throw new Error('an answer that is none of PushOption, PushOperationSummary and it with data');
}

/** One operation: its path, method, query parameters, statuses, and its body's and 200's schemas. */
function operation(doc, convert, type, path, method) {
  const op = mustHave(doc, path, method);
  const parameters = [...(doc.paths[path].parameters ?? []), ...(op.parameters ?? [])].map((p) => resolved(doc, p));
  const answer = op.responses['200']?.content?.['application/json']?.schema;
  const body = op.requestBody?.content?.['application/json']?.schema;
  const out = {
    path,
    method: method.toUpperCase(),
    query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    statuses: Object.keys(op.responses),
  };
  if (body) out.body = readAsMeant(doc, type, convert(doc, body));
  out.answer = answerOf(doc, convert, answer, body && convert(doc, body), method === 'post' ? type : undefined);
  return out;
}

/** Every write of every type one can create (`types`), and the push operation their answers name
 * (`pushOperationSummary`): spread into `push`. */
export function pushWrites({ accounting, convert }) {
  const types = {};
  for (const type of WRITE_TYPES) {
    const under = type === 'bankTransactions' ? 'bankAccounts/{accountId}/' : '';
    const base = `${CONNECTION}/push/${under}${type}`;
    const entry = {
      options: operation(accounting, convert, type, `${CONNECTION}/options/${under}${nameOf(type)}`, 'get'),
      create: operation(accounting, convert, type, base, 'post'),
    };
    // The one path of a record under the type's push path, `{…Id}` named as the document names it.
    const item = Object.keys(accounting.paths).find((p) =>
      new RegExp(`^${base.replace(/[{}]/g, '\\$&')}/\\{[A-Za-z]+\\}$`).test(p),
    );
    if (item && accounting.paths[item].put) {
      entry.update = operation(accounting, convert, type, item, 'put');
      if (canonical(entry.update.body) === canonical(entry.create.body)) entry.update.body = 'create';
    }
    if (item && accounting.paths[item].delete) entry.delete = operation(accounting, convert, type, item, 'delete');
    types[type] = entry;
  }
  const pushOperationSummary = convert(accounting, { $ref: '#/components/schemas/PushOperationSummary' });
  return { pushOperationSummary, types };
}
