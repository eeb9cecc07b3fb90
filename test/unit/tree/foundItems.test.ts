// Companies shown before their page is loaded (Find Company, Run Query's picker, Create Company):
// placed after the loaded ones, and shown once, in their place, when their page arrives.
import * as assert from 'node:assert/strict';
import { withFound } from '../../../src/tree/foundItems';

const node = (id: string) => `node:${id}`;

describe('found items in a list', () => {
  it("go after the loaded items, before the list's other nodes (error, Load more), in the order found", () => {
    const found = new Map([
      ['z', 'z'],
      ['y', 'y'],
    ]);
    const children = [node('a'), node('b'), 'Load more', 'Load all'];
    assert.deepEqual(withFound(children, ['a', 'b'], found, node), [
      node('a'),
      node('b'),
      node('z'),
      node('y'),
      'Load more',
      'Load all',
    ]);
    assert.deepEqual([...found.keys()], ['z', 'y'], 'kept until their page comes');
  });

  it('a found item whose page arrived is shown once, in its place, and leaves the found set', () => {
    const found = new Map([
      ['c', 'c'],
      ['z', 'z'],
    ]);
    const shown = withFound([node('a'), node('b'), node('c'), 'Load more'], ['a', 'b', 'c'], found, node);
    assert.deepEqual(shown, [node('a'), node('b'), node('c'), node('z'), 'Load more']);
    assert.equal(shown.filter((n) => n === node('c')).length, 1);
    assert.deepEqual([...found.keys()], ['z']);
  });

  it('shown before any page (the first load still on its way), and the list as it is without any', () => {
    assert.deepEqual(withFound([], [], new Map([['z', 'z']]), node), [node('z')]);
    const children = [node('a'), 'Load more'];
    assert.strictEqual(withFound(children, ['a'], new Map(), node), children);
  });
});
