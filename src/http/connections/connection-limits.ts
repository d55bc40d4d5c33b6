// Each address's share of the server's connections: the pool (connection-pool.ts) with its caps per address, per
// network and in all, a dropped address's connections held once answered, and the send timeout.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { TrustedProxies } from '../../limits/client-identity.js';
import type { RefusalGate } from '../../limits/limiter.js';
import type { Config } from '../../config.js';
import { ConnectionPool, SWEEP_MS } from './connection-pool.js';
import { noteConnectionAccepted } from '../../limits/turns.js';

export interface ConnectionLimitOptions {
  readonly connections: Config['connections'];
  /** How long a client may take to send a request head when the pool is not under pressure (KOHYO_REQUEST_TIMEOUT_S). */
  readonly headTimeoutSeconds: number;
  /** Proxies are not capped per address: they carry many clients, and bound them (KOHYO_TRUST_PROXY). */
  readonly trusted: TrustedProxies;
}

/**
 * Sockets accepted past the pool's cap, as a share of it, before Node closes a new one itself (cheaply, before any
 * listener): room for the connections the pool is closing at the cap, which count until they have closed, so that a
 * newcomer still reaches the pool, and for those it turns away and holds a while (half of it); with the default cap,
 * three quarters of the open-file limit, the whole stays under it.
 */
const ACCEPT_MARGIN = 1 / 4;

/**
 * The server's bounds on connections, before any request is read: the pool in front of HTTP (every connection is
 * admitted by it before Node's HTTP server sees it), and the send timeout.
 */
export const connectionLimits = fp<ConnectionLimitOptions>(
  (app, { connections, headTimeoutSeconds, trusted }, done) => {
    const server = app.server;
    const total = connections.total ?? defaultMaxConnections();
    const margin = Math.max(256, Math.floor(total * ACCEPT_MARGIN));
    // the server's own connection listeners (HTTP's, and any added before) run for the connections the pool serves
    const served = server.listeners('connection');
    server.removeAllListeners('connection');
    const pool = new ConnectionPool({
      perAddress: connections.perAddress,
      perNetwork: connections.perNetwork,
      total,
      turnedAwayHeld: Math.floor(margin / 2),
      headTimeoutMs: headTimeoutSeconds * 1000,
      uncapped: trusted,
      serve: (socket) => {
        for (const listener of served) Reflect.apply(listener, server, [socket]);
      },
    });
    server.maxConnections = total + margin;
    server.on('connection', (socket: Socket) => {
      noteConnectionAccepted();
      pool.admit(socket);
    });
    server.on('request', (request, response) => {
      pool.requestBegan(request.socket);
      response.once('close', () => pool.requestEnded(request.socket));
    });
    const sweep = setInterval(() => pool.sweep(), SWEEP_MS);
    sweep.unref();
    app.addHook('preClose', (next) => {
      clearInterval(sweep);
      pool.closeUnserved();
      next();
    });
    timeOutStalledSends(server, connections.sendTimeoutSeconds * 1000);
    done();
  },
  { name: 'kohyo-connections' },
);

/** How a dropped address's requests are answered, when the limits drop any (a gate is given). */
export function dropBounds(gate: RefusalGate | undefined, onDrop: (peer: string) => void): DropBounds | undefined {
  if (gate === undefined) return undefined;
  return { dropLeft: (peer) => gate.peerDropLeft(peer), onDrop };
}

export interface DropBounds {
  /** How long the peer's drop lasts yet, in ms; null when it is not dropped. */
  readonly dropLeft: (peer: string) => number | null;
  /** Told of each connection of a dropped address answered and closed. */
  readonly onDrop: (peer: string) => void;
}

/**
 * Closes a connection whose client has taken none of its answer for `sendTimeoutMs`: bytes wait in its write buffer
 * and none has gone to the kernel since. Destroying it frees the answer it held. Node's own socket timeout does not
 * serve: it is turned off for the rest of a kept-alive connection once its first answer is sent, so pipelined
 * requests behind a reader that stopped reading held their answers for ever. Looked at a few times a timeout.
 */
function timeOutStalledSends(server: Server, sendTimeoutMs: number, now: () => number = Date.now): void {
  const watched = new Map<Socket, { flushed: number; since: number }>();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, { flushed: flushedBytes(socket), since: now() });
    socket.once('close', () => watched.delete(socket));
  });
  const sweep = setInterval(
    () => {
      const at = now();
      for (const [socket, seen] of watched) {
        const flushed = flushedBytes(socket);
        if (socket.writableLength === 0 || flushed !== seen.flushed) {
          seen.flushed = flushed;
          seen.since = at;
        } else if (at - seen.since >= sendTimeoutMs) {
          socket.destroy();
        }
      }
    },
    Math.max(100, Math.min(sendTimeoutMs / 4, 5_000)),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}

/** Bytes of the connection handed to the kernel: Node's count of bytes written includes those still buffered. */
function flushedBytes(socket: Socket): number {
  return socket.bytesWritten - socket.writableLength;
}

/** Used where /proc cannot be read (not Linux): the soft limit most systems start a process with. */
const FALLBACK_OPEN_FILES = 1024;

/**
 * The default of KOHYO_MAX_CONNECTIONS: three quarters of the process's soft open-file limit, leaving the rest for the
 * dataset, the usage log, Redis and the files a collection reads. Node has no getrlimit; Linux writes it in /proc.
 */
export function defaultMaxConnections(limits = readProcLimits()): number {
  const soft = /^Max open files\s+(\d+|unlimited)/mu.exec(limits)?.[1];
  const openFiles = soft === undefined ? FALLBACK_OPEN_FILES : soft === 'unlimited' ? 1_048_576 : Number(soft);
  return Math.max(1, Math.floor((openFiles * 3) / 4));
}

function readProcLimits(): string {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return '';
  }
}
