// Child process of download.bench.ts, started with --expose-gc: one download of the big
// attachment by one downloader (downloaders.ts), after a warm-up download (code compiled, pools
// and buffers allocated, as in an extension host that has downloaded before), and the memory
// before and at its peak: RSS, the JS heap, and the ArrayBuffers (Buffers) outside it.
import { rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { bareHttpDownload, extensionDownload, type AttachmentTarget, type Downloader } from './downloaders';

export interface DownloadReading {
  bytes: number;
  baselineRss: number;
  peakRss: number;
  baselineHeap: number;
  peakHeap: number;
  baselineArrayBuffers: number;
  peakArrayBuffers: number;
}

export const MEASURED_DOWNLOADERS: Readonly<Record<string, Downloader>> = {
  extension: extensionDownload,
  http: bareHttpDownload,
};

const gc = (globalThis as { gc?: () => void }).gc;

/** Full collections until the heap settles. */
async function settle(): Promise<NodeJS.MemoryUsage> {
  if (!gc) throw new Error('downloadChild needs --expose-gc');
  for (let i = 0; i < 3; i++) {
    gc();
    await delay(20);
  }
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const { which, target, path } = JSON.parse(process.argv[2]) as {
    which: string;
    target: AttachmentTarget;
    path: string;
  };
  const d = MEASURED_DOWNLOADERS[which];
  if (!d) throw new Error(`no downloader "${which}"`);
  const download = d.downloader(target);
  await download(path);
  rmSync(path, { force: true });
  const before = await settle();
  const peak = { ...before };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
  };
  // Sampled between the download's awaits, each few milliseconds.
  const sampler = setInterval(sample, 2);
  const bytes = await download(path);
  clearInterval(sampler);
  sample();
  rmSync(path, { force: true });
  const reading: DownloadReading = {
    bytes,
    baselineRss: before.rss,
    peakRss: peak.rss,
    baselineHeap: before.heapUsed,
    peakHeap: peak.heapUsed,
    baselineArrayBuffers: before.arrayBuffers,
    peakArrayBuffers: peak.arrayBuffers,
  };
  process.send?.(reading);
}

main().catch((e: unknown) => {
  console.error(`download memory: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
