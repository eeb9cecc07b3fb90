// The check Push makes before it sends a draft (issue 31): every way the record breaks its schema,
// as a sentence naming the field; none for a valid record. Held to the emulator's options and
// bodies, and to the tests' schema oracle (test/support/miniSchema.ts).
import * as assert from 'node:assert/strict';
import type { PushOption } from '../../../src/api/models';
import { draftProblems } from '../../../src/push/draftProblems';
import { pushSchema, pushTemplate } from '../../../src/push/schema';
import { PUSH_DATA_TYPES, pushOptionsOf } from '../../emulator/pushOptions';
import { validate } from '../../support/miniSchema';
import { VALID_BODIES } from '../../support/pushBodies';

const options = (type: (typeof PUSH_DATA_TYPES)[number]) => pushOptionsOf(type) as unknown as PushOption;
const now = new Date('2026-11-27T10:00:00Z');

describe('draft problems: the check before a push', () => {
  it('finds none in a valid record of every pushable type', () => {
    for (const type of PUSH_DATA_TYPES)
      assert.deepEqual(draftProblems(pushSchema(options(type), type), VALID_BODIES[type]), [], type);
  });

  it('names each field an unfilled invoice draft leaves empty', () => {
    const schema = pushSchema(options('invoices'), 'invoices');
    const problems = draftProblems(schema, pushTemplate(options('invoices'), now));
    const texts = problems.map((p) => p.text);
    assert.ok(texts.includes('customerRef.id is empty'), texts.join('\n'));
    assert.ok(texts.includes('lineItems[0].unitAmount needs a number'), texts.join('\n'));
    assert.ok(texts.includes('lineItems[0].quantity needs a number'), texts.join('\n'));
  });

  it('names a value not allowed, a missing field, a wrong type, an empty list and a bad date', () => {
    const schema = pushSchema(options('invoices'), 'invoices');
    const { customerRef: _gone, ...body } = VALID_BODIES.invoices;
    const texts = draftProblems(schema, {
      ...body,
      status: 'Paid',
      issueDate: '15/01/2026',
      lineItems: [],
      currency: 5,
    }).map((p) => p.text);
    assert.deepEqual(texts.sort(), [
      'currency needs a text',
      'customerRef is missing',
      'issueDate is "15/01/2026": Expected a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SS)',
      'lineItems needs at least one entry',
      'status is "Paid", not one of "Draft", "Submitted"',
    ]);
  });

  it('finds a problem wherever the tests’ schema oracle does, in every template', () => {
    for (const type of PUSH_DATA_TYPES) {
      const schema = pushSchema(options(type), type);
      const template = pushTemplate(options(type), now);
      assert.equal(draftProblems(schema, template).length, validate(schema, template).length, type);
    }
  });
});
