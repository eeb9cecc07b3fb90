// The one-pass scans that replaced regexes of quadratic time (issue 22) find what the regexes
// found: each is held to the regex it replaced, on thousands of texts made of the pieces that
// matter to it (test/unit/complexity.test.ts holds them to linear time).
import * as assert from 'node:assert/strict';
import { shortMessage, parseErrorBody } from '../../../src/api/errorBody';
import { kindForStatus } from '../../../src/api/failures';

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` texts of up to `most` pieces each. */
function texts(pieces: readonly string[], count: number, most: number, seed = 22): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * most) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
  );
}

// The regexes as they were before issue 22 (src/api/errorBody.ts).
function regexDecodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return named[e.toLowerCase()] ?? all;
  });
}
const regexStripTags = (text: string) => text.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ');
function regexHtmlMessage(html: string): string | undefined {
  const noScripts = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  for (const tag of ['title', 'h1', 'h2']) {
    const m = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(noScripts);
    const inner = m ? regexDecodeEntities(regexStripTags(m[1])).trim() : '';
    if (inner) return inner;
  }
  return regexDecodeEntities(regexStripTags(noScripts)).trim() || undefined;
}

const HTML_PIECES = [
  '<',
  '>',
  '<!--',
  '-->',
  '-',
  '!',
  ' ',
  '\n',
  'a',
  'Fish &amp; chips',
  '&#65;',
  '<p>',
  '</p>',
  '<b',
  '<br/>',
  '<title>',
  '</title>',
  '</TITLE >',
  '<title',
  '<Title lang="en">',
  '<titles>',
  '<h1 class="x">',
  '</h1>',
  '<h2>',
  '</h2 >',
  '<h1',
  '<h2',
  '<script>',
  '</script>',
  '<SCRIPT type="x">',
  '</script >',
  '</scripts>',
  '<scripts>',
  '<style>',
  '</style>',
  '</STYLE>',
  '<style',
];

describe('one-pass scans find what the regexes they replaced found', () => {
  it('the message of an HTML page: title, h1, h2 or its text, scripts and styles left out', () => {
    for (const body of texts(HTML_PIECES, 5000, 24)) {
      const html = `<html>${body}`;
      assert.equal(
        parseErrorBody(html, 'text/html').message,
        shortMessage(regexHtmlMessage(html)),
        JSON.stringify(html),
      );
    }
  });

  it('the text of markup that is not HTML (XML): its tags and comments left out', () => {
    for (const body of texts(HTML_PIECES, 3000, 24, 23)) {
      const xml = `<?xml version="1.0"?>${body}`;
      assert.equal(
        parseErrorBody(xml, 'application/xml').message,
        shortMessage(regexDecodeEntities(regexStripTags(xml))),
        JSON.stringify(xml),
      );
    }
  });

  it('a 404 that says a data type is not supported by the platform', () => {
    const pieces = [
      'Datatype [',
      'DATATYPE [',
      'Datatype',
      '[',
      ']',
      '] not supported by platform',
      '] Not Supported By Platform(s) [Xero]',
      ' not supported by platform',
      'x',
      ' ',
    ];
    let found = 0;
    for (const error of texts(pieces, 5000, 12)) {
      const expected = /Datatype \[[^\]]*\] not supported by platform/i.test(error);
      const kind = kindForStatus(404, '/companies/1/data/invoices', {
        format: 'json',
        body: { statusCode: 404, service: 's', error, correlationId: 'c' },
      });
      assert.equal(kind, expected ? 'datatypeNotSupported' : 'notFound', JSON.stringify(error));
      if (expected) found++;
    }
    assert.ok(found > 100, `both outcomes are tried (${found} supported)`);
  });
});
