// How an attachment reads in the tree: server text made safe, every field shown when it is there.
import * as assert from 'node:assert/strict';
import {
  attachmentDescription,
  attachmentIcon,
  attachmentName,
  attachmentTooltip,
  transferred,
} from '../../../src/format/attachmentLabels';

describe('attachment labels', () => {
  it('shows a name on one line without controls, bidirectional overrides or separators', () => {
    assert.equal(attachmentName({ id: 'a1', name: 'scan\u202e.fdp.exe' }), 'scan_.fdp.exe');
    assert.equal(attachmentName({ id: 'a1', name: '../../etc/passwd' }), '.._.._etc_passwd');
    assert.equal(attachmentName({ id: 'a1', name: 'two\nlines' }), 'two lines');
  });

  it('falls back to the id, then to "(unnamed)", when the name has nothing readable', () => {
    assert.equal(attachmentName({ id: 'a1', name: null }), 'a1');
    assert.equal(attachmentName({ id: 'a1', name: '\u200b' }), '_');
    assert.equal(attachmentName({ id: '', name: undefined }), '(unnamed)');
  });

  it('describes content type, size, day and whether it is sent with the record', () => {
    const a = {
      id: 'a1',
      name: 'r.pdf',
      contentType: 'application/pdf',
      fileSize: 12_634,
      dateCreated: '2026-01-05T10:00:00Z',
      includeWhenSent: true,
    };
    assert.equal(attachmentDescription(a), 'application/pdf · 12.3 KB · 2026-01-05 · sent with the record');
    assert.equal(attachmentDescription({ id: 'a2', fileSize: 512, includeWhenSent: false }), '512 B');
    assert.equal(attachmentDescription({ id: 'a3', fileSize: -1, contentType: 42 as unknown as string }), '');
    assert.equal(attachmentDescription({ id: 'a4', contentType: 'text/\u202eplain\n' }), 'text/plain');
  });

  it('escapes the tooltip and says includeWhenSent either way', () => {
    const tip = attachmentTooltip({ id: 'a1', name: '*bold*', includeWhenSent: false, fileSize: 3 * 1024 * 1024 });
    assert.match(tip, /\*\*\\\*bold\\\*\*\*/);
    assert.match(tip, /Included when sent: no/);
    assert.match(tip, /Size: 3\\\.0 MB/);
  });

  it('picks a codicon by content type, else by extension', () => {
    assert.equal(attachmentIcon({ id: '1', contentType: 'application/pdf' }), 'file-pdf');
    assert.equal(attachmentIcon({ id: '1', contentType: 'image/png' }), 'file-media');
    assert.equal(attachmentIcon({ id: '1', name: 'receipt.JPG' }), 'file-media');
    assert.equal(attachmentIcon({ id: '1', contentType: 'text/csv' }), 'file-code');
    assert.equal(attachmentIcon({ id: '1', contentType: 'application/zip' }), 'file-zip');
    assert.equal(attachmentIcon({ id: '1', contentType: 'application/x-unknown' }), 'file');
  });

  it('counts a transfer in bytes, of its total when known', () => {
    assert.equal(transferred(1.2 * 1024 * 1024, 4 * 1024 * 1024), '1.2 MB of 4.0 MB');
    assert.equal(transferred(100, undefined), '100 B');
  });
});
