// Each address's share of the server's connections: a cap per address and in all, and a send timeout.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { addressGroup, parseAddress } from '../domain/ip-address.js';
import type { TrustedProxies } from '../limits/client-identity.js';
import type { RefusalGate } from '../limits/limiter.js';
import type { Config } from '../config.js';

export interface ConnectionLimitOptions {
  readonly connections: Config['connections'];
  /** Proxies are not capped per address: they carry many clients, and bound them (KOHYO_TRUST_PROXY). */
  readonly trusted: TrustedProxies;
  /** The drop of an address past its refusals (dropBounds), when the limits make one. */
  readonly drop?: DropBounds | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The connections of the capped addresses, which the limits close when a refusal drops an address. */
    kohyoConnections: CappedConnections;
  }
}

/**
 * The server's bounds on connections, before any request is read: per address and in all, a dropped address's new
 * connections held unanswered, and the send timeout.
 */
export const connectionLimits = fp<ConnectionLimitOptions>(
  (app, { connections, trusted, drop }, done) => {
    const capped = capConnections(app.server, {
      perAddress: connections.perAddress,
      total: connections.total ?? defaultMaxConnections(),
      uncapped: trusted,
      ...(drop === undefined ? {} : { drop }),
    });
    timeOutStalledSends(app.server, connections.sendTimeoutSeconds * 1000);
    app.decorate('kohyoConnections', capped);
    done();
  },
  { name: 'kohyo-connections' },
);

/** How the connections of an address past its refusals are dropped, when the limits drop any (a gate is given). */
export function dropBounds(
  gate: RefusalGate | undefined,
  dropSeconds: number,
  onDrop: (peer: string) => void,
): DropBounds | undefined {
  if (gate === undefined) return undefined;
  return { dropped: (peer) => gate.dropsPeer(peer), holdMs: dropSeconds * 1000, onDrop };
}

interface ConnectionBounds {
  /** Open connections one address group (IPv4, or IPv6 /64) may hold. */
  readonly perAddress: number;
  /** Open connections in all. */
  readonly total: number;
  /** Socket peers that are not capped per address: trusted proxies, which carry many clients and bound them. */
  readonly uncapped: TrustedProxies;
  /**
   * How a dropped peer's new connections are dropped (past its refusals, KOHYO_REFUSALS_PER_MINUTE): whether the peer
   * is dropped now, how long its connections are held, and who is told of each.
   */
  readonly drop?: DropBounds;
}

export interface DropBounds {
  readonly dropped: (peer: string) => boolean;
  /** How long a dropped connection is held unread before it is closed (KOHYO_REFUSAL_DROP_S), in ms. */
  readonly holdMs: number;
  readonly onDrop: (peer: string) => void;
}

/** The connections of the capped addresses, for closing them all when an address is dropped. */
export interface CappedConnections {
  /** Closes every open connection of the peer's address group (none for an uncapped peer), but those held dropped. */
  closeAddress(peer: string): void;
}

/** Connections held dropped (holdDropped): left alone by closeAddress, and held once. */
const holding = new WeakSet<Socket>();

/**
 * Drops a connection as a firewall drops one: it is held, nothing answered (first-look.ts answers none of its
 * requests), until `holdMs` have passed, and then closed. Closing it at once (as the connection cap does) had a
 * flooding client open another straight away, 1,400 to 2,300 a second, each accepted and closed at a cost to every
 * other client; held, it waits for an answer that does not come, and costs a file descriptor (bounded by the cap per
 * address) and a timer. Paused too, where Node's HTTP parser reads through the stream rather than from the socket.
 */
function holdDropped(socket: Socket, holdMs: number): void {
  if (holding.has(socket)) return;
  holding.add(socket);
  socket.pause();
  const timer = setTimeout(() => socket.destroy(), holdMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Whether the connection is held dropped. */
export function isHeld(socket: Socket): boolean {
  return holding.has(socket);
}

/**
 * Closes at once a connection that would take its address past `perAddress`: the newest connection of the address
 * that is over its share goes, never an older one and never another address's. A connection from an address
 * `drop` says is dropped is held unanswered (holdDropped), counted against its address's share. Past `total`, Node's
 * own `maxConnections` drops the new connection. Counted in this process, per listening server.
 */
function capConnections(server: Server, bounds: ConnectionBounds): CappedConnections {
  server.maxConnections = bounds.total;
  const open = new Map<string, Set<Socket>>();
  server.on('connection', (socket: Socket) => {
    const peer = parseAddress(socket.remoteAddress ?? '');
    // a Unix socket's peers cannot be told apart: one cap on them would be a cap on the whole service
    if (peer === null || bounds.uncapped.has(peer)) return;
    const group = addressGroup(peer);
    const held = open.get(group);
    if ((held?.size ?? 0) >= bounds.perAddress) {
      socket.destroy();
      return;
    }
    if (held === undefined) open.set(group, new Set([socket]));
    else held.add(socket);
    socket.once('close', () => {
      const sockets = open.get(group);
      sockets?.delete(socket);
      if (sockets?.size === 0) open.delete(group);
    });
    const { drop } = bounds;
    if (drop?.dropped(peer.address) === true) {
      holdDropped(socket, drop.holdMs);
      drop.onDrop(peer.address);
    }
  });
  return {
    closeAddress(peerText) {
      const peer = parseAddress(peerText);
      if (peer === null || bounds.uncapped.has(peer)) return;
      for (const socket of open.get(addressGroup(peer)) ?? []) if (!holding.has(socket)) socket.destroy();
    },
  };
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
