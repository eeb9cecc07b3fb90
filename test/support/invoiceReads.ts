// The client's record reads, typed for invoices, as the tests use them: the extension reads every
// data type through the record methods (src/api/client.ts), and an invoice is a record whose
// fields the tests name. The client checks an invoice as it checks any record (an object with an
// id), so these casts claim no more than the invoice methods it had did.
import type { DataPlatformClient } from '../../src/api/client';
import type { CallOptions } from '../../src/api/transportOptions';
import type { DataRecord, Invoice, Page } from '../../src/api/models';
import type { ListParams, PlaceArg } from '../../src/api/requests';
import { PagedList, type PageLoader } from '../../src/api/paging';
import type { DataTypeId } from '../../src/dataTypes/catalog';

type Params = Omit<ListParams, 'page'>;
type ListOptions = Omit<CallOptions, 'signal'>;

export const listInvoices = (
  client: DataPlatformClient,
  companyId: string,
  params: ListParams = {},
  options?: CallOptions,
): Promise<Page<Invoice>> =>
  client.listRecords('invoices', companyId, params, options) as unknown as Promise<Page<Invoice>>;

export const getInvoice = (
  client: DataPlatformClient,
  companyId: string,
  invoiceId: string,
  options?: CallOptions,
): Promise<Invoice> => client.getRecord('invoices', companyId, invoiceId, options) as unknown as Promise<Invoice>;

export const allInvoices = (
  client: DataPlatformClient,
  companyId: string,
  params: ListParams = {},
  options?: CallOptions,
): AsyncGenerator<Invoice, void, undefined> =>
  client.allRecords('invoices', companyId, params, options) as unknown as AsyncGenerator<Invoice, void, undefined>;

export const invoicePages = (
  client: DataPlatformClient,
  companyId: string,
  params: Params = {},
  options: ListOptions = {},
): PageLoader<Invoice> => client.recordPages('invoices', companyId, params, options) as unknown as PageLoader<Invoice>;

export const invoiceList = (
  client: DataPlatformClient,
  companyId: string,
  params: Params = {},
  options: ListOptions = {},
): PagedList<Invoice> => new PagedList<Invoice>(invoicePages(client, companyId, params, options));

export const recordList = (
  client: DataPlatformClient,
  type: DataTypeId,
  place: PlaceArg,
  params: Params = {},
  options: ListOptions = {},
): PagedList<DataRecord> => new PagedList<DataRecord>(client.recordPages(type, place, params, options));
