// The emulator's documents held to Codat's contract (test/contract/codat.json, `documents`): every
// attachment operation the contract gives the types the emulator serves is served at its path; the
// lists, single attachments, the bill attachment delete's push operation (and the push history that
// then holds it) and the error bodies of these paths fit the contract's schemas, with statuses it
// lists where it lists more than 200. Binary answers: the PDF and downloads are files whose 200 the
// contract writes as application/octet-stream (the emulator sends the file's own type, as the real
// service does); an upload's 200 has no body.
import * as assert from 'node:assert/strict';
import { CONTRACT, SCHEMAS, problems, type Schema } from '../../contract/contract';
import { startEmulator, type RunningEmulator } from '../../emulator';
import { ATTACHMENT_TYPES } from '../../emulator/attachments';
import { ManualClock, addAttachment, basic, call, dataPath, walk } from '../../emulator/testing';
import type { Attachment, PushOperation } from '../../emulator/wire';

type Rec = Record<string, unknown>;

function fits(schema: Schema, body: unknown, what: string): void {
  const found = problems(schema, body);
  assert.deepEqual(found, [], `${what} breaks the contract:\n  ${found.slice(0, 20).join('\n  ')}`);
}

/** The contract's path with the ids put in. */
function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const key =
      name.endsWith('Id') && !['companyId', 'connectionId', 'attachmentId'].includes(name) ? 'recordId' : name;
    const value = ids[key];
    if (value === undefined) throw new Error(`no id for {${name}}`);
    return value;
  });
}

describe('Codat contract: documents', function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  const clock = new ManualClock();

  before(async () => {
    emu = await startEmulator({ invoices: 30, companies: 40, now: clock.now, pushDelayMs: 1000 });
  });
  after(() => emu.close());

  const records = async (type: string, company = emu.companies.few): Promise<Rec[]> =>
    (await call<{ results: Rec[] }>(emu, `${await dataPath(emu, company, type)}?pageSize=20`)).json.results;

  it('names the operations of every type with attachments; the emulator serves them all', () => {
    const types = CONTRACT.documents.types;
    assert.deepEqual(Object.keys(types), [...ATTACHMENT_TYPES]);
    assert.deepEqual(
      Object.entries(types)
        .filter(([, t]) => t.upload)
        .map(([name, t]) => [name, t.upload?.segment, t.upload?.part, t.upload?.requestContentType]),
      [
        ['invoices', 'attachment', 'file', 'multipart/form-data'],
        ['bills', 'attachments', 'file', 'multipart/form-data'],
        ['directCosts', 'attachment', 'file', 'multipart/form-data'],
        ['directIncomes', 'attachment', 'file', 'multipart/form-data'],
      ],
    );
    assert.deepEqual(
      Object.entries(types).flatMap(([name, t]) => (t.delete ? [name] : [])),
      ['bills'],
    );
    for (const t of Object.values(types)) {
      assert.deepEqual(
        [t.list.contentType, t.get.contentType, t.download.contentType],
        ['application/json', 'application/json', 'application/octet-stream'],
      );
      assert.equal(t.upload?.contentType ?? null, null, 'an upload answers no body');
    }
    assert.equal(CONTRACT.documents.invoicePdf.path, '/companies/{companyId}/data/invoices/{invoiceId}/pdf');
    assert.equal(CONTRACT.documents.invoicePdf.contentType, 'application/octet-stream');
  });

  for (const type of ATTACHMENT_TYPES) {
    it(`${type}: lists and single attachments of several records, at the contract's paths`, async () => {
      const t = CONTRACT.documents.types[type];
      let seen = 0;
      for (const record of (await records(type)).slice(0, 8)) {
        const ids = { companyId: emu.companies.few, connectionId: emu.connections.few[0], recordId: String(record.id) };
        const list = await call<{ attachments: Attachment[] }>(emu, fill(t.list.path, ids));
        assert.equal(list.status, 200);
        fits(SCHEMAS.attachments, list.json, `${type} ${ids.recordId}'s attachments`);
        for (const a of list.json.attachments) {
          seen++;
          const one = await call(emu, fill(t.get.path, { ...ids, attachmentId: a.id }));
          fits(SCHEMAS.attachment, one.json, `attachment ${a.id}`);
          const file = await fetch(emu.url + fill(t.download.path, { ...ids, attachmentId: a.id }), {
            headers: { Authorization: basic(emu.keys.normal) },
          });
          assert.equal(file.status, 200);
          assert.equal((await file.arrayBuffer()).byteLength, a.fileSize);
        }
      }
      assert.ok(seen >= 3, `${type}: some attachments were checked`);
    });
  }

  it('an upload answers 200 with no body; the uploaded and generated files fit Attachment', async () => {
    const bill = (await records('bills'))[1];
    const ids = { companyId: emu.companies.few, connectionId: emu.connections.few[0], recordId: String(bill.id) };
    const t = CONTRACT.documents.types.bills;
    const form = new FormData();
    form.append(
      CONTRACT.documents.uploadPart,
      new Blob([Buffer.from('%PDF-1.4\n')], { type: 'application/pdf' }),
      'scan.pdf',
    );
    const up = await fetch(emu.url + fill(t.upload?.path ?? '', ids), {
      method: 'POST',
      body: form,
      headers: { Authorization: basic(emu.keys.normal) },
    });
    assert.equal(up.status, 200);
    assert.equal(await up.text(), '');
    await addAttachment(emu, { ...ids, dataType: 'bills', size: 10, contentType: 'text/plain', name: 'x.txt' });
    const list = await call<{ attachments: Attachment[] }>(emu, fill(t.list.path, ids));
    fits(SCHEMAS.attachments, list.json, 'attachments after an upload');
    assert.deepEqual(
      list.json.attachments.map((a) => a.name),
      ['scan.pdf', 'x.txt'],
    );
  });

  it("a bill attachment's delete answers Payables' PushOperation; the history holds it, pending and done", async () => {
    const bill = (await records('bills'))[0];
    const ids = { companyId: emu.companies.few, connectionId: emu.connections.few[0], recordId: String(bill.id) };
    const t = CONTRACT.documents.types.bills;
    const [first] = (await call<{ attachments: Attachment[] }>(emu, fill(t.list.path, ids))).json.attachments;
    const pending = await call<PushOperation>(emu, fill(t.delete?.path ?? '', { ...ids, attachmentId: first.id }), {
      method: 'DELETE',
    });
    assert.equal(pending.status, 200);
    fits(SCHEMAS.attachmentDelete, pending.json, 'the pending delete');
    fits(SCHEMAS.pushOperation, pending.json, 'the pending delete, as the Platform API reads it');
    clock.advance(1000);
    const done = await call<PushOperation>(
      emu,
      `/companies/${emu.companies.few}/push/${pending.json.pushOperationKey}`,
    );
    fits(SCHEMAS.attachmentDelete, done.json, 'the delete once done');
    for (const page of await walk<Rec>(emu, `/companies/${emu.companies.few}/push?pageSize=2`))
      fits(SCHEMAS.pushOperations, page.json, 'a page of the push history');
    const gone = await call<PushOperation>(emu, fill(t.delete?.path ?? '', { ...ids, attachmentId: first.id }), {
      method: 'DELETE',
    });
    assert.equal(gone.status, 404, 'a deleted attachment is gone');
    fits(SCHEMAS.error, gone.json, 'the 404');
    emu.reset();
  });

  it('error bodies of the document paths fit ErrorMessage, with a status the contract lists for bills', async () => {
    const t = CONTRACT.documents.types.bills;
    const bill = (await records('bills'))[0];
    const good = { companyId: emu.companies.few, connectionId: emu.connections.few[0], recordId: String(bill.id) };
    const cases: [string, Record<string, string>, string, string][] = [
      ['unknown company', { ...good, companyId: 'nope' }, t.list.path, 'GET'],
      ['unknown connection', { ...good, connectionId: 'nope' }, t.list.path, 'GET'],
      ['unknown bill', { ...good, recordId: 'nope' }, t.list.path, 'GET'],
      ['unknown attachment', { ...good, attachmentId: 'nope' }, t.get.path, 'GET'],
      ['unknown download', { ...good, attachmentId: 'nope' }, t.download.path, 'GET'],
      ['unknown delete', { ...good, attachmentId: 'nope' }, t.delete?.path ?? '', 'DELETE'],
      ['not requested', { ...good, companyId: emu.companies.notRequested }, t.list.path, 'GET'],
    ];
    for (const [what, ids, path, method] of cases) {
      const reply = await call(emu, fill(path, ids), { method });
      fits(SCHEMAS.error, reply.json, what);
      const op =
        method === 'DELETE' ? t.delete : path === t.list.path ? t.list : path === t.get.path ? t.get : t.download;
      assert.ok(op?.statuses.includes(String(reply.status)), `${what}: ${reply.status} is not listed`);
    }
    const upload = await fetch(emu.url + fill(t.upload?.path ?? '', good), {
      method: 'POST',
      body: 'not multipart',
      headers: { Authorization: basic(emu.keys.normal), 'Content-Type': 'text/plain' },
    });
    assert.equal(upload.status, 400);
    assert.ok(t.upload?.statuses.includes('400'));
    fits(SCHEMAS.error, await upload.json(), 'an upload that is not multipart');
    const noPdf = emu.noPdfCompany as string;
    const invoice = (await records('invoices', noPdf))[0];
    const pdf = await call(
      emu,
      fill(CONTRACT.documents.invoicePdf.path, { companyId: noPdf, recordId: String(invoice.id) }),
    );
    assert.equal(pdf.status, 404);
    fits(SCHEMAS.error, pdf.json, 'the PDF not supported');
  });
});
