import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import type { Invoice } from '../../../src/api/models';
import { currencyDigits, formatAmount, formatCount } from '../../../src/util/amount';
import {
  escapeMarkdown,
  dataSetDescription,
  dataSetStatus,
  dataSetTooltip,
  loadMoreLabel,
  presentError,
  statusIcon,
  unsupportedPlatform,
} from '../../../src/format/labels';
import { invoiceDescription, invoiceLabel, invoiceTooltip } from '../../support/invoiceLabels';

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'inv-1',
  invoiceNumber: 'INV-00001',
  customerRef: { id: 'c1', companyName: 'Acme Ltd' },
  issueDate: '2024-01-15T00:00:00',
  currency: 'GBP',
  totalTaxAmount: 205.75,
  totalAmount: 1234.5,
  amountDue: 0,
  status: 'Paid',
  ...over,
});

const error = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: 'server', message: 'boom', method: 'GET', path: '/companies', ...init });

describe('amount formatting', () => {
  it('uses the currency’s own decimals and puts the code after the number', () => {
    assert.equal(formatAmount(1234.5, 'GBP', 'en-US'), '1,234.50 GBP');
    assert.equal(formatAmount(1234.5, 'JPY', 'en-US'), '1,235 JPY');
    assert.equal(formatAmount(1.2345, 'BHD', 'en-US'), '1.235 BHD');
    assert.equal(formatAmount(-12.3, 'usd', 'en-US'), '-12.30 USD');
    assert.equal(formatAmount(1234.5, 'GBP', 'de-DE'), '1.234,50 GBP');
  });

  it('falls back to two decimals for a missing or unknown currency', () => {
    assert.equal(formatAmount(10, undefined, 'en-US'), '10.00');
    assert.equal(formatAmount(10, 'XYZ1', 'en-US'), '10.00 XYZ1');
    assert.equal(currencyDigits('EUR'), 2);
  });

  it('formats counts with grouping', () => {
    assert.equal(formatCount(12345, 'en-US'), '12,345');
  });
});

describe('tree labels', () => {
  it('labels an invoice by number, else by customer, day and amount, else by id', () => {
    assert.equal(invoiceLabel(invoice()), 'INV-00001');
    assert.equal(invoiceLabel(invoice({ invoiceNumber: undefined })), 'Acme Ltd · 2024-01-15 · 1,234.50 GBP');
    assert.equal(
      invoiceLabel(invoice({ invoiceNumber: undefined, customerRef: undefined, issueDate: undefined })),
      'inv-1',
    );
  });

  it('describes an invoice as customer · amount currency · status, leaving out what is missing', () => {
    assert.equal(invoiceDescription(invoice(), 'en-US'), 'Acme Ltd · 1,234.50 GBP · Paid');
    assert.equal(
      invoiceDescription(invoice({ customerRef: undefined, status: 'PartiallyPaid' }), 'en-US'),
      '1,234.50 GBP · Partially paid',
    );
    assert.equal(
      invoiceDescription(invoice({ metadata: { isDeleted: true } }), 'en-US'),
      'Acme Ltd · 1,234.50 GBP · Paid · deleted',
    );
  });

  it('gives every status a codicon', () => {
    assert.equal(statusIcon('Paid').id, 'pass-filled');
    assert.equal(statusIcon('Void').id, 'circle-slash');
    assert.equal(statusIcon('Archived').id, 'archive');
    assert.equal(statusIcon('Whatever').id, 'question');
  });

  it('escapes server text in Markdown tooltips', () => {
    assert.equal(escapeMarkdown('[x](javascript:alert(1))'), '\\[x\\]\\(javascript:alert\\(1\\)\\)');
    const tip = invoiceTooltip(invoice({ note: '**bold** [link](http://evil)' }), 'en-US');
    assert.ok(tip.includes('Note: \\*\\*bold\\*\\* \\[link\\]\\(http://evil\\)'));
    assert.ok(tip.startsWith('**INV\\-00001**'));
    assert.ok(tip.includes('Total: 1,234\\.50 GBP'));
  });

  it('counts loaded items in the Load more label', () => {
    assert.equal(loadMoreLabel(100, 12345, 'en-US'), 'Load more (100 of 12,345 loaded)');
    assert.equal(loadMoreLabel(100, undefined, 'en-US'), 'Load more (100 loaded)');
  });
});

describe('error presentation', () => {
  it('counts down a rate limit from when it failed', () => {
    const e = error({ kind: 'rateLimited', status: 429, retryAfterMs: 12_000 });
    assert.equal(presentError(e, 1000, 1000).label, 'Rate limited — retry in 12 s');
    assert.equal(presentError(e, 1000, 5000).label, 'Rate limited — retry in 8 s');
    assert.equal(presentError(e, 1000, 20_000).label, 'Rate limited — retry now');
  });

  it('offers Queue sync for a data set never requested, and Set API key for rejected keys', () => {
    const notSynced = presentError(error({ kind: 'dataSetNotRequested', status: 409 }), 0, 0);
    assert.deepEqual(notSynced, { label: 'Invoices: not synced yet', queueSync: true, setKey: false });
    assert.equal(
      presentError(error({ kind: 'dataSetNotRequested', status: 409 }), 0, 0, 'journalEntries').label,
      'Journal entries: not synced yet',
    );
    assert.equal(
      presentError(error({ kind: 'syncInProgress', status: 409 }), 0, 0, 'billPayments').label,
      'Bill payments: sync in progress',
    );
    assert.deepEqual(presentError(error({ kind: 'unauthorized', status: 401 }), 0, 0), {
      label: 'Key rejected',
      queueSync: false,
      setKey: true,
    });
    assert.match(presentError(error({ kind: 'forbidden', status: 403 }), 0, 0).label, /outdated/);
  });

  it('names the platform that does not support the data type', () => {
    const message = 'Datatype [invoices] not supported by platform(s) [Xero]';
    assert.equal(unsupportedPlatform(message), 'Xero');
    assert.equal(
      presentError(error({ kind: 'datatypeNotSupported', status: 404, message }), 0, 0).label,
      'Not supported by Xero',
    );
    assert.equal(unsupportedPlatform('nothing here'), undefined);
  });

  it('falls back to the error’s own message', () => {
    assert.equal(presentError(error({ kind: 'malformedResponse', message: 'Not JSON' }), 0, 0).label, 'Not JSON');
  });
});

describe('data set status', () => {
  it('reads a status with spaces, the day of the last sync and an icon', () => {
    const complete = {
      dataType: 'bills',
      currentStatus: 'Complete' as const,
      lastSuccessfulSync: '2025-12-30T06:00:00Z',
      latestSyncId: 's-1',
    };
    assert.deepEqual(dataSetStatus(complete), { state: 'Complete', lastSync: '2025-12-30', icon: 'check' });
    assert.equal(dataSetDescription(complete), 'Complete · 2025-12-30');
    assert.deepEqual(dataSetTooltip(complete), [
      'Data set: Complete',
      'Last successful sync: 2025-12-30',
      'Latest sync: s-1',
    ]);
    assert.equal(dataSetStatus({ dataType: 'bills', currentStatus: 'FetchError' }).icon, 'error');
    assert.equal(dataSetDescription({ dataType: 'bills', currentStatus: 'MapQueued' }), 'Map Queued');
  });

  it('reads a type the API lists no status for as never requested', () => {
    assert.equal(dataSetDescription(undefined), 'Never requested');
    assert.deepEqual(dataSetTooltip(undefined), ['Data set: Never requested']);
  });
});
