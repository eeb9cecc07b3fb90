import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTablePage } from '../../../src/panels/tableHtml';
import { isTablePageToHost } from '../../../src/panels/tableProtocol';

const root = join(__dirname, '..', '..', '..', '..');
const template = readFileSync(join(root, 'media', 'table.html'), 'utf8');
const resources = {
  cspSource: 'vscode-resource:',
  styleUri: 'vscode-resource:/media/table.css',
  scriptUri: 'vscode-resource:/media/table.js',
  nonce: 'abc123==',
  testHooks: false,
};

describe('table page', () => {
  it('has a CSP with the nonce, no remote source, every placeholder filled', () => {
    const html = renderTablePage(template, resources).replace(/&#39;/g, "'");
    assert.match(
      html,
      /http-equiv="Content-Security-Policy" content="default-src 'none'; [^"]*script-src 'nonce-abc123=='/,
    );
    assert.doesNotMatch(html, /\{\{\w+\}\}/);
    assert.doesNotMatch(html, /https?:\/\//);
    assert.match(html, /<script nonce="abc123==" src="vscode-resource:\/media\/table.js"><\/script>/);
    assert.match(html, /data-test-hooks="off"/);
    assert.match(html, /role="grid"/);
  });

  it('the page script sets text, never markup', () => {
    const script = readFileSync(join(root, 'media', 'table.js'), 'utf8');
    assert.doesNotMatch(script, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('an unknown placeholder is an error', () => {
    assert.throws(() => renderTablePage(template.replace('{{title}}', '{{titel}}'), resources), /titel/);
  });

  it("the host takes only the page's messages it knows, with fields of the right kinds", () => {
    for (const ok of [
      { type: 'ready' },
      { type: 'sort', column: 'totalAmount' },
      { type: 'sortList' },
      { type: 'filter', text: 'acme' },
      { type: 'move', column: 'id', delta: -1 },
      { type: 'open', id: 'r1' },
      { type: 'copyCell', id: 'r1', column: 'id' },
      { type: 'copyRow', id: 'r1' },
      { type: 'loadMore' },
      { type: 'loadAll' },
      { type: 'columns' },
      { type: 'rows', epoch: 0, start: 0, end: 0 },
      { type: 'rows', epoch: 3, start: 24_900, end: 25_000 },
    ])
      assert.ok(isTablePageToHost(ok), JSON.stringify(ok));
    for (const bad of [
      null,
      'ready',
      { type: 'nope' },
      { type: 'sort' },
      { type: 'sort', column: 3 },
      { type: 'filter', text: 'x'.repeat(501) },
      { type: 'move', column: 'id', delta: 5 },
      { type: 'open', id: { toString: 'r1' } },
      { type: 'copyCell', id: 'r1' },
      { type: 'rendered' },
      { type: 'rows', epoch: 1, start: 10, end: 5 },
      { type: 'rows', epoch: 1, start: -1, end: 5 },
      { type: 'rows', epoch: 1, start: 0.5, end: 5 },
      { type: 'rows', epoch: '1', start: 0, end: 5 },
      { type: 'rows', epoch: 1, start: 0, end: 100_000 },
      { type: 'rows', epoch: 1, start: 0 },
    ])
      assert.ok(!isTablePageToHost(bad), JSON.stringify(bad));
  });
});
