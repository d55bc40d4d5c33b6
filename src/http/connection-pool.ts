// The server's connections as one pool shared fairly among addresses and networks (issue 79): each connection is
// served (handed to HTTP) or waiting (past its address's or network's share, held unread until a slot of its own
// frees). Near the pool's cap, the connections
// that have not sent a request head in time go first, and an address that holds few connections takes the place of
// the oldest of them rather than be turned away.
import type { Socket } from 'node:net';
import { addressGroup, networkGroup, parseAddress } from '../domain/ip-address.js';
import type { TrustedProxies } from '../limits/client-identity.js';
import { isObject } from '../domain/is-object.js';

export interface PoolBounds {
  /** Connections served per address (IPv4, or IPv6 /64): KOHYO_MAX_CONNECTIONS_PER_ADDRESS. */
  readonly perAddress: number;
  /** Connections served per network (IPv4 /24, IPv6 /48): KOHYO_MAX_CONNECTIONS_PER_NETWORK. */
  readonly perNetwork: number;
  /** Connections in all, served and waiting: KOHYO_MAX_CONNECTIONS. */
  readonly total: number;
  /** How long a connection may take to send a request head when the pool is not under pressure, in ms. */
  readonly headTimeoutMs: number;
  /** Peers not capped (trusted proxies, which bound their own clients); counted in the total all the same. */
  readonly uncapped: TrustedProxies;
  /** Hands a connection to HTTP. */
  readonly serve: (socket: Socket) => void;
  readonly now?: () => number;
}

type State = 'served' | 'waiting';

interface Tracked {
  readonly socket: Socket;
  /** The address and network groups; null for an uncapped peer (a trusted proxy, a Unix socket). */
  readonly group: string | null;
  readonly network: string | null;
  state: State;
  /** Requests under way on it. */
  busy: number;
  /** When it last began to wait for a request head: when it opened, or when its last answer ended. */
  idleSince: number;
}

/** An address holding fewer connections than this may take the place of an idle one when the pool is full. */
const NEWCOMER_CONNECTIONS = 4;
/** Connections waiting per address at most, as a share of its served ones: past it a new one is closed at once. */
const WAITING_FACTOR = 4;
/** Under this share of the pool, the head timeout is the full one (KOHYO_REQUEST_TIMEOUT_S). */
const PRESSURE_FROM = 0.5;
/** At a full pool the head timeout is this share of the full one (10 s of the default 30). */
const TIMEOUT_FLOOR = 1 / 3;
/** A connection idle for less than this is never taken for a newcomer: a keep-alive client between two requests. */
const MIN_IDLE_TAKEN_MS = 1000;
/** How often the pool looks for connections past the head timeout under pressure, and for waiting ones to serve. */
export const SWEEP_MS = 1000;

/** The head timeout at a pool `pressure` (open connections over the cap): full under PRESSURE_FROM, then shorter. */
export function headTimeoutAt(pressure: number, fullMs: number): number {
  if (pressure <= PRESSURE_FROM) return fullMs;
  const left = Math.max(0, 1 - pressure) / (1 - PRESSURE_FROM);
  return fullMs * (TIMEOUT_FLOOR + (1 - TIMEOUT_FLOOR) * left);
}

export class ConnectionPool {
  private readonly tracked = new Map<Socket, Tracked>();
  /** Waiting connections, oldest first: the first to go when the pool is full. */
  private readonly lowly = new Set<Tracked>();
  private readonly served = new Map<string, number>();
  private readonly waiting = new Map<string, Tracked[]>();
  private readonly now: () => number;

  constructor(private readonly bounds: PoolBounds) {
    this.now = bounds.now ?? (() => performance.now());
  }

  /** Connections in the pool (for tests and the bound). */
  get size(): number {
    return this.tracked.size;
  }

  /** Takes a new connection: served, waiting, or closed at once (the pool full and no place to take). */
  admit(socket: Socket): void {
    const peer = parseAddress(socket.remoteAddress ?? '');
    const capped = peer !== null && !this.bounds.uncapped.has(peer);
    const group = capped ? addressGroup(peer) : null;
    const network = capped ? networkGroup(peer) : null;
    const entry: Tracked = { socket, group, network, state: 'waiting', busy: 0, idleSince: this.now() };
    if (this.tracked.size >= this.bounds.total && !this.makeRoomFor(entry)) {
      socket.destroy();
      return;
    }
    if (this.mayServe(entry)) {
      this.track(entry);
      this.serve(entry);
      return;
    }
    const queue = this.waiting.get(group ?? '') ?? [];
    if (queue.length >= WAITING_FACTOR * this.bounds.perAddress) {
      socket.destroy();
      return;
    }
    this.track(entry);
    stopReading(socket);
    queue.push(entry);
    this.waiting.set(group ?? '', queue);
    this.lowly.add(entry);
  }

  /** A request began on the connection. */
  requestBegan(socket: Socket): void {
    const entry = this.tracked.get(socket);
    if (entry !== undefined) entry.busy++;
  }

  /** A request's answer ended (or its connection closed under it). */
  requestEnded(socket: Socket): void {
    const entry = this.tracked.get(socket);
    if (entry === undefined) return;
    entry.busy = Math.max(0, entry.busy - 1);
    entry.idleSince = this.now();
  }

  /**
   * Under pressure, closes the connections that have waited longer than the head timeout of the pool's pressure for
   * a request head (served ones with no request under way, waiting ones); then serves the waiting ones that fit.
   */
  sweep(): void {
    const timeout = headTimeoutAt(this.tracked.size / this.bounds.total, this.bounds.headTimeoutMs);
    const now = this.now();
    if (timeout < this.bounds.headTimeoutMs)
      for (const entry of this.tracked.values())
        if (entry.busy === 0 && now - entry.idleSince > timeout) entry.socket.destroy();
    for (const group of this.waiting.keys()) this.serveWaiting(group);
  }

  /** Closes every connection HTTP does not know of (the waiting ones), as the server closes. */
  closeUnserved(): void {
    for (const entry of [...this.lowly]) entry.socket.destroy();
  }

  private track(entry: Tracked): void {
    this.tracked.set(entry.socket, entry);
    entry.socket.once('close', () => this.forget(entry));
  }

  private mayServe(entry: Tracked): boolean {
    if (entry.group === null || entry.network === null) return true;
    return (
      (this.served.get(entry.group) ?? 0) < this.bounds.perAddress &&
      (this.served.get(entry.network) ?? 0) < this.bounds.perNetwork
    );
  }

  private serve(entry: Tracked): void {
    entry.state = 'served';
    entry.idleSince = this.now();
    if (entry.group !== null && entry.network !== null) {
      this.served.set(entry.group, (this.served.get(entry.group) ?? 0) + 1);
      this.served.set(entry.network, (this.served.get(entry.network) ?? 0) + 1);
    }
    this.bounds.serve(entry.socket);
  }

  /** Takes a served connection out of its address's and network's counts. */
  private release(entry: Tracked): void {
    for (const key of [entry.group, entry.network]) {
      if (key === null) continue;
      const left = (this.served.get(key) ?? 1) - 1;
      if (left > 0) this.served.set(key, left);
      else this.served.delete(key);
    }
  }

  private forget(entry: Tracked): void {
    this.tracked.delete(entry.socket);
    this.lowly.delete(entry);
    if (entry.state === 'served') {
      this.release(entry);
      this.serveWaiting(entry.group);
    } else {
      const queue = this.waiting.get(entry.group ?? '');
      const at = queue?.indexOf(entry) ?? -1;
      if (queue !== undefined && at >= 0) queue.splice(at, 1);
      if (queue?.length === 0) this.waiting.delete(entry.group ?? '');
    }
  }

  /** Serves the waiting connections of `group`, oldest first, while they fit. */
  private serveWaiting(group: string | null): void {
    const queue = this.waiting.get(group ?? '');
    for (let next = queue?.[0]; next !== undefined && this.mayServe(next); next = queue?.[0]) {
      queue?.shift();
      this.lowly.delete(next);
      this.serve(next);
    }
    if (queue?.length === 0) this.waiting.delete(group ?? '');
  }

  /**
   * Makes room in a full pool for a connection of an address that holds few (a newcomer), by closing the oldest
   * waiting connection, else the served one idle longest without a request under way; false when the newcomer is
   * no newcomer or nothing may go.
   */
  private makeRoomFor(entry: Tracked): boolean {
    const holds = entry.group === null ? 0 : (this.served.get(entry.group) ?? 0);
    const waits = this.waiting.get(entry.group ?? '')?.length ?? 0;
    if (entry.group !== null && holds + waits >= NEWCOMER_CONNECTIONS) return false;
    const [lowliest] = this.lowly;
    if (lowliest !== undefined) {
      lowliest.socket.destroy();
      return true;
    }
    const now = this.now();
    let idlest: Tracked | undefined;
    for (const other of this.tracked.values())
      if (
        other.busy === 0 &&
        now - other.idleSince >= MIN_IDLE_TAKEN_MS &&
        (idlest?.idleSince ?? now) > other.idleSince
      )
        idlest = other;
    if (idlest === undefined) return false;
    idlest.socket.destroy();
    return true;
  }
}

/**
 * Stops reading a connection at its handle: Node's HTTP parser reads the handle itself, past the stream, so that
 * pausing the stream does not stop it. What the client sends then waits in the kernel's buffers, and TCP holds the
 * client back; a stream's own read starts the handle again (net.Socket's `_read`, which this flag lets through).
 */
export function stopReading(socket: Socket): void {
  // net.Socket's handle (a TCPWrap) is not in its public type; `reading` is the flag net.Socket itself keeps with it
  const handle: unknown = Reflect.get(socket, '_handle');
  if (!isObject(handle) || handle.reading !== true || typeof handle.readStop !== 'function') return;
  Reflect.set(handle, 'reading', false);
  Reflect.apply(handle.readStop, handle, []);
}
