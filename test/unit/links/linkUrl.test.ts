// A connection's link is opened only when https:, or on the account's own loopback origin.
import * as assert from 'node:assert/strict';
import { checkLinkUrl, shownLink } from '../../../src/links/linkUrl';

describe('link URL check', () => {
  const remote = 'https://api.codat.io';
  const local = 'http://127.0.0.1:4010';

  it('opens https: links', () => {
    assert.deepEqual(checkLinkUrl('https://link.codat.io/start?x=1', remote), {
      ok: true,
      url: 'https://link.codat.io/start?x=1',
    });
  });

  it("opens http: only on the account's own loopback origin (the emulator's link page)", () => {
    const link = 'http://127.0.0.1:4010/link/companies/c/connections/d/start';
    assert.equal(checkLinkUrl(link, local).ok, true);
    assert.equal(checkLinkUrl('http://127.0.0.1:9999/link', local).ok, false, 'another port is another origin');
    assert.equal(checkLinkUrl('http://localhost:4010/link', local).ok, false, 'another host name');
    assert.equal(checkLinkUrl('http://api.codat.io/link', 'http://api.codat.io').ok, false, 'not a loopback base');
    assert.equal(checkLinkUrl(link, remote).ok, false, 'a remote account');
  });

  it('never opens other schemes, credentials, or what is no URL, and says why', () => {
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'command:workbench.action.quit', 'vscode://x/y']) {
      const check = checkLinkUrl(bad, local);
      assert.equal(check.ok, false, bad);
      if (!check.ok) assert.match(check.reason, /is not https:/);
    }
    const creds = checkLinkUrl('https://user:pw@link.example/', remote);
    assert.equal(creds.ok, false);
    assert.equal(checkLinkUrl('not a url', remote).ok, false);
    assert.equal(checkLinkUrl(undefined, remote).ok, false);
    assert.equal(checkLinkUrl('', remote).ok, false);
    const plain = checkLinkUrl('http://evil.example/', remote);
    assert.ok(!plain.ok && /not https: and not on the account/.test(plain.reason));
  });

  it('shows a refused link as text a notification cannot turn into a link', () => {
    assert.equal(shownLink('[x](command:evil)'), '%5Bx%5D%28command:evil%29');
    assert.equal(shownLink('a b'), 'a%20b');
    assert.equal(shownLink(undefined), '');
    assert.equal(shownLink('h'.repeat(400)).length, 301);
  });
});
