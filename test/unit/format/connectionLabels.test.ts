// How a company's connection reads in the tree, and an integration in Create Connection's pick:
// every state its own words and icon, an unknown one as sent, hostile server text escaped.
import * as assert from 'node:assert/strict';
import type { Company, DataConnection, Integration } from '../../../src/api/models';
import {
  connectionDescription,
  connectionIcon,
  connectionLabel,
  connectionState,
  connectionStatusText,
  connectionTooltip,
  emptyWithoutLinkText,
  enabledFirst,
  hasLinkedConnection,
  integrationItem,
  noLinkedConnectionText,
  noLinks,
} from '../../../src/format/connectionLabels';

const conn = (over: Partial<DataConnection> = {}): DataConnection => ({
  id: 'd-1',
  integrationId: 'i-1',
  sourceId: 's-1',
  platformName: 'Xero',
  linkUrl: 'https://link.example/start',
  status: 'Linked',
  created: '2026-11-20T10:00:00Z',
  sourceType: 'Accounting',
  lastSync: '2026-11-26T09:00:00Z',
  ...over,
});

const company = (dataConnections?: DataConnection[]): Company => ({
  id: 'c-1',
  name: 'Acme',
  redirect: 'https://x',
  ...(dataConnections ? { dataConnections } : {}),
});

describe('connection labels', () => {
  it('gives each state of the contract its words, icon and colour; an unknown one shows as sent', () => {
    const seen = new Set<string>();
    for (const status of ['Linked', 'PendingAuth', 'Unlinked', 'Deauthorized']) {
      assert.equal(connectionState(status), status);
      seen.add(`${connectionIcon(status).id} ${connectionIcon(status).color}`);
    }
    assert.equal(seen.size, 4, 'four states, four icons');
    assert.equal(connectionStatusText('PendingAuth'), 'Pending authorization');
    assert.equal(connectionState('Unknown'), 'other');
    assert.equal(connectionStatusText('Unknown'), 'Unknown');
    assert.equal(connectionStatusText('Suspended'), 'Suspended', 'a state added later, as the API wrote it');
    assert.equal(connectionStatusText(undefined), 'Unknown');
    assert.equal(connectionStatusText(''), 'Unknown');
    assert.equal(connectionStatusText({ x: 1 }), 'Unknown', 'an object is no status');
    assert.equal(connectionIcon('Suspended').id, 'question');
    assert.equal(connectionIcon('Linked').color, 'testing.iconPassed');
    assert.equal(connectionIcon('Deauthorized').color, 'list.errorForeground');
  });

  it('labels by platform, describes status, source type and last sync', () => {
    assert.equal(connectionLabel(conn()), 'Xero');
    assert.equal(connectionLabel(conn({ platformName: '' })), 'i-1', 'no platform name: its integration id');
    assert.equal(connectionDescription(conn()), 'Linked · Accounting · synced 2026-11-26');
    assert.equal(
      connectionDescription(conn({ status: 'PendingAuth', lastSync: undefined })),
      'Pending authorization · Accounting · never synced',
    );
  });

  it('never lets a server name become a link in a notification', () => {
    const label = connectionLabel(conn({ platformName: '[Open](command:workbench.action.quit)' }));
    assert.doesNotMatch(label, /\]\s*\(/);
    assert.equal(label.replace(/\u200b/g, ''), '[Open](command:workbench.action.quit)', 'the text itself kept');
    assert.equal(noLinks('Xero (UK)'), 'Xero (UK)', 'plain parentheses untouched');
    assert.doesNotMatch(integrationItem({ key: 'k', name: '[x] (y)', enabled: true }).label, /\]\s*\(/);
  });

  it('puts every id and both dates in the tooltip, hostile text escaped', () => {
    const tip = connectionTooltip(conn({ platformName: '[click](command:evil)', sourceId: '**s**' }));
    assert.match(tip, /Connection id: d\\-1/);
    assert.match(tip, /Integration id: i\\-1/);
    assert.match(tip, /Source id: \\\*\\\*s\\\*\\\*/);
    assert.match(tip, /Created: 2026\\-11\\-20/);
    assert.match(tip, /Last sync: 2026\\-11\\-26/);
    assert.ok(!tip.includes('[click](command:evil)'), 'no link can be injected');
    assert.match(tip, /\\\[click\\\]\u200b?\\\(command:evil\\\)/);
    assert.match(connectionTooltip(conn({ status: 'PendingAuth' })), /Open Link/);
  });

  it('says on a company row when no connection is Linked, from its dataConnections', () => {
    assert.equal(hasLinkedConnection(company()), undefined, 'not said: nothing is claimed');
    assert.equal(noLinkedConnectionText(company()), undefined);
    assert.equal(noLinkedConnectionText(company([])), 'no connection');
    assert.equal(noLinkedConnectionText(company([conn({ status: 'PendingAuth' })])), 'no linked connection');
    assert.equal(noLinkedConnectionText(company([conn({ status: 'Deauthorized' }), conn()])), undefined);
    const odd = company([null as unknown as DataConnection, conn({ status: 'Unlinked' })]);
    assert.equal(hasLinkedConnection(odd), false, 'a null entry in the list is no connection');
    assert.match(emptyWithoutLinkText(company([])), /has no connection \(Create Connection…\)/);
    assert.match(
      emptyWithoutLinkText(company([conn({ status: 'PendingAuth' })])),
      /no connection of the company is Linked/,
    );
  });

  it('shows an integration by name and key, a disabled one as such, enabled ones first; the logo URL never', () => {
    const i = (over: Partial<Integration>): Integration => ({ key: 'k', name: 'N', enabled: true, ...over });
    const hostile = integrationItem(
      i({ name: '$(alert) Evil', logoUrl: 'http://127.0.0.1/pixel', sourceType: 'Banking' }),
    );
    assert.ok(!hostile.label.startsWith('$('), 'no codicon injected into the label');
    assert.equal(hostile.description, 'k · Banking');
    assert.ok(!JSON.stringify(hostile).includes('pixel'), 'the logo URL is not shown');
    assert.equal(integrationItem(i({})).detail, undefined);
    assert.match(integrationItem(i({ enabled: false })).detail ?? '', /Disabled/);
    const list = [i({ key: 'a', enabled: false }), i({ key: 'b' }), i({ key: 'c', enabled: false }), i({ key: 'd' })];
    assert.deepEqual(
      enabledFirst(list).map((x) => x.key),
      ['b', 'd', 'a', 'c'],
    );
  });
});
