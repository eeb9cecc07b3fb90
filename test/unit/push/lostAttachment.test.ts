// After an attachment write's answer was lost: whether it took, read from the list.
import * as assert from 'node:assert/strict';
import { attachmentGone, findUploaded } from '../../../src/push/lostAttachment';

describe('lost attachment writes', () => {
  const listed = [
    { id: 'old', name: 'scan.pdf', fileSize: 10 },
    { id: 'new1', name: 'Scan.PDF', fileSize: 10 },
    { id: 'other', name: 'scan.pdf', fileSize: 11 },
  ];

  it('finds the upload by name (any case) and size among the attachments not there before', () => {
    assert.equal(findUploaded(listed, { name: 'scan.pdf', size: 10, before: ['OLD'] })?.id, 'new1');
  });

  it('finds nothing when only older attachments or other sizes match', () => {
    assert.equal(findUploaded(listed, { name: 'scan.pdf', size: 10, before: ['old', 'new1'] }), undefined);
    assert.equal(findUploaded(listed, { name: 'receipt.png', size: 10, before: [] }), undefined);
  });

  it('takes a name match whose size the server does not give', () => {
    assert.equal(findUploaded([{ id: 'x', name: 'a.txt' }], { name: 'a.txt', size: 5, before: [] })?.id, 'x');
  });

  it('sees a delete as taken once the attachment is no longer listed', () => {
    assert.equal(attachmentGone(listed, 'OTHER'), false);
    assert.equal(attachmentGone(listed, 'gone'), true);
  });
});
