// Items a list shows before the page holding them is loaded (a company found by a search or just
// created): after the loaded items, before the error and Load more nodes; each leaves this set
// when its page arrives, so it is shown once, in its place. No `vscode`: unit-tested as it is.

/** `children` (the loaded items' nodes first, `loadedKeys.length` of them, then the list's other
 * nodes) with the found items' nodes after the loaded ones. Found items now loaded are dropped
 * from `found`. */
export function withFound<T, N>(
  children: N[],
  loadedKeys: readonly string[],
  found: Map<string, T>,
  nodeOf: (item: T) => N,
): N[] {
  for (const key of loadedKeys) found.delete(key);
  if (found.size === 0) return children;
  const n = loadedKeys.length;
  return [...children.slice(0, n), ...[...found.values()].map(nodeOf), ...children.slice(n)];
}
