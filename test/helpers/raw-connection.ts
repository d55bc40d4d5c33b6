// Raw TCP connections to a test server from a chosen loopback address, for the bounds on connections: each can be held
// open, sent a request, paused, and watched until the server closes it.
import { connect, type Socket } from 'node:net';

export interface HeldConnection {
  readonly socket: Socket;
  /** Bytes received so far. */
  received(): number;
  /** Resolves when the connection has closed (by either side), true; false when it is still open after `ms`. */
  closedWithin(ms: number): Promise<boolean>;
  /** Whether the connection has closed. */
  readonly closed: boolean;
}

/** Connects to `url`'s port from `localAddress` (127.0.0.x) and resolves once connected. */
export async function holdConnection(url: string, localAddress: string): Promise<HeldConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  let bytes = 0;
  let closed = false;
  const waiting = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => void (bytes += chunk.length));
  // a reset is how a server drops a connection it will not serve: part of what the tests watch for
  socket.on('error', () => undefined);
  socket.once('close', () => {
    closed = true;
    for (const wake of waiting) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    received: () => bytes,
    get closed() {
      return closed;
    },
    closedWithin: (ms) =>
      closed
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
            const timer = setTimeout(() => {
              waiting.delete(wake);
              resolve(false);
            }, ms);
            waiting.add(wake);
          }),
  };
}

/** Waits until the connection has received some bytes (its answer has begun), at most `ms`; whether it has. */
export async function answered(connection: HeldConnection, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (connection.received() === 0 && !connection.closed && Date.now() < end)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return connection.received() > 0;
}

/** A GET request as a client writes it on a kept-alive connection. */
export function getRequest(path: string, host = 'localhost'): string {
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: raw-connection\r\nConnection: keep-alive\r\n\r\n`;
}
