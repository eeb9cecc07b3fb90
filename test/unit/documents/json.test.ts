// The text of a JSON document: pretty-printed as the user indents, and written whatever the depth
// of what a server sent (JSON.parse reads any depth; JSON.stringify recurses and gives up).
import * as assert from 'node:assert/strict';
import { prettyJson } from '../../../src/documents/json';

describe('document JSON', () => {
  it('indents as told, ending with a newline', () => {
    assert.equal(prettyJson({ a: [1, 'x'] }), '{\n  "a": [\n    1,\n    "x"\n  ]\n}\n');
    assert.equal(prettyJson({ a: 1 }, { tabSize: 4, insertSpaces: false }), '{\n\t"a": 1\n}\n');
  });

  it('a value 5,000 levels deep (an answer JSON.parse read) is written on one line, as the answer was written (issue 30)', () => {
    const text = `${'{"a":['.repeat(5000)}1,"x",null,true,{"k\\"":-2500},[]${']}'.repeat(5000)}`;
    const value: unknown = JSON.parse(text);
    assert.throws(() => JSON.stringify(value), RangeError, 'deep enough to matter');
    const written = prettyJson(value);
    assert.ok(written === `${text}\n`, 'the answer’s text, written again');
  });
});
