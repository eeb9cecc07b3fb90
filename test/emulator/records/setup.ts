// The small lists a company sets up once: tracking categories (a tree of a few categories and
// their options, the leaves what document lines are tracked against), journals (every journal a
// journal entry names among them, by the same id) and payment methods. Each is a fixed list per
// company, so an id is found by a search of a dozen records.
import { Random } from '../random';
import { type Books, DAY_MS, Variants, instant, stamps } from './books';

const SET_UP = Date.UTC(2021, 2, 1);

/** [category, its options] */
const TRACKING: readonly (readonly [string, readonly string[]])[] = [
  ['Department', ['Sales', 'Operations', 'Finance', 'Marketing', 'Research & Development']],
  ['Region', ['North', 'South', 'East', 'West', 'Zürich office']],
  ['Project', ['Website relaunch', 'Warehouse move', 'Client onboarding', 'Annual audit']],
];

export interface TrackingCategory {
  id: string;
  name: string;
  parentId: string | null;
  hasChildren: boolean;
}

const trees = new Map<string, readonly TrackingCategory[]>();

/** The company's categories, each followed by its options: the first two always, the third in most. */
export function trackingCategories(books: Books): readonly TrackingCategory[] {
  if (books.invoices.count === 0) return [];
  const key = `${books.seed}/${books.companyId}`;
  let tree = trees.get(key);
  if (!tree) {
    const r = Random.of(books.seed, books.companyId, 'tracking');
    const list: TrackingCategory[] = [];
    for (const [name, options] of TRACKING.slice(0, r.chance(0.8) ? 3 : 2)) {
      const id = r.uuid();
      list.push({ id, name, parentId: null, hasChildren: true });
      const kept = options.slice(0, r.int(2, options.length));
      for (const option of kept) list.push({ id: `${id}-${r.hex(8)}`, name: option, parentId: id, hasChildren: false });
    }
    if (trees.size >= 64) trees.delete(trees.keys().next().value as string);
    trees.set(key, (tree = list));
  }
  return tree;
}

/** The options lines are tracked against (the tree's leaves), as `{id, name}`. */
export function trackingLeaves(books: Books): { id: string; name: string }[] {
  return trackingCategories(books)
    .filter((c) => !c.hasChildren)
    .map(({ id, name }) => ({ id, name }));
}

/** A line's tracking: none on most lines, one or two options (of different categories) on others. */
export function trackingRefsOf(r: Random, books: Books, p = 0.35): { id: string; name: string }[] | undefined {
  const leaves = trackingCategories(books).filter((c) => !c.hasChildren);
  if (leaves.length === 0 || !r.chance(p)) return undefined;
  const first = r.pick(leaves);
  const other = leaves.filter((c) => c.parentId !== first.parentId);
  const refs = [first, ...(other.length > 0 && r.chance(0.3) ? [r.pick(other)] : [])];
  return refs.map(({ id, name }) => ({ id, name }));
}

export const trackingCategoryCount = (books: Books): number => trackingCategories(books).length;

const indexIn = (list: readonly { id: string }[], id: string): number | undefined => {
  const index = list.findIndex((c) => c.id === id);
  return index >= 0 ? index : undefined;
};

export const trackingCategoryIndex = (books: Books, id: string): number | undefined =>
  indexIn(trackingCategories(books), id);

export function trackingCategory(books: Books, index: number): object {
  const c = trackingCategories(books)[index];
  const r = Random.of(books.seed, books.companyId, 'trackingCategories', index);
  const v = new Variants(books, 'trackingCategories', index);
  const { modifiedDate, sourceModifiedDate } = stamps(r, SET_UP + r.int(0, 700) * DAY_MS, 0);
  return {
    id: c.id,
    name: c.hasChildren ? c.name : v.orNull(c.name, 0.04),
    status: c.hasChildren ? 'Active' : v.orUnknown(r.chance(0.1) ? 'Archived' : 'Active', 0.08),
    parentId: c.parentId,
    hasChildren: c.hasChildren,
    modifiedDate,
    sourceModifiedDate,
  };
}

/** GET of one category answers the tree under it (Accounting 2.1.0's TrackingCategoryTree). */
export function trackingCategoryTree(books: Books, index: number): object {
  const list = trackingCategories(books);
  const id = list[index].id;
  const children = list.flatMap((c, i) => (c.parentId === id ? [trackingCategoryTree(books, i)] : []));
  return { ...trackingCategory(books, index), subCategories: children };
}

// [name, code, type]; journal entries name the first three (records/journals.ts) by the same id.
const JOURNALS: readonly (readonly [string, string, string])[] = [
  ['General Journal', 'GJ', 'General'],
  ['Sales Journal', 'SJ', 'Sales'],
  ['Purchases Journal', 'PJ', 'Purchases'],
  ['Cash Receipts', 'CR', 'Bank'],
  ['Cash Payments', 'CP', 'Bank'],
  ['Payroll Journal', 'PR', 'Payroll'],
  ['Year-end Adjustments', 'YE', 'General'],
];

/** The id journal entries name a journal by. */
export const journalId = (books: Books, name: string): string =>
  Random.of(books.seed, books.companyId, 'journal', name).uuid();

export const journalCount = (books: Books): number => (books.invoices.count === 0 ? 0 : JOURNALS.length);

export const journalIndex = (books: Books, id: string): number | undefined =>
  indexIn(
    JOURNALS.slice(0, journalCount(books)).map(([name]) => ({ id: journalId(books, name) })),
    id,
  );

export function journal(books: Books, index: number): object {
  const [name, code, type] = JOURNALS[index];
  const r = Random.of(books.seed, books.companyId, 'journals', index);
  const v = new Variants(books, 'journals', index);
  const createdMs = SET_UP + r.int(0, 300) * DAY_MS + r.int(0, 86_399) * 1000;
  const named = index < 3;
  return {
    id: journalId(books, name),
    journalCode: v.orNull(code, 0.15),
    name,
    type: v.orNull(type, 0.15),
    hasChildren: false,
    ...(r.chance(0.3) ? { parentId: null } : {}),
    createdOn: instant(createdMs),
    status: named ? 'Active' : v.orUnknown(r.chance(0.25) ? 'Archived' : 'Active', 0.15),
    ...stamps(r, createdMs, 0),
  };
}

type MethodType = 'Cash' | 'Check' | 'CreditCard' | 'DebitCard' | 'BankTransfer' | 'Other';

const METHODS: readonly (readonly [string, MethodType])[] = [
  ['Cash', 'Cash'],
  ['Cheque', 'Check'],
  ['Company Visa card', 'CreditCard'],
  ['Debit card', 'DebitCard'],
  ['BACS transfer', 'BankTransfer'],
  ['Direct debit', 'BankTransfer'],
  ['PayPal', 'Other'],
  ['Stripe', 'Other'],
];

export const paymentMethodCount = (books: Books): number => (books.invoices.count === 0 ? 0 : METHODS.length);

const methodId = (books: Books, index: number): string =>
  Random.of(books.seed, books.companyId, 'payment-method', index).uuid();

export const paymentMethodIndex = (books: Books, id: string): number | undefined =>
  indexIn(
    Array.from({ length: paymentMethodCount(books) }, (_, i) => ({ id: methodId(books, i) })),
    id,
  );

export function paymentMethod(books: Books, index: number): object {
  const [name, type] = METHODS[index];
  const r = Random.of(books.seed, books.companyId, 'paymentMethods', index);
  const v = new Variants(books, 'paymentMethods', index);
  return {
    id: methodId(books, index),
    name: v.orNull(name, 0.1),
    type: v.orUnknown(type, 0.12),
    status: v.orUnknown(r.chance(0.2) ? 'Archived' : 'Active', 0.1),
    ...stamps(r, SET_UP + r.int(0, 500) * DAY_MS, 0.05),
  };
}
