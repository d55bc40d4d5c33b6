// The per-address ceiling on answers that do not count against the limits (KOHYO_UNCOUNTED_PER_MINUTE and
// KOHYO_UNCOUNTED_BYTES_PER_MINUTE), in memory: how many, and how many bytes.
import { MINUTE_MS } from './policy.js';
import { SlidingCounts } from './sliding-counts.js';
import { BoundedMap } from '../domain/bounded-memo.js';

/** Buckets a minute is counted in: 10 s each, so a total covers 60 to 70 s (sliding-counts.ts). */
export const MINUTE_BUCKETS = 6;

const ANSWERS = 0;
const BYTES = 1;

/**
 * Answers and their bytes per address in any 60 seconds (a sliding window: sliding-counts.ts). An answer is taken
 * before it is made, when its size is not known yet; its bytes are added once it is sent (`addBytes`), so one large
 * answer may take an address past its bytes, and the next is refused until they leave the window. A 1.7 MB script
 * 600 times a minute was about 1 GB a minute from one address when only answers were counted.
 *
 * Kept in each process, not in Redis: it bounds what one address takes of this process, and an answer it guards is
 * cheaper than a round trip to a shared store.
 */
export class UncountedCeiling {
  private readonly counts = new SlidingCounts(MINUTE_MS, MINUTE_BUCKETS, 2);
  /** The addresses refused lately, with when they may be taken again: what `refused` answers from. */
  private readonly refusedUntil = new BoundedMap<string, number>({ entries: MAX_REFUSED });

  constructor(
    private readonly perMinute: number,
    private readonly bytesPerMinute: number,
  ) {}

  /**
   * Takes `answers` answers for `address` at `now` (ms) and returns null, or refuses them all and returns when they
   * would be taken (ms). A refusal is not counted, so a flood does not push its own end further away.
   */
  take(address: string, now: number, answers = 1): number | null {
    if (!this.full(address, now, answers)) {
      this.counts.add(address, now, answers, ANSWERS);
      return null;
    }
    // a batch larger than the whole ceiling waits for an empty window, and is refused then too: it never fits
    const room = Math.max(1, this.perMinute - answers + 1);
    const retryAt = Math.max(
      now + 1,
      this.counts.below(address, now, room, ANSWERS),
      this.counts.below(address, now, this.bytesPerMinute, BYTES),
    );
    this.refusedUntil.set(address, retryAt);
    return retryAt;
  }

  /**
   * Whether `address` was refused lately and may not be taken yet at `now`: a look-up, for the gate in front of the
   * router (src/http/first-look.ts). An address that went past its bytes since is refused by its next `take` instead.
   */
  refused(address: string, now: number): boolean {
    const until = this.refusedUntil.peek(address);
    if (until === undefined) return false;
    if (until > now) return true;
    this.refusedUntil.delete(address);
    return false;
  }

  /** Whether any address was refused lately: when none was, `refused` need not be asked. */
  get refusing(): boolean {
    return this.refusedUntil.size > 0;
  }

  /** Adds the bytes of an answer `address` was given at `now`. */
  addBytes(address: string, now: number, bytes: number): void {
    if (bytes > 0) this.counts.add(address, now, bytes, BYTES);
  }

  /** Addresses held (for tests and the bound). */
  get size(): number {
    return this.counts.size;
  }

  /** Whether `answers` more answers for `address` at `now` would pass its ceiling. */
  private full(address: string, now: number, answers: number): boolean {
    return (
      this.counts.total(address, now, ANSWERS) + answers > this.perMinute ||
      this.counts.total(address, now, BYTES) >= this.bytesPerMinute
    );
  }
}

/** Addresses remembered as refused at most; past it the one refused earliest is forgotten (its next take refuses it). */
const MAX_REFUSED = 100_000;
