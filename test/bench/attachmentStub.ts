// INTERIM (until the emulator streams a big attachment): a server in the emulator's process that
// answers the attachment's download path with `bytes` bytes of a PDF, streamed with backpressure,
// after checking the key as the emulator does.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BigAttachment } from './emulatorProcess';

export async function startAttachmentStub(
  key: string,
  bytes: number,
): Promise<{ attachment: BigAttachment; close(): Promise<void> }> {
  const place = {
    companyId: 'bench-co',
    connectionId: 'bench-conn',
    dataType: 'bills' as const,
    recordId: 'bench-bill',
  };
  const attachmentId = 'bench-attachment';
  const path = `/companies/${place.companyId}/connections/${place.connectionId}/data/bills/${place.recordId}/attachments/${attachmentId}/download`;
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  const first = Buffer.from(chunk);
  first.write('%PDF-1.7\n', 0, 'latin1');
  const auth = `Basic ${Buffer.from(key).toString('base64')}`;
  const server = http.createServer((req, res) => {
    if (req.url !== path || req.headers.authorization !== auth) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"statusCode":404}');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(bytes) });
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        const ok = res.write(sent === 0 ? first.subarray(0, n) : chunk.subarray(0, n));
        sent += n;
        if (!ok) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    attachment: { url, place, attachmentId, contentType: 'application/pdf', bytes },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
