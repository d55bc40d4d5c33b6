// Amounts per key over a sliding window kept in buckets: what the per-address ceilings (answers, bytes, refusals) count.
import { BoundedMap } from '../domain/bounded-memo.js';

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
  private readonly rings = new BoundedMap<string, Ring>({ entries: MAX_KEYS });
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
