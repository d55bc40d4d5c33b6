// The server's connections as one pool shared fairly among addresses and networks: each connection is
// served (handed to HTTP) or waiting (past its address's or network's share, held unread until a slot of its own
// frees, which the address's idle connections give up for it). Near the pool's cap, the connections that have not sent a request head in time go first, and an address
// that holds few connections takes the place of the oldest of them rather than be turned away. The pool is the one
// place that follows each connection: its timeouts (a request head, an answer not taken) and its close.
// Held in the process rather than left to a proxy's `limit_conn`: the service must hold its bounds when reached
// directly (deploy/ shows nginx's `limit_conn` in front as well; bench/HISTORY.md, "The plumbing's libraries").
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup, networkGroup, parseAddress } from '../../lib/ip-address.js';
import type { TrustedProxies } from '../client-identity.js';
import { isObject } from '../../lib/is-object.js';
import { connectionsAccepted } from '../turns.js';

export interface PoolBounds {
  /** Connections served per address (IPv4, or IPv6 /64): KOHYO_MAX_CONNECTIONS_PER_ADDRESS. */
  readonly perAddress: number;
  /** Connections served per network (IPv4 /24, IPv6 /48): KOHYO_MAX_CONNECTIONS_PER_NETWORK. */
  readonly perNetwork: number;
  /** Connections in all, served and waiting: KOHYO_MAX_CONNECTIONS. */
  readonly total: number;
  /** Connections turned away that are held a while before they are closed, at most (beyond the total). */
  readonly turnedAwayHeld: number;
  /** How long a connection may take to send a request head when the pool is not under pressure, in ms. */
  readonly headTimeoutMs: number;
  /** How long a connection may go without taking any of its answer, in ms: KOHYO_SEND_TIMEOUT_S. */
  readonly sendTimeoutMs: number;
  /** Peers not capped (trusted proxies, which bound their own clients); counted in the total all the same. */
  readonly uncapped: TrustedProxies;
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
  /** Its bytes handed to the kernel when the sweep last saw some go (or none wait), and when that was. */
  flushed: number;
  flushedAt: number;
  /** Listens to the close of each of its answers: made once for the connection, not once an answer. */
  readonly answerEnded: () => void;
}

/**
 * At a full pool, a connection takes the place of one of the address that holds the most only when that address
 * holds at least this many more than its own: so places move from the addresses that hold many to those that hold
 * few, and never back and forth between addresses that hold alike (each place taken is a connection closed, whose
 * client opens another at once).
 */
const FAIR_MARGIN = 2;
/**
 * How long a served connection with no request under way must have sat idle before it is closed to make room for a
 * connection of its address waiting past the address's cap (makeRoomInAddress).
 */
const IDLE_ROOM_MS = 1000;
/** Connections waiting per address at most, as a share of its served ones: past it a new one is closed at once. */
const WAITING_FACTOR = 4;
/** Under this share of the pool, the head timeout is the full one (KOHYO_REQUEST_TIMEOUT_S). */
const PRESSURE_FROM = 0.5;
/** At a full pool the head timeout is this share of the full one (10 s of the default 30). */
const TIMEOUT_FLOOR = 1 / 3;
/**
 * How long a connection turned away (the pool full, or its address's waiting line) is held, unread, before it is
 * closed: a client that opens another as soon as one closes so opens one every two seconds a place rather than
 * thousands a second, each accepted and closed at a cost to everyone.
 */
const TURNED_AWAY_HOLD_MS = 2000;

/** How often the pool looks for connections past their head or send timeout, and for waiting ones to serve. */
export const SWEEP_MS = 1000;

/** The head timeout at a pool `pressure` (open connections over the cap): full under PRESSURE_FROM, then shorter. */
export function headTimeoutAt(pressure: number, fullMs: number): number {
  if (pressure <= PRESSURE_FROM) return fullMs;
  const left = Math.max(0, 1 - pressure) / (1 - PRESSURE_FROM);
  return Math.round(fullMs * (TIMEOUT_FLOOR + (1 - TIMEOUT_FLOOR) * left));
}

export class ConnectionPool {
  private readonly tracked = new Map<Socket, Tracked>();
  /** Waiting connections, oldest first: the first to go when the pool is full. */
  private readonly lowly = new Set<Tracked>();
  /** The served connections of each address group (its share used is their count). */
  private readonly servedOf = new Map<string, Set<Tracked>>();
  /** How many connections each network group has served. */
  private readonly servedInNetwork = new Map<string, number>();
  private readonly waiting = new Map<string, Tracked[]>();
  /** Connections turned away and held until they are closed. */
  private readonly turnedAway = new Set<Socket>();
  /** The server's own connection listeners (HTTP's), taken off it: run for each connection the pool serves. */
  private readonly httpListeners: ReturnType<Server['listeners']>;

  /**
   * Stands in front of the server's HTTP: every connection is admitted by the pool before HTTP sees it, and every
   * request the server reads is counted on its connection.
   */
  constructor(
    private readonly server: Server,
    private readonly bounds: PoolBounds,
  ) {
    this.httpListeners = server.listeners('connection');
    server.removeAllListeners('connection');
    // the pool's methods themselves are the listeners, bound once
    server.on('connection', this.admit.bind(this));
    server.on('request', this.requestBegan.bind(this));
  }

  /** Takes a new connection: served, waiting, or turned away (the pool full and no place to take). */
  private admit(socket: Socket): void {
    // MCP work gives way while connections are still being accepted (src/limits/turns.ts)
    connectionsAccepted.count++;
    const peer = parseAddress(socket.remoteAddress ?? '');
    const capped = peer !== null && !this.bounds.uncapped.has(peer);
    const group = capped ? addressGroup(peer) : null;
    if (this.tracked.size >= this.bounds.total && !this.makeRoomFor(group)) {
      this.turnAway(socket);
      return;
    }
    const now = performance.now();
    const entry: Tracked = {
      socket,
      group,
      network: capped ? networkGroup(peer) : null,
      state: 'waiting',
      busy: 0,
      idleSince: now,
      flushed: 0,
      flushedAt: now,
      answerEnded: () => {
        entry.busy = Math.max(0, entry.busy - 1);
        entry.idleSince = performance.now();
      },
    };
    const mayServe = this.mayServe(entry);
    if (!mayServe && (this.waiting.get(group ?? '')?.length ?? 0) >= WAITING_FACTOR * this.bounds.perAddress) {
      this.turnAway(socket);
      return;
    }
    this.tracked.set(socket, entry);
    socket.once('close', this.forget.bind(this, entry));
    if (mayServe) this.serve(entry);
    else {
      this.wait(entry);
      this.makeRoomInAddress(group);
    }
  }

  /** A request began on a connection: it is busy until the request's answer ends (or its connection closes under it). */
  private requestBegan(request: IncomingMessage, response: ServerResponse): void {
    const entry = this.tracked.get(request.socket);
    if (entry === undefined) return;
    entry.busy++;
    response.once('close', entry.answerEnded);
  }

  /**
   * Closes the connections that have waited longer than the head timeout of the pool's pressure for a request head
   * (waiting ones always; served ones with no request under way, under pressure), and those whose client has taken
   * none of its answer for the send timeout; then serves the waiting ones that fit.
   */
  sweep(): void {
    const timeout = headTimeoutAt(this.tracked.size / this.bounds.total, this.bounds.headTimeoutMs);
    // a served connection is Node's to time out when there is no pressure; a waiting one, which Node does not see, ours
    const pressed = timeout < this.bounds.headTimeoutMs;
    const now = performance.now();
    for (const entry of this.tracked.values()) {
      const { socket } = entry;
      // Node's socket timeout does not serve for sends: it is off for the rest of a kept-alive connection once its
      // first answer is sent, so pipelined requests behind a reader that stopped reading held their answers for ever.
      // Node's count of bytes written includes those still buffered: what went to the kernel is the rest.
      const flushed = socket.bytesWritten - socket.writableLength;
      if (socket.writableLength === 0 || flushed !== entry.flushed) {
        entry.flushed = flushed;
        entry.flushedAt = now;
      } else if (now - entry.flushedAt >= this.bounds.sendTimeoutMs) {
        // destroying it frees the answer it held
        socket.destroy();
      }
      if ((pressed || entry.state === 'waiting') && entry.busy === 0 && now - entry.idleSince > timeout)
        socket.destroy();
    }
    for (const group of this.waiting.keys()) {
      this.serveWaiting(group);
      this.makeRoomInAddress(group);
    }
  }

  /**
   * Closes, as the server closes, the connections that hold no request: those HTTP does not know of (the waiting
   * ones, those turned away: none of them reads, so none keeps the process alive, and the server's close would wait
   * for them), and the served ones that have sent nothing yet. Node counts those as busy (so that its headers timeout
   * covers them) and stops checking every timeout once the server closes: server.close() alone would wait for as
   * long as any client likes, holding a silent connection open (as a browser's speculative preconnect does).
   */
  closeIdle(): void {
    // bytesRead counts what Node's parser took off the socket too: nothing read is nothing begun
    for (const entry of [...this.tracked.values()])
      if (entry.state === 'waiting' || entry.socket.bytesRead === 0) entry.socket.destroy();
    for (const socket of [...this.turnedAway]) socket.destroy();
  }

  /**
   * Closes a connection the pool does not take: after TURNED_AWAY_HOLD_MS, unread, while fewer than `turnedAwayHeld`
   * are so held; at once past that.
   */
  private turnAway(socket: Socket): void {
    if (this.turnedAway.size >= this.bounds.turnedAwayHeld) {
      socket.destroy();
      return;
    }
    this.turnedAway.add(socket);
    stopReading(socket);
    const timer = setTimeout(() => socket.destroy(), TURNED_AWAY_HOLD_MS);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      this.turnedAway.delete(socket);
    });
  }

  private mayServe({ group, network }: Tracked): boolean {
    if (group === null || network === null) return true;
    return (
      (this.servedOf.get(group)?.size ?? 0) < this.bounds.perAddress &&
      (this.servedInNetwork.get(network) ?? 0) < this.bounds.perNetwork
    );
  }

  /** Counts a connection in its address's and network's share, and hands it to HTTP. */
  private serve(entry: Tracked): void {
    entry.state = 'served';
    entry.idleSince = performance.now();
    if (entry.group !== null && entry.network !== null) {
      this.servedInNetwork.set(entry.network, (this.servedInNetwork.get(entry.network) ?? 0) + 1);
      const of = this.servedOf.get(entry.group);
      if (of === undefined) this.servedOf.set(entry.group, new Set([entry]));
      else of.add(entry);
    }
    for (const listener of this.httpListeners) Reflect.apply(listener, this.server, [entry.socket]);
  }

  /** Holds a connection past its address's or network's share, unread, in its address's line. */
  private wait(entry: Tracked): void {
    stopReading(entry.socket);
    const queue = this.waiting.get(entry.group ?? '');
    if (queue === undefined) this.waiting.set(entry.group ?? '', [entry]);
    else queue.push(entry);
    this.lowly.add(entry);
  }

  /** A connection closed: out of the pool, its share freed for its address's next waiting one. */
  private forget(entry: Tracked): void {
    this.tracked.delete(entry.socket);
    this.lowly.delete(entry);
    const key = entry.group ?? '';
    if (entry.state === 'waiting') {
      const queue = this.waiting.get(key);
      const at = queue?.indexOf(entry) ?? -1;
      if (queue !== undefined && at >= 0) queue.splice(at, 1);
      if (queue?.length === 0) this.waiting.delete(key);
      return;
    }
    const of = this.servedOf.get(key);
    of?.delete(entry);
    if (of?.size === 0) this.servedOf.delete(key);
    if (entry.network !== null) {
      const left = (this.servedInNetwork.get(entry.network) ?? 1) - 1;
      if (left > 0) this.servedInNetwork.set(entry.network, left);
      else this.servedInNetwork.delete(entry.network);
    }
    if (this.waiting.has(key)) this.serveWaiting(key);
  }

  /**
   * Makes room for the connections of the address `group` waiting past its cap: closes its served connections that
   * hold no request under way and have sat idle IDLE_ROOM_MS, the longest idle first, one for each waiting (those
   * being closed already counted), so that the waiting ones are served as they close. A connection names no client
   * before its head is read, so the cap is the address's, not a client's: this way one of its clients that holds idle
   * connections (kept alive, or opened and left silent) keeps another out for a second, not for KOHYO_KEEP_ALIVE_S or
   * KOHYO_REQUEST_TIMEOUT_S. Connections with a request under way are left alone; past the network's cap no room is
   * made.
   */
  private makeRoomInAddress(group: string | null): void {
    const waiting = group === null ? 0 : (this.waiting.get(group)?.length ?? 0);
    const served = group === null ? undefined : this.servedOf.get(group);
    if (waiting === 0 || served === undefined || served.size < this.bounds.perAddress) return;
    const now = performance.now();
    let wanted = waiting;
    const idle: Tracked[] = [];
    for (const entry of served) {
      if (entry.socket.destroyed) wanted--;
      else if (entry.busy === 0 && now - entry.idleSince >= IDLE_ROOM_MS) idle.push(entry);
    }
    idle.sort((a, b) => a.idleSince - b.idleSince);
    for (const entry of idle.slice(0, Math.max(0, wanted))) entry.socket.destroy();
  }

  /** Serves the waiting connections of the address `group`, oldest first, while they fit. */
  private serveWaiting(group: string): void {
    const queue = this.waiting.get(group);
    for (let next = queue?.[0]; next !== undefined && this.mayServe(next); next = queue?.[0]) {
      queue?.shift();
      this.lowly.delete(next);
      this.serve(next);
    }
    if (queue?.length === 0) this.waiting.delete(group);
  }

  /**
   * Makes room in a full pool for a connection of the address `group`: the oldest waiting connection goes, else an
   * idle served one (no request under way, idle longest) of the address that holds the most, when that address holds
   * FAIR_MARGIN more than the newcomer's; false when nothing may go.
   */
  private makeRoomFor(group: string | null): boolean {
    const [lowliest] = this.lowly;
    if (lowliest !== undefined) {
      lowliest.socket.destroy();
      return true;
    }
    const own = group === null ? 0 : (this.servedOf.get(group)?.size ?? 0) + (this.waiting.get(group)?.length ?? 0);
    let heaviest: Set<Tracked> | undefined;
    for (const held of this.servedOf.values()) if (held.size > (heaviest?.size ?? 0)) heaviest = held;
    if (heaviest === undefined || heaviest.size < own + FAIR_MARGIN) return false;
    let idlest: Tracked | undefined;
    for (const other of heaviest)
      if (other.busy === 0 && other.idleSince < (idlest?.idleSince ?? Infinity)) idlest = other;
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
