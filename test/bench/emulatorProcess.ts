// The emulator in a process of its own, as the API runs on another machine: building and
// serialising its pages does not take the thread of the client being measured, and its memory
// is not counted as the client's. The child is emulatorChild.ts.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RecordPlace } from '../../src/api';

export interface EmulatorSpec {
  /** Invoices of the big company. */
  invoices: number;
  latencyMs: number;
  /** A bill attachment of this many bytes, streamed by the emulator (the download benchmark). */
  attachmentBytes?: number;
}

/** The big attachment of `attachmentBytes`, where the client finds it. */
export interface BigAttachment {
  /** The base URL it is served at (the emulator's). */
  url: string;
  place: RecordPlace;
  attachmentId: string;
  contentType: string;
  bytes: number;
}

/** What a client needs to read the emulator's big company (and, to warm up, a small one). */
export interface EmulatorAddress {
  url: string;
  key: string;
  /** The big company: `invoices` invoices. */
  companyId: string;
  /** The big company's (first) data connection, which serves its types listed per connection. */
  connectionId?: string;
  /** A company with a handful of invoices (one page). */
  smallCompanyId: string;
  attachment?: BigAttachment;
}

export interface RemoteEmulator extends EmulatorAddress, EmulatorSpec {
  close(): Promise<void>;
}

export async function startEmulatorProcess(spec: EmulatorSpec): Promise<RemoteEmulator> {
  const child = fork(join(__dirname, 'emulatorChild.js'), [JSON.stringify(spec)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const address = await new Promise<EmulatorAddress>((resolve, reject) => {
    child.once('message', (m) => resolve(m as EmulatorAddress));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator process exited (${code}) before it listened`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...spec,
    ...address,
    close: async () => {
      // The child closes its server and exits when its channel closes.
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
