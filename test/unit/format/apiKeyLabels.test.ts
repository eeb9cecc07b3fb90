// How an API key reads in the tree and in messages: its name (or "Unnamed key"), its last four
// characters, its created date, whether the account uses it; the name checked as it is typed.
import * as assert from 'node:assert/strict';
import type { ApiKeyDetails } from '../../../src/api/models';
import {
  API_KEY_LIMIT,
  apiKeyCreatedMessage,
  apiKeyDescription,
  apiKeyLabel,
  apiKeyLimitMessage,
  apiKeyNameProblem,
  apiKeyTooltip,
  createdOn,
  deleteApiKeyQuestion,
  deleteKeyInUseWarning,
  lastFour,
  maskedKey,
  summariseApiKey,
} from '../../../src/format/apiKeyLabels';

const KEY = 'sk_live_0123456789abcdefghijWXYZ';
const details = (over: Partial<ApiKeyDetails> = {}): ApiKeyDetails => ({
  id: 'key-1',
  name: 'CI *pipeline*',
  apiKey: KEY,
  createdDate: '2021-03-01T09:00:00Z',
  ...over,
});

describe('API key labels', () => {
  it('keeps the last four characters of a key, none of a short one, and never the key', () => {
    assert.equal(lastFour(KEY), 'WXYZ');
    assert.equal(lastFour('short-key-1234'), '', 'under 16 characters nothing is shown');
    const summary = summariseApiKey(details(), true);
    assert.deepEqual(summary, {
      id: 'key-1',
      name: 'CI *pipeline*',
      createdDate: '2021-03-01T09:00:00Z',
      last4: 'WXYZ',
      inUse: true,
    });
    assert.ok(!JSON.stringify(summary).includes(KEY.slice(0, -4)));
    assert.equal(maskedKey(summary), '…WXYZ');
  });

  it('names a key by its name, or "Unnamed key" when it has none or only spaces', () => {
    assert.equal(apiKeyLabel(summariseApiKey(details(), false)), 'CI *pipeline*');
    assert.equal(apiKeyLabel(summariseApiKey(details({ name: undefined }), false)), 'Unnamed key');
    assert.equal(apiKeyLabel(summariseApiKey(details({ name: '   ' }), false)), 'Unnamed key');
  });

  it('describes a key by its last characters and date, and marks the one in use', () => {
    const key = summariseApiKey(details(), false);
    assert.equal(createdOn(key, 'en-GB'), '1 Mar 2021');
    assert.equal(apiKeyDescription(key, 'en-GB'), '…WXYZ · 1 Mar 2021');
    assert.equal(apiKeyDescription({ ...key, inUse: true }, 'en-GB'), '…WXYZ · 1 Mar 2021 · in use');
    assert.equal(createdOn({ ...key, createdDate: 'soon' }), 'soon', 'a date it cannot read is shown as sent');
  });

  it('escapes the name in the Markdown tooltip, and says which key the account uses', () => {
    const tooltip = apiKeyTooltip(summariseApiKey(details(), true), 'en-GB');
    assert.match(tooltip, /^\*\*CI \\\*pipeline\\\*\*\*/);
    assert.match(tooltip, /Ends in …WXYZ/);
    assert.match(tooltip, /Created: 1 Mar 2021/);
    assert.match(tooltip, /Id: key\\-1/);
    assert.match(tooltip, /This account makes its requests with this key\./);
    assert.doesNotMatch(apiKeyTooltip(summariseApiKey(details(), false)), /makes its requests/);
  });

  it('takes a name of up to 50 characters, spaces around it not counted, and an empty one', () => {
    assert.equal(apiKeyNameProblem(''), undefined);
    assert.equal(apiKeyNameProblem('x'.repeat(50)), undefined);
    assert.equal(apiKeyNameProblem(` ${'x'.repeat(50)} `), undefined);
    assert.equal(apiKeyNameProblem('x'.repeat(51)), 'A name of at most 50 characters, please (51 now).');
  });

  it('says what was made and what to do at the limit, and asks before a delete', () => {
    const key = summariseApiKey(details({ name: undefined }), false);
    assert.equal(
      apiKeyCreatedMessage(key, 'Prod'),
      'API key "Unnamed key" (…WXYZ) created for Prod. Copy it now: it is not shown again.',
    );
    assert.equal(API_KEY_LIMIT, 10);
    assert.equal(
      apiKeyLimitMessage('Prod'),
      'Prod already has 10 API keys, the most an account can hold. Delete a key it no longer needs, then create the new one.',
    );
    assert.equal(deleteApiKeyQuestion(key, 'Prod'), 'Delete the API key "Unnamed key" (…WXYZ) of Prod?');
    assert.match(deleteKeyInUseWarning('Prod'), /^This is the key Prod uses: the account will stop working until/);
  });
});
