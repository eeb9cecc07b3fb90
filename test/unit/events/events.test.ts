// The event types the extension knows are the contract's, with its descriptions, and a delivery's
// body is read into an event without trusting it.
import * as assert from 'node:assert/strict';
import {
  EVENT_TYPES,
  WRITE_DATA_TYPES,
  eventTypeInfo,
  isSubscribableEventType,
  subscribableEventTypes,
} from '../../../src/api/webhookModels';
import { parseEvent } from '../../../src/events/events';
import { CONTRACT } from '../../contract/contract';

interface ContractWebhooks {
  eventTypes: { name: string; description: string }[];
  writeDataTypes: string[];
}
const WEBHOOKS = (CONTRACT as unknown as { webhooks: ContractWebhooks }).webhooks;

describe('events: event types and deliveries read', () => {
  it('lists the contract’s 16 event types with its descriptions, and its write data types', () => {
    assert.equal(EVENT_TYPES.length, 16);
    assert.deepEqual(
      EVENT_TYPES.map(({ name, description }) => ({ name, description })),
      WEBHOOKS.eventTypes.map(({ name, description }) => ({ name, description })),
    );
    assert.deepEqual([...WRITE_DATA_TYPES], WEBHOOKS.writeDataTypes);
  });

  it('knows which names one subscribes to: the templates expanded per data type', () => {
    const all = subscribableEventTypes();
    assert.equal(all.length, 14 + 2 * WRITE_DATA_TYPES.length);
    assert.ok(all.includes('bills.write.successful') && all.includes('transfers.write.unsuccessful'));
    assert.ok(all.every(isSubscribableEventType));
    for (const name of ['{dataType}.write.successful', 'taxRates.write.successful', 'DataSyncCompleted', '', 'read'])
      assert.equal(isSubscribableEventType(name), false, name);
    assert.equal(eventTypeInfo('bills.write.unsuccessful')?.name, '{dataType}.write.unsuccessful');
    assert.equal(eventTypeInfo('nope'), undefined);
  });

  it('reads the company of each family, the time, and whether the type is known', () => {
    const at = '2026-01-15T12:00:00.000Z';
    const company = parseEvent({ id: 'e1', eventType: 'company.created', generatedDate: at, payload: { id: 'c1' } });
    assert.deepEqual(company, {
      id: 'e1',
      type: 'company.created',
      known: true,
      companyId: 'c1',
      time: at,
      payload: { id: 'c1' },
    });
    const read = parseEvent({ id: 'e2', eventType: 'read.completed', payload: { referenceCompany: { id: 'c2' } } });
    assert.equal(read?.companyId, 'c2');
    assert.equal(read?.time, undefined);
    const limit = parseEvent({ id: 'e3', eventType: 'client.rateLimit.reached', payload: { dailyQuota: 1 } });
    assert.equal(limit?.companyId, undefined);
    assert.equal(parseEvent({ id: 'e4', eventType: 'future.thing', payload: {} })?.known, false);
  });

  it('refuses what is not an event, and takes no company id it cannot trust', () => {
    const refused: unknown[] = [
      null,
      [],
      'text',
      { eventType: 'company.created', payload: {} },
      { id: 'e', eventType: 'company.created' },
      { id: 'e', eventType: 'company.created', payload: [] },
      { id: 'e', eventType: '<script>', payload: {} },
      { id: 'x'.repeat(201), eventType: 'company.created', payload: {} },
      { id: 7, eventType: 'company.created', payload: {} },
    ];
    for (const body of refused) assert.equal(parseEvent(body), undefined, JSON.stringify(body));
    const odd = parseEvent({
      id: 'e',
      eventType: 'company.created',
      generatedDate: 'yesterday',
      payload: { id: { $ne: 1 } },
    });
    assert.equal(odd?.companyId, undefined);
    assert.equal(odd?.time, undefined);
  });
});
