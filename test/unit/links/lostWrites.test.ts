// After a connection write whose answer was lost: did it take? A create by a new PendingAuth
// connection of the platform since it was sent, an unlink by Unlinked (or gone), a delete by gone.
import * as assert from 'node:assert/strict';
import type { DataConnection, Page } from '../../../src/api/models';
import {
  deleteTook,
  findLostConnection,
  LostWrites,
  ofIntegration,
  readConnections,
  unlinkTook,
} from '../../../src/links/lostWrites';

const conn = (over: Partial<DataConnection> = {}): DataConnection => ({
  id: 'd-1',
  integrationId: 'i-xero',
  sourceId: 's',
  platformName: 'Xero',
  linkUrl: 'https://x',
  status: 'PendingAuth',
  created: '2026-11-27T10:00:00Z',
  sourceType: 'Accounting',
  ...over,
});
const xero = { key: 'gbol', name: 'Xero', integrationId: 'i-xero' };
const sentAt = new Date('2026-11-27T10:00:05Z');

describe('lost connection writes', () => {
  it('finds a create: the newest PendingAuth connection of the platform since it was sent', () => {
    const older = conn({ id: 'old', created: '2026-11-27T09:00:00Z' });
    const linked = conn({ id: 'linked', status: 'Linked' });
    const other = conn({ id: 'other', integrationId: 'i-qbo', platformName: 'QuickBooks' });
    const ours = conn({ id: 'ours', created: '2026-11-27T10:00:06Z' });
    const earlier = conn({ id: 'earlier', created: '2026-11-27T09:58:00Z' });
    const found = findLostConnection([older, linked, other, earlier, ours], { integration: xero, sentAt });
    assert.equal(found?.id, 'ours');
    assert.equal(findLostConnection([older, linked, other], { integration: xero, sentAt }), undefined);
    assert.equal(
      findLostConnection([earlier], { integration: xero, sentAt, before: ['EARLIER'] }),
      undefined,
      'one there before the send is not the new one',
    );
    assert.equal(
      findLostConnection([conn({ created: undefined as unknown as string })], { integration: xero, sentAt }),
      undefined,
    );
  });

  it('tells a connection of the integration by its key, its integration id, else its platform name', () => {
    assert.ok(ofIntegration(conn(), xero));
    assert.ok(ofIntegration(conn({ integrationId: '' }), xero), 'by name');
    assert.ok(!ofIntegration({ ...conn(), integrationKey: 'qhyg' } as DataConnection, xero), 'a key decides');
    assert.ok(ofIntegration({ ...conn({ integrationId: 'x' }), integrationKey: 'GBOL' } as DataConnection, xero));
  });

  it('an unlink took when the connection is Unlinked or gone; a delete when it is gone', () => {
    assert.equal(unlinkTook(conn({ status: 'Unlinked' })), true);
    assert.equal(unlinkTook(undefined), true);
    assert.equal(unlinkTook(conn({ status: 'Linked' })), false);
    assert.equal(deleteTook([conn({ id: 'a' })], 'b'), true);
    assert.equal(deleteTook([conn({ id: 'A' })], 'a'), false, 'ids compare in any case');
  });

  it('reads the first pages of the connections, following the next links', async () => {
    const page = (n: number, next?: string): Page<DataConnection> => ({
      results: [conn({ id: `d-${n}` })],
      pageNumber: n,
      pageSize: 1,
      totalResults: 9,
      _links: { self: { href: '' }, current: { href: '' }, ...(next ? { next: { href: next } } : {}) },
    });
    const asked: (string | undefined)[] = [];
    const all = await readConnections((href) => {
      asked.push(href);
      const n = href === undefined ? 1 : Number(href.slice(1));
      return Promise.resolve(page(n, `/${n + 1}`));
    });
    assert.equal(all.length, 5, 'five pages at most');
    assert.deepEqual(asked, [undefined, '/2', '/3', '/4', '/5']);
  });

  it('remembers a lost write by what it was and its target, in any case', () => {
    const lost = new LostWrites();
    const key = LostWrites.key('unlink', 'acc', 'C-1', 'D-1');
    lost.remember(key, { sentAt, reason: 'timeout' });
    assert.equal(lost.earlier(LostWrites.key('unlink', 'acc', 'c-1', 'd-1'))?.reason, 'timeout');
    assert.equal(lost.earlier(LostWrites.key('delete', 'acc', 'c-1', 'd-1')), undefined);
    lost.forget(key);
    assert.equal(lost.earlier(key), undefined);
  });
});
