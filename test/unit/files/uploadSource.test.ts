// A file from disk as an upload: named after the file, typed from its extension, its size from
// disk; streamed afresh each time it is opened, never past the size announced; a folder or a
// file over the cap refused with a message saying why.
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeOf, fileUploadSource, UploadRefused } from '../../../src/files/uploadSource';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('upload source', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-upload-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const types: [string, string][] = [
    ['a.pdf', 'application/pdf'],
    ['A.PDF', 'application/pdf'],
    ['scan.png', 'image/png'],
    ['scan.jpg', 'image/jpeg'],
    ['scan.JPEG', 'image/jpeg'],
    ['x.gif', 'image/gif'],
    ['rows.csv', 'text/csv'],
    ['note.txt', 'text/plain'],
    ['book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['book.xls', 'application/vnd.ms-excel'],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['letter.doc', 'application/msword'],
    ['all.zip', 'application/zip'],
    ['data.json', 'application/json'],
    ['data.xml', 'application/xml'],
    ['program.exe', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
    ['.pdf', 'application/octet-stream'],
    ['archive.tar.gz', 'application/octet-stream'],
  ];
  for (const [name, type] of types) it(`${name} is sent as ${type}`, () => assert.equal(contentTypeOf(name), type));

  it('names the upload after the file, sizes it from disk and streams its bytes each time it is opened', async () => {
    const path = join(dir, 'Supplier bill 7.pdf');
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
    writeFileSync(path, body);
    const source = await fileUploadSource(path, 1_000_000);
    assert.equal(source.name, 'Supplier bill 7.pdf');
    assert.equal(source.contentType, 'application/pdf');
    assert.equal(source.size, body.length);
    assert.ok((await bytesOf(source.open())).equals(body));
    assert.ok((await bytesOf(source.open())).equals(body), 'opened again for a retry');
  });

  it('never sends more than the size announced, should the file grow', async () => {
    const path = join(dir, 'growing.txt');
    writeFileSync(path, 'abc');
    const source = await fileUploadSource(path, 100);
    appendFileSync(path, 'def');
    assert.equal((await bytesOf(source.open())).toString(), 'abc');
  });

  it('an empty file is an empty upload', async () => {
    const path = join(dir, 'empty.csv');
    writeFileSync(path, '');
    const source = await fileUploadSource(path, 100);
    assert.equal(source.size, 0);
    assert.equal((await bytesOf(source.open())).length, 0);
  });

  it('accepts a file of exactly the cap and refuses one a byte over, saying so', async () => {
    const path = join(dir, 'big.zip');
    writeFileSync(path, Buffer.alloc(2 * 1024 * 1024));
    assert.equal((await fileUploadSource(path, 2 * 1024 * 1024)).size, 2 * 1024 * 1024);
    await assert.rejects(fileUploadSource(path, 2 * 1024 * 1024 - 1), (e: unknown) => {
      assert.ok(e instanceof UploadRefused);
      assert.equal(e.message, 'big.zip is 2.0 MB, over the upload limit of 2.0 MB.');
      return true;
    });
  });

  it('refuses a folder', async () => {
    const path = join(dir, 'folder.pdf');
    mkdirSync(path);
    await assert.rejects(
      fileUploadSource(path, 100),
      (e: unknown) => e instanceof UploadRefused && /is a folder/.test(e.message),
    );
  });

  it('passes on a missing file as the file system says it', async () => {
    await assert.rejects(fileUploadSource(join(dir, 'missing.pdf'), 100), { code: 'ENOENT' });
  });
});
