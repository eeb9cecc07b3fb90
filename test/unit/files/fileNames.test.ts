// A file name from a server's text: whatever it holds, the result names one visible file inside
// the folder chosen, reads as what it is, can be created on Windows, macOS and Linux, and fits in
// 255 UTF-8 bytes without splitting a character.
import * as assert from 'node:assert/strict';
import {
  matchesFilenamePattern,
  defaultPdfName,
  MAX_FILE_NAME_BYTES,
  safeFileName,
} from '../../../src/files/fileNames';

const FALLBACK = 'attachment';

/** What every safe name is, whatever it was made from. */
function assertSafe(name: string, from: string): void {
  const why = `${JSON.stringify(from)} → ${JSON.stringify(name)}`;
  assert.ok(name.length > 0, why);
  assert.ok(!/[/\\<>:"|?*]/.test(name), `no separator or reserved character: ${why}`);
  assert.ok(!/[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u.test(name), `no control or lone surrogate: ${why}`);
  assert.ok(!/[^\P{Cf}\u200c\u200d]/u.test(name), `no bidi control or other format character: ${why}`);
  assert.ok(!/^[.\s]/u.test(name), `not hidden, no leading space: ${why}`);
  assert.ok(!/[.\s]$/u.test(name), `no trailing dot or space: ${why}`);
  assert.notEqual(name, '..', why);
  assert.ok(!/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/iu.test(name), `not a device name: ${why}`);
  assert.ok(Buffer.byteLength(name) <= MAX_FILE_NAME_BYTES, `at most 255 bytes: ${why}`);
  assert.equal(name, name.normalize('NFC'), `NFC: ${why}`);
}

const graphemes = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

describe('safe file names', () => {
  const cases: [string, string][] = [
    ['Invoice 42.pdf', 'Invoice 42.pdf'],
    ['..', FALLBACK],
    ['.', FALLBACK],
    ['...', FALLBACK],
    ['', FALLBACK],
    ['   ', FALLBACK],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..\\..\\Windows\\System32\\drivers\\etc\\hosts', '_.._Windows_System32_drivers_etc_hosts'],
    ['/etc/passwd', '_etc_passwd'],
    ['C:\\x', 'C__x'],
    ['C:x.pdf', 'C_x.pdf'],
    ['\\\\server\\share\\a.pdf', '__server_share_a.pdf'],
    ['a/../b.pdf', 'a_.._b.pdf'],
    ['.bashrc', 'bashrc'],
    ['..hidden.pdf', 'hidden.pdf'],
    ['report.pdf.', 'report.pdf'],
    ['report.pdf   ', 'report.pdf'],
    ['report.pdf . . ', 'report.pdf'],
    ['CON', '_CON'],
    ['CON.txt', '_CON.txt'],
    ['con.tar.gz', '_con.tar.gz'],
    ['Con .txt', '_Con .txt'],
    ['nul', '_nul'],
    ['PRN.pdf', '_PRN.pdf'],
    ['aux.PDF', '_aux.PDF'],
    ['COM1', '_COM1'],
    ['com9.pdf', '_com9.pdf'],
    ['LPT1.txt', '_LPT1.txt'],
    ['lpt¹.pdf', '_lpt¹.pdf'],
    ['COM²', '_COM²'],
    ['CONIN$', '_CONIN$'],
    ['CONSOLE.pdf', 'CONSOLE.pdf'],
    ['COM10.pdf', 'COM10.pdf'],
    ['icon.pdf', 'icon.pdf'],
    ['a\u202Etxt.exe', 'atxt.exe'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['\u2066evil\u2069.pdf', 'evil.pdf'],
    ['\u2067a\u2068b\u200Ec\u200Fd.pdf', 'abcd.pdf'],
    ['zero\u200Bwidth\uFEFF.pdf', 'zerowidth.pdf'],
    ['soft\u00ADhyphen.pdf', 'softhyphen.pdf'],
    ['tag\u{E0041}\u{E0042}.pdf', 'tag.pdf'],
    ['line\nbreak\r.pdf', 'linebreak.pdf'],
    ['tab\there.pdf', 'tabhere.pdf'],
    ['nul\u0000byte.pdf', 'nulbyte.pdf'],
    ['bell\u0007\u007f\u0085.pdf', 'bell.pdf'],
    ['para\u2029graph\u2028.pdf', 'para graph .pdf'],
    ['no\u00A0break\u3000space.pdf', 'no break space.pdf'],
    ['many     spaces.pdf', 'many spaces.pdf'],
    ['<script>alert(1)</script>.html', '_script_alert(1)__script_.html'],
    ['what?*.pdf', 'what__.pdf'],
    ['"quoted" | piped.pdf', '_quoted_ _ piped.pdf'],
    ['lone\uD800surrogate.pdf', 'lone_surrogate.pdf'],
    ['e\u0301te\u0301.pdf', 'été.pdf'],
    ['\u212B.pdf', 'Å.pdf'],
    ['👩\u200D💻 notes.pdf', '👩\u200D💻 notes.pdf'],
    ['👍🏽\u200D.pdf', '👍🏽.pdf'],
    ['a\u200Db.pdf', 'ab.pdf'],
    ['\u200D\u200C.pdf', 'pdf'],
    ['می\u200Cخواهم.pdf', 'می\u200Cخواهم.pdf'],
    ['1\u200C2.pdf', '12.pdf'],
    ['.\u202E.', FALLBACK],
    ['\u202E', FALLBACK],
    ['   .pdf', 'pdf'],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} → ${JSON.stringify(expected)}`, () => {
      const name = safeFileName(raw, FALLBACK);
      assert.equal(name, expected);
      assertSafe(name, raw);
    });
  }

  it('without a name, or with only what it must drop, gives the fallback, itself made safe', () => {
    assert.equal(safeFileName(undefined, FALLBACK), FALLBACK);
    assert.equal(safeFileName('..', '../CON'), '_CON');
    assert.equal(safeFileName('..', '..'), 'download');
  });

  describe('cut to 255 UTF-8 bytes on a grapheme boundary, the extension kept', () => {
    const family = '👨\u200D👩\u200D👧\u200D👦'; // 25 bytes, one grapheme
    const flag = '🏳️\u200D🌈'; // 14 bytes
    const long: [string, string][] = [
      ['ASCII', `${'a'.repeat(300)}.pdf`],
      ['ZWJ families', `${family.repeat(12)}.pdf`],
      ['rainbow flags and skin tones', `${`${flag}👍🏽`.repeat(20)}.png`],
      ['combining marks at the cut', `${'e\u0301\u0302\u0303'.repeat(60)}x.pdf`],
      ['a letter with many marks', `${'a'.repeat(240)}${'o' + '\u0308\u0304'.repeat(10)}.pdf`],
      ['CJK', `${'請求書'.repeat(40)}.pdf`],
      ['Hangul jamo', `${'\u1100\u1161\u11A8'.repeat(100)}.txt`],
      ['no extension', '😀'.repeat(100)],
      ['an extension too long to keep', `${'b'.repeat(250)}.${'x'.repeat(40)}`],
      ['cut before trailing spaces', `${'c'.repeat(250)} ${'d'.repeat(10)}.pdf`],
    ];
    for (const [what, raw] of long) {
      it(what, () => {
        assert.ok(Buffer.byteLength(raw.normalize('NFC')) > MAX_FILE_NAME_BYTES, 'the case is over the limit');
        const name = safeFileName(raw, FALLBACK);
        assertSafe(name, raw);
        const source = raw.normalize('NFC');
        const ext = /\.[a-z]{1,16}$/.exec(source)?.[0] ?? '';
        assert.ok(name.endsWith(ext), `keeps ${ext}: ${name}`);
        const stem = name.slice(0, name.length - ext.length);
        assert.ok(source.startsWith(stem), 'the start of the name, cut');
        const whole = graphemes(source.slice(0, source.length - ext.length));
        const kept = graphemes(stem);
        assert.deepEqual(kept, whole.slice(0, kept.length), 'whole graphemes only');
        const next = whole[kept.length] ?? '';
        assert.ok(
          Buffer.byteLength(name) + Buffer.byteLength(next) > MAX_FILE_NAME_BYTES || /\s/.test(next),
          `the longest cut that fits (${Buffer.byteLength(name)} bytes)`,
        );
      });
    }

    it('a single grapheme too long for any name gives the fallback', () => {
      assert.equal(safeFileName(`a${'\u0301'.repeat(200)}.pdf`, FALLBACK), FALLBACK);
    });

    it('a name of exactly 255 bytes stays whole', () => {
      const raw = `${'é'.repeat(125)}.pdf`; // 250 + 4 = 254 bytes
      assert.equal(safeFileName(`${raw}x`, FALLBACK), `${raw}x`);
    });
  });

  it('never returns an unsafe name for random hostile text', () => {
    const alphabet = [
      'a',
      '.',
      '/',
      '\\',
      ' ',
      '\u202E',
      '\u200D',
      '👩',
      '\u0301',
      'C',
      'O',
      'N',
      ':',
      '\u0000',
      'é',
      '\uD83D',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const raw = Array.from({ length: next() % 300 }, () => alphabet[next() % alphabet.length]).join('');
      assertSafe(safeFileName(raw, FALLBACK), raw);
    }
  });
});

describe('default PDF names', () => {
  it('names the file after the invoice number', () => {
    assert.equal(defaultPdfName('INV-001', 'id-1'), 'Invoice INV-001.pdf');
  });
  it('falls back to the id without a number', () => {
    assert.equal(defaultPdfName(undefined, 'id-1'), 'Invoice id-1.pdf');
    assert.equal(defaultPdfName('   ', 'id-1'), 'Invoice id-1.pdf');
  });
  it('sanitises a hostile number, and keeps .pdf when it is cut', () => {
    assert.equal(defaultPdfName('../../x\u202Efdp.exe', 'id'), 'Invoice .._.._xfdp.exe.pdf');
    const name = defaultPdfName('9'.repeat(400), 'id');
    assert.ok(name.endsWith('.pdf') && Buffer.byteLength(name) === MAX_FILE_NAME_BYTES, name);
  });
});

describe("contributed editors' file name patterns", () => {
  it('match as VS Code compares them: globs, braces, any case, the name alone', () => {
    const image = '*.{jpg,jpe,jpeg,png,bmp,gif,ico,webp,avif}';
    assert.ok(matchesFilenamePattern(image, 'Delivery note – Zürich café.png'));
    assert.ok(matchesFilenamePattern(image, 'SCAN.PNG'));
    assert.ok(!matchesFilenamePattern(image, 'a.png.pdf'));
    assert.ok(matchesFilenamePattern('*.pdf', 'Invoice INV-001.pdf'));
    assert.ok(matchesFilenamePattern('**/*.pdf', 'x.pdf'));
    assert.ok(!matchesFilenamePattern('*.pdf', 'x.pdfx'));
    assert.ok(matchesFilenamePattern('report-?.csv', 'report-1.csv'));
    assert.ok(!matchesFilenamePattern('*.(pdf)', 'x.pdf'), 'parentheses are literal');
    assert.ok(!matchesFilenamePattern('*.{pdf', 'x.pdf'), 'an open brace matches nothing');
  });
});
