// The download cache: one private folder per download, the file under its own sanitised name;
// an aborted download leaves nothing; cleanup removes what is old, then the oldest over the cap.
import * as assert from 'node:assert/strict';
import {
  existsSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DownloadCache } from '../../../src/files/downloadCache';

const HOUR = 60 * 60 * 1000;

describe('download cache', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'dp-cache-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  async function download(cache: DownloadCache, name: string, bytes: string | Buffer): Promise<string> {
    const { path, sink } = await cache.download(name, 'download');
    await sink.write(Buffer.from(bytes));
    await sink.commit();
    return path;
  }

  it('puts each download in a folder of its own under the storage root, private to the user', async () => {
    const cache = new DownloadCache(join(root, 'storage'));
    const a = await download(cache, 'Invoice INV-1.pdf', '%PDF-a');
    const b = await download(cache, 'Invoice INV-1.pdf', '%PDF-b');
    assert.notEqual(a, b, 'two invoices with the same number do not collide');
    assert.equal(basename(a), 'Invoice INV-1.pdf');
    assert.equal(basename(b), 'Invoice INV-1.pdf');
    assert.equal(dirname(dirname(a)), cache.folder);
    assert.equal(readFileSync(a, 'utf8'), '%PDF-a');
    assert.equal(readFileSync(b, 'utf8'), '%PDF-b');
    if (process.platform !== 'win32') {
      assert.equal(statSync(cache.folder).mode & 0o777, 0o700);
      assert.equal(statSync(dirname(a)).mode & 0o777, 0o700);
      assert.equal(statSync(a).mode & 0o777, 0o600);
    }
  });

  it('sanitises the name: a hostile one stays inside its folder', async () => {
    const cache = new DownloadCache(root);
    const path = await download(cache, '../../../evil\u202Efdp.exe', 'x');
    assert.equal(basename(path), '_.._.._evilfdp.exe');
    assert.equal(dirname(dirname(path)), cache.folder);
  });

  it('an aborted download leaves neither its file nor its folder', async () => {
    const cache = new DownloadCache(root);
    await download(cache, 'kept.pdf', 'k');
    const { sink } = await cache.download('gone.pdf', 'download');
    await sink.write(Buffer.alloc(1000));
    await sink.abort();
    assert.equal(readdirSync(cache.folder).length, 1);
  });

  it('cleanup removes entries older than the age limit and keeps the recent ones', async () => {
    const now = Date.now();
    const cache = new DownloadCache(root, { maxAgeMs: 24 * HOUR, maxBytes: 1e9 }, () => now);
    const old = await download(cache, 'old.pdf', 'o');
    const fresh = await download(cache, 'fresh.pdf', 'f');
    const past = new Date(now - 25 * HOUR);
    utimesSync(old, past, past);
    utimesSync(dirname(old), past, past);
    assert.equal(await cache.cleanup(), 1);
    assert.deepEqual(readdirSync(cache.folder), [basename(dirname(fresh))]);
  });

  it('cleanup removes the oldest until the rest fit the cap, never one changed in the last minute', async () => {
    const now = Date.now();
    const cache = new DownloadCache(root, { maxAgeMs: 24 * HOUR, maxBytes: 2500 }, () => now);
    const paths: string[] = [];
    for (let i = 0; i < 4; i++) paths.push(await download(cache, `f${i}.pdf`, Buffer.alloc(1000)));
    // f0 oldest … f2 an hour old; f3 just written.
    paths.slice(0, 3).forEach((p, i) => {
      const when = new Date(now - (4 - i) * HOUR);
      utimesSync(p, when, when);
      utimesSync(dirname(p), when, when);
    });
    assert.equal(await cache.cleanup(), 2000);
    const left = readdirSync(cache.folder)
      .map((d) => readdirSync(join(cache.folder, d))[0])
      .sort();
    assert.deepEqual(left, ['f2.pdf', 'f3.pdf']);

    const small = new DownloadCache(root, { maxAgeMs: 24 * HOUR, maxBytes: 0 }, () => now);
    assert.equal(await small.cleanup(), 1000, 'the one changed in the last minute stays');
    assert.deepEqual(readdirSync(join(cache.folder, readdirSync(cache.folder)[0])), ['f3.pdf']);
  });

  it('cleanup of a cache never created, or holding stray files, does not fail', async () => {
    assert.equal(await new DownloadCache(join(root, 'none')).cleanup(), 0);
    const cache = new DownloadCache(root, { maxAgeMs: 0, maxBytes: 1e9 }, () => Date.now() + HOUR);
    mkdirSync(cache.folder);
    writeFileSync(join(cache.folder, 'stray'), 'abc');
    assert.equal(await cache.cleanup(), 3);
    assert.deepEqual(readdirSync(cache.folder), []);
  });

  it('cleanup removes a link in the cache as a link: never follows it out, never deletes what it points at', async function () {
    if (process.platform === 'win32') this.skip();
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious.txt'), 'keep me');
    const cache = new DownloadCache(join(root, 'storage'), { maxAgeMs: 24 * HOUR, maxBytes: 1e9 }, () => Date.now());
    await download(cache, 'a.pdf', 'a');
    const link = join(cache.folder, 'd-link');
    symlinkSync(outside, link);
    const past = new Date(Date.now() - 48 * HOUR);
    lutimesSync(link, past, past);
    await cache.cleanup();
    assert.ok(!existsSync(link), 'the old link is gone');
    assert.equal(readFileSync(join(outside, 'precious.txt'), 'utf8'), 'keep me');
  });
});
