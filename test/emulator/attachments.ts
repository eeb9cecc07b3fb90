// Records' attachments: seeded ones, a pure function of (seed, company, type, record), and what
// runs changed (uploads and admin files added, deletes), kept per company until reset. Seeded
// files are small and built when listed; their fileSize is the length of the bytes served.
// Every type's first record has three (one named with spaces and non-ASCII letters), its second
// none, and the others a seeded share.
import { type FileSource, bufferSource, tinyPng } from './fileBytes';
import { textPdf } from './pdf';
import { Random } from './random';
import type { Attachment } from './wire';

/** The types whose records have attachments, as the contract's paths name them. */
export const ATTACHMENT_TYPES = [
  'invoices',
  'bills',
  'customers',
  'suppliers',
  'directCosts',
  'directIncomes',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The upload path's last segment of the types that take uploads (the contract's spelling). */
export const UPLOAD_SEGMENTS: Partial<Record<AttachmentType, string>> = {
  invoices: 'attachment',
  bills: 'attachments',
  directCosts: 'attachment',
  directIncomes: 'attachment',
};

export interface StoredFile {
  meta: Attachment;
  source: FileSource;
}

type Kind = 'pdf' | 'png' | 'csv' | 'txt' | 'html';

const CONTENT_TYPES: Record<Kind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
};

type Named = readonly [name: string, kind: Kind];

/** A record's own name for its files: `{label}` is replaced by its number or name. */
const FILES: Record<AttachmentType, { first: readonly Named[]; pool: readonly Named[]; share: number; most: number }> =
  {
    invoices: {
      first: [
        ['{label}.pdf', 'pdf'],
        ['Delivery note – Zürich café.png', 'png'],
        ['Line items.csv', 'csv'],
      ],
      pool: [
        ['Remittance advice.pdf', 'pdf'],
        ['Signed purchase order.pdf', 'pdf'],
        ['Photo of goods.png', 'png'],
        ['Timesheet.csv', 'csv'],
        ['Email from customer.html', 'html'],
        ['Notes.txt', 'txt'],
      ],
      share: 0.75,
      most: 3,
    },
    bills: {
      first: [
        ['Bill {label}.pdf', 'pdf'],
        ['Scanned receipt – Müller GmbH.png', 'png'],
        ['Line items.csv', 'csv'],
      ],
      pool: [
        ['Goods received note.pdf', 'pdf'],
        ['Delivery photo.png', 'png'],
        ['Cost breakdown.csv', 'csv'],
        ['Supplier email.html', 'html'],
        ['Approval notes.txt', 'txt'],
      ],
      share: 0.75,
      most: 3,
    },
    customers: {
      first: [
        ['Signed contract.pdf', 'pdf'],
        ['Logo – Café Crème.png', 'png'],
        ['Contacts.csv', 'csv'],
      ],
      pool: [
        ['Credit application.pdf', 'pdf'],
        ['Terms of trade.pdf', 'pdf'],
        ['Notes.txt', 'txt'],
      ],
      share: 0.4,
      most: 2,
    },
    suppliers: {
      first: [
        ['W-9 form.pdf', 'pdf'],
        ['Bank details – Société Générale.txt', 'txt'],
        ['Price list.csv', 'csv'],
      ],
      pool: [
        ['Certificate of insurance.pdf', 'pdf'],
        ['Product photo.png', 'png'],
        ['Notes.txt', 'txt'],
      ],
      share: 0.4,
      most: 2,
    },
    directCosts: {
      first: [
        ['Receipt {label}.pdf', 'pdf'],
        ['Till slip – Bäckerei Müller.png', 'png'],
        ['Expense lines.csv', 'csv'],
      ],
      pool: [
        ['Card receipt.png', 'png'],
        ['Receipt.pdf', 'pdf'],
        ['Expense note.txt', 'txt'],
      ],
      share: 0.6,
      most: 2,
    },
    directIncomes: {
      first: [
        ['Sales receipt {label}.pdf', 'pdf'],
        ['Terminal report – Café Crème.csv', 'csv'],
        ['Notes.txt', 'txt'],
      ],
      pool: [
        ['Till report.csv', 'csv'],
        ['Sales receipt.pdf', 'pdf'],
      ],
      share: 0.4,
      most: 2,
    },
  };

type Json = Record<string, unknown>;

/** What a record's files say about it: its number or name, a date, and rows for a CSV. */
export function recordLabel(type: AttachmentType, record: Json): string {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  if (type === 'invoices') return text(record.invoiceNumber) ?? String(record.id);
  if (type === 'bills' || type === 'directCosts' || type === 'directIncomes')
    return text(record.reference) ?? String(record.id);
  return text(record.customerName) ?? text(record.supplierName) ?? String(record.id);
}

function baseDate(record: Json): number {
  const raw = [record.issueDate, record.modifiedDate].find((v): v is string => typeof v === 'string');
  const ms = raw ? Date.parse(/Z|[+-]\d\d:\d\d$/.test(raw) ? raw : `${raw}Z`) : NaN;
  return Number.isFinite(ms) ? ms : Date.UTC(2024, 0, 15);
}

function csvOf(record: Json): string {
  const lines = Array.isArray(record.lineItems) ? (record.lineItems as Json[]) : [];
  const cell = (v: unknown): string => {
    const t = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  const rows = lines.map((l) => [l.description, l.quantity, l.unitAmount, l.totalAmount].map(cell).join(','));
  if (rows.length === 0) rows.push(['Opening balance', 1, 0, 0].map(cell).join(','));
  return `description,quantity,unitAmount,totalAmount\r\n${rows.join('\r\n')}\r\n`;
}

function bytesOf(kind: Kind, name: string, label: string, record: Json, seed: number, id: string): Buffer {
  const about = `${label} (${String(record.id)})`;
  switch (kind) {
    case 'pdf':
      return textPdf(name, [name.replace(/\.pdf$/, ''), `For ${about}`, 'Attached in the Data Platform API emulator']);
    case 'png':
      return tinyPng(seed, id);
    case 'csv':
      return Buffer.from(csvOf(record), 'utf8');
    case 'txt':
      return Buffer.from(`${name}\r\nAbout ${about}.\r\nKept with the record in the accounting platform.\r\n`, 'utf8');
    case 'html':
      return Buffer.from(
        `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body><p>About ${about}.</p></body></html>\n`,
        'utf8',
      );
  }
}

export function iso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The files a generated record (its `index` among its type's records) starts with. */
export function seededFiles(
  seed: number,
  companyId: string,
  type: AttachmentType,
  index: number,
  record: Json,
): StoredFile[] {
  const id = String(record.id);
  const r = Random.of(seed, 'attachments', companyId, type, id);
  const spec = FILES[type];
  let chosen: Named[];
  if (index === 0) chosen = [...spec.first];
  else if (index === 1 || !r.chance(spec.share)) chosen = [];
  else {
    const pool = [...spec.pool];
    chosen = Array.from({ length: r.int(1, spec.most) }, () => pool.splice(r.index(pool.length), 1)[0]);
  }
  const label = recordLabel(type, record);
  const start = baseDate(record);
  return chosen.map(([pattern, kind], k) => {
    const attachmentId = Random.of(seed, 'attachment', companyId, type, id, k).uuid();
    const name = pattern.replace('{label}', label);
    const bytes = bytesOf(kind, name, label, record, seed, attachmentId);
    const created = iso(start + (k + 1) * 3_600_000 + r.int(0, 3599) * 1000);
    const meta: Attachment = {
      id: attachmentId,
      name,
      contentType: CONTENT_TYPES[kind],
      dateCreated: created,
      fileSize: bytes.length,
      // The invoice's own PDF is the one sent with it.
      includeWhenSent: index === 0 && k === 0 && type === 'invoices' ? true : r.chance(0.15),
      modifiedDate: created,
      sourceModifiedDate: created,
    };
    return { meta, source: bufferSource(bytes) };
  });
}

/** What runs changed: files added to records (uploads, the admin's) and files deleted, per record. */
export class AttachmentStore {
  private added = new Map<string, StoredFile[]>();
  private removed = new Set<string>();

  reset(): void {
    this.added.clear();
    this.removed.clear();
  }

  /** A deleted company's files go with it. */
  forget(companyId: string): void {
    for (const key of [...this.added.keys()]) if (key.startsWith(`${companyId}/`)) this.added.delete(key);
    for (const key of [...this.removed]) if (key.startsWith(`${companyId}/`)) this.removed.delete(key);
  }

  add(recordKey: string, file: StoredFile): void {
    const list = this.added.get(recordKey) ?? [];
    this.added.set(recordKey, list);
    list.push(file);
  }

  remove(recordKey: string, attachmentId: string): void {
    this.removed.add(`${recordKey}/${attachmentId}`);
    const list = this.added.get(recordKey);
    if (list)
      this.added.set(
        recordKey,
        list.filter((f) => f.meta.id !== attachmentId),
      );
  }

  /** The record's files now: the seeded ones not deleted, then those added, oldest first. */
  list(recordKey: string, seeded: readonly StoredFile[]): StoredFile[] {
    const kept = seeded.filter((f) => !this.removed.has(`${recordKey}/${f.meta.id}`));
    return [...kept, ...(this.added.get(recordKey) ?? [])];
  }
}

/** Where a record's files are kept: company, type and the record's own id. */
export function recordKey(companyId: string, type: string, recordId: string): string {
  return `${companyId}/${type}/${recordId}`;
}
