import * as assert from 'node:assert/strict';
import type { ConnectionState } from '../../../src/connection/connection';
import {
  accountInUse,
  nextReset,
  statusBarText,
  statusBarTooltip,
  type StatusBarAccount,
} from '../../../src/format/statusBarText';

const noKey: ConnectionState = {
  kind: 'noKey',
  baseUrl: 'https://api.codat.io',
  origin: 'https://api.codat.io',
  host: 'api.codat.io',
};
// A ready state: the status bar reads only its kind and base URL.
const ready = { kind: 'ready', baseUrl: 'https://api.codat.io' } as unknown as ConnectionState;
const rate = { remaining: 9998, limit: 10000, observedAt: 0 };

const live: StatusBarAccount = { id: 'a1', name: 'Live', environment: 'production', state: ready, rate };
const sandbox: StatusBarAccount = { id: 'a2', name: 'Sand_box', environment: 'test', state: ready };
const emulator: StatusBarAccount = { id: 'a3', name: 'Emulator', environment: 'local', state: noKey };

describe('status bar text', () => {
  it('shows one account, by name with its state', () => {
    assert.equal(statusBarText({ ...emulator, name: 'api.codat.io' }), '$(key) api.codat.io: no API key');
    assert.equal(
      statusBarText({ ...emulator, name: 'Prod', state: { kind: 'invalidBaseUrl', message: 'x' } }),
      '$(warning) Prod: base URL refused',
    );
    assert.equal(statusBarText(undefined), '$(account) Data Platform: no account');
  });

  it('marks a production account with its own icon, with what its key has left', () => {
    assert.equal(statusBarText(live), '$(flame) Live · 9,998 left');
    assert.equal(statusBarText({ ...live, rate: undefined }), '$(flame) Live');
    assert.equal(statusBarText(sandbox), '$(cloud) Sand_box');
  });

  it('the account in use is the selected one, else the first', () => {
    const all = [live, sandbox, emulator];
    assert.equal(accountInUse(all, 'a2'), sandbox);
    assert.equal(accountInUse(all, undefined), live);
    assert.equal(accountInUse(all, 'gone'), live, 'a removed account: the first');
    assert.equal(accountInUse([], 'a1'), undefined);
  });

  it('the tooltip holds every account with its environment and budget, the one in use marked, names escaped', () => {
    const tip = statusBarTooltip([live, sandbox, emulator], sandbox);
    const blocks = tip.split('\n\n');
    assert.equal(blocks.length, 5, 'a title, one block per account, the click hint');
    assert.match(blocks[1], /^\*\*Live\*\* {2}\n\$\(flame\) Production: every write asks first {2}\n/);
    assert.match(blocks[1], /Rate limit: 9,998 of 10,000 left/);
    assert.match(blocks[2], /^\*\*Sand\\_box\*\* \(in use\) {2}\n\$\(beaker\) Test environment/);
    assert.match(blocks[3], /\$\(device-desktop\) Local environment[\s\S]*No API key set/);
    assert.match(blocks[4], /Click for actions/);
    assert.doesNotMatch(statusBarTooltip([live], live), /in use/, 'alone, nothing to tell apart');
  });

  it('says when the budget resets while that is ahead, and that it has reset once the time has passed', () => {
    const resetAt = Date.UTC(2026, 10, 27, 9, 52, 51);
    const time = new Date(resetAt).toLocaleTimeString();
    const withReset = { ...live, rate: { ...rate, resetAt } };
    assert.ok(statusBarTooltip([withReset], withReset, resetAt - 1000).includes(`Resets at ${time}`));
    const after = statusBarTooltip([withReset], withReset, resetAt + 1000);
    assert.ok(!after.includes('Resets at'), after);
    assert.ok(after.includes(`Reset at ${time}: the next request shows the new budget`), after);
    // The item renders its tooltip again at the next reset still ahead, none once all have passed.
    assert.equal(nextReset([withReset, sandbox], resetAt - 1000), resetAt);
    assert.equal(nextReset([withReset, sandbox], resetAt), undefined);
  });
});
