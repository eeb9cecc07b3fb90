// Child process of emulatorProcess.ts: runs one emulator until the parent disconnects (or dies),
// after telling it where to connect. Not rate limited: a benchmark's thousands of requests a
// minute would otherwise turn into 429s and retries.
import { startEmulator } from '../emulator';
import type { RunningEmulator } from '../emulator';
import { addAttachment, call } from '../emulator/testing';
import type { BigAttachment, EmulatorAddress, EmulatorSpec } from './emulatorProcess';

/** A generated PDF of `bytes` on the small company's first bill, streamed by the emulator as it
 * goes (never held: the download benchmark's 200 MB cost it one block). */
async function bigAttachment(emu: RunningEmulator, bytes: number): Promise<BigAttachment> {
  const companyId = emu.companies.few;
  const bills = await call<{ results: { id: string }[] }>(emu, `/companies/${companyId}/data/bills?page=1&pageSize=1`);
  const recordId = bills.json.results[0]?.id;
  if (!recordId) throw new Error(`no bill to attach to: ${bills.status} ${bills.text.slice(0, 200)}`);
  const contentType = 'application/pdf';
  const file = await addAttachment(emu, { companyId, dataType: 'bills', recordId, size: bytes, contentType });
  const place = { companyId, connectionId: emu.connections.few[0], dataType: 'bills' as const, recordId };
  return { url: emu.url, place, attachmentId: file.id, contentType, bytes };
}

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
    connectionId: emu.connections.many[0],
    smallCompanyId: emu.companies.few,
  };
  if (spec.attachmentBytes) address.attachment = await bigAttachment(emu, spec.attachmentBytes);
  process.once('disconnect', () => {
    void emu.close().finally(() => process.exit(0));
  });
  process.send?.(address);
}

main().catch((e: unknown) => {
  console.error(`emulator process: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
