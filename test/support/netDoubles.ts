// Real sockets for proxy and certificate failures: an https server on 127.0.0.1 with any chain of
// test certificates, and an HTTP proxy that answers every CONNECT with a status of our choosing
// (407 with Proxy-Authenticate: a proxy that wants credentials).
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface HttpsTestServer {
  url: string;
  /** Host and port, as the client's messages name them. */
  host: string;
  /** Requests that got through a handshake. */
  requests: number;
  /** Handshakes the client gave up on. */
  tlsFailures: number;
  close(): Promise<void>;
}

/** An https server presenting `cert` (a PEM chain, leaf first) that answers `{}` to anything. */
export async function startHttpsServer(key: string, cert: string): Promise<HttpsTestServer> {
  const server = https.createServer({ key, cert }, (_req, res) => {
    self.requests++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      '{"results":[],"pageNumber":1,"pageSize":1,"totalResults":0,"_links":{"self":{"href":"/companies"},"current":{"href":"/companies?page=1&pageSize=1"}}}',
    );
  });
  server.on('tlsClientError', () => self.tlsFailures++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const self: HttpsTestServer = {
    url: `https://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests: 0,
    tlsFailures: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return self;
}

export interface TestProxy {
  /** `http://127.0.0.1:port` */
  url: string;
  port: number;
  /** `host:port` of every CONNECT received. */
  connects: string[];
  close(): Promise<void>;
}

/** A proxy that refuses every CONNECT with `status` and the given headers, then closes. */
export async function startRefusingProxy(
  status = 407,
  headers: Record<string, string> = { 'Proxy-Authenticate': 'Basic realm="corp"' },
): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(status, headers);
    res.end();
  });
  const connects: string[] = [];
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    connects.push(req.url ?? '');
    sockets.add(socket);
    socket.on('error', () => undefined);
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Refused'}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      'Content-Length: 0',
      'Connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
