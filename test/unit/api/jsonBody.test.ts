// Response bodies parsed from their bytes (src/api/jsonBody.ts): a large page is parsed record by
// record, never as one string, and the value is always JSON.parse's of the whole text, or the
// body is refused as JSON.parse refuses it.
import * as assert from 'node:assert/strict';
import { decodeBody, parseJsonBody, SPLIT_FROM_BYTES } from '../../../src/api/jsonBody';

/** What parsing gives: the value, or that it threw a SyntaxError. */
function outcome(parse: () => unknown): unknown {
  try {
    return { value: parse() };
  } catch (e) {
    assert.ok(e instanceof SyntaxError, String(e));
    return 'SyntaxError';
  }
}

/** parseJsonBody of `text`'s bytes gives what JSON.parse of the text gives. */
function same(text: string, message?: string): void {
  const expected = outcome(() => JSON.parse(text.replace(/^\uFEFF/, '')) as unknown);
  assert.deepEqual(
    outcome(() => parseJsonBody(Buffer.from(text, 'utf8'))),
    expected,
    message ?? text.slice(0, 80),
  );
}

const record = (i: number): Record<string, unknown> => ({
  id: `inv-${i}`,
  invoiceNumber: `INV-${i}`,
  customerRef: { id: String(i % 7), companyName: i % 3 ? 'Åsa’s Café' : 'Quote " and \\ back\\slash \u2028 ] } , [' },
  lineItems: [{ description: '{"not": "a key"}', unitAmount: 1.5, quantity: i, tags: [null, true, false, -0.5e3] }],
  totalAmount: i * 10.25,
  note: i % 5 === 0 ? 'emoji 🧾 and "results":[1,2]' : undefined,
});

/** A page well past the size that is split, in the API's envelope. */
function pageText(count = 300, space = ''): string {
  const page = {
    results: Array.from({ length: count }, (_, i) => record(i)),
    pageNumber: 2,
    pageSize: count,
    totalResults: 9000,
    _links: { self: { href: '/x' }, current: { href: '/x?page=2' } },
  };
  const text = JSON.stringify(page, null, space);
  assert.ok(Buffer.byteLength(text) >= SPLIT_FROM_BYTES, 'large enough to be split');
  return text;
}

describe('response bodies parsed from bytes', () => {
  it('parses a large page exactly as JSON.parse does, compact, indented, with a byte order mark', () => {
    same(pageText());
    same(pageText(300, '  '));
    same(`\uFEFF${pageText()}`);
    same(`  \r\n\t${pageText()} \n`);
  });

  it('never decodes a large page whole: each record is a string of its own', () => {
    const bytes = Buffer.from(pageText(1000), 'utf8');
    type ToString = (this: Buffer, encoding?: BufferEncoding, start?: number, end?: number) => string;
    const proto = Buffer.prototype as unknown as { toString: ToString };
    const original = proto.toString;
    let longest = 0;
    proto.toString = function (this: Buffer, encoding?: BufferEncoding, start = 0, end = this.length) {
      longest = Math.max(longest, end - start);
      return original.call(this, encoding, start, end);
    };
    try {
      assert.equal((parseJsonBody(bytes) as { results: unknown[] }).results.length, 1000);
    } finally {
      proto.toString = original;
    }
    assert.ok(longest > 0 && longest < 4096, `the longest text decoded was ${longest} bytes of ${bytes.length}`);
  });

  it('gives what JSON.parse gives for shapes it does not split', () => {
    const big = 'x'.repeat(SPLIT_FROM_BYTES);
    for (const text of [
      `[${JSON.stringify(big)}]`,
      JSON.stringify({ big, results: 'not a list' }),
      JSON.stringify({ big, results: [] }),
      `{"big":"${big}","results":[1,"two",null,{"a":[]}]}`,
      // A second `results` wins in JSON.parse; a key spelled with escapes may be `results`.
      `{"results":[1,2],"big":"${big}","results":[3]}`,
      `{"results":[1,2],"big":"${big}","r\\u0065sults":[3]}`,
      `{"big":"${big}"}`,
      `"${big}"`,
    ]) {
      same(text);
    }
  });

  it('refuses what JSON.parse refuses, wherever the fault is', () => {
    const good = pageText();
    const at = (needle: string): number => good.indexOf(needle, good.length / 2);
    const faults: [string, (t: string) => string][] = [
      ['a trailing comma in the list', (t) => t.replace(/\}\],"pageNumber"/, '},],"pageNumber"')],
      ['two commas between records', (t) => `${t.slice(0, at('},{'))}},,{${t.slice(at('},{') + 3)}`],
      ['no comma between records', (t) => `${t.slice(0, at('},{'))}}{${t.slice(at('},{') + 3)}`],
      ['an unclosed string in a record', (t) => t.replace('"INV-150"', '"INV-150')],
      ['a bare word in a record', (t) => t.replace('"INV-150"', 'INV-150')],
      ['a bracket closing a brace', (t) => t.replace('}],"totalAmount":1537.5', ']],"totalAmount":1537.5')],
      ['text after the object', (t) => `${t} x`],
      ['a second object', (t) => `${t}{}`],
      ['a cut body', (t) => t.slice(0, t.length - 10)],
      ['a broken envelope', (t) => t.replace('"pageNumber":2', '"pageNumber":')],
      ['a raw line break in a string', (t) => t.replace('INV-150', 'INV\n150')],
    ];
    for (const [name, fault] of faults) {
      const text = fault(good);
      assert.notEqual(text, good, name);
      assert.equal(
        outcome(() => JSON.parse(text) as unknown),
        'SyntaxError',
        `${name}: JSON.parse refuses it`,
      );
      same(text, name);
    }
  });

  it('agrees with JSON.parse on 1,500 bodies with one byte changed', () => {
    const text = pageText(300);
    const bytes = Buffer.from(text, 'utf8');
    const structural = [...'{}[]",:\\ 0tn'].map((c) => c.charCodeAt(0));
    let seed = 7;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 1500; i++) {
      const mutated = Buffer.from(bytes);
      const from = mutated.indexOf(structural[random(structural.length)], random(mutated.length));
      if (from < 0) continue;
      mutated[from] = structural[random(structural.length)];
      const expected = outcome(() => JSON.parse(mutated.toString('utf8')) as unknown);
      assert.deepEqual(
        outcome(() => parseJsonBody(mutated)),
        expected,
        `byte ${from}`,
      );
    }
  });

  it('decodes a body as UTF-8 text without its byte order mark', () => {
    assert.equal(decodeBody(Buffer.from('\uFEFF{"a":"é"}', 'utf8')), '{"a":"é"}');
    assert.equal(decodeBody(Buffer.alloc(0)), '');
  });
});
