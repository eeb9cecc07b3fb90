// The platforms a company can connect to (Codat's Integration): `GET /integrations` (paged,
// `query`, `orderBy`, like every list) and `GET /integrations/{platformKey}`. A fixed table, the
// same for every seed and account: the accounting platforms seeded companies are on, the Sandbox
// created companies use, and a bank and a shop so a client meets other source types. Keys are
// Codat's four letters; two are disabled (a connection cannot be made from them), one is in beta.
import { errorResponse } from './errors';
import type { FieldType, RecordFields } from './fields';
import { listObjects } from './listing';
import { readPageRequest } from './paging';
import { Random } from './random';
import { type Route, isResponse, ok } from './routing';

export type SourceType = 'Accounting' | 'Banking' | 'Commerce';

/** Codat's Integration, the fields the emulator fills. */
export interface Integration {
  key: string;
  logoUrl: string;
  name: string;
  enabled: boolean;
  sourceId: string;
  sourceType: SourceType;
  integrationId: string;
  isOfflineConnector: boolean;
  isBeta: boolean;
  dataProvidedBy: string;
}

type Row = [
  key: string,
  name: string,
  sourceType: SourceType,
  /** `noPdf`: the emulator's platforms without invoice PDFs (its choice, not a claim about the
   * real platform), so a client meets Codat's "not supported" 404 for `…/invoices/{id}/pdf`. */
  flags?: { disabled?: true; beta?: true; offline?: true; noPdf?: true },
];

const ROWS: readonly Row[] = [
  ['gbol', 'Xero', 'Accounting'],
  ['qhyg', 'QuickBooks Online', 'Accounting'],
  ['tgff', 'Sage Business Cloud', 'Accounting', { noPdf: true }],
  ['dfxm', 'FreshBooks', 'Accounting'],
  ['akxx', 'NetSuite', 'Accounting'],
  ['rwuv', 'Zoho Books', 'Accounting', { beta: true, noPdf: true }],
  ['pqsw', 'QuickBooks Desktop', 'Accounting', { disabled: true, offline: true }],
  ['mqjo', 'Sandbox', 'Accounting'],
  ['ugxp', 'Plaid', 'Banking'],
  ['hvdl', 'Shopify', 'Commerce', { disabled: true }],
];

function integration([key, name, sourceType, flags = {}]: Row): Integration {
  const r = Random.of(1, 'integration', key);
  const integrationId = r.uuid();
  const sourceId = r.uuid();
  return {
    key,
    logoUrl: `https://static.codat.io/public/officialLogos/Square/${integrationId.toUpperCase()}.png`,
    name,
    enabled: flags.disabled !== true,
    sourceId,
    sourceType,
    integrationId,
    isOfflineConnector: flags.offline === true,
    isBeta: flags.beta === true,
    dataProvidedBy: 'Codat',
  };
}

export const INTEGRATIONS: readonly Integration[] = ROWS.map(integration);

export const INTEGRATION_FIELDS: RecordFields = {
  name: 'Integration',
  types: new Map<string, FieldType>([
    ['key', 'text'],
    ['logoUrl', 'text'],
    ['name', 'text'],
    ['enabled', 'boolean'],
    ['sourceId', 'text'],
    ['sourceType', 'text'],
    ['integrationId', 'text'],
    ['isOfflineConnector', 'boolean'],
    ['isBeta', 'boolean'],
    ['dataProvidedBy', 'text'],
  ]),
};

/** The integration with this platform key (keys compare in any case), if any. */
export function findIntegration(key: string): Integration | undefined {
  const wanted = key.toLowerCase();
  return INTEGRATIONS.find((i) => i.key === wanted);
}

/** Whether a platform (by name) gives invoice PDFs; an unknown name does. */
export function hasInvoicePdfs(platformName: string): boolean {
  return !ROWS.some(([, name, , flags]) => name === platformName && flags?.noPdf === true);
}

/** The integration a platform name stands for (seeded companies name theirs). */
export function integrationNamed(name: string): Integration | undefined {
  return INTEGRATIONS.find((i) => i.name === name);
}

export const INTEGRATION_ROUTES: Route[] = [
  {
    pattern: ['integrations'],
    methods: {
      GET: (req) => {
        const request = readPageRequest(req.params);
        if (isResponse(request)) return request;
        const page = listObjects('/integrations', request, INTEGRATIONS, INTEGRATION_FIELDS, 'PublicApi');
        return isResponse(page) ? page : ok(page);
      },
    },
  },
  {
    pattern: ['integrations', '*'],
    methods: {
      GET: (_req, [key]) => {
        const found = findIntegration(key);
        return found
          ? ok(structuredClone(found))
          : errorResponse(404, 'PublicApi', `No integration was found with key ${key}`);
      },
    },
  },
];
