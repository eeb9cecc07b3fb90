// Redirects are never followed, to the same host or another: a redirect to another host would
// carry the key there, and one to the same host could move a POST. Each is one clear error after
// exactly one request, and the other host hears nothing.
import type { HostileCase, Operation } from '../corpus';

const OPERATIONS: Record<string, Operation> = {
  'list companies': { op: 'listCompanies' },
  'create company': { op: 'createCompany', name: 'Acme' },
  'open invoice': { op: 'getInvoice', companyId: 'c1', invoiceId: 'inv-1' },
};

const TARGETS: Record<string, string> = {
  'the same host': '{{origin}}/companies?page=1&pageSize=100',
  'another host': '{{other}}/companies?page=1&pageSize=100',
};

export const redirectCorpus = (): HostileCase[] => [
  ...[301, 302, 307, 308].flatMap((status) =>
    Object.entries(TARGETS).flatMap(([target, location]) =>
      Object.entries(OPERATIONS).map(([name, run]): HostileCase => ({
        id: `redirect/${status} to ${target} × ${name}`,
        group: 'redirect',
        run,
        replies: [{ status, headers: { Location: location } }],
        expect: { outcome: 'error', kind: 'unexpectedStatus' },
      })),
    ),
  ),
  {
    id: 'redirect/303 See Other to another host, with a body',
    group: 'redirect',
    run: { op: 'listCompanies' },
    replies: [
      {
        status: 303,
        headers: { Location: '{{other}}/login', 'Content-Type': 'text/html' },
        body: '<html><body>Moved</body></html>',
      },
    ],
    expect: { outcome: 'error', kind: 'unexpectedStatus' },
  },
  {
    id: 'redirect/302 with a relative Location',
    group: 'redirect',
    run: { op: 'listCompanies' },
    replies: [{ status: 302, headers: { Location: '/login?next=/companies' } }],
    expect: { outcome: 'error', kind: 'unexpectedStatus' },
  },
];
