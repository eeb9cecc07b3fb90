// Word lists for realistic-looking demo data. Plain ASCII plus a few accented names, so the
// extension is exercised with non-ASCII text too.
import type { Random } from './random';

const PREFIXES = [
  'Acme',
  'Bluebell',
  'Northwind',
  'Harbour',
  'Kestrel',
  'Meridian',
  'Oakridge',
  'Pinnacle',
  'Riverside',
  'Summit',
  'Thistle',
  'Willow',
  'Cobalt',
  'Evergreen',
  'Falcon',
  'Granite',
  'Highland',
  'Ironbridge',
  'Juniper',
  'Lakeside',
  'Maple',
  'Nimbus',
  'Orchard',
  'Primrose',
  'Quayside',
  'Redwood',
  'Saffron',
  'Tamarind',
  'Union',
  'Vantage',
  'Westbrook',
  'Yarrow',
  'Zephyr',
  'Crèmerie',
  'Fjällräven',
  'Ashdown',
  'Beacon',
  'Copperfield',
  'Dovetail',
  'Elmstead',
];

const TRADES = [
  'Bakery',
  'Builders',
  'Consulting',
  'Coffee Roasters',
  'Design Studio',
  'Electrical',
  'Engineering',
  'Florists',
  'Freight',
  'Furniture',
  'Garden Centre',
  'Hardware',
  'Joinery',
  'Labs',
  'Logistics',
  'Marketing',
  'Motors',
  'Outfitters',
  'Plumbing',
  'Print Works',
  'Robotics',
  'Software',
  'Supplies',
  'Textiles',
  'Travel',
  'Vineyards',
  'Wholesale',
  'Dental Care',
];

const SUFFIXES: Record<string, readonly string[]> = {
  GBP: ['Ltd', 'Limited', 'LLP', 'plc'],
  USD: ['Inc.', 'LLC', 'Corp.', 'Co.'],
  EUR: ['GmbH', 'B.V.', 'S.A.', 'SARL', 'Oy'],
  AUD: ['Pty Ltd', 'Pty. Ltd.'],
  CAD: ['Inc.', 'Ltd.', 'Corp.'],
  NZD: ['Ltd', 'Limited'],
};

export const BASE_CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD', 'CAD', 'NZD'] as const;
export const FOREIGN_CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD', 'CAD', 'NZD', 'CHF', 'JPY', 'SEK'] as const;

/** Units of the base currency per unit of the foreign one, roughly. */
const PER_USD: Record<string, number> = {
  USD: 1,
  GBP: 0.79,
  EUR: 0.92,
  AUD: 1.52,
  CAD: 1.36,
  NZD: 1.66,
  CHF: 0.88,
  JPY: 151.2,
  SEK: 10.6,
};

export function exchangeRate(from: string, to: string): number {
  return Math.round(((PER_USD[to] ?? 1) / (PER_USD[from] ?? 1)) * 10000) / 10000;
}

export const PLATFORMS = [
  'Xero',
  'QuickBooks Online',
  'Sage Business Cloud',
  'FreshBooks',
  'NetSuite',
  'Zoho Books',
] as const;

const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Isla',
  'Noah',
  'Ava',
  'Leo',
  'Mia',
  'Arjun',
  'Zoë',
  'Mateo',
  'Chloé',
  'Hiro',
  'Priya',
  'Sean',
  'Ingrid',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Patel',
  'Nguyen',
  'García',
  'Müller',
  "O'Brien",
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Dubois',
  'Larsen',
];

export function companyName(r: Random, currency: string): string {
  const suffix = r.pick(SUFFIXES[currency] ?? SUFFIXES.GBP);
  return `${r.pick(PREFIXES)} ${r.pick(TRADES)} ${suffix}`;
}

export function personName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
}

export const PRODUCTS = [
  ['Consulting hours', 85, 180],
  ['Design retainer', 400, 2500],
  ['Software licence (annual)', 120, 900],
  ['Support plan', 49, 299],
  ['Hardware kit', 15, 640],
  ['Delivery charge', 5, 60],
  ['Installation', 90, 750],
  ['Training session', 150, 1200],
  ['Office supplies', 2, 45],
  ['Maintenance visit', 60, 320],
  ['Cloud hosting (monthly)', 20, 480],
  ['Catering', 8, 35],
] as const;

export const INCOME_ACCOUNTS = [
  { id: '200', name: 'Sales' },
  { id: '260', name: 'Other Revenue' },
  { id: '270', name: 'Services Income' },
] as const;

/** Tax rates by base currency, as percentages. */
export const TAX_RATES: Record<string, readonly { id: string; name: string; rate: number }[]> = {
  GBP: [
    { id: 'OUTPUT2', name: '20% (VAT on Income)', rate: 20 },
    { id: 'RROUTPUT', name: '5% (VAT on Income)', rate: 5 },
    { id: 'ZERORATEDOUTPUT', name: 'Zero Rated Income', rate: 0 },
  ],
  USD: [
    { id: 'TAX', name: 'Sales Tax', rate: 8 },
    { id: 'NONE', name: 'Tax Exempt', rate: 0 },
  ],
  EUR: [
    { id: 'VAT19', name: 'USt 19%', rate: 19 },
    { id: 'VAT7', name: 'USt 7%', rate: 7 },
  ],
  AUD: [
    { id: 'OUTPUT', name: 'GST on Income', rate: 10 },
    { id: 'EXEMPTOUTPUT', name: 'GST Free Income', rate: 0 },
  ],
  CAD: [
    { id: 'GST', name: 'GST', rate: 5 },
    { id: 'HST', name: 'HST ON', rate: 13 },
  ],
  NZD: [{ id: 'OUTPUT2', name: 'GST on Income', rate: 15 }],
};

export const NOTES = [
  'Thank you for your business.',
  'Payment due within terms. Bank details on file.',
  'PO #{n} — please quote on remittance.',
  'Late payment fees apply after the due date.',
  'Includes delivery to site.',
  'Quarterly service, see attached schedule.',
];
