// The client read against Codat's published contract (codatio/oas at 1d1fab12, Platform API 3.0.0),
// not only against our emulator: the data status keys and queue names, a data status map full of
// nulls, the one documented 409 told apart by the data status, and Codat's own 402 texts.
import * as assert from 'node:assert/strict';
import { DataPlatformClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { errorFromResponse } from '../../../src/api/failures';
import type { DataStatusMap } from '../../../src/api/models';
import { createRedactor } from '../../../src/api/redact';
import { DATA_TYPES, dataType, syncName } from '../../../src/dataTypes/catalog';
import {
  dataSetDescription,
  dataSetStatus,
  dataSetTooltip,
  isSyncRunning,
  presentError,
} from '../../../src/format/labels';
import { statusOfType } from '../../../src/tree/dataStatus';
import { replies, TestServer } from '../../support/httpDouble';

// `DataStatus.dataType` of Codat-Platform.json: the keys of `GET /dataStatus` and the names
// `POST /data/queue/{dataType}` takes (the accounting ones; banking and commerce left out).
const CODAT_DATA_TYPES = [
  'accountTransactions',
  'balanceSheet',
  'bankAccounts',
  'bankTransactions',
  'billCreditNotes',
  'billPayments',
  'bills',
  'cashFlowStatement',
  'chartOfAccounts',
  'company',
  'creditNotes',
  'customers',
  'directCosts',
  'directIncomes',
  'invoices',
  'itemReceipts',
  'items',
  'journalEntries',
  'journals',
  'paymentMethods',
  'payments',
  'profitAndLoss',
  'purchaseOrders',
  'salesOrders',
  'suppliers',
  'taxRates',
  'trackingCategories',
  'transfers',
];

// The 409 of Codat-Lending.yaml's `Conflict` response (its description: "has not been requested
// or is still syncing"), and the 402 texts of Codat-Platform.json's `Payment-Required` response.
const CODAT_409 = 'The data set has not been requested.';
const CODAT_402 = {
  companyLimitExample:
    'You have exceeded the 50-company limit that applies to a Free plan. We recommend that you delete any companies you no longer need and retry the request.',
  companyLimit:
    'You have exceeded the 50-company limit that applies to a Free plan. Delete any companies you no longer need and retry the request.',
  syncSchedule:
    'The requested sync schedule is not allowed. You requested an hourly sync schedule but this functionality is not included in the Free plan.',
  expired: 'Your Free account is older than 365 days and has expired. Contact support@codat.io.',
};

const redact = createRedactor('sk_test_contract_key_0123456789');
function respond(status: number, error: string, path = '/companies/c/data/invoices', method = 'GET'): ApiError {
  const text = JSON.stringify({
    statusCode: status,
    service: 'PublicApi',
    error,
    correlationId: 'c0ffee',
    canBeRetried: 'Unknown',
    detailedErrorCode: 0,
  });
  return errorFromResponse({ method, path, status, text, contentType: 'application/json', attempts: 1, redact });
}

describe('contract: data status keys and queue names', () => {
  it('names every type as Codat does in dataStatus and the sync queue: the chart of accounts is chartOfAccounts', () => {
    assert.equal(syncName(dataType('accounts')), 'chartOfAccounts');
    for (const spec of DATA_TYPES)
      assert.ok(CODAT_DATA_TYPES.includes(syncName(spec)), `${spec.id} → ${syncName(spec)}`);
    for (const spec of DATA_TYPES.filter((s) => s.id !== 'accounts')) assert.equal(syncName(spec), spec.id);
  });

  it('reads a type’s status under Codat’s key, and under the list path our seed spec’s server used', () => {
    const entry = (dataType: string) => ({ dataType, currentStatus: 'Complete' as const });
    assert.deepEqual(statusOfType({ chartOfAccounts: entry('chartOfAccounts') }, 'accounts'), entry('chartOfAccounts'));
    assert.deepEqual(statusOfType({ accounts: entry('accounts') }, 'accounts'), entry('accounts'));
    assert.deepEqual(
      statusOfType({ chartOfAccounts: entry('chartOfAccounts'), accounts: entry('accounts') }, 'accounts'),
      entry('chartOfAccounts'),
    );
    assert.deepEqual(statusOfType({ bills: entry('bills') }, 'bills'), entry('bills'));
    assert.equal(statusOfType({ bills: entry('bills') }, 'invoices'), undefined);
    assert.equal(
      statusOfType({ invoices: null }, 'invoices'),
      null,
      'a null entry is kept: it is not "never requested"',
    );
  });
});

describe('contract: a data status map whose properties are null', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await TestServer.start();
  });
  afterEach(() => server.close());

  const nulls = {
    dataType: 'bills',
    currentStatus: 'Complete',
    lastSuccessfulSync: null,
    latestSyncId: null,
    latestSuccessfulSyncId: null,
  };

  it('is accepted, not a malformed response', async () => {
    const body = {
      invoices: null,
      bills: nulls,
      chartOfAccounts: { dataType: 'chartOfAccounts', currentStatus: null },
    };
    server.reply(replies.json(200, body));
    const client = new DataPlatformClient({
      baseUrl: server.url,
      apiKey: 'sk_test_contract_key_0123456789',
      sleep: () => Promise.resolve(),
    });
    const map: DataStatusMap = await client.getDataStatus('c');
    assert.deepEqual(map, body);
  });

  it('still refuses what is not a map of statuses', async () => {
    for (const body of [[], { invoices: 'Complete' }, { invoices: { currentStatus: 7 } }]) {
      server.reply(replies.json(200, body));
      const client = new DataPlatformClient({
        baseUrl: server.url,
        apiKey: 'sk_test_contract_key_0123456789',
        sleep: () => Promise.resolve(),
      });
      await assert.rejects(
        client.getDataStatus('c'),
        (e: unknown) => e instanceof ApiError && e.kind === 'malformedResponse',
        JSON.stringify(body),
      );
    }
  });

  it('shows a null entry and null fields without "null", a null state as unknown and no last-sync day', () => {
    assert.deepEqual(dataSetStatus(null), { state: 'Unknown', icon: 'question' });
    assert.equal(dataSetDescription(null), 'Unknown');
    assert.deepEqual(dataSetTooltip(null), ['Data set: Unknown']);
    assert.equal(dataSetDescription(nulls as never), 'Complete');
    assert.deepEqual(dataSetTooltip(nulls as never), ['Data set: Complete']);
    const noState = { dataType: 'bills', currentStatus: null, lastSuccessfulSync: '2025-12-30T06:00:00Z' };
    assert.equal(dataSetDescription(noState), 'Unknown · 2025-12-30');
    assert.equal(dataSetStatus({ dataType: 'bills' }).state, 'Unknown');
    for (const s of [null, nulls as never, noState, { dataType: 'bills' }])
      assert.doesNotMatch(dataSetTooltip(s).join('\n'), /null|undefined|NaN/);
  });
});

describe('contract: the one 409, told apart by the data status', () => {
  const conflict = respond(409, CODAT_409);

  it('reads Codat’s documented text as not requested, whatever the data set is doing', () => {
    assert.equal(conflict.kind, 'dataSetNotRequested');
  });

  it('knows a running sync by its data status', () => {
    for (const s of [
      'Initial',
      'Queued',
      'Fetching',
      'MapQueued',
      'Mapping',
      'ProcessingQueued',
      'Processing',
      'ValidationQueued',
      'Validating',
    ] as const) {
      assert.equal(isSyncRunning({ dataType: 'invoices', currentStatus: s }), true, s);
    }
    for (const s of [
      'Complete',
      'FetchError',
      'MapError',
      'InternalError',
      'AuthError',
      'Cancelled',
      'NotSupported',
      'RateLimitError',
      'PermissionsError',
      'PrerequisiteNotMet',
    ] as const) {
      assert.equal(isSyncRunning({ dataType: 'invoices', currentStatus: s }), false, s);
    }
    assert.equal(isSyncRunning(undefined), false);
    assert.equal(isSyncRunning(null), false);
    assert.equal(isSyncRunning({ dataType: 'invoices', currentStatus: null }), false);
  });

  it('shows the 409 as "sync in progress" without Queue sync while the data status says a sync runs', () => {
    assert.deepEqual(presentError(conflict, 0, 0, 'invoices', { dataType: 'invoices', currentStatus: 'Fetching' }), {
      label: 'Invoices: sync in progress',
      queueSync: false,
      setKey: false,
      waiting: true,
    });
    assert.deepEqual(presentError(conflict, 0, 0, 'bills', undefined), {
      label: 'Bills: not synced yet',
      queueSync: true,
      setKey: false,
    });
    assert.equal(
      presentError(conflict, 0, 0, 'bills', { dataType: 'bills', currentStatus: 'FetchError' }).label,
      'Bills: not synced yet',
    );
    assert.equal(presentError(conflict, 0, 0, 'bills', null).label, 'Bills: not synced yet');
  });
});

describe('contract: Codat’s documented 402 texts', () => {
  it('recognises the company limit, the sync schedule and the expired account in Codat’s words', () => {
    assert.equal(respond(402, CODAT_402.companyLimitExample, '/companies', 'POST').kind, 'companyLimit');
    assert.equal(respond(402, CODAT_402.companyLimit, '/companies', 'POST').kind, 'companyLimit');
    assert.equal(
      respond(402, CODAT_402.syncSchedule, '/companies/c/syncSettings', 'POST').kind,
      'syncScheduleNotAllowed',
    );
    assert.equal(respond(402, CODAT_402.expired, '/companies').kind, 'accountExpired');
    assert.equal(respond(402, CODAT_402.expired, '/companies').message, 'The Free trial account has expired (402)');
  });

  it('and the seed spec’s, still', () => {
    assert.equal(
      respond(402, 'CompanyValidationException: Company limit exceeded', '/companies', 'POST').kind,
      'companyLimit',
    );
    assert.equal(
      respond(402, 'SyncSettingsValidationException: Sync schedule not allowed').kind,
      'syncScheduleNotAllowed',
    );
    assert.equal(respond(402, 'Payment Required').kind, 'accountExpired');
    assert.equal(respond(402, 'Something else about billing').kind, 'paymentRequired');
  });
});
