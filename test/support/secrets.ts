// A SecretStorage in memory that tells its listeners of every store and delete, as VS Code's does
// (another window changing a key fires the same event).
import type { SecretStorageLike } from '../../src/accounts/accountList';

export function memorySecrets(initial: Record<string, string> = {}): SecretStorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  const listeners = new Set<(e: { key: string }) => unknown>();
  const fire = (key: string) => listeners.forEach((l) => l({ key }));
  return {
    data,
    get: (k) => Promise.resolve(data.get(k)),
    store: (k, v) => {
      data.set(k, v);
      fire(k);
      return Promise.resolve();
    },
    delete: (k) => {
      data.delete(k);
      fire(k);
      return Promise.resolve();
    },
    onDidChange: (l) => {
      listeners.add(l);
      return { dispose: () => listeners.delete(l) };
    },
  };
}
