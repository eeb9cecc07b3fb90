// The TypeScript sources under a folder (no declaration files), sorted: what the repository's
// checks (architecture.mjs, l10n.mjs) read.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function tsFiles(dir) {
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return tsFiles(p);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [p] : [];
    })
    .sort();
}
