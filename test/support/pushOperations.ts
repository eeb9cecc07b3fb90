// A push operation as the API answers one (Pending, an invoice, one connection), for the unit tests
// of what follows and shows pushes; `over` changes what a test is about.
import type { PushOperation } from '../../src/api/models';

export const pushOperation = (over: Partial<PushOperation> = {}): PushOperation => ({
  pushOperationKey: 'k-1',
  companyId: 'c-1',
  dataConnectionKey: 'conn-1',
  dataType: 'invoices',
  status: 'Pending',
  requestedOnUtc: '2026-11-26T14:03:12Z',
  ...over,
});
