// Copy as cURL of a download or an upload, run for real (sh + curl) in a folder of its own: a
// download's body goes to a file (`--output`) with a safe name, never to the terminal; an upload
// sends the user's file as multipart part `file` with its name and type; the key is only ever in
// the environment.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_KEY_VARIABLE, curlCommand, requestOfError } from '../../../src/share/curl';
import { TestServer } from '../../support/httpDouble';

const run = promisify(execFile);
const KEY = 'k3y-Secret-Value';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 0xff, 0x1b, 0x5b, 0x32, 0x4a])]);

/** What a pasted command must not hold (its own ` \` line breaks aside). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

describe('Copy as cURL of a download or an upload', function () {
  this.timeout(20_000);
  let server: TestServer;
  let dir: string;
  const runIn = (command: string) =>
    run('sh', ['-c', command], { cwd: dir, env: { ...process.env, [API_KEY_VARIABLE]: KEY }, encoding: 'buffer' });

  before(async () => {
    await run('sh', ['-c', 'command -v curl']).catch(() =>
      assert.fail('curl is needed to run a copied command: install it (apt-get install curl)'),
    );
    server = await TestServer.start();
    server.otherwise((req, res) => {
      if (req.url?.endsWith('/pdf') || req.url?.endsWith('/download')) {
        res.setHeader('Content-Type', 'application/pdf');
        res.end(PDF);
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{}');
    });
  });
  after(async () => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-curl-'));
    server.requests.splice(0);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const base = () => `${server.url}/companies/c1/connections/x1/data/bills/b1/attachments`;

  it('writes a download to the file it names; the terminal shows only its status, type and size', async () => {
    const command = curlCommand({ method: 'GET', url: `${base()}/a1/download`, download: true, fileName: 'scan.pdf' });
    assert.match(command, /--output 'scan\.pdf'/);
    assert.ok(!command.includes(KEY) && !command.includes(Buffer.from(KEY).toString('base64')));
    const { stdout } = await runIn(command);
    assert.equal(
      stdout.toString(),
      `HTTP 200, application/pdf, ${PDF.length} bytes\n`,
      'no body bytes on the terminal',
    );
    assert.deepEqual(readdirSync(dir), ['scan.pdf']);
    assert.ok(readFileSync(join(dir, 'scan.pdf')).equals(PDF));
    assert.equal(server.requests[0].headers.authorization, `Basic ${Buffer.from(KEY).toString('base64')}`);
  });

  it('without a name, names the file from its URL: an invoice’s PDF after its id, an attachment by its id', async () => {
    const pdf = curlCommand({
      method: 'GET',
      url: `${server.url}/companies/c1/data/invoices/inv%201/pdf`,
      download: true,
    });
    assert.match(pdf, /--output 'inv 1\.pdf'/);
    await runIn(pdf);
    const attachment = curlCommand({ method: 'GET', url: `${base()}/att-9/download`, download: true });
    assert.match(attachment, /--output 'att-9'/);
    await runIn(attachment);
    assert.deepEqual(readdirSync(dir).sort(), ['att-9', 'inv 1.pdf']);
  });

  const hostile: [string, string][] = [
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..', 'download'],
    ['-', './-'],
    ['-o /tmp/x', './-o _tmp_x'],
    ["it's $(id) `id`.pdf", "it's $(id) `id`.pdf"],
    ['a\u202Etxt.exe', 'atxt.exe'],
    ['line\nbreak.pdf', 'linebreak.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['請求書\uFE0F\u3164.pdf', '請求書.pdf'],
  ];
  for (const [fileName, expected] of hostile) {
    it(`a download named ${JSON.stringify(fileName)} is written to ${JSON.stringify(expected)} in the current folder`, async () => {
      const command = curlCommand({ method: 'GET', url: `${base()}/a1/download`, download: true, fileName });
      assert.ok(!INVISIBLE.test(command.replace(/ \\\n {2}/g, ' ')), 'nothing invisible');
      const { stdout } = await runIn(command);
      assert.ok(!stdout.includes(PDF), 'never the body on the terminal');
      assert.deepEqual(readdirSync(dir), [expected.replace(/^\.\//, '')]);
      assert.equal(server.requests.length, 1, 'one request');
    });
  }

  it('an upload sends the file from the current folder as part `file`, with its name and type', async () => {
    const name = 'bill 7; "final", copy.pdf';
    writeFileSync(join(dir, name), PDF);
    const command = curlCommand({
      method: 'POST',
      url: `${server.url}/companies/c1/connections/x1/push/bills/b1/attachments`,
      upload: { name, contentType: 'application/pdf' },
    });
    assert.ok(!command.includes('%PDF'), 'the file’s bytes are not part of the command');
    await runIn(command);
    const [request] = server.requests;
    assert.equal(request.method, 'POST');
    assert.match(String(request.headers['content-type']), /^multipart\/form-data; boundary=/);
    assert.equal(request.headers.authorization, `Basic ${Buffer.from(KEY).toString('base64')}`);
    assert.match(
      request.body,
      /Content-Disposition: form-data; name="file"; filename="bill 7; (%22|\\")final(%22|\\"), copy\.pdf"\r\n/,
    );
    assert.match(request.body, /Content-Type: application\/pdf\r\n\r\n%PDF-1\.7\n/);
  });

  it('an upload’s odd content type is left to curl to guess; a name with a folder or invisible characters is its file name alone', () => {
    const command = curlCommand({
      method: 'POST',
      url: `${server.url}/x`,
      upload: { name: '/home/u/\u202Escan.png', contentType: 'image/png;x=y\nBad: 1' },
    });
    assert.match(command, /--form 'file=@"scan\.png"'$/);
    assert.ok(!command.includes('Content-Type: application/json'));
  });

  it('a failed download or upload copied from its error is the same command', () => {
    const error = (
      request: { url: string; download?: true; upload?: { name: string; contentType: string } },
      method = 'GET',
    ) => requestOfError({ method, attempts: 1, kind: 'server', status: 500, code: undefined, request });
    const download = error({ url: `${base()}/a1/download`, download: true });
    assert.deepEqual(download, { method: 'GET', url: `${base()}/a1/download`, download: true });
    assert.match(curlCommand(download ?? assert.fail()), /--output 'a1'/);
    const upload = error({ url: `${server.url}/u`, upload: { name: 'a.pdf', contentType: 'application/pdf' } }, 'POST');
    assert.match(curlCommand(upload ?? assert.fail()), /--form 'file=@"a\.pdf";type=application\/pdf'/);
  });
});
