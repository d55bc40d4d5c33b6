// The server log's refusals: counted per address and minute and written as one line each, not one line a refusal,
// so that however fast an address is refused its refusals add a line a minute to the log.
import { isoInstant } from '../domain/dates.js';
import { LRUCache } from 'lru-cache';
import { MINUTE_MS } from './policy.js';

/** One address's refusals in one minute. */
interface Tallied {
  /** Refusals by their error code (`none` where the answer had none). */
  readonly refused: Record<string, number>;
  /** Connections held unanswered as they opened, or closed at their next request, because the address was dropped. */
  connectionsDropped: number;
}

/** Addresses tallied in one minute, at most; the refusals of any beyond are added to one line of their own. */
const MAX_ADDRESSES = 10_000;
/** Stands for the addresses past MAX_ADDRESSES in a minute's lines. */
export const OTHER_ADDRESSES = 'other addresses';

export const REFUSALS_MESSAGE = 'refusals';

/** What a line of the tally holds. */
export interface TallyLine {
  /** The minute, as its first instant (RFC 3339). */
  readonly minute: string;
  /** The usage log's client identifier of the address (usage/client-id.ts), never the address. */
  readonly client: string;
  readonly refused: Readonly<Record<string, number>>;
  readonly connections_dropped: number;
}

/**
 * Refusals and dropped connections per address (under `clientId`, a keyed hash) and minute. A minute's lines are
 * written (`write`) once a later minute has begun, when the next refusal comes or `flush` is called (every few
 * seconds by the app, and when it closes).
 */
export class RefusalTally {
  private minute = Number.NaN;
  private readonly tallied = new Map<string, Tallied>();
  /** Each address's client id (an HMAC), worked out once: a refused flood comes from few addresses. */
  private readonly ids: LRUCache<string, string>;
  private readonly instant = isoInstant();

  constructor(
    private readonly write: (line: TallyLine) => void,
    private readonly clientId: (address: string) => string,
    private readonly clock: () => Date,
  ) {
    this.ids = new LRUCache({ max: 4096, memoMethod: (address) => this.clientId(address) });
  }

  /** A refusal of `address` answered with `code`. */
  refused(address: string, code: string | null): void {
    const tallied = this.tallyOf(address);
    const key = code ?? 'none';
    tallied.refused[key] = (tallied.refused[key] ?? 0) + 1;
  }

  /** A connection of `address` closed because the address is dropped. */
  dropped(address: string): void {
    this.tallyOf(address).connectionsDropped++;
  }

  /** Writes the lines of a minute that has ended; all of them when `all` (the app is closing). */
  flush(all = false): void {
    const minute = this.minuteOf(this.clock());
    if (this.tallied.size === 0 || (!all && minute === this.minute)) return;
    const at = this.instant(new Date(this.minute));
    for (const [client, tallied] of this.tallied)
      this.write({
        minute: at,
        client,
        refused: tallied.refused,
        connections_dropped: tallied.connectionsDropped,
      });
    this.tallied.clear();
  }

  private tallyOf(address: string): Tallied {
    const minute = this.minuteOf(this.clock());
    if (minute !== this.minute) {
      this.flush(true);
      this.minute = minute;
    }
    const full = this.tallied.size >= MAX_ADDRESSES;
    const client = this.ids.memo(address);
    const key = full && !this.tallied.has(client) ? OTHER_ADDRESSES : client;
    let tallied = this.tallied.get(key);
    if (tallied === undefined) {
      tallied = { refused: {}, connectionsDropped: 0 };
      this.tallied.set(key, tallied);
    }
    return tallied;
  }

  private minuteOf(now: Date): number {
    const ms = now.getTime();
    return ms - (ms % MINUTE_MS);
  }
}
