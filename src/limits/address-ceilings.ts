// What this process keeps per client and per address in memory: the ceilings on uncounted answers (and their bytes)
// and on refusals, counted over sliding windows, and the refusals still standing.
import { MINUTE_MS } from './policy.js';
import { LRUCache } from 'lru-cache';
import { entriesBound } from './entries-bound.js';
import type { LimitDecision, Scope } from './limiter-store.js';

/** Buckets a minute is counted in: 10 s each, so a total covers 60 to 70 s (SlidingCounts below). */
const MINUTE_BUCKETS = 6;

const ANSWERS = 0;
const BYTES = 1;

/** A client and its address, by their keys (client-identity.ts): what both ceilings count. */
export interface CeilingKeys {
  readonly client: string;
  readonly address: string;
}

/**
 * How a ceiling of an address is shared among its clients: each client may take `1 / shares` of it, and the address
 * as a whole is refused only past the whole of it, which then takes more than one client (`shares` is
 * KOHYO_ADDRESS_LIMIT_FACTOR, which config.ts never lets be 1); with `shares` 0 there is no rule on an address as a
 * whole, and each client has the whole ceiling.
 */
export function clientShare(ceiling: number, shares: number): number {
  return shares === 0 ? ceiling : Math.max(1, Math.floor(ceiling / shares));
}

/** A ceiling's refusal: of the client or of its address, and when what it refused would be taken (ms). */
export interface CeilingRefusal {
  readonly scope: Scope;
  readonly retryAt: number;
}

/**
 * Answers and their bytes per client and per address in any 60 seconds (a sliding window: SlidingCounts below). An
 * answer is taken before it is made, when its size is not known yet; its bytes are added once it is sent
 * (`addBytes`), so one large answer may take a client past its bytes, and its next is refused until they leave the
 * window: counting answers alone let one address fetch a large script hundreds of times a minute.
 *
 * A client is refused at its share of the address's ceiling (clientShare), and what it is refused is not counted;
 * its address counts its answers, and its bytes up to its share: so no client fills its address's ceiling alone,
 * and the address is refused as a whole only once several clients have taken theirs.
 *
 * Kept in each process, not in Redis: it bounds what one address takes of this process, and an answer it guards is
 * cheaper than a round trip to a shared store.
 */
export class UncountedCeiling {
  private readonly counts = new SlidingCounts(MINUTE_MS, MINUTE_BUCKETS, 2);
  /**
   * The clients and addresses refused lately, with when they may be taken again: what `refused` answers from. Empty,
   * no key need be asked about (the limiter's gate reads its size).
   */
  readonly refusedUntil = new LRUCache<string, number>(entriesBound(MAX_REFUSED));
  private readonly clientAnswers: number;
  private readonly clientBytes: number;

  constructor(
    private readonly perMinute: number,
    private readonly bytesPerMinute: number,
    private readonly shares: number,
  ) {
    this.clientAnswers = clientShare(perMinute, shares);
    this.clientBytes = clientShare(bytesPerMinute, shares);
  }

  /**
   * Takes `answers` answers for the client at `now` (ms) and returns null, or refuses them all, by the client's share
   * or by its address's ceiling, and says so. A refusal is not counted, so a flood does not push its own end further
   * away.
   */
  take(keys: CeilingKeys, now: number, answers = 1): CeilingRefusal | null {
    const { client, address } = keys;
    if (this.full(client, now, answers, this.clientAnswers, this.clientBytes))
      return this.refuse(client, 'client', now, answers, this.clientAnswers, this.clientBytes);
    const addressWide = this.shares !== 0;
    if (addressWide && this.full(address, now, answers, this.perMinute, this.bytesPerMinute))
      return this.refuse(address, 'address', now, answers, this.perMinute, this.bytesPerMinute);
    this.counts.add(client, now, answers, ANSWERS);
    if (addressWide) this.counts.add(address, now, answers, ANSWERS);
    return null;
  }

  /**
   * Whether `key` (a client's or an address's) was refused lately and may not be taken yet at `now`: a look-up, for
   * the gate in front of the router (src/limits/http/early-refusals.ts). One that went past its bytes since is refused
   * by its next `take` instead.
   */
  refused(key: string, now: number): boolean {
    const until = this.refusedUntil.peek(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.refusedUntil.delete(key);
    return false;
  }

  /** Adds the bytes of an answer the client was given at `now`: all to the client, to its address up to its share. */
  addBytes(keys: CeilingKeys, now: number, bytes: number): void {
    if (bytes <= 0) return;
    const before = this.counts.total(keys.client, now, BYTES);
    this.counts.add(keys.client, now, bytes, BYTES);
    const withinShare = Math.min(bytes, this.clientBytes - before);
    if (this.shares !== 0 && withinShare > 0) this.counts.add(keys.address, now, withinShare, BYTES);
  }

  /** Clients and addresses held (for tests and the bound). */
  get size(): number {
    return this.counts.size;
  }

  /** Whether `answers` more answers for `key` at `now` would pass its ceiling (`answers` and `bytes` a minute). */
  private full(key: string, now: number, answers: number, ceiling: number, bytes: number): boolean {
    return this.counts.total(key, now, ANSWERS) + answers > ceiling || this.counts.total(key, now, BYTES) >= bytes;
  }

  /** Remembers `key` as refused until its `answers` would fit under its ceiling, and says so. */
  private refuse(
    key: string,
    scope: Scope,
    now: number,
    answers: number,
    ceiling: number,
    bytes: number,
  ): CeilingRefusal {
    // a batch larger than the whole ceiling waits for an empty window, and is refused then too: it never fits
    const room = Math.max(1, ceiling - answers + 1);
    const retryAt = Math.max(
      now + 1,
      this.counts.below(key, now, room, ANSWERS),
      this.counts.below(key, now, bytes, BYTES),
    );
    this.refusedUntil.set(key, retryAt);
    return { scope, retryAt };
  }
}

/** Keys remembered as refused at most; past it the one refused earliest is forgotten (its next take refuses it). */
const MAX_REFUSED = 100_000;

// The ceiling on refusals (KOHYO_REFUSALS_PER_MINUTE): past its share a client, and past the whole several clients'
// address, are dropped for KOHYO_REFUSAL_DROP_S, in memory.
/** Clients and addresses dropped at once, at most; past it those dropped earliest are let go first. */
const MAX_DROPPED = 100_000;

/**
 * Refusals per client and per address in any 60 seconds (a sliding window: SlidingCounts below). A refusal costs the
 * server little, but not nothing, and a client refused may send as fast as it likes: past its share of `perMinute`
 * (clientShare) a client's refusals are no longer answered. It is dropped for `dropMs`: its requests refused before
 * any other work, its connections closed at their next request, until the drop ends; its count starts afresh then.
 * Its address counts its refusals up to its share, never those past it nor a dropped client's: so the address is
 * dropped as a whole (every client of it, and its connections) only past `perMinute` refused to several clients.
 *
 * Kept in each process, as the uncounted ceiling is: it bounds what one address takes of this process.
 */
export class RefusalCeiling {
  private readonly counts = new SlidingCounts(MINUTE_MS, MINUTE_BUCKETS);
  /** Client or address key → end of its drop. Empty, no key need be asked about (the limiter reads its size). */
  readonly dropped = new LRUCache<string, number>(entriesBound(MAX_DROPPED));
  private readonly perClient: number;

  constructor(
    private readonly perMinute: number,
    private readonly dropMs: number,
    private readonly shares: number,
  ) {
    this.perClient = clientShare(perMinute, shares);
  }

  /** Counts a refusal of the client at `now`; says whom it takes past its bound, dropped from now on, or null. */
  refuse(keys: CeilingKeys, now: number): Scope | null {
    const { client, address } = keys;
    if (this.droppedUntil(address, now) !== null || this.droppedUntil(client, now) !== null) return null;
    if (this.pastBound(client, now, this.perClient)) return 'client';
    if (this.shares === 0 || !this.pastBound(address, now, this.perMinute)) return null;
    return 'address';
  }

  /** When the drop of `key` (a client's or an address's) ends (ms), or null when it is not dropped at `now`. */
  droppedUntil(key: string, now: number): number | null {
    const until = this.dropped.peek(key);
    if (until === undefined) return null;
    if (until > now) return until;
    this.dropped.delete(key);
    return null;
  }

  /** Counts one refusal of `key`; past `bound` it is dropped, its count forgotten. */
  private pastBound(key: string, now: number, bound: number): boolean {
    this.counts.add(key, now, 1);
    if (this.counts.total(key, now) <= bound) return false;
    this.counts.forget(key);
    this.dropped.set(key, now + this.dropMs);
    return true;
  }
}

// The refusals still standing, per client or address key: asked before the store, so a refused flood costs a look-up.
/** Keys held at most; past it the least recently asked refusals are forgotten (its next request asks the store, which refuses it). */
const MAX_REFUSALS = 100_000;

/**
 * A refusal holds until its `retryAt`, whatever else happens: a full window frees no slot before its oldest request
 * leaves it, and other requests (of this process or another sharing the store) can only add to it; a cool-down ends
 * when it ends. So answering a refused key's requests from here, until then, gives the answer the store would. The
 * refusals held (standing, or past but not yet forgotten) are the cache's entries: while there are none (`size` 0),
 * no key need be asked about.
 */
export class RefusalMemo extends LRUCache<string, LimitDecision> {
  constructor() {
    super(entriesBound(MAX_REFUSALS));
  }

  remember(key: string | null, decision: LimitDecision): void {
    if (key === null || decision.retryAt === null) return;
    this.set(key, decision);
  }

  /** The refusal standing for `key` at `now`, or null. */
  of(key: string | null, now: number): LimitDecision | null {
    if (key === null) return null;
    const decision = this.get(key);
    if (decision === undefined) return null;
    if (decision.retryAt !== null && decision.retryAt > now) return decision;
    this.delete(key);
    return null;
  }
}

// Amounts per key over a sliding window kept in buckets: what the per-address ceilings (answers, bytes, refusals) count.
/** One key's buckets: each channel's amount in each bucket of the ring, and the last bucket written. */
interface Ring {
  last: number;
  readonly amounts: Float64Array;
}

/** Keys held at most; past it the least recently seen go first (each starts afresh if it returns). */
const MAX_KEYS = 100_000;

/**
 * A window of `windowMs` counted in `buckets` buckets, one more kept beside them for the bucket under way: a total is
 * what the last `buckets + 1` buckets hold, so it covers at least the whole window (and at most a bucket more).
 * A ceiling on such a total holds in every window of `windowMs`, at a minute's edge as anywhere: nothing counted
 * leaves the total before the window has passed it. (Two fixed minutes weighted, as this code counted before, let
 * an address through half as much again when its previous minute's answers all came at that minute's end.)
 *
 * Several channels per key (answers and bytes, say) share the ring. Memory per key is fixed: (buckets + 1) × channels
 * numbers, whatever it sends.
 */
export class SlidingCounts {
  private readonly rings = new LRUCache<string, Ring>(entriesBound(MAX_KEYS));
  private readonly bucketMs: number;
  private readonly slots: number;

  constructor(
    windowMs: number,
    buckets: number,
    private readonly channels = 1,
  ) {
    this.bucketMs = windowMs / buckets;
    this.slots = buckets + 1;
  }

  /** Keys held (for tests and the bound). */
  get size(): number {
    return this.rings.size;
  }

  /** What `key` holds in `channel` over the window ending at `now`. */
  total(key: string, now: number, channel = 0): number {
    const ring = this.rings.peek(key);
    if (ring === undefined) return 0;
    this.advance(ring, this.bucketOf(now));
    let sum = 0;
    for (let slot = 0; slot < this.slots; slot++) sum += ring.amounts[slot * this.channels + channel] ?? 0;
    return sum;
  }

  /** Forgets what `key` holds. */
  forget(key: string): void {
    this.rings.delete(key);
  }

  /** Adds `amount` to `key`'s `channel` at `now`. */
  add(key: string, now: number, amount: number, channel = 0): void {
    const bucket = this.bucketOf(now);
    const ring = this.ringOf(key, bucket);
    const at = (bucket % this.slots) * this.channels + channel;
    ring.amounts[at] = (ring.amounts[at] ?? 0) + amount;
  }

  /**
   * The earliest instant from `now` on at which `key`'s `channel` holds less than `limit` without anything added: when
   * enough of its oldest buckets have left the window. `now` itself when it holds less already.
   */
  below(key: string, now: number, limit: number, channel = 0): number {
    let total = this.total(key, now, channel);
    const ring = this.rings.peek(key);
    if (ring === undefined || total < limit) return now;
    const bucket = this.bucketOf(now);
    // the oldest bucket the total holds leaves it when the bucket `slots` later begins
    for (let oldest = bucket - this.slots + 1; oldest <= bucket; oldest++) {
      total -= ring.amounts[(oldest % this.slots) * this.channels + channel] ?? 0;
      if (total < limit) return (oldest + this.slots) * this.bucketMs;
    }
    return (bucket + this.slots) * this.bucketMs;
  }

  private bucketOf(now: number): number {
    return Math.floor(now / this.bucketMs);
  }

  /** The key's ring, kept among the recently seen so that the least recently seen are evicted first. */
  private ringOf(key: string, bucket: number): Ring {
    const held = this.rings.get(key);
    if (held !== undefined) {
      this.advance(held, bucket);
      return held;
    }
    const fresh = { last: bucket, amounts: new Float64Array(this.slots * this.channels) };
    this.rings.set(key, fresh);
    return fresh;
  }

  /** Empties the buckets that have left the window since the ring was last written, up to `bucket`. */
  private advance(ring: Ring, bucket: number): void {
    if (bucket <= ring.last) return;
    if (bucket - ring.last >= this.slots) ring.amounts.fill(0);
    else
      for (let b = ring.last + 1; b <= bucket; b++)
        ring.amounts.fill(0, (b % this.slots) * this.channels, (b % this.slots) * this.channels + this.channels);
    ring.last = bucket;
  }
}
