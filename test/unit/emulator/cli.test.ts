import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../emulator/cli';
import { basic } from '../../emulator/testing';

describe('emulator: command line', () => {
  it('reads its options', () => {
    assert.deepEqual(
      parseArgs([
        '--port',
        '4010',
        '--host=127.0.0.1',
        '--invoices',
        '500',
        '--companies',
        '30',
        '--seed',
        '3',
        '--latency',
        '20',
        '--push-delay',
        '250',
        '--token-file',
        't.txt',
        '--quiet',
      ]),
      {
        quiet: true,
        port: 4010,
        host: '127.0.0.1',
        invoices: 500,
        companies: 30,
        seed: 3,
        latencyMs: 20,
        pushDelayMs: 250,
        tokenFile: 't.txt',
      },
    );
    assert.throws(() => parseArgs(['--port']), /needs a value/);
    assert.throws(() => parseArgs(['--port', 'x']), /whole number/);
    assert.throws(() => parseArgs(['--colour', 'red']), /unknown option/);
  });

  it('prints its URL, demo keys and admin token (also to --token-file), serves them, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-cli-'));
    const tokenFile = join(dir, 'token');
    const child = spawn(
      process.execPath,
      [
        join(__dirname, '..', '..', 'emulator', 'cli.js'),
        '--port',
        '0',
        '--invoices',
        '20',
        '--token-file',
        tokenFile,
        '--quiet',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Ctrl+C')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const key = /normal account\s+(\S+)/.exec(out)?.[1];
      assert.ok(url && key, out);
      const r = await fetch(`${url}/companies?pageSize=1`, { headers: { Authorization: basic(key) } });
      assert.equal(r.status, 200);
      assert.equal(((await r.json()) as { totalResults: number }).totalResults, 120);
      const few = /^\s+few\s+(\S+)$/m.exec(out)?.[1] ?? '';
      const types = /^Data types, at \/companies\/\{id\}\/data\/\{type\}: (.+)$/m.exec(out)?.[1].split(', ') ?? [];
      assert.ok(types.includes('invoices') && types.includes('journalEntries'), out);
      for (const type of types)
        assert.equal(
          (await fetch(`${url}/companies/${few}/data/${type}`, { headers: { Authorization: basic(key) } })).status,
          200,
          type,
        );
      const token = /^Admin token .*\n\s+([0-9a-f]+)$/m.exec(out)?.[1] ?? '';
      assert.equal(readFileSync(tokenFile, 'utf8'), token);
      assert.equal(
        (await fetch(`${url}/_emulator/requests`, { headers: { 'X-Emulator-Token': token } })).status,
        200,
        out,
      );
      assert.equal((await fetch(`${url}/_emulator/requests`)).status, 401);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
