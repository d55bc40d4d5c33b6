// One scope's state in the memory store (a client's, or an address's), and the steps of a check on it.
import type { RawOutcome } from './limiter-store.js';
import type { LimitPolicy } from './policy.js';
import { copyWalks, noWalks, recordWalk, tripsWith, type NumberWalks } from './sequential-run.js';

export interface ScopeState {
  /** Instants of the counted requests of the last day, oldest first (at most perDay of them). */
  readonly log: number[];
  /** Hashed term → when it was last asked for. At most enumDistinctTerms entries: one more trips the rule. */
  readonly terms: Map<string, number>;
  /** No term was asked for before this (the least of the terms' instants): the terms are looked through only once one expires. */
  termsSince: number;
  /** The Corporate Number look-ups as the sequential rule reads them (sequential-run.ts). */
  walks: NumberWalks;
  coolUntil: number;
  lastSeen: number;
}

export function newScopeState(now: number): ScopeState {
  return {
    log: [],
    terms: new Map(),
    termsSince: Number.POSITIVE_INFINITY,
    walks: noWalks(),
    coolUntil: 0,
    lastSeen: now,
  };
}

/**
 * A check's view of one scope at `now`: the day's log pruned on opening. The steps (blocked, then trips, then
 * count) are taken by the store across both scopes in turn, so that nothing is written until both have agreed.
 */
export class ScopeCheck {
  private minuteStart: number;
  /**
   * Where count() records the request's last number (`last`): the scope's own walks, or, for a request of several
   * numbers, a copy holding those before it. Null when the request asks no number.
   */
  private pending: { readonly walks: NumberWalks; readonly last: number } | null = null;

  constructor(
    private readonly state: ScopeState,
    private readonly policy: LimitPolicy,
    private readonly now: number,
  ) {
    const log = state.log;
    const expired = firstAfter(log, now - policy.dayMs);
    if (expired > 0) log.splice(0, expired);
    this.minuteStart = firstAfter(log, now - policy.minuteMs);
  }

  /** Refused whatever is asked: cooling down, or a window already full. */
  blocked(): 'cooling' | 'full' | null {
    const { log } = this.state;
    if (this.state.coolUntil > this.now) return 'cooling';
    if (log.length - this.minuteStart >= this.policy.perMinute || log.length >= this.policy.perDay) return 'full';
    return null;
  }

  /** True when these terms or numbers trip an enumeration rule; the cool-down then starts. */
  trips(terms: readonly string[], bases: readonly number[]): boolean {
    const { state, policy: p, now } = this;
    if (state.termsSince <= now - p.enumWindowMs) {
      let since = Number.POSITIVE_INFINITY;
      for (const [term, at] of state.terms) {
        if (at <= now - p.enumWindowMs) state.terms.delete(term);
        else since = Math.min(since, at);
      }
      state.termsSince = since;
    }
    let fresh = 0;
    for (const term of terms) if (!state.terms.has(term)) fresh++;
    let walking = false;
    const last = bases.at(-1);
    if (last !== undefined) {
      // one number (the usual request) is measured against the walks as held, which stay untouched until count();
      // several are measured in turn on a copy, each after those before it
      const walks = bases.length === 1 ? state.walks : copyWalks(state.walks);
      bases.forEach((base, i) => {
        if (tripsWith(walks, base, p.enumSequential)) walking = true;
        if (i < bases.length - 1) recordWalk(walks, base, p.enumSequential);
      });
      this.pending = { walks, last };
    }
    if (state.terms.size + fresh <= p.enumDistinctTerms && !walking) return false;
    state.coolUntil = now + p.cooldownMs;
    return true;
  }

  /** Counts the request, its terms and its numbers. */
  count(terms: readonly string[]): void {
    const { state, now } = this;
    const log = state.log;
    const at = firstAfter(log, now); // a clock that stepped back still leaves the log in order
    log.splice(at, 0, now);
    if (at < this.minuteStart) this.minuteStart = at;
    for (const term of terms) state.terms.set(term, now);
    if (terms.length > 0) state.termsSince = Math.min(state.termsSince, now);
    if (this.pending !== null) {
      recordWalk(this.pending.walks, this.pending.last, this.policy.enumSequential);
      state.walks = this.pending.walks;
    }
  }

  seen(outcome: RawOutcome['outcome']): RawOutcome {
    const { log, coolUntil } = this.state;
    return {
      outcome,
      minuteUsed: log.length - this.minuteStart,
      minuteOldest: log[this.minuteStart] ?? null,
      dayUsed: log.length,
      dayOldest: log[0] ?? null,
      coolUntil: coolUntil > this.now ? coolUntil : null,
    };
  }
}

/** The index of the first instant after `instant` in an ordered log (its length when none is): a binary search, since
 * with high limits a client's minute may hold thousands of requests. */
function firstAfter(log: readonly number[], instant: number): number {
  let low = 0;
  let high = log.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    // mid is below log.length, so the fallback (past the end is after every instant) is never taken
    if ((log[mid] ?? Number.POSITIVE_INFINITY) > instant) high = mid;
    else low = mid + 1;
  }
  return low;
}
