import * as assert from 'node:assert/strict';
import {
  accountDescription,
  accountHost,
  accountProblem,
  accountTooltip,
  noKeyMessage,
} from '../../../src/format/accountLabels';

describe('account wording', () => {
  const account = {
    id: 'a1',
    name: 'Prod *EU*',
    baseUrl: 'https://api.example.com:8443/v1',
    environment: 'production' as const,
  };

  it('names the host next to the account, or the base URL when it cannot be read', () => {
    assert.equal(accountHost(account), 'api.example.com:8443');
    assert.equal(accountHost({ ...account, baseUrl: 'not a url' }), 'not a url');
  });

  it('says which account needs a key, and still says what to do when it cannot tell', () => {
    assert.equal(noKeyMessage('Prod'), 'Set an API key for Prod first: it has none yet.');
    assert.equal(noKeyMessage(undefined), 'Set an API key first: this account has none yet.');
  });

  it('escapes the name in the Markdown tooltip and shows a problem only when the account cannot list', () => {
    assert.match(
      accountTooltip(account, {
        kind: 'noKey',
        baseUrl: account.baseUrl,
        origin: 'https://api.example.com:8443',
        host: 'api.example.com:8443',
      }),
      /^\*\*Prod \\\*EU\\\*\*\*/,
    );
    assert.equal(accountProblem({ kind: 'noKey', baseUrl: account.baseUrl, origin: 'x', host: 'x' })?.setKey, true);
  });

  it('says Production next to a production account (its host in the tooltip); test and local say theirs in the tooltip', () => {
    const state = { kind: 'noKey', baseUrl: account.baseUrl, origin: 'x', host: 'x' } as const;
    assert.equal(accountDescription(account), 'Production');
    assert.match(accountTooltip(account, state), /Base URL: https:\/\/api\\\.example\\\.com:8443/);
    assert.match(accountTooltip(account, state), /\$\(flame\) Production: every write asks first/);
    const test = { ...account, environment: 'test' as const };
    assert.equal(accountDescription(test), 'api.example.com:8443');
    assert.match(accountTooltip(test, state), /\$\(beaker\) Test environment/);
    assert.match(accountTooltip({ ...account, environment: 'local' }, state), /Local environment/);
  });
});
