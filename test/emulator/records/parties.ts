// Customers and suppliers. Customers are the very pool the invoices draw their customerRef from
// (invoices.ts), so every customerRef resolves in /customers; suppliers are the pool bills, bill
// payments and bill credit notes draw from.
import { customersOf } from '../invoices';
import { FOREIGN_CURRENCIES, companyName, personName } from '../names';
import { Random } from '../random';
import { type Books, DAY_MS, Variants, recordId, recordIndex, stamps } from './books';
import { type Address, address, email, phone, registrationNumber, taxNumber } from './contacts';

/** The contract's PhoneNumber: a contact's phone is a list of these. */
interface PhoneNumber {
  number: string | null;
  type: 'Primary' | 'Landline' | 'Mobile' | 'Fax' | 'Unknown';
}

interface Contact {
  name: string | null;
  email: string | null;
  phone: PhoneNumber[] | null;
  status: 'Active' | 'Archived' | 'Unknown';
}

/** Who a company deals with, in the fields customers and suppliers share. */
interface Party {
  contactName: string;
  emailAddress: string;
  phone: string;
  addresses: Address[];
  registrationNumber?: string;
  taxNumber?: string;
  defaultCurrency: string;
  status: 'Active' | 'Archived';
}

// Customers and suppliers were set up in the year before the first invoice, and edited since.
const FIRST_SET_UP = Date.UTC(2021, 5, 1);

function partyOf(r: Random, books: Books, organisation: string, currency: string): Party {
  const contactName = personName(r);
  const party: Party = {
    contactName,
    emailAddress: email(contactName, organisation),
    phone: phone(r, books.currency),
    addresses: [address(r, books.currency, 'Billing')],
    defaultCurrency: currency,
    status: r.chance(0.1) ? 'Archived' : 'Active',
  };
  if (r.chance(0.4)) party.addresses.push(address(r, books.currency, 'Delivery'));
  if (r.chance(0.7)) party.registrationNumber = registrationNumber(r, books.currency);
  if (r.chance(0.8)) party.taxNumber = taxNumber(r, books.currency);
  return party;
}

function contactsOf(r: Random, v: Variants, party: Party, organisation: string): Contact[] {
  const phone = v.orNull<PhoneNumber[]>([{ number: party.phone, type: v.orUnknown('Primary') }]);
  const contacts: Contact[] = [
    { name: v.orNull(party.contactName), email: v.orNull(party.emailAddress), phone, status: v.orUnknown('Active') },
  ];
  if (r.chance(0.35)) {
    const name = personName(r);
    contacts.push({
      name,
      email: email(name, organisation),
      phone: null,
      status: r.chance(0.3) ? 'Archived' : 'Active',
    });
  }
  return contacts;
}

/** The fields customers and suppliers share, with their nulls, Unknowns and absences (Variants). */
function partyFields(v: Variants, party: Party): object {
  return {
    contactName: v.orNull(party.contactName),
    emailAddress: v.orNull(party.emailAddress),
    phone: v.orNull(party.phone),
    addresses: party.addresses,
    ...(party.registrationNumber ? { registrationNumber: party.registrationNumber } : v.missing('registrationNumber')),
    ...(party.taxNumber ? { taxNumber: party.taxNumber } : v.missing('taxNumber')),
  };
}

export function customerCount(books: Books): number {
  return books.invoices.count === 0 ? 0 : customersOf(books.invoices).length;
}

export function customerIndex(books: Books, id: string): number | undefined {
  if (books.invoices.count === 0) return undefined;
  const index = customersOf(books.invoices).findIndex((c) => c.id === id);
  return index >= 0 ? index : undefined;
}

export function customer(books: Books, index: number): object {
  const { id, companyName: customerName } = customersOf(books.invoices)[index];
  const r = Random.of(books.seed, books.companyId, 'customer', index);
  const party = partyOf(r, books, customerName, books.currency);
  const v = new Variants(books, 'customers', index);
  return {
    id,
    customerName,
    ...partyFields(v, party),
    contacts: contactsOf(r, v, party, customerName),
    defaultCurrency: party.defaultCurrency,
    status: v.orUnknown(party.status, 0.08),
    ...stamps(r, FIRST_SET_UP + r.int(0, 4 * 365) * DAY_MS),
  };
}

export function supplierCount(books: Books): number {
  return books.invoices.count === 0 ? 0 : Random.of(books.seed, books.companyId, 'suppliers').int(5, 40);
}

export function supplierIndex(books: Books, id: string): number | undefined {
  return recordIndex(books, 'suppliers', id, supplierCount(books));
}

/** What a bill needs of its supplier: the reference and the currency the supplier bills in. */
export interface SupplierRef {
  id: string;
  supplierName: string;
  currency: string;
}

function supplierStart(books: Books, index: number): { ref: SupplierRef; r: Random } {
  const r = Random.of(books.seed, books.companyId, 'supplier', index);
  const supplierName = companyName(r, books.currency);
  // One supplier in seven bills in a foreign currency.
  const currency = r.chance(1 / 7) ? r.pick(FOREIGN_CURRENCIES.filter((c) => c !== books.currency)) : books.currency;
  return { ref: { id: recordId(books, 'suppliers', index), supplierName, currency }, r };
}

export function supplierRef(books: Books, index: number): SupplierRef {
  return supplierStart(books, index).ref;
}

export function supplier(books: Books, index: number): object {
  const { ref, r } = supplierStart(books, index);
  const party = partyOf(r, books, ref.supplierName, ref.currency);
  const v = new Variants(books, 'suppliers', index);
  return {
    id: ref.id,
    supplierName: ref.supplierName,
    ...partyFields(v, party),
    status: v.orUnknown(party.status, 0.08),
    defaultCurrency: v.orNull(party.defaultCurrency, 0.03),
    ...stamps(r, FIRST_SET_UP + r.int(0, 4 * 365) * DAY_MS),
  };
}
