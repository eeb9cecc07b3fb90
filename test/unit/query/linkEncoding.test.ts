// Query values in URLs: the client encodes what it sends (src/query), the emulator what its
// `_links` carry (test/emulator), each with its own code. Both must give RFC 3986's encoding,
// written out here by hand, and agree with each other on anything a filter may hold.
import * as assert from 'node:assert/strict';
import { encodeQueryValue } from '../../../src/query';
import { percentEncode } from '../../emulator/percentEncoding';

const EXPECTED: [string, string][] = [
  ['status=Paid', 'status%3DPaid'],
  [
    '{totalAmount>100||totalAmount<50}&&status!=Paid',
    '%7BtotalAmount%3E100%7C%7CtotalAmount%3C50%7D%26%26status%21%3DPaid',
  ],
  ['-issueDate', '-issueDate'],
  ['A-Z a-z 0-9 -._~', 'A-Z%20a-z%200-9%20-._~'],
  ["!'()*", '%21%27%28%29%2A'],
  ['a+b#c%d/e?f', 'a%2Bb%23c%25d%2Fe%3Ff'],
  ['note="a \\"b\\""', 'note%3D%22a%20%5C%22b%5C%22%22'],
  ['Café Zürich', 'Caf%C3%A9%20Z%C3%BCrich'],
  ['€ 🚀', '%E2%82%AC%20%F0%9F%9A%80'],
  ['', ''],
];

describe('query values in links', () => {
  for (const [name, encode] of [
    ['emulator', percentEncode],
    ['client', encodeQueryValue],
  ] as const) {
    it(`${name}: keeps the unreserved characters and encodes every other UTF-8 byte`, () => {
      for (const [value, encoded] of EXPECTED) assert.equal(encode(value), encoded, value);
    });
  }

  it('both sides encode alike and decode back to the value', () => {
    const values = [
      ...EXPECTED.map(([v]) => v),
      'tab\there\nnewline',
      '日本語&&x',
      'a\u0000b',
      'x'.repeat(2048),
      String.fromCodePoint(...Array.from({ length: 0x250 }, (_, i) => i + 1)),
    ];
    for (const value of values) {
      assert.equal(percentEncode(value), encodeQueryValue(value), value);
      assert.equal(new URLSearchParams(`q=${percentEncode(value)}`).get('q'), value);
    }
  });

  it('both write a lone surrogate as U+FFFD', () => {
    assert.equal(percentEncode('a\uD800b'), 'a%EF%BF%BDb');
    assert.equal(encodeQueryValue('a\uD800b'), 'a%EF%BF%BDb');
  });
});
