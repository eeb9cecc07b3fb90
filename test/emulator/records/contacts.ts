// Contact details of customers and suppliers, shaped by the company's country (its base
// currency): addresses, phone numbers from ranges set aside for drama and tests where a country
// has one, registration and tax numbers in the local pattern, and e-mail addresses under the
// reserved `.example` domain, so no generated address belongs to anyone.
import type { Random } from '../random';

export interface Address {
  type: 'Billing' | 'Delivery';
  line1: string;
  line2?: string;
  city: string;
  region: string;
  country: string;
  postalCode: string;
}

interface Country {
  name: string;
  cities: readonly (readonly [string, string])[];
  streets: readonly string[];
  postalCode: (r: Random) => string;
  phone: (r: Random) => string;
  registration: (r: Random) => string;
  tax: (r: Random) => string;
}

const digits = (r: Random, n: number): string => Array.from({ length: n }, () => String(r.int(0, 9))).join('');
const letter = (r: Random): string => 'ABCDEFGHJKLMNPRSTUWXYZ'[r.int(0, 21)];

const COUNTRIES: Record<string, Country> = {
  GBP: {
    name: 'United Kingdom',
    cities: [
      ['London', 'Greater London'],
      ['Manchester', 'Greater Manchester'],
      ['Bristol', 'England'],
      ['Edinburgh', 'Scotland'],
      ['Leeds', 'West Yorkshire'],
      ['Cardiff', 'Wales'],
    ],
    streets: ['High Street', 'Station Road', 'Mill Lane', 'Church Road', 'King Street', 'Victoria Road'],
    postalCode: (r) => `${letter(r)}${letter(r)}${r.int(1, 20)} ${r.int(1, 9)}${letter(r)}${letter(r)}`,
    // Ofcom's London drama range 020 7946 0000–0999.
    phone: (r) => `+44 20 7946 0${digits(r, 3)}`,
    registration: (r) => digits(r, 8),
    tax: (r) => `GB${digits(r, 9)}`,
  },
  USD: {
    name: 'United States',
    cities: [
      ['Austin', 'TX'],
      ['Portland', 'OR'],
      ['Denver', 'CO'],
      ['Boston', 'MA'],
      ['Columbus', 'OH'],
      ['Raleigh', 'NC'],
    ],
    streets: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Commerce Way', 'Market Street', '2nd Avenue'],
    postalCode: (r) => digits(r, 5),
    // 555-0100 to 555-0199 are the fictional numbers.
    phone: (r) => `+1 ${r.int(201, 989)}-555-01${digits(r, 2)}`,
    registration: (r) => `${r.pick(['DE', 'CA', 'NY', 'TX'])}-${digits(r, 7)}`,
    tax: (r) => `${digits(r, 2)}-${digits(r, 7)}`,
  },
  EUR: {
    name: 'Germany',
    cities: [
      ['Berlin', 'Berlin'],
      ['München', 'Bayern'],
      ['Hamburg', 'Hamburg'],
      ['Köln', 'Nordrhein-Westfalen'],
      ['Leipzig', 'Sachsen'],
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Lindenallee'],
    postalCode: (r) => digits(r, 5),
    phone: (r) => `+49 30 ${digits(r, 8)}`,
    registration: (r) => `HRB ${r.int(10000, 999999)}`,
    tax: (r) => `DE${digits(r, 9)}`,
  },
  AUD: {
    name: 'Australia',
    cities: [
      ['Sydney', 'NSW'],
      ['Melbourne', 'VIC'],
      ['Brisbane', 'QLD'],
      ['Perth', 'WA'],
      ['Adelaide', 'SA'],
    ],
    streets: ['George Street', 'Collins Street', 'Queen Street', 'Hay Street', 'King William Street'],
    postalCode: (r) => String(r.int(2000, 6999)),
    // ACMA's numbers for creative use: 02 5550 xxxx.
    phone: (r) => `+61 2 5550 ${digits(r, 4)}`,
    registration: (r) => `${digits(r, 3)} ${digits(r, 3)} ${digits(r, 3)}`,
    tax: (r) => `${digits(r, 2)} ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 3)}`,
  },
  CAD: {
    name: 'Canada',
    cities: [
      ['Toronto', 'ON'],
      ['Vancouver', 'BC'],
      ['Montréal', 'QC'],
      ['Calgary', 'AB'],
      ['Halifax', 'NS'],
    ],
    streets: ['Yonge Street', 'Granville Street', 'Rue Sainte-Catherine', 'Jasper Avenue', 'Spring Garden Road'],
    postalCode: (r) => `${letter(r)}${r.int(0, 9)}${letter(r)} ${r.int(0, 9)}${letter(r)}${r.int(0, 9)}`,
    phone: (r) => `+1 ${r.pick(['416', '604', '514', '403'])}-555-01${digits(r, 2)}`,
    registration: (r) => digits(r, 7),
    tax: (r) => `${digits(r, 9)}RT0001`,
  },
  NZD: {
    name: 'New Zealand',
    cities: [
      ['Auckland', 'Auckland'],
      ['Wellington', 'Wellington'],
      ['Christchurch', 'Canterbury'],
      ['Dunedin', 'Otago'],
    ],
    streets: ['Queen Street', 'Lambton Quay', 'Colombo Street', 'George Street', 'Ponsonby Road'],
    postalCode: (r) => String(r.int(1010, 9016)),
    phone: (r) => `+64 9 ${digits(r, 3)} ${digits(r, 4)}`,
    registration: (r) => digits(r, 7),
    tax: (r) => `${digits(r, 3)}-${digits(r, 3)}-${digits(r, 3)}`,
  },
};

function countryOf(currency: string): Country {
  return COUNTRIES[currency] ?? COUNTRIES.GBP;
}

export function address(r: Random, currency: string, type: Address['type']): Address {
  const c = countryOf(currency);
  const [city, region] = r.pick(c.cities);
  const line1 = `${r.int(1, 250)} ${r.pick(c.streets)}`;
  const line2 = r.chance(0.3) ? r.pick(['Unit 4', 'Suite 210', 'Floor 3', 'Building B', 'Rear entrance']) : undefined;
  return { type, line1, ...(line2 ? { line2 } : {}), city, region, country: c.name, postalCode: c.postalCode(r) };
}

export function phone(r: Random, currency: string): string {
  return countryOf(currency).phone(r);
}

export function registrationNumber(r: Random, currency: string): string {
  return countryOf(currency).registration(r);
}

export function taxNumber(r: Random, currency: string): string {
  return countryOf(currency).tax(r);
}

/** `amelia.smith@kestrel-robotics.example`: ASCII, from the person and the organisation. */
export function email(person: string, organisation: string): string {
  const ascii = (s: string): string =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z0-9 ]/g, '')
      .trim()
      .toLowerCase();
  const local = ascii(person).split(/\s+/).join('.');
  const domain = ascii(organisation).split(/\s+/).slice(0, 2).join('-');
  return `${local}@${domain}.example`;
}
