// The per-address ceiling on answers that do not count against the limits (KOHYO_UNCOUNTED_PER_MINUTE), in memory.
import { MINUTE_MS } from './policy.js';

/** One address's two fixed minutes: the one under way and the one before it. */
interface Minutes {
  start: number;
  current: number;
  previous: number;
}

/** Addresses held at most; past it the least recently seen go first (each starts afresh if it returns). */
const MAX_ADDRESSES = 100_000;

/**
 * A sliding minute estimated from two fixed ones, as Cloudflare's limiter does: the previous minute's count weighted
 * by how much of it the sliding minute still covers, plus the current one's. Two numbers an address, whatever it
 * sends, where an exact log would hold up to `perMinute` instants. The estimate may let an address through a few
 * answers early or late at a minute's edge; a ceiling against floods needs no more.
 *
 * Kept in each process, not in Redis: it bounds what one address takes of this process, and an answer it guards is
 * cheaper than a round trip to a shared store.
 */
export class UncountedCeiling {
  private readonly addresses = new Map<string, Minutes>();

  constructor(private readonly perMinute: number) {}

  /**
   * Takes one answer for `address` at `now` (ms) and returns null, or refuses it and returns when the next one would
   * be taken (ms). A refused answer is not counted, so a flood does not push its own end further away.
   */
  take(address: string, now: number): number | null {
    const minutes = this.minutesOf(address, now);
    const elapsed = (now - minutes.start) / MINUTE_MS;
    const estimate = minutes.previous * (1 - elapsed) + minutes.current;
    if (estimate + 1 > this.perMinute) return this.retryAt(minutes, now);
    minutes.current++;
    return null;
  }

  /** Addresses held (for tests and the bound). */
  get size(): number {
    return this.addresses.size;
  }

  private minutesOf(address: string, now: number): Minutes {
    const held = this.addresses.get(address);
    const start = now - (now % MINUTE_MS);
    if (held !== undefined) {
      // moved to the most recently seen end, so that the oldest are evicted first
      this.addresses.delete(address);
      this.addresses.set(address, held);
      if (held.start !== start) {
        held.previous = held.start === start - MINUTE_MS ? held.current : 0;
        held.current = 0;
        held.start = start;
      }
      return held;
    }
    const fresh = { start, current: 0, previous: 0 };
    this.addresses.set(address, fresh);
    if (this.addresses.size > MAX_ADDRESSES) {
      const [oldest] = this.addresses.keys();
      if (oldest !== undefined) this.addresses.delete(oldest);
    }
    return fresh;
  }

  /**
   * When the estimate falls below the ceiling again: as the previous minute's weight drains within this minute, or,
   * when this minute alone is full, as its count drains in the next one (where it will be the previous).
   */
  private retryAt(minutes: Minutes, now: number): number {
    const room = this.perMinute - 1 - minutes.current;
    if (room >= 0 && minutes.previous > 0) {
      return Math.max(now + 1, Math.ceil(minutes.start + MINUTE_MS * (1 - room / minutes.previous)));
    }
    const nextMinute = minutes.start + MINUTE_MS;
    const drained = 1 - (this.perMinute - 1) / Math.max(1, minutes.current);
    return Math.max(now + 1, Math.ceil(nextMinute + MINUTE_MS * Math.max(0, drained)));
  }
}
