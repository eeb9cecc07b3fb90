// A cross-process lock on the install cache, so `npm test` and `npm start` started together do
// not install into the same folder at once. A lock whose owner died is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Log } from './log';

function ownerAlive(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
  } catch {
    return false; // being created right now, or left half-written by a crash; treated below
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function withLock<T>(
  lockDir: string,
  log: Log,
  fn: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  let waitedFor = 0;
  let unreadable = 0;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!ownerAlive(lockDir)) {
      // Give a just-created lock a moment to get its pid file before calling it stale.
      if (++unreadable >= 3) {
        rmSync(lockDir, { recursive: true, force: true });
        unreadable = 0;
      }
    } else {
      unreadable = 0;
      if (waitedFor % 15000 === 0) log(`waiting for another install into ${lockDir} to finish`);
    }
    await sleep(500);
    waitedFor += 500;
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
