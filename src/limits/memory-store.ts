// The limiter store held in this process's memory: exact sliding logs per client and per address, bounded in size.
import { decide, type ScopeOutcomes, retentionMs, type LimitPolicy } from './policy.js';
import type { LimitCheck, LimitDecision, LimiterStore, RawOutcome } from './limiter-store.js';
import { LRUCache } from 'lru-cache';
import { copyWalks, noWalks, recordWalk, tripsWith, type NumberWalks } from './sequential-run.js';

/** Address states share the table with client states under keys of their own. */
const ADDRESS_PREFIX = 'address:';

/**
 * The default cap on clients held. One client costs a few hundred bytes plus 8 per request counted in the day, so
 * 100,000 clients of a few requests each hold some tens of megabytes.
 */
const DEFAULT_MAX_CLIENTS = 100_000;

/** At the cap, the least recently seen tenth of the clients is dropped at once. */
const EVICT_FRACTION = 0.1;
/** Idle clients are looked for at most once a second of clock time. */
const SWEEP_INTERVAL_MS = 1000;

/** One scope of a check: the client's, or its address's. */
interface Scope {
  readonly key: string;
  readonly state: ScopeState;
  /** Whether the state was held when the check began (else it is kept only if the request is admitted). */
  readonly held: boolean;
  readonly check: ScopeCheck;
}

export interface MemoryStoreOptions {
  readonly maxClients?: number;
}

/**
 * Each check runs synchronously to the end, so two checks of one client never interleave: atomic without locks.
 *
 * A check decides before it creates anything: a client or address seen for the first time is read as an empty state
 * that is kept only when the request is admitted, so refused requests (a flood of new User-Agents from an address
 * over its ceiling, say) hold no memory and push nobody out. Cool-downs are kept apart from the windows, in a table
 * of their own that only other cool-downs can fill: evicting idle windows never ends someone's cool-down early, and
 * at that table's cap the cool-down that ends soonest goes first.
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
  private readonly clients = new Map<string, ScopeState>();
  /** Key → end of its cool-down, in the order they started (and so, the cool-down being one length, would end). */
  private readonly cooldowns: LRUCache<string, number>;
  private readonly maxClients: number;
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly policy: LimitPolicy,
    options: MemoryStoreOptions = {},
  ) {
    this.maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
    this.cooldowns = new LRUCache({ max: this.maxClients });
  }

  /** Clients and addresses currently held (for tests and the bound). */
  get size(): number {
    return this.clients.size;
  }

  // answered at once, not through a promise: the limiter's hook then needs no microtask
  check(request: LimitCheck): LimitDecision {
    return decide(this.evaluate(request), this.policy, request.now);
  }

  close(): Promise<void> {
    this.clients.clear();
    this.cooldowns.clear();
    return Promise.resolve();
  }

  /**
   * The steps of limiter-store.ts's LimiterStore, over the client and, when there is one, its address: both scopes
   * are asked at each step before anything is written.
   */
  private evaluate({ key, address, now, terms, bases }: LimitCheck): ScopeOutcomes {
    const p = this.policy;
    const client = this.scope(key, p, now);
    const ofAddress =
      address != null && p.address !== null ? this.scope(ADDRESS_PREFIX + address, p.address, now) : null;
    const clientBlocked = client.check.blocked();
    const addressBlocked = ofAddress?.check.blocked() ?? null;
    if (clientBlocked !== null || addressBlocked !== null) {
      // refused: only states already held are touched (as seen now), nothing new is kept
      this.touch(client, now, false);
      if (ofAddress !== null) this.touch(ofAddress, now, false);
      return {
        client: client.check.seen(clientBlocked ?? 'ok'),
        address: ofAddress?.check.seen(addressBlocked ?? 'ok') ?? null,
      };
    }
    // every scope is asked (no short cut), so each that trips starts its own cool-down
    const clientTrips = client.check.trips(terms, bases);
    const addressTrips = ofAddress?.check.trips(terms, bases) ?? false;
    if (clientTrips || addressTrips) {
      if (clientTrips) this.coolDown(client.key, client.state.coolUntil);
      if (addressTrips && ofAddress !== null) this.coolDown(ofAddress.key, ofAddress.state.coolUntil);
      this.touch(client, now, false);
      if (ofAddress !== null) this.touch(ofAddress, now, false);
      return {
        client: client.check.seen(clientTrips ? 'enumeration' : 'ok'),
        address: ofAddress?.check.seen(addressTrips ? 'enumeration' : 'ok') ?? null,
      };
    }
    client.check.count(terms);
    ofAddress?.check.count(terms);
    this.touch(client, now, true);
    if (ofAddress !== null) this.touch(ofAddress, now, true);
    return { client: client.check.seen('ok'), address: ofAddress?.check.seen('ok') ?? null };
  }

  /**
   * A scope's key, its state and the check on it at `now`: the state held for the key, or an empty one that is not
   * kept unless the request is admitted; its cool-down either way.
   */
  private scope(key: string, policy: LimitPolicy, now: number): Scope {
    const heldState = this.clients.get(key);
    const state = heldState ?? newScopeState(now);
    const cooling = this.cooldowns.peek(key);
    if (cooling !== undefined && cooling > state.coolUntil) state.coolUntil = cooling;
    return { key, state, held: heldState !== undefined, check: new ScopeCheck(state, policy, now) };
  }

  /** Keeps a cool-down apart from the windows; at the cap, those that end soonest (the oldest) go. */
  private coolDown(key: string, until: number): void {
    this.cooldowns.set(key, until);
  }

  /**
   * Moves a held state to the most-recently-seen end, and keeps a new one when `keep` (an admitted request); idle
   * clients expire and the table stays under the cap.
   */
  private touch({ key, state, held }: Scope, now: number, keep: boolean): void {
    if (!held && !keep) return;
    if (held) this.clients.delete(key);
    state.lastSeen = Math.max(state.lastSeen, now);
    this.clients.set(key, state);
    // Sweeps run in batches: a Map keeps deleted entries at its front until it rehashes, so walking it from the
    // start on every check would cost thousands of steps a check under a flood, several times the check itself.
    const full = this.clients.size > this.maxClients;
    if (full || now >= this.nextSweep) {
      const idleBefore = now - retentionMs(this.policy);
      const keepCount = full ? Math.floor(this.maxClients * (1 - EVICT_FRACTION)) : this.maxClients;
      for (const [oldKey, old] of this.clients) {
        if (this.clients.size > keepCount || old.lastSeen <= idleBefore) this.clients.delete(oldKey);
        else break;
      }
      // least recently set first: a cool-down is one length, so the first to end; deleted once the walk is done
      const ended: string[] = [];
      for (const coolKey of this.cooldowns.rkeys()) {
        if ((this.cooldowns.peek(coolKey) ?? 0) > now) break;
        ended.push(coolKey);
      }
      for (const coolKey of ended) this.cooldowns.delete(coolKey);
      this.nextSweep = now + SWEEP_INTERVAL_MS;
    }
  }
}

// One scope's state in the memory store (a client's, or an address's), and the steps of a check on it.
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

function newScopeState(now: number): ScopeState {
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
class ScopeCheck {
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
