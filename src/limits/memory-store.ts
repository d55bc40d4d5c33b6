// The limiter store held in this process's memory: exact sliding logs per client, bounded in size.
import { decide, type LimitCheck, type LimitDecision, type LimiterStore, type RawOutcome } from './limiter-store.js';
import { retentionMs, type LimitPolicy } from './policy.js';
import { NO_RUN, stepRun, type SequentialRun } from './sequential-run.js';

interface ClientState {
  /** Instants of the counted requests of the last day, oldest first (at most perDay of them). */
  readonly log: number[];
  /** Hashed term → when it was last asked for. At most enumDistinctTerms entries: one more trips the rule. */
  readonly terms: Map<string, number>;
  /** No term was asked for before this (the least of the terms' instants): the terms are looked through only once one expires. */
  termsSince: number;
  run: SequentialRun;
  coolUntil: number;
  lastSeen: number;
}

/**
 * The default cap on clients held. One client costs a few hundred bytes plus 8 per request counted in the day, so
 * 100,000 clients of a few requests each hold some tens of megabytes.
 */
export const DEFAULT_MAX_CLIENTS = 100_000;

/** At the cap, the least recently seen tenth of the clients is dropped at once. */
const EVICT_FRACTION = 0.1;
/** Idle clients are looked for at most once a second of clock time. */
const SWEEP_INTERVAL_MS = 1000;

export interface MemoryStoreOptions {
  readonly maxClients?: number;
}

/**
 * Each check runs synchronously to the end, so two checks of one client never interleave: atomic without locks.
 *
 * Memory stays bounded. The Map's order is the order clients were last seen (a client is moved to the end on
 * every check), so idle clients collect at the front: a sweep (at most once a second) drops those idle longer than
 * the retention (a day, or the cool-down when longer), after which forgetting them changes no answer.
 * At the cap, the least recently seen tenth of the clients is dropped in one batch even though they are not idle:
 * each starts afresh if it returns. So under a flood of more distinct clients than the cap (a million User-Agents,
 * say) the process does not grow past the cap, and the price is that the quietest clients' windows are forgotten
 * early: limits on them are enforced less strictly, never more.
 */
export class MemoryStore implements LimiterStore {
  private readonly clients = new Map<string, ClientState>();
  private readonly maxClients: number;
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly policy: LimitPolicy, options: MemoryStoreOptions = {}) {
    this.maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
  }

  /** Clients currently held (for tests and the bound). */
  get size(): number {
    return this.clients.size;
  }

  // answered at once, not through a promise: the limiter's hook then needs no microtask (issue 13)
  check(request: LimitCheck): LimitDecision {
    return decide(this.evaluate(request), this.policy);
  }

  close(): Promise<void> {
    this.clients.clear();
    return Promise.resolve();
  }

  private evaluate({ key, now, terms, bases }: LimitCheck): RawOutcome {
    const p = this.policy;
    const state = this.touch(key, now);
    const log = state.log;
    let expired = 0;
    while (expired < log.length && log[expired]! <= now - p.dayMs) expired++;
    if (expired > 0) log.splice(0, expired);
    let minuteStart = firstAfter(log, now - p.minuteMs);
    const seen = (outcome: RawOutcome['outcome'], coolUntil: number | null = state.coolUntil > now ? state.coolUntil : null): RawOutcome => ({
      outcome,
      minuteUsed: log.length - minuteStart,
      minuteOldest: log[minuteStart] ?? null,
      dayUsed: log.length,
      dayOldest: log[0] ?? null,
      coolUntil,
    });

    if (state.coolUntil > now) return seen('cooling');
    if (log.length - minuteStart >= p.perMinute || log.length >= p.perDay) return seen('full');

    if (state.termsSince <= now - p.enumWindowMs) {
      let since = Number.POSITIVE_INFINITY;
      for (const [term, at] of state.terms) {
        if (at <= now - p.enumWindowMs) state.terms.delete(term);
        else since = Math.min(since, at);
      }
      state.termsSince = since;
    }
    const fresh = terms.filter((t) => !state.terms.has(t)).length;
    let run = state.run;
    let walking = false;
    for (const base of bases) {
      run = stepRun(run, base);
      if (run.length >= p.enumSequential) walking = true;
    }
    if (state.terms.size + fresh > p.enumDistinctTerms || walking) {
      state.coolUntil = now + p.cooldownMs;
      return seen('enumeration', state.coolUntil);
    }

    let at = log.length;
    while (at > 0 && log[at - 1]! > now) at--; // a clock that stepped back still leaves the log in order
    log.splice(at, 0, now);
    if (at < minuteStart) minuteStart = at;
    for (const term of terms) state.terms.set(term, now);
    if (terms.length > 0) state.termsSince = Math.min(state.termsSince, now);
    state.run = run;
    return seen('ok');
  }

  /** The client's state, moved to the most-recently-seen end; idle clients expire and the table stays under the cap. */
  private touch(key: string, now: number): ClientState {
    let state = this.clients.get(key);
    if (state) this.clients.delete(key);
    else state = { log: [], terms: new Map(), termsSince: Number.POSITIVE_INFINITY, run: NO_RUN, coolUntil: 0, lastSeen: now };
    state.lastSeen = Math.max(state.lastSeen, now);
    this.clients.set(key, state);
    // Sweeps run in batches: a Map keeps deleted entries at its front until it rehashes, so walking it from the
    // start on every check would cost thousands of steps under a flood (measured: 9 µs a check instead of 2).
    const full = this.clients.size > this.maxClients;
    if (full || now >= this.nextSweep) {
      const idleBefore = now - retentionMs(this.policy);
      const keep = full ? Math.floor(this.maxClients * (1 - EVICT_FRACTION)) : this.maxClients;
      for (const [oldKey, old] of this.clients) {
        if (this.clients.size > keep || old.lastSeen <= idleBefore) this.clients.delete(oldKey);
        else break;
      }
      this.nextSweep = now + SWEEP_INTERVAL_MS;
    }
    return state;
  }
}

/** The index of the first instant after `instant` in an ordered log (its length when none is): a binary search, since
 * with high limits a client's minute may hold thousands of requests. */
function firstAfter(log: readonly number[], instant: number): number {
  let low = 0;
  let high = log.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (log[mid]! > instant) high = mid;
    else low = mid + 1;
  }
  return low;
}
