import * as assert from 'node:assert/strict';
import { chooseHost } from '../../host/choose';

function input(env: NodeJS.ProcessEnv, download: () => Promise<string>, platform: NodeJS.Platform = 'linux') {
  const lines: string[] = [];
  return { args: { env, platform, download, log: (l: string) => lines.push(l) }, lines };
}
const offline = () => Promise.reject(new Error('getaddrinfo ENOTFOUND update.code.visualstudio.com'));
const never = () => Promise.reject(new Error('download must not be tried'));

describe('host choice', () => {
  it('uses the offline server when asked, without trying a download', async () => {
    assert.deepEqual(await chooseHost(input({ DP_TEST_HOST: 'offline', DISPLAY: ':0' }, never).args), {
      kind: 'offline',
    });
  });

  it('uses a given desktop VS Code', async () => {
    assert.deepEqual(await chooseHost(input({ VSCODE_EXECUTABLE_PATH: '/opt/code/code' }, never).args), {
      kind: 'electron',
      executable: '/opt/code/code',
    });
  });

  it('downloads when electron is asked for, and fails if that fails', async () => {
    assert.deepEqual(await chooseHost(input({ DP_TEST_HOST: 'electron' }, () => Promise.resolve('/cache/code')).args), {
      kind: 'electron',
      executable: '/cache/code',
    });
    await assert.rejects(chooseHost(input({ DP_TEST_HOST: 'electron' }, offline).args), /ENOTFOUND/);
  });

  it('falls back to the offline server when the download fails', async () => {
    const { args, lines } = input({ DISPLAY: ':0' }, offline);
    assert.deepEqual(await chooseHost(args), { kind: 'offline' });
    assert.match(lines.join('\n'), /not available .*ENOTFOUND/);
  });

  it('prefers a downloaded desktop VS Code where a window can be shown', async () => {
    assert.deepEqual(await chooseHost(input({}, () => Promise.resolve('/cache/code'), 'darwin').args), {
      kind: 'electron',
      executable: '/cache/code',
    });
  });

  it('does not download on a Linux machine without a display', async () => {
    assert.deepEqual(await chooseHost(input({}, never).args), { kind: 'offline' });
  });

  it('rejects an unknown DP_TEST_HOST', async () => {
    await assert.rejects(chooseHost(input({ DP_TEST_HOST: 'web' }, never).args), /must be "electron" or "offline"/);
  });
});
