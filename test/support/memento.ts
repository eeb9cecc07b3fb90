// A Memento in memory that stores JSON, as VS Code's does: what is read back shares nothing with
// what was written, so a test cannot pass by holding a reference.
import type { HistoryStore } from '../../src/persistence/queryHistory';

export function memento(initial: Record<string, unknown> = {}): HistoryStore & { data: Record<string, unknown> } {
  const data = JSON.parse(JSON.stringify(initial)) as Record<string, unknown>;
  return {
    data,
    get: <T>(key: string) => (data[key] === undefined ? undefined : (JSON.parse(JSON.stringify(data[key])) as T)),
    update: (key: string, value: unknown) => {
      data[key] = JSON.parse(JSON.stringify(value));
      return Promise.resolve();
    },
  };
}
