// `GET /companies/{id}/data/info` (Accounting API 2.1.0's CompanyDataset): the company as its
// accounting platform holds it, a pure function of (seed, company id) and its base currency. Its
// name is the company's; addresses, phone numbers, registration and tax numbers in the pattern of
// its country (records/contacts.ts: ranges set aside for fiction, `.example` web addresses); the
// financial year starts in the month usual for the country (statements.ts reads it for the balance
// sheet's retained and current year earnings). Some companies send `null` where CompanyDataset allows
// one (legal name, registration and tax numbers, an address line, the source URLs).
import { address, phone, registrationNumber, taxNumber } from '../records/contacts';
import { Random } from '../random';
import type { CompanyEntry } from '../state';

/** The first month (1–12) of the company's financial year: April in the UK and New Zealand, July in Australia, else January. */
export function financialYearStart(currency: string): number {
  if (currency === 'GBP' || currency === 'NZD') return 4;
  if (currency === 'AUD') return 7;
  return 1;
}

const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 2)
    .join('-');

const SUFFIXES: Record<string, string> = {
  GBP: ' Limited',
  NZD: ' Limited',
  AUD: ' Pty Ltd',
  EUR: '',
  USD: ', Inc.',
  CAD: ' Inc.',
};

function legalName(name: string, currency: string): string {
  const bare = name.replace(/\s+(Ltd|Limited|GmbH|Inc\.?|LLC|Pty Ltd|Co\.?)$/i, '');
  return bare === name && currency === 'EUR' ? name : `${bare}${SUFFIXES[currency] ?? ' Ltd'}`;
}

/** The platform's own id of the company, in the style of a few platforms. */
function platformRef(r: Random, platform: string): string {
  if (platform === 'QuickBooks Online') return String(r.int(1_000_000_000, 2_147_000_000));
  if (platform === 'Xero') return r.uuid();
  return `${r.int(100_000, 999_999)}_${r.alphanumeric(3).toUpperCase()}`;
}

export function companyInfo(seed: number, entry: CompanyEntry): object {
  const { company, currency, platform } = entry;
  const r = Random.of(seed, company.id, 'company-info');
  const nulls = Random.of(seed, company.id, 'company-info-nulls');
  const orNull = <T>(value: T, p = 0.15): T | null => (nulls.chance(p) ? null : value);
  const billing = address(r, currency, 'Billing');
  const delivery = r.chance(0.5) ? address(r, currency, 'Delivery') : undefined;
  const fyStart = financialYearStart(currency);
  const createdYear = Number((company.created ?? '2021-03-01').slice(0, 4)) - r.int(1, 12);
  const website = `https://www.${slug(company.name)}.example/`;
  // An address without a second line leaves it out, or sends null in some companies.
  const addresses = [billing, ...(delivery ? [delivery] : [])].map((a) =>
    strip({ ...a, line2: a.line2 ?? (nulls.chance(0.3) ? null : undefined) }),
  );
  return {
    companyName: company.name,
    accountingPlatformRef: platformRef(r, platform),
    companyLegalName: orNull(legalName(company.name, currency)),
    addresses,
    phoneNumbers: [
      { number: phone(r, currency), type: 'Landline' },
      ...(r.chance(0.4) ? [{ number: orNull(phone(r, currency)), type: 'Mobile' }] : []),
    ],
    webLinks: [{ type: 'Website', url: website }],
    registrationNumber: orNull(registrationNumber(r, currency)),
    taxNumber: orNull(taxNumber(r, currency)),
    financialYearStartDate: `2025-${String(fyStart).padStart(2, '0')}-01T00:00:00`,
    baseCurrency: currency,
    sourceUrls: orNull({ Api: `https://api.${slug(platform)}.example/`, Web: website }),
    createdDate: `${createdYear}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}T00:00:00`,
  };
}

/** The object without its undefined fields (JSON would drop them; the tests compare objects). */
function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
