// Child process of emulatorProcess.ts: runs one emulator until the parent disconnects (or dies),
// after telling it where to connect. Not rate limited: a benchmark's thousands of requests a
// minute would otherwise turn into 429s and retries.
import { startEmulator } from '../emulator';
import { startAttachmentStub } from './attachmentStub';
import type { EmulatorAddress, EmulatorSpec } from './emulatorProcess';

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as EmulatorSpec;
  const emu = await startEmulator({
    invoices: spec.invoices,
    latencyMs: spec.latencyMs,
    rateLimit: { limit: 1e9, windowMs: 60_000 },
  });
  const address: EmulatorAddress = {
    url: emu.url,
    key: emu.keys.normal,
    companyId: emu.companies.many,
    smallCompanyId: emu.companies.few,
  };
  const stub = spec.attachmentBytes ? await startAttachmentStub(emu.keys.normal, spec.attachmentBytes) : undefined;
  if (stub) address.attachment = stub.attachment;
  process.once('disconnect', () => {
    void Promise.all([emu.close(), stub?.close()]).finally(() => process.exit(0));
  });
  process.send?.(address);
}

main().catch((e: unknown) => {
  console.error(`emulator process: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
