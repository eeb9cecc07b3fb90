// Seeded companies: the six well-known companies of the normal account, filler companies for
// every account, and companies created over the API. Names, dates and ids depend on the seed only.
import type { Company, DataConnection } from './wire';
import { BASE_CURRENCIES, PLATFORMS, companyName, personName } from './names';
import { integrationNamed } from './integrations';
import { Random } from './random';

export type AccountName = 'normal' | 'freeTrial' | 'expired';

export type WellKnownName = 'many' | 'few' | 'empty' | 'notRequested' | 'syncing' | 'unsupported';

/** How a company's invoices data set starts out. */
export type InitialDataset =
  { kind: 'complete'; count: number } | { kind: 'notRequested' } | { kind: 'syncing' } | { kind: 'unsupported' };

export interface SeededCompany {
  company: Company;
  account: AccountName;
  currency: string;
  platform: string;
  dataset: InitialDataset;
  wellKnown?: WellKnownName;
}

// Creation dates of seeded companies: one every few days from here on, never the clock.
const FIRST_CREATED = Date.UTC(2021, 2, 1, 9, 0, 0);
const HOUR_MS = 3_600_000;
const LAST_SYNC = Date.UTC(2025, 11, 31, 6, 0, 0);

function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function redirectUrl(companyId: string): string {
  return `https://link.codat.io/company/${companyId}`;
}

function connection(r: Random, companyId: string, platform: string, createdMs: number): DataConnection {
  const id = r.uuid();
  const drawnIntegrationId = r.uuid();
  // The platform's integration (integrations.ts) when it has one, so a connection names its key.
  const integration = integrationNamed(platform);
  return {
    id,
    integrationId: integration?.integrationId ?? drawnIntegrationId,
    ...(integration ? { integrationKey: integration.key } : {}),
    sourceId: r.uuid(),
    sourceType: 'Accounting',
    platformName: platform,
    linkUrl: `https://link-api.codat.io/companies/${companyId}/connections/${id}/start`,
    status: r.chance(0.9) ? 'Linked' : 'Deauthorized',
    created: isoSeconds(createdMs + HOUR_MS),
  };
}

interface Blueprint {
  account: AccountName;
  /** Position in the account, for creation dates. */
  position: number;
  label: string;
  name?: string;
  description?: string;
  platform?: string;
  dataset: InitialDataset;
  wellKnown?: WellKnownName;
  /** Data connections: 1 unless said (the well-known companies with none and with two). */
  connections?: 0 | 1 | 2;
  /** A well-known company's tags (none when not given). */
  tags?: Record<string, string>;
}

/** A second accounting connection, on another platform and linked a month after the first. */
function secondConnection(r: Random, companyId: string, platform: string, createdMs: number): DataConnection {
  const others = PLATFORMS.filter((p) => p !== platform);
  const second = connection(r, companyId, r.pick(others), createdMs + 30 * 24 * HOUR_MS);
  second.status = 'Linked';
  return second;
}

/** The company's connections; drawn after everything else, so the rest of the company stays as it was. */
function connectionsOf(
  r: Random,
  b: Blueprint,
  companyId: string,
  platform: string,
  createdMs: number,
): DataConnection[] {
  const first = connection(r, companyId, platform, createdMs);
  // Well-known companies are pushed to by tests: their connections are linked whatever the seed.
  if (b.wellKnown) first.status = 'Linked';
  const count = b.connections ?? 1;
  if (count === 0) return [];
  return count === 1 ? [first] : [first, secondConnection(r, companyId, platform, createdMs)];
}

function build(seed: number, b: Blueprint): SeededCompany {
  const r = Random.of(seed, 'company', b.account, b.label);
  const id = r.uuid();
  const currency = r.pick(BASE_CURRENCIES);
  const platform = b.platform ?? r.pick(PLATFORMS);
  const createdMs = FIRST_CREATED + b.position * 61 * HOUR_MS + r.int(0, 3600) * 1000;
  const company: Company = {
    id,
    name: b.name ?? companyName(r, currency),
    redirect: redirectUrl(id),
  };
  const description =
    b.description ??
    (r.chance(0.4)
      ? `${r.pick(['Long-standing', 'New', 'Priority', 'Seasonal'])} client, ${currency} books on ${platform}.`
      : undefined);
  if (description) company.description = description;
  company.created = isoSeconds(createdMs);
  if (b.dataset.kind === 'complete') company.lastSync = isoSeconds(LAST_SYNC - r.int(0, 30 * 24) * HOUR_MS);
  if (r.chance(0.7)) company.createdByUserName = personName(r);
  if (r.chance(0.5))
    company.tags = {
      region: r.pick(['uk', 'us', 'eu', 'apac']),
      team: r.pick(['invoice-finance', 'lending', 'payables', 'onboarding']),
    };
  // The well-known companies' tags are fixed, so a test can filter by them whatever the seed.
  if (b.wellKnown) {
    if (b.tags) company.tags = { ...b.tags };
    else delete company.tags;
  }
  company.products = ['accounting'];
  company.dataConnections = connectionsOf(r, b, id, platform, createdMs);
  return { company, account: b.account, currency, platform, dataset: b.dataset, wellKnown: b.wellKnown };
}

export interface SeedOptions {
  seed: number;
  invoices: number;
  companies: number;
}

export const FREE_TRIAL_COMPANY_LIMIT = 50;
const EXPIRED_ACCOUNT_COMPANIES = 3;
export const FEW_INVOICES = 7;

/** Every seeded company of every account, in creation order per account. */
/** The companies tests name (`many`, `few`, …), first in the normal account. */
function wellKnownSpecs(o: SeedOptions): Omit<Blueprint, 'account' | 'position'>[] {
  return [
    {
      label: 'many',
      name: 'Many Invoices Wholesale Ltd',
      description: `Emulator: ${o.invoices} invoices, for paging, filters and load-all.`,
      dataset: { kind: 'complete', count: o.invoices },
      wellKnown: 'many',
      tags: { region: 'uk', team: 'invoice-finance' },
    },
    {
      label: 'few',
      name: 'Few Invoices Florists Ltd',
      description: `Emulator: ${FEW_INVOICES} invoices, one page.`,
      dataset: { kind: 'complete', count: FEW_INVOICES },
      wellKnown: 'few',
      tags: { region: 'uk', team: 'lending' },
      connections: 2,
    },
    {
      label: 'empty',
      name: 'Empty Books Consulting Ltd',
      description: 'Emulator: invoices synced, none exist.',
      dataset: { kind: 'complete', count: 0 },
      wellKnown: 'empty',
      tags: { region: 'us', team: 'invoice-finance' },
    },
    {
      label: 'notRequested',
      name: 'Not Requested Motors Ltd',
      description: 'Emulator: invoices never requested (409 until a sync is queued).',
      dataset: { kind: 'notRequested' },
      wellKnown: 'notRequested',
      tags: { region: 'us', team: 'lending' },
    },
    {
      label: 'syncing',
      name: 'Sync In Progress Bakery Ltd',
      description: 'Emulator: first invoices sync never finishes (409 while syncing).',
      dataset: { kind: 'syncing' },
      wellKnown: 'syncing',
      connections: 0,
    },
    {
      label: 'unsupported',
      name: 'Unsupported Platform Builders Ltd',
      description: 'Emulator: Xero does not support invoices here (404).',
      platform: 'Xero',
      dataset: { kind: 'unsupported' },
      wellKnown: 'unsupported',
      tags: { region: 'eu', team: 'payables' },
    },
  ];
}

export function seedCompanies(o: SeedOptions): SeededCompany[] {
  const wellKnown: Blueprint[] = wellKnownSpecs(o).map((b, position) => ({ ...b, account: 'normal', position }));

  const fillers = (account: AccountName, count: number, offset: number): Blueprint[] =>
    Array.from({ length: count }, (_, i) => ({
      account,
      position: offset + i,
      label: `filler-${i}`,
      dataset: { kind: 'complete' as const, count: Random.of(o.seed, account, 'filler-invoices', i).int(2, 12) },
    }));

  const blueprints = [
    ...wellKnown,
    ...fillers('normal', Math.max(0, o.companies - wellKnown.length), wellKnown.length),
    ...fillers('freeTrial', FREE_TRIAL_COMPANY_LIMIT, 0),
    ...fillers('expired', EXPIRED_ACCOUNT_COMPANIES, 0),
  ];
  return blueprints.map((b) => build(o.seed, b));
}

/** Invoices a company gets once its first sync completes (created and never-requested companies). */
export function invoicesAfterFirstSync(seed: number, companyId: string): number {
  return Random.of(seed, companyId, 'first-sync').int(3, 15);
}
