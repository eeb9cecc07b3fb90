// A record's documents, for scripts/contract.mjs: an invoice's PDF and the attachments of invoices,
// bills, customers, suppliers, direct costs and direct incomes (list, get, download, upload), read
// from Accounting API 2.1.0 (`accounting`, the document at ACCOUNTING_COMMIT), and bills' from Sync
// for Payables (`payables`, the mirror's HEAD), which also has the one delete, answered with a
// PushOperation. Each operation keeps its path, method, the statuses the document lists, the
// content type of its 200 (none for the uploads, whose 200 has no body) and, for the uploads, the
// request's content type and its one part. `convert` is contract.mjs's schema reader.

const TYPES = ['invoices', 'bills', 'customers', 'suppliers', 'directCosts', 'directIncomes'];
const CONNECTION = '/companies/{companyId}/connections/{connectionId}';

/** The one path of `doc` that matches `pattern`, with its operation of `method`. */
function only(doc, pattern, method, what) {
  const found = Object.keys(doc.paths).filter((p) => pattern.test(p) && doc.paths[p][method]);
  if (found.length !== 1) throw new Error(`${what}: ${found.length} paths match ${pattern}`);
  return [found[0], doc.paths[found[0]][method]];
}

/** What the contract keeps of one operation. */
function operation(doc, path, method, op) {
  const ok = op.responses['200'];
  if (!ok) throw new Error(`${method.toUpperCase()} ${path} has no 200`);
  const types = Object.keys(ok.content ?? {});
  if (types.length > 1) throw new Error(`${method.toUpperCase()} ${path} answers ${types.join(', ')}`);
  const out = {
    path,
    method: method.toUpperCase(),
    statuses: Object.keys(op.responses),
    contentType: types[0] ?? null,
  };
  const body = op.requestBody?.content;
  if (body) out.requestContentType = Object.keys(body).join(', ');
  return out;
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The attachment operations of one type: the document it is read from, and each operation there. */
function typeOperations(doc, type) {
  const data = `^${escaped(`${CONNECTION}/data/${type}/`)}\\{[A-Za-z]+\\}/attachments`;
  const push = `^${escaped(`${CONNECTION}/push/${type}/`)}\\{[A-Za-z]+\\}/(attachments?)$`;
  const found = {
    list: only(doc, new RegExp(`${data}$`), 'get', `${type} list`),
    get: only(doc, new RegExp(`${data}/\\{attachmentId\\}$`), 'get', `${type} get`),
    download: only(doc, new RegExp(`${data}/\\{attachmentId\\}/download$`), 'get', `${type} download`),
  };
  const uploads = Object.keys(doc.paths).filter((p) => new RegExp(push).test(p) && doc.paths[p].post);
  if (uploads.length > 1) throw new Error(`${type}: ${uploads.length} upload paths`);
  if (uploads.length === 1) found.upload = [uploads[0], doc.paths[uploads[0]].post];
  const deletes = Object.keys(doc.paths).filter(
    (p) => new RegExp(`${push.slice(0, -1)}/\\{attachmentId\\}$`).test(p) && doc.paths[p].delete,
  );
  if (deletes.length === 1) found.delete = [deletes[0], doc.paths[deletes[0]].delete];
  const ops = {};
  for (const [name, [path, op]] of Object.entries(found)) {
    ops[name] = operation(doc, path, name === 'delete' ? 'delete' : name === 'upload' ? 'post' : 'get', op);
  }
  if (ops.upload) ops.upload.segment = ops.upload.path.split('/').pop();
  return ops;
}

/** A 200's schema name (`#/components/schemas/X`), checked to be what the operation should answer. */
function answers(doc, op, method, name) {
  const ref = doc.paths[op.path][method].responses['200'].content['application/json'].schema.$ref;
  if (ref !== `#/components/schemas/${name}`) throw new Error(`${op.path} answers ${ref}, not ${name}`);
}

export function documents({ accounting, payables, convert }) {
  const ACCOUNTING = 'json/Codat-Accounting.json';
  const PAYABLES = 'json/Codat-Sync-Payables-v1.json';
  const schema = (doc, name) => convert(doc, { $ref: `#/components/schemas/${name}` });
  const attachment = schema(payables, 'Attachment');
  if (JSON.stringify(schema(accounting, 'Attachment')) !== JSON.stringify(attachment))
    throw new Error('the two documents no longer agree on Attachment');
  const upload = payables.components.schemas.AttachmentUpload;
  if (upload.required?.length !== 1 || upload.properties[upload.required[0]] === undefined)
    throw new Error('AttachmentUpload no longer has one required part');
  const types = {};
  for (const type of TYPES) {
    const fromPayables = type === 'bills';
    const doc = fromPayables ? payables : accounting;
    const ops = typeOperations(doc, type);
    answers(doc, ops.list, 'get', fromPayables ? 'Attachments' : 'AttachmentsDataset');
    answers(doc, ops.get, 'get', 'Attachment');
    if (ops.delete) answers(doc, ops.delete, 'delete', 'PushOperation');
    if (ops.upload) ops.upload.part = upload.required[0];
    types[type] = { source: fromPayables ? PAYABLES : ACCOUNTING, ...ops };
  }
  const [pdfPath, pdf] = only(accounting, /^\/companies\/\{companyId\}\/data\/invoices\/\{invoiceId\}\/pdf$/, 'get');
  const attachments = schema(payables, 'Attachments');
  if (JSON.stringify(schema(accounting, 'AttachmentsDataset')) !== JSON.stringify(attachments))
    throw new Error('the two documents no longer agree on the attachment list');
  return {
    attachment,
    attachments,
    // AttachmentUpload's one part: the document's name for the file in a multipart upload.
    uploadPart: upload.required[0],
    pushOperation: schema(payables, 'PushOperation'),
    invoicePdf: { source: ACCOUNTING, ...operation(accounting, pdfPath, 'get', pdf) },
    types,
  };
}
