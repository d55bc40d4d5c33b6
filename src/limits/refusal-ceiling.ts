// The per-address ceiling on refusals (KOHYO_REFUSALS_PER_MINUTE): past it, the address's connections are dropped for
// KOHYO_REFUSAL_DROP_S, in memory.
import { MINUTE_MS } from './policy.js';
import { SlidingCounts } from './sliding-counts.js';
import { MINUTE_BUCKETS } from './uncounted-ceiling.js';
import { BoundedMap } from '../domain/bounded-memo.js';

/** Addresses dropped at once, at most; past it those dropped earliest are let go first. */
const MAX_DROPPED = 100_000;

/**
 * Refusals per address in any 60 seconds (a sliding window: sliding-counts.ts). A refusal costs the server little,
 * but not nothing, and a client refused may send as fast as it likes: past `perMinute` its refusals are no longer
 * answered. The address is dropped for `dropMs`: its connections closed and new ones held unanswered until the drop ends (or, behind
 * a proxy, its requests refused before any other work). Its count starts afresh when the drop ends.
 *
 * Kept in each process, as the uncounted ceiling is: it bounds what one address takes of this process.
 */
export class RefusalCeiling {
  private readonly counts = new SlidingCounts(MINUTE_MS, MINUTE_BUCKETS);
  private readonly dropped = new BoundedMap<string, number>({ entries: MAX_DROPPED });

  constructor(
    private readonly perMinute: number,
    private readonly dropMs: number,
  ) {}

  /** Counts a refusal of `address` at `now`; true when it takes the address past the ceiling, dropped from now on. */
  refuse(address: string, now: number): boolean {
    if (this.droppedUntil(address, now) !== null) return false;
    this.counts.add(address, now, 1);
    if (this.counts.total(address, now) <= this.perMinute) return false;
    this.counts.forget(address);
    this.dropped.set(address, now + this.dropMs);
    return true;
  }

  /** Whether any address is dropped, or was lately: when none is, `droppedUntil` need not be asked. */
  get dropping(): boolean {
    return this.dropped.size > 0;
  }

  /** When the drop of `address` ends (ms), or null when it is not dropped at `now`. */
  droppedUntil(address: string, now: number): number | null {
    const until = this.dropped.peek(address);
    if (until === undefined) return null;
    if (until > now) return until;
    this.dropped.delete(address);
    return null;
  }
}
