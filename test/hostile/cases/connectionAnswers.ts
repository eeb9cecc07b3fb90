// Issue 32: what the connections and companies API's answers may hold. The key, echoed anywhere
// in one (an integration's name or logo URL, a connection's link, a validation message, a company's
// tags, an error of a write), is found nowhere the extension shows or keeps it; an answer of the
// wrong shape is one malformedResponse after one request, nothing of it handed on.
import type { HostileCase, Outcome, ReplySpec } from '../corpus';
import { DEFAULT_KEY, errorBody, page } from '../corpus';
import { base64 } from '../../support/keyEncodings';
import { CALLS, CONNECTION, INTEGRATION, ITEM, SECRET, json, type Call } from './connections';

const echo = (what: string, call: Call, reply: (key: string) => ReplySpec, expect: Outcome): HostileCase[] => [
  {
    id: `connection/${what}`,
    group: 'connection',
    run: { op: 'connections', call: call.call },
    replies: [reply(DEFAULT_KEY)],
    secrets: [SECRET],
    expect,
  },
];

export function connectionEchoCases(): HostileCase[] {
  const success: Outcome = { outcome: 'success', items: 1 };
  return [
    ...echo(
      'the key in an integration name and logo URL',
      CALLS['list integrations'],
      (k) =>
        json(
          page([{ ...INTEGRATION, name: `Xero ${k}`, logoUrl: `{{other}}/logo.png?key=${k}` }], {
            path: '/integrations',
          }),
        ),
      success,
    ),
    ...echo(
      'the key in a connection platform name and link URL',
      CALLS['read a connection'],
      (k) => json({ ...CONNECTION, platformName: `Xero <${k}>`, linkUrl: `javascript:alert('${k}')` }),
      success,
    ),
    ...echo(
      'the key in a created connection',
      CALLS['create a connection'],
      (k) => json({ ...CONNECTION, linkUrl: `{{other}}/link?token=${k}` }),
      success,
    ),
    ...echo(
      'the key in validation messages',
      CALLS['pull validation'],
      (k) => json({ errors: [{ ...ITEM, message: `Rule failed for ${k}` }], warnings: [{ itemId: k }] }),
      { outcome: 'success', items: 2 },
    ),
    ...echo(
      'the key in an edited company',
      CALLS['edit company'],
      (k) => json({ id: 'c1', name: `Acme ${k}`, description: `Basic ${k}`, tags: { key: k } }),
      success,
    ),
    ...echo(
      'the key in the error of an unlink',
      CALLS.unlink,
      (k) => ({ status: 400, json: errorBody(400, `Refused ${k}`) }),
      { outcome: 'error', kind: 'badRequest' },
    ),
    ...echo(
      'the authorization refused, the key echoed',
      CALLS['update authorization'],
      (k) => ({ status: 401, json: errorBody(401, `Unauthorized: ${k}`) }),
      { outcome: 'error', kind: 'unauthorized' },
    ),
    ...echo(
      'the key in the error of a company delete',
      CALLS['delete company'],
      (k) => ({ status: 403, json: errorBody(403, `Key ${k} may not delete companies`) }),
      { outcome: 'error', kind: 'forbidden' },
    ),
    ...echo(
      'the Basic header echoed in a connections page',
      CALLS['list connections'],
      (k) =>
        json(
          page([{ ...CONNECTION, platformName: `Authorization: Basic ${base64(k)}`, status: k }], {
            path: '/companies/c1/connections',
          }),
        ),
      success,
    ),
    ...echo(
      'the key in the tags of a filtered companies page',
      CALLS['filter companies by tag'],
      (k) => json(page([{ id: 'c1', name: 'Acme', tags: { [k]: k } }])),
      success,
    ),
  ];
}

/** Answers of the wrong shape: one malformedResponse after one request (a malformed success is not
 * retried), nothing of them handed on. */
export function connectionShapeCases(): HostileCase[] {
  const malformed = (what: string, call: Call, value: unknown): HostileCase => ({
    id: `connection/${what}: malformed`,
    group: 'connection',
    run: { op: 'connections', call: call.call },
    replies: [json(value)],
    expect: { outcome: 'error', kind: 'malformedResponse' },
  });
  const integrations = (item: unknown): unknown => page([item], { path: '/integrations' });
  return [
    malformed('an integration without enabled', CALLS['list integrations'], integrations({ key: 'gbol', name: 'X' })),
    malformed('an integration with an empty key', CALLS['read an integration'], { ...INTEGRATION, key: '' }),
    malformed('an integration whose enabled is text', CALLS['read an integration'], { ...INTEGRATION, enabled: 'yes' }),
    malformed('a connection without a status', CALLS['read a connection'], { id: 'cx-1', platformName: 'Xero' }),
    malformed('a connections page of strings', CALLS['list connections'], page(['cx-1'])),
    malformed('a created connection without an id', CALLS['create a connection'], { ...CONNECTION, id: '' }),
    malformed('an unlink answered with a list', CALLS.unlink, [CONNECTION]),
    malformed('validation errors as an object', CALLS['pull validation'], { errors: { 0: ITEM } }),
    malformed('a validation item as text', CALLS['pull validation'], { warnings: ['Missing due date'] }),
    malformed('a validation message as a number', CALLS['pull validation'], { errors: [{ ...ITEM, message: 7 }] }),
    malformed('an edited company without a name', CALLS['edit company'], { id: 'c1' }),
  ];
}
