// Ids that could change the requested path or the invoice document: `.` and `..` (URL
// normalisation collapses them), separators, line breaks, lone surrogates, blanks are refused
// before sending; anything else is sent as one encoded path segment, exactly as the server then
// sees it (`%2e` stays the text `%2e`, never a dot).
import type { HostileCase, Operation } from '../corpus';

const invoice = (invoiceId: string, companyId = 'c1'): Operation => ({ op: 'getInvoice', companyId, invoiceId });

const refused = (what: string, run: Operation): HostileCase => ({
  id: `id/${what}: refused`,
  group: 'id',
  run,
  replies: [],
  expect: { outcome: 'refused', kind: 'invalidParameter' },
});

const sent = (what: string, run: Operation, path: string): HostileCase => ({
  id: `id/${what}: sent as one segment`,
  group: 'id',
  run,
  replies: [
    { status: 200, json: run.op === 'getCompany' ? { id: 'x', name: 'X' } : { id: 'x', invoiceNumber: 'INV-X' } },
  ],
  expect: { outcome: 'success', items: 1, path },
});

const LONG = 'i'.repeat(2000);

export const idCorpus = (): HostileCase[] => [
  refused('invoice id .', invoice('.')),
  refused('invoice id ..', invoice('..')),
  refused('company id .. (getInvoice(.., x))', invoice('x', '..')),
  refused('company id .', invoice('x', '.')),
  refused('company ..', { op: 'getCompany', companyId: '..' }),
  refused('invoice id with a slash', invoice('a/b')),
  refused('invoice id ../apiKeys', invoice('../apiKeys')),
  refused('invoice id with a backslash', invoice('a\\b')),
  refused('invoice id with a line break', invoice('inv-1\n// injected line')),
  refused('invoice id with CR LF and a header', invoice('inv-1\r\nX-Injected: 1')),
  refused('invoice id with a tab', invoice('inv\t1')),
  refused('invoice id with U+2028', invoice('inv\u20281')),
  refused('invoice id with a NUL', invoice('inv\u00001')),
  refused('invoice id a lone surrogate', invoice('inv-\ud800')),
  refused('invoice id empty', invoice('')),
  refused('invoice id blank', invoice('   ')),
  sent('invoice id %2e', invoice('%2e'), '/companies/c1/data/invoices/%252e'),
  sent('invoice id %2e%2e', invoice('%2e%2e'), '/companies/c1/data/invoices/%252e%252e'),
  sent('company id %2E%2E', { op: 'getCompany', companyId: '%2E%2E' }, '/companies/%252E%252E'),
  sent('invoice id ..%2f', invoice('..%2f'), '/companies/c1/data/invoices/..%252f'),
  sent('invoice id ...', invoice('...'), '/companies/c1/data/invoices/...'),
  sent('invoice id .hidden', invoice('.hidden'), '/companies/c1/data/invoices/.hidden'),
  sent('invoice id with ? and =', invoice('?x=1'), '/companies/c1/data/invoices/%3Fx%3D1'),
  sent('invoice id with #', invoice('#frag'), '/companies/c1/data/invoices/%23frag'),
  sent('invoice id with unicode', invoice('счёт-😀'), `/companies/c1/data/invoices/${encodeURIComponent('счёт-😀')}`),
  sent('invoice id very long', invoice(LONG), `/companies/c1/data/invoices/${LONG}`),
  sent('invoice id with spaces inside', invoice('INV 0042'), '/companies/c1/data/invoices/INV%200042'),
];
