// On a failed run, everything needed to find out why goes to one folder (git-ignored).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export interface LogFile {
  relativePath: string;
  contents: string;
}

export function writeFailureLogs(dir: string, files: LogFile[], copyDirs: { from: string; to: string }[] = []): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of files) {
    // The names come from the browser: keep them inside `dir`.
    const rel = normalize(f.relativePath)
      .replace(/^(\.\.(\/|\\|$))+/, '')
      .replace(/^[/\\]+/, '');
    const target = join(dir, rel || 'unnamed.log');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.contents);
  }
  for (const c of copyDirs) if (existsSync(c.from)) cpSync(c.from, join(dir, c.to), { recursive: true });
}
