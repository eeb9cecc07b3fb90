// The installed .vsix, second phase: the query nodes the first phase made came back with the
// window (the real reload), from the extension's globalState, and nothing was fetched for them
// until one was expanded.
import * as assert from 'node:assert/strict';
import { KEPT_QUERIES, queryRequests } from './queries';
import { installedExtension, waitFor, wellKnownCompany } from './shared';

describe('query nodes, after a window reload', () => {
  it('come back with their type, filter, orderBy, name and pin, fetching nothing until expanded', async () => {
    const api = installedExtension().exports;
    assert.ok(api, 'the test API');
    const companyId = await wellKnownCompany('few');
    // The second phase's first test has set the key again where the reload forgot it (the web).
    const company = await waitFor('the company in the tree', async () => {
      await api.tree.getChildren();
      return api.tree.root?.companyNode(companyId);
    });
    const restored = company.queries;
    assert.deepEqual(
      restored.map((q) => q.toSaved()),
      KEPT_QUERIES,
    );
    assert.ok(
      restored.every((q) => q.pagedList === undefined),
      'no list made',
    );
    assert.deepEqual(await queryRequests(), [], 'nothing fetched for them');

    const invoices = await api.tree.getChildren(restored[1]);
    assert.ok((invoices?.length ?? 0) > 0, 'the query runs when expanded');
    assert.deepEqual(
      (await queryRequests()).map((r) => [r.query.query, r.query.orderBy, r.query.page]),
      [['status=Paid', '-totalAmount', '1']],
    );
  });
});
