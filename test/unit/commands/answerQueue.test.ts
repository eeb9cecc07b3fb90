import * as assert from 'node:assert/strict';
import {
  dialogFiles,
  inputValue,
  modalButton,
  notificationButton,
  notificationTakesAnswer,
  pickAnswer,
} from '../../../src/commands/answerQueue';

const file = (path: string) => ({ scheme: 'file', path });

describe('the test queue of answers', () => {
  it('a modal: true presses the go-ahead (not the first, harmless button), a label presses that one', () => {
    const buttons = ['Not Now', 'Delete'];
    assert.equal(modalButton(true, buttons, 'Delete'), 'Delete');
    assert.equal(modalButton('Not Now', buttons, 'Delete'), 'Not Now');
    assert.equal(modalButton(false, buttons, 'Delete'), undefined);
    assert.equal(modalButton(undefined, buttons, 'Delete'), undefined, 'nothing queued: declined');
  });

  it('a modal refuses an answer that is none of its buttons, or a file', () => {
    assert.throws(() => modalButton('Delete Everything', ['Delete'], 'Delete'), /cannot answer the modal/);
    assert.throws(() => modalButton(file('/x'), ['Delete'], 'Delete'), /cannot answer the modal/);
  });

  it('a notification takes an answer only when it has buttons and answers are queued', () => {
    assert.equal(notificationTakesAnswer(['Open Link', 'Copy Link URL'], 2), true);
    assert.equal(notificationTakesAnswer([], 2), false, 'a notice without buttons leaves the queue alone');
    assert.equal(notificationTakesAnswer(['Open Link'], 0), false, 'nothing queued: left unanswered');
  });

  it('a notification: true presses its first button, a label that one, false or nothing leaves it', () => {
    const buttons = ['Open Link', 'Copy Link URL'];
    assert.equal(notificationButton(true, buttons), 'Open Link');
    assert.equal(notificationButton('Copy Link URL', buttons), 'Copy Link URL');
    assert.equal(notificationButton(false, buttons), undefined);
    assert.equal(notificationButton(undefined, buttons), undefined);
    assert.throws(() => notificationButton('Delete', buttons), /cannot answer the notification/);
    assert.throws(() => notificationButton(file('/x'), buttons), /cannot answer the notification/);
  });

  it("an input box's answer goes through its validateInput: refused, the box is dismissed", () => {
    const tooLong = (v: string) => (v.length > 3 ? 'At most 3' : undefined);
    assert.deepEqual(inputValue('abc', tooLong), { value: 'abc' });
    assert.deepEqual(inputValue('abcd', tooLong), { refused: 'At most 3' });
    assert.deepEqual(inputValue('', undefined), { value: '' }, 'an empty answer is an answer');
    assert.deepEqual(inputValue(false, tooLong), {});
    assert.throws(() => inputValue(true, tooLong), /cannot answer the input/);
  });

  it("a pick's answer: a label (its icon aside, spaces trimmed), text typed, or a test of the row", () => {
    const byLabel = pickAnswer('Invoices');
    assert.equal(byLabel?.value, undefined, 'nothing typed');
    assert.ok(byLabel?.accepts({ label: 'Invoices' }));
    assert.ok(!byLabel?.accepts({ label: 'Bills' }));
    const typed = pickAnswer({ value: ' status=Paid ' });
    assert.equal(typed?.value, ' status=Paid ');
    assert.ok(typed?.accepts({ label: 'status=Paid' }), 'the row of what was typed');
    assert.ok(typed?.accepts({ label: '$(error) status=Paid' }), 'its icon aside');
    const byDetail = pickAnswer({ value: 'acme', row: (r) => r.detail === 'c-1' });
    assert.ok(byDetail?.accepts({ label: 'Acme', detail: 'c-1' }));
    assert.ok(!byDetail?.accepts({ label: 'Acme', detail: 'c-2' }));
    assert.equal(pickAnswer(undefined), undefined);
    assert.throws(() => pickAnswer({}), /cannot answer the pick/);
    assert.throws(() => pickAnswer(file('/x')), /cannot answer the pick/);
  });

  it('a dialog: one file saves, a folder list opens; a list cannot answer the save', () => {
    assert.deepEqual(dialogFiles(file('/a.csv'), 'save'), [file('/a.csv')]);
    assert.deepEqual(dialogFiles([file('/out')], 'open'), [file('/out')]);
    assert.equal(dialogFiles(undefined, 'open'), undefined);
    assert.throws(() => dialogFiles([file('/out')], 'save'), /cannot answer the save/);
    assert.throws(() => dialogFiles('a.csv', 'save'), /cannot answer the save/);
  });
});
