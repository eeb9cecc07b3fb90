// The wording of Export…: the file name it offers, the progress line and the outcome messages.
import * as assert from 'node:assert/strict';
import { dataChangedLabel } from '../../../src/format/labels';
import {
  exportCancelledMessage,
  exportDialogTitle,
  exportChangedMessage,
  exportedMessage,
  exportFailedMessage,
  exportFileName,
  exportProgressMessage,
} from '../../../src/format/exportMessages';

describe('export wording', () => {
  it('names the file after what is exported, with the format’s extension', () => {
    assert.equal(exportFileName({ items: 'invoices', companyName: 'Acme Ltd' }, 'csv'), 'Acme Ltd invoices.csv');
    assert.equal(exportFileName({ items: 'companies' }, 'jsonl'), 'Companies.jsonl');
    assert.equal(
      exportFileName(
        { items: 'invoices', companyName: 'Acme Ltd', query: 'status=Paid', orderBy: '-totalAmount' },
        'json',
      ),
      'Acme Ltd invoices (status=Paid orderBy -totalAmount).json',
    );
  });

  it('titles the save dialog with what the file holds: the company and the query it is named after', () => {
    assert.equal(exportDialogTitle({ items: 'invoices', companyName: 'Acme Ltd' }), 'Export: Invoices of Acme Ltd');
    assert.equal(exportDialogTitle({ items: 'companies' }), 'Export: Companies');
    assert.equal(
      exportDialogTitle({ items: 'invoices', companyName: 'Acme Ltd', query: 'status=Paid', orderBy: '-totalAmount' }),
      'Export: Invoices of Acme Ltd (status=Paid orderBy -totalAmount)',
    );
  });

  it('makes a name safe on every file system', () => {
    assert.equal(
      exportFileName({ items: 'invoices', companyName: 'A/B\\C: "D" <E>|F?*' }, 'csv'),
      'A_B_C_ _D_ _E__F__ invoices.csv',
    );
    assert.equal(exportFileName({ items: 'invoices', companyName: '..\u0000x\n' }, 'csv'), '_x invoices.csv');
    assert.equal(exportFileName({ items: 'invoices', companyName: '  ' }, 'csv'), 'Company invoices.csv');
    const long = exportFileName({ items: 'invoices', companyName: 'Acme', query: `id=${'x'.repeat(2000)}` }, 'csv');
    assert.ok(long.length < 120 && long.endsWith('…).csv'), long);
  });

  it('cuts a long name by its UTF-8 bytes, never inside a character, with room for the temporary suffix', () => {
    for (const c of ['é', '東', '😀', '👩‍👩‍👧', 'x']) {
      const name = exportFileName({ items: 'invoices', companyName: c.repeat(300) }, 'jsonl');
      const bytes = Buffer.byteLength(name);
      // 255 is every file system's limit; the temporary file adds 19 bytes.
      assert.ok(bytes <= 255 - 19 && bytes > 150, `${bytes} bytes for ${c}`);
      assert.ok(!/\p{Cs}/u.test(name), 'no half of a surrogate pair');
      assert.ok(name.endsWith('….jsonl'), name);
      assert.ok(
        name
          .slice(0, -'….jsonl'.length)
          .split(c)
          .every((part) => part === ''),
        `only whole ${c}`,
      );
    }
  });

  it('strips invisible controls (bidirectional, zero-width) from a suggested name', () => {
    // U+202E would show `Acme fdp.csv` as `Acme vsc.pdf`.
    assert.equal(
      exportFileName({ items: 'invoices', companyName: 'Acme\u202Efdp.exe\u202C' }, 'csv'),
      'Acmefdp.exe invoices.csv',
    );
    assert.equal(
      exportFileName({ items: 'invoices', companyName: '\u200BA\u2060c\u2066m\u2069e\uFEFF\u061C\u00AD' }, 'csv'),
      'Acme invoices.csv',
    );
    assert.equal(
      exportFileName({ items: 'invoices', companyName: 'A\u2028B\u0085C\uD800' }, 'csv'),
      'A B_C_ invoices.csv',
    );
    assert.equal(
      exportFileName({ items: 'invoices', companyName: 'Acme', query: 'name=\u202Eabc' }, 'csv'),
      'Acme invoices (name=abc).csv',
    );
  });

  it('says when the data changed while exporting or loading, and how many records may be missing', () => {
    assert.equal(
      exportChangedMessage('invoices', 49, 'a.csv', 1),
      'Exported 49 invoices to a.csv, but the data changed while exporting: 1 invoice may be missing.',
    );
    assert.equal(
      dataChangedLabel('companies', 3),
      'The data changed while loading: 3 companies may be missing. Refresh to load again.',
    );
  });

  it('shows progress as "12,000 / 25,000 invoices"', () => {
    assert.equal(exportProgressMessage('invoices', 12000, 25000, 'en'), '12,000 / 25,000 invoices');
    assert.equal(exportProgressMessage('companies', 100, 120, 'en'), '100 / 120 companies');
    assert.equal(exportProgressMessage('invoices', 12000, 25000, 'de'), '12.000 / 25.000 invoices');
    assert.equal(exportProgressMessage('invoices', 1, undefined, 'en'), '1 invoice');
  });

  it('says how an export ended, and what became of the file', () => {
    assert.match(exportedMessage('invoices', 25000, 'a.csv'), /^Exported 25,000 invoices to a\.csv\.$/);
    assert.equal(exportedMessage('companies', 1, 'c.json'), 'Exported 1 company to c.json.');
    assert.match(
      exportCancelledMessage('invoices', 500, 'a.csv', false),
      /cancelled after 500 invoices\. No file was written\.$/,
    );
    assert.match(exportCancelledMessage('invoices', 500, 'a.csv', true), /The existing file was left unchanged\.$/);
    assert.equal(
      exportFailedMessage('invoices', 100, 'a.csv', false, 'Server error (500).'),
      'Export to a.csv failed after 100 invoices: Server error (500). No file was written.',
    );
  });
});
