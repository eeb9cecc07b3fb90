// A download's file: it appears under its name, 0600, only when committed; an abort (a refused,
// cut or cancelled download) leaves nothing, and a file already there stays as it was. A server's
// name never leads the write out of the folder the user chose.
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { AtomicFile, tempNameFor } from '../../../src/files/atomicFile';
import { fileByteSink, targetIn } from '../../../src/files/fileSink';

describe('download file sink', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const isTemp = (name: string) => /^\.report\.pdf\.[0-9a-f]{12}\.part$/.test(name);

  it('writes to a hidden temporary file next to the target, renamed onto it by commit', async () => {
    const target = join(dir, 'report.pdf');
    const sink = await fileByteSink(target);
    await sink.write(Buffer.from('%PDF-1.7\n'));
    const during = readdirSync(dir);
    assert.equal(during.length, 1);
    assert.ok(isTemp(during[0]), during[0]);
    await sink.write(Buffer.from('body'));
    await sink.commit();
    assert.deepEqual(readdirSync(dir), ['report.pdf']);
    assert.equal(readFileSync(target, 'utf8'), '%PDF-1.7\nbody');
  });

  it('creates the file 0600, even where it replaces a file with another mode', async function () {
    if (process.platform === 'win32') this.skip();
    const target = join(dir, 'report.pdf');
    const first = await fileByteSink(target);
    assert.equal(statSync(join(dir, readdirSync(dir)[0])).mode & 0o777, 0o600, 'the temporary file');
    await first.write(Buffer.from('a'));
    await first.commit();
    assert.equal(statSync(target).mode & 0o777, 0o600);
    chmodSync(target, 0o644);
    const second = await fileByteSink(target);
    await second.write(Buffer.from('b'));
    await second.commit();
    assert.equal(statSync(target).mode & 0o777, 0o600, 'a downloaded document is the account’s data');
    assert.equal(readFileSync(target, 'utf8'), 'b');
  });

  for (const existing of [false, true]) {
    it(`abort deletes the temporary file; ${existing ? 'the file there stays as it was' : 'no file is left'}`, async () => {
      const target = join(dir, 'report.pdf');
      if (existing) writeFileSync(target, 'kept');
      const sink = await fileByteSink(target);
      await sink.write(Buffer.alloc(100_000, 1));
      await sink.abort();
      await sink.abort();
      assert.deepEqual(readdirSync(dir), existing ? ['report.pdf'] : []);
      if (existing) assert.equal(readFileSync(target, 'utf8'), 'kept');
    });
  }

  it('an abort after commit leaves the committed file', async () => {
    const target = join(dir, 'report.pdf');
    const sink = await fileByteSink(target);
    await sink.write(Buffer.from('done'));
    await sink.commit();
    await sink.abort();
    assert.equal(readFileSync(target, 'utf8'), 'done');
  });

  it('a commit that cannot rename (a folder holds the name) fails and leaves no temporary file', async () => {
    const target = join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'x');
    const sink = await fileByteSink(target);
    await sink.write(Buffer.from('y'));
    await assert.rejects(sink.commit());
    await sink.abort();
    assert.deepEqual(readdirSync(dir), ['taken']);
  });

  it('writing after commit is refused', async () => {
    const file = await AtomicFile.create(join(dir, 'a.bin'));
    await file.commit();
    await assert.rejects(file.write(Buffer.from('late')), /already finished/);
  });

  it('a folder that does not exist fails when the sink is opened', async () => {
    await assert.rejects(fileByteSink(join(dir, 'missing', 'a.pdf')), { code: 'ENOENT' });
  });

  it('keeps the temporary name within 255 bytes for a 255-byte target', () => {
    const name = `${'😀'.repeat(62)}.pdf`;
    assert.ok(Buffer.byteLength(tempNameFor(name)) <= 255);
  });

  describe('targetIn', () => {
    const hostile = [
      '../../etc/passwd',
      '..',
      '/etc/passwd',
      'C:\\Windows\\x.dll',
      `..${sep}..${sep}x`,
      '\\\\server\\share\\x',
      'a/../../b',
      '.',
      '',
      'CON.txt',
      'a\u202Etxt.exe',
    ];
    for (const name of hostile) {
      it(`${JSON.stringify(name)} stays directly inside the folder`, () => {
        const target = targetIn(dir, name);
        const rest = target.slice(dir.length + 1);
        assert.ok(target.startsWith(dir + sep), target);
        assert.ok(rest.length > 0 && !rest.includes('/') && !rest.includes('\\'), rest);
      });
    }
    it('uses the fallback when nothing of the name is left', () => {
      assert.equal(targetIn(dir, '..', 'Invoice 1.pdf'), join(dir, 'Invoice 1.pdf'));
    });
  });
});
