// Push options of any shape (issue 30): what Create… reads to build the draft's schema and
// template. A field of the wrong type is left out, never thrown on; a tree deeper or wider than any
// real one is one clear error (a recursive reader overflowed the stack at 1,400 levels, and 1,300
// levels answered in 69 KB built a 30.6 MB schema); a field named `__proto__` stays a field; a
// description's Markdown is shown as the text it is.
import type { HostileCase } from '../corpus';

type Json = Record<string, unknown>;

const field = (type: string, extra: Json = {}): Json => ({
  type,
  displayName: `The ${type}`,
  description: `A ${type} field`,
  required: true,
  ...extra,
});

const options = (properties: unknown): Json => ({
  type: 'Object',
  displayName: 'Invoice',
  description: 'An invoice',
  required: true,
  properties,
});

/** `levels` Objects, each the one required field of the one above. */
function nested(levels: number): Json {
  let option = field('String');
  for (let i = 0; i < levels; i++) option = field('Object', { properties: { deeper: option } });
  return options({ top: option });
}

/** The built schema and draft: under 400 KB for any case that is read at all. */
const SMALL = 400_000;

const read = (what: string, json: unknown, contains: string[] = []): HostileCase => ({
  id: `pushOptions/${what}`,
  group: 'pushOptions',
  run: { op: 'pushOptions' },
  replies: [{ status: 200, json }],
  expect: { outcome: 'success', items: 1, contains, maxTextLength: SMALL },
});

const refused = (what: string, json: unknown): HostileCase => ({
  id: `pushOptions/${what}`,
  group: 'pushOptions',
  run: { op: 'pushOptions' },
  replies: [{ status: 200, json }],
  expect: { outcome: 'error', kind: 'malformedResponse' },
});

/** JSON text of `value` inside a string, without its quotes: how it reads in the output. */
const inJson = (value: string): string => JSON.stringify(value).slice(1, -1);

export function pushOptionsCorpus(): HostileCase[] {
  const name = field('String');
  return [
    read('a null property', options({ gone: null, name }), ['"draft":{"name":""}']),
    read('a property that is a number', options({ gone: 5, name }), ['"draft":{"name":""}']),
    read('null properties', options(null), ['"draft":{}']),
    read('options that are not an array', options({ name: field('String', { options: 'A,B' }) }), [
      '"name":{"description":"A String field","markdownDescription":"**The String**',
    ]),
    read('options of every wrong shape', options({ name: field('String', { options: [null, 5, { value: 7 }] }) }), [
      '"draft":{"name":""}',
    ]),
    read('warnings: 5', options({ name: field('String', { validation: { warnings: 5, information: null } }) }), [
      '"description":"A String field"',
    ]),
    read('validation that is text', options({ name: field('String', { validation: 'strict' }) }), ['"name"']),
    read('a numeric description', options({ name: field('String', { description: 5, displayName: 7 }) }), [
      '"name":{"type":"string","minLength":1}',
    ]),
    read('a field without a type', options({ name: { required: true } }), ['"draft":{"name":null}']),
    read('32 levels of fields', nested(31), ['"deeper"']),
    refused('33 levels of fields', nested(32)),
    refused('1,300 levels (69 KB)', nested(1_300)),
    refused('1,400 levels', nested(1_400)),
    refused(
      '6,000 fields',
      options(Object.fromEntries([...Array(6_000).keys()].map((i) => [`f${i}`, field('Number')]))),
    ),
    refused(
      '20,000 choices',
      options({ name: field('String', { options: [...Array(20_000).keys()].map((i) => ({ value: `v${i}` })) }) }),
    ),
    read(
      'long text everywhere',
      options(
        Object.fromEntries(
          [...Array(200).keys()].map((i) => [`f${i}`, field('String', { description: 'd'.repeat(50_000) })]),
        ),
      ),
    ),
    // JSON.parse makes `__proto__` an own field: it must stay one in the draft.
    {
      ...read('a required field named __proto__', {}, [
        '"draft":{"__proto__":"","name":""}',
        '"required":["__proto__","name"]',
      ]),
      replies: [
        {
          status: 200,
          body: JSON.stringify(options({ name })).replace(
            '"properties":{',
            `"properties":{"__proto__":${JSON.stringify(field('String'))},`,
          ),
        },
      ],
    },
    read(
      'Markdown in descriptions',
      options({
        name: field('String', {
          description: 'Heading\n===\n- a list item\n1. another\nhttps://evil.example/x',
          validation: { warnings: [{ details: '[link](https://evil.example) <b>bold</b>' }] },
        }),
      }),
      [
        inJson('Heading\n\n\\=\\=\\=\n\n\\- a list item\n\n1\\. another\n\nhttps\\:\\/\\/evil\\.example\\/x'),
        inJson('Warning\\: \\[link\\]\\(https\\:\\/\\/evil\\.example\\) \\<b\\>bold\\<\\/b\\>'),
      ],
    ),
  ];
}
