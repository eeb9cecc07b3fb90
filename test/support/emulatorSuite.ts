// The emulator of a unit suite that talks to it through the client: started before the suite,
// reset before each test (with the log of what it read), closed after. Registers mocha's hooks, so
// it is called inside a `describe`.
import { DataPlatformClient } from '../../src/api/client';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator';

export interface EmulatorSuite {
  /** The running emulator, once the suite's `before` has run. */
  readonly emu: RunningEmulator;
  /** `METHOD /path?query status` of every API request, as the emulator read it off the wire. */
  readonly received: string[];
  /** A client of the normal account that never sleeps between retries. */
  readonly client: () => DataPlatformClient;
}

export function emulatorSuite(options: Omit<EmulatorOptions, 'log'>): EmulatorSuite {
  const received: string[] = [];
  let running: RunningEmulator | undefined;
  const suite: EmulatorSuite = {
    get emu() {
      if (!running) throw new Error('the emulator starts in the suite’s before hook');
      return running;
    },
    received,
    client: () =>
      new DataPlatformClient({ baseUrl: suite.emu.url, apiKey: suite.emu.keys.normal, sleep: () => Promise.resolve() }),
  };
  before(async () => {
    running = await startEmulator({ ...options, log: (line) => received.push(line) });
  });
  after(() => running?.close());
  beforeEach(() => {
    suite.emu.reset();
    received.length = 0;
  });
  return suite;
}
