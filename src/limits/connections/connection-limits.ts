// Each address's share of the server's connections: the pool (connection-pool.ts) with its caps per address, per
// network and in all, its head and send timeouts, and closing the server in bounded time.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { TrustedProxies } from '../client-identity.js';
import type { RefusalGate } from '../limiter.js';
import type { Config } from '../../config.js';
import { ConnectionPool, SWEEP_MS } from './connection-pool.js';

export interface ConnectionLimitOptions {
  readonly connections: Config['connections'];
  /** How long a client may take to send a request head when the pool is not under pressure (KOHYO_REQUEST_TIMEOUT_S). */
  readonly headTimeoutSeconds: number;
  /** How long requests under way may take to finish once the server closes (KOHYO_CLOSE_GRACE_S). */
  readonly closeGraceSeconds: number;
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
 * admitted by it before Node's HTTP server sees it), swept every SWEEP_MS for its timeouts; and the server's close in
 * bounded time: the connections that hold no request are closed at once, as Node closes an idle keep-alive one, and
 * requests under way get the grace to finish, their connections cut after it.
 */
export const connectionLimits = fp<ConnectionLimitOptions>(
  (app, { connections, headTimeoutSeconds, closeGraceSeconds, trusted }, done) => {
    const server = app.server;
    const total = connections.total ?? defaultMaxConnections();
    const margin = Math.max(256, Math.floor(total * ACCEPT_MARGIN));
    const pool = new ConnectionPool(server, {
      perAddress: connections.perAddress,
      perNetwork: connections.perNetwork,
      total,
      turnedAwayHeld: Math.floor(margin / 2),
      headTimeoutMs: headTimeoutSeconds * 1000,
      sendTimeoutMs: connections.sendTimeoutSeconds * 1000,
      uncapped: trusted,
    });
    server.maxConnections = total + margin;
    const sweep = setInterval(pool.sweep.bind(pool), SWEEP_MS).unref();
    let deadline: NodeJS.Timeout | undefined;
    app.addHook('preClose', (next) => {
      // from here the grace bounds every connection left
      clearInterval(sweep);
      pool.closeIdle();
      // unref'd: the connections it would cut are what keep the process alive until then
      deadline = setTimeout(() => server.closeAllConnections(), closeGraceSeconds * 1000).unref();
      next();
    });
    app.addHook('onClose', (_instance, next) => {
      clearTimeout(deadline);
      next();
    });
    done();
  },
  { name: 'kohyo-connections' },
);

/** How a dropped client's or address's requests are answered, when the limits drop any (a gate is given). */
export function dropBounds(gate: RefusalGate | undefined, onDrop: (peer: string) => void): DropBounds | undefined {
  if (gate === undefined) return undefined;
  return { dropLeft: (request) => gate.dropLeft(request), onDrop };
}

/**
 * How long a dropped client's or address's request waits for its 429 (and an unreadable one of a dropped address, for
 * its connection's close: client-errors.ts): a client that reconnects as soon as it is answered so opens at most its
 * address's share of connections every half second, each answered once, rather than as fast as the server answers (a
 * whole core); and each is answered within a second, told why and for how long.
 */
export const DROPPED_ANSWER_DELAY_MS = 500;

export interface DropBounds {
  /** How long the drop of the request's client or address lasts yet, in ms; null when neither is dropped. */
  readonly dropLeft: (request: IncomingMessage) => number | null;
  /** Told of each connection of a dropped address answered and closed. */
  readonly onDrop: (peer: string) => void;
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
