// A free loopback TCP port: bind port 0, read what the OS chose, release it. The tiny window
// before the caller binds it is acceptable for a test runner.
import { createServer } from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe server'));
      });
    });
  });
}
