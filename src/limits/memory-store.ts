// The limiter store held in this process's memory: exact sliding logs per client and per address, bounded in size.
import { decide, decideAddress, retentionMs, walkCooldownMs, type LimitPolicy } from './policy.js';
import type { LimitCheck, LimitDecision, LimiterStore, RawOutcome } from './limiter-store.js';
import { LRUCache } from 'lru-cache';
import { entriesBound } from './entries-bound.js';
import { copyWalks, noWalks, recordWalk, walkTag, walkTripped, type NumberWalks } from './sequential-run.js';

/** Address states share the table with client states under keys of their own. */
const ADDRESS_PREFIX = 'address:';

/**
 * The default cap on clients and addresses held (with the address ceiling on, an address that asks once is two):
 * what they cost at the cap, measured, is in bench/README.md (the limiter's state, under the limiter's stores).
 */
const DEFAULT_MAX_CLIENTS = 100_000;

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
 * A check decides before it creates anything: a client or address seen for the first time is read as an empty state
 * that is kept only when the request is admitted, so refused requests (a flood of new User-Agents from an address
 * over its ceiling, say) hold no memory and push nobody out. Cool-downs are kept apart from the windows, in a table
 * of their own that only other cool-downs can fill: evicting idle windows never ends someone's cool-down early, and
 * at that table's cap the cool-down that began first goes first (a client's are all one length, an address's no
 * longer than a client's).
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
  /** Key → end of its cool-down, in the order they started (an address's may be shorter: policy.ts walkCooldownMs). */
  private readonly cooldowns: LRUCache<string, number>;
  private readonly maxClients: number;
  /** How long a state matters after its last request (policy.ts retentionMs): idle longer, it is swept. */
  private readonly retentionMs: number;
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly policy: LimitPolicy,
    options: MemoryStoreOptions = {},
  ) {
    this.maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
    this.cooldowns = new LRUCache(entriesBound(this.maxClients));
    this.retentionMs = retentionMs(policy);
  }

  /** Clients and addresses currently held (for tests and the bound). */
  get size(): number {
    return this.clients.size;
  }

  /**
   * The steps of limiter-store.ts's LimiterStore, over the client and, when there is one, its address: each scope is
   * read in one pass (open), then both are written (settle) once both have agreed. Answered at once, not through a
   * promise: the limiter's hook then needs no microtask.
   */
  check({ key, address, now, terms, bases }: LimitCheck): LimitDecision {
    const p = this.policy;
    const client = this.open(key, p, now, { terms, bases, tag: '' });
    const ofAddress =
      address != null && p.address !== null
        ? this.open(ADDRESS_PREFIX + address, p.address, now, {
            terms,
            bases,
            tag: bases.length > 0 ? walkTag(key) : '',
          })
        : null;
    // a cool-down or a full window in either scope refuses, and then neither scope's enumeration is looked at; else
    // each scope whose enumeration rule trips refuses, and starts its own cool-down
    const blocked = client.blocked !== null || (ofAddress !== null && ofAddress.blocked !== null);
    const tripped = !blocked && (client.trips || ofAddress?.trips === true);
    const admitted = !blocked && !tripped;
    const outcomes = {
      client: this.settle(client, admitted, blocked, terms, now),
      address: ofAddress === null ? null : this.settle(ofAddress, admitted, blocked, terms, now),
    };
    // Sweeps run in batches: a Map keeps deleted entries at its front until it rehashes, so walking it from the
    // start on every check would cost thousands of steps a check under a flood, several times the check itself.
    if (this.clients.size > this.maxClients || now >= this.nextSweep) this.sweep(now);
    return decide(outcomes, p, now);
  }

  readAddress(address: string, now: number): LimitDecision | null {
    const p = this.policy;
    if (p.address === null) return null;
    // open reads without keeping a state it did not hold, and with no terms nor numbers trips no rule
    const scope = this.open(ADDRESS_PREFIX + address, p.address, now, NOTHING_ASKED);
    return decideAddress(outcomeOf(scope, scope.blocked ?? 'ok', now), p);
  }

  close(): Promise<void> {
    this.clients.clear();
    this.cooldowns.clear();
    return Promise.resolve();
  }

  /**
   * One scope at `now`, read in one pass: the state held for the key, or an empty one that is not kept unless the
   * request is admitted, with its cool-down; its day's log pruned and where its minute starts; whether it refuses
   * whatever is asked; and, when it does not, whether these terms or numbers (looked up by the client `tag` names in
   * an address's walks) trip an enumeration rule, and for how long. Nothing is counted yet, and no cool-down started.
   */
  private open(key: string, policy: LimitPolicy, now: number, asked: Asked): OpenScope {
    const { terms, bases, tag } = asked;
    const heldState = this.clients.get(key);
    const state: ScopeState = heldState ?? {
      log: [],
      terms: new Map(),
      termsSince: Number.POSITIVE_INFINITY,
      walks: null,
      coolUntil: 0,
      lastSeen: now,
    };
    const cooling = this.cooldowns.peek(key);
    if (cooling !== undefined && cooling > state.coolUntil) state.coolUntil = cooling;
    const { log } = state;
    const expired = firstAfter(log, now - policy.dayMs);
    if (expired > 0) log.splice(0, expired);
    const minuteStart = firstAfter(log, now - policy.minuteMs);
    const scope: OpenScope = {
      key,
      policy,
      state,
      held: heldState !== undefined,
      minuteStart,
      blocked: null,
      trips: false,
      coolMs: 0,
      tag,
      pending: null,
    };
    if (state.coolUntil > now) scope.blocked = 'cooling';
    else if (log.length - minuteStart >= policy.perMinute || log.length >= policy.perDay) scope.blocked = 'full';
    if (scope.blocked !== null) return scope;
    if (state.termsSince <= now - policy.enumWindowMs) {
      let since = Number.POSITIVE_INFINITY;
      for (const [term, at] of state.terms) {
        if (at <= now - policy.enumWindowMs) state.terms.delete(term);
        else since = Math.min(since, at);
      }
      state.termsSince = since;
    }
    let fresh = 0;
    for (const term of terms) if (!state.terms.has(term)) fresh++;
    if (state.terms.size + fresh > policy.enumDistinctTerms) {
      scope.trips = true;
      scope.coolMs = policy.cooldownMs;
    }
    const last = bases.at(-1);
    if (last !== undefined) {
      // one number (the usual request) is measured against the walks as held, which stay untouched until settled;
      // several are measured in turn on a copy, each after those before it
      const held = state.walks ?? noWalks();
      const walks = bases.length === 1 ? held : copyWalks(held);
      for (const [i, base] of bases.entries()) {
        const makers = walkTripped(walks, base, policy.enumSequential, tag);
        if (makers !== null && makers.others >= policy.walkEvidence) {
          scope.trips = true;
          scope.coolMs = Math.max(scope.coolMs, walkCooldownMs(policy, makers.clients));
        }
        if (i < bases.length - 1) recordWalk(walks, base, policy.enumSequential, tag);
      }
      scope.pending = { walks, last };
    }
    return scope;
  }

  /**
   * Writes what the check decided in one scope, and reads it back as the scope's outcome: a tripped rule starts the
   * scope's cool-down, an admitted request is counted with its terms and numbers, and the state is moved to the
   * most-recently-seen end (a new one kept only when admitted).
   */
  private settle(
    scope: OpenScope,
    admitted: boolean,
    blocked: boolean,
    terms: readonly string[],
    now: number,
  ): RawOutcome {
    const { key, policy, state, held } = scope;
    const { log } = state;
    const outcome = scope.blocked ?? (!blocked && scope.trips ? 'enumeration' : 'ok');
    if (outcome === 'enumeration') {
      state.coolUntil = now + scope.coolMs;
      // kept apart from the windows; at the table's cap, those that began first go
      this.cooldowns.set(key, state.coolUntil);
    }
    if (admitted) {
      const at = firstAfter(log, now); // a clock that stepped back still leaves the log in order
      log.splice(at, 0, now);
      if (at < scope.minuteStart) scope.minuteStart = at;
      for (const term of terms) state.terms.set(term, now);
      if (terms.length > 0) state.termsSince = Math.min(state.termsSince, now);
      if (scope.pending !== null) {
        recordWalk(scope.pending.walks, scope.pending.last, policy.enumSequential, scope.tag);
        state.walks = scope.pending.walks;
      }
    }
    if (held || admitted) {
      if (held) this.clients.delete(key);
      state.lastSeen = Math.max(state.lastSeen, now);
      this.clients.set(key, state);
    }
    return outcomeOf(scope, outcome, now);
  }

  /** Drops the clients idle past the retention and, at the cap, the least recently seen tenth; and the ended cool-downs. */
  private sweep(now: number): void {
    const idleBefore = now - this.retentionMs;
    const keepCount =
      this.clients.size > this.maxClients ? Math.floor(this.maxClients * (1 - EVICT_FRACTION)) : this.maxClients;
    for (const [oldKey, old] of this.clients) {
      if (this.clients.size > keepCount || old.lastSeen <= idleBefore) this.clients.delete(oldKey);
      else break;
    }
    // least recently set first, up to the first that has not ended: one that ends before another that began earlier
    // (an address's, shorter) waits for it, refusing nothing meanwhile; deleted once the walk is done
    const ended: string[] = [];
    for (const coolKey of this.cooldowns.rkeys()) {
      if ((this.cooldowns.peek(coolKey) ?? 0) > now) break;
      ended.push(coolKey);
    }
    for (const coolKey of ended) this.cooldowns.delete(coolKey);
    this.nextSweep = now + SWEEP_INTERVAL_MS;
  }
}

/** What a check asks of one scope: the request's terms and numbers, and the tag its numbers take in the scope's walks. */
interface Asked {
  readonly terms: readonly string[];
  readonly bases: readonly number[];
  readonly tag: string;
}

/** What reading a scope asks: nothing, so no rule trips. */
const NOTHING_ASKED: Asked = { terms: [], bases: [], tag: '' };

/** What one scope holds at `now`, read as the store's outcome. */
function outcomeOf({ state, minuteStart }: OpenScope, outcome: RawOutcome['outcome'], now: number): RawOutcome {
  const { log } = state;
  return {
    outcome,
    minuteUsed: log.length - minuteStart,
    minuteOldest: log[minuteStart] ?? null,
    dayUsed: log.length,
    dayOldest: log[0] ?? null,
    coolUntil: state.coolUntil > now ? state.coolUntil : null,
  };
}

/** One scope of a check (the client's, or its address's) as opened at `now`. */
interface OpenScope {
  readonly key: string;
  readonly policy: LimitPolicy;
  readonly state: ScopeState;
  /** Whether the state was held when the check began (else it is kept only if the request is admitted). */
  readonly held: boolean;
  /** The index in the log of the minute's first request. */
  minuteStart: number;
  /** Refused whatever is asked: cooling down, or a window already full. */
  blocked: 'cooling' | 'full' | null;
  /** Whether the request's terms or numbers trip an enumeration rule (asked only when not blocked). */
  trips: boolean;
  /** How long the rules it trips cool the scope down (policy.ts walkCooldownMs for a walk), in ms. */
  coolMs: number;
  /** The tag its walks give the numbers the request looks up (sequential-run.ts walkTag): '' in a client's own. */
  readonly tag: string;
  /**
   * Where settle records the request's last number (`last`): the scope's own walks, or, for a request of several
   * numbers, a copy holding those before it. Null when the request asks no number.
   */
  pending: { readonly walks: NumberWalks; readonly last: number } | null;
}

// One scope's state in the memory store (a client's, or an address's).
interface ScopeState {
  /** Instants of the counted requests of the last day, oldest first (at most perDay of them). */
  readonly log: number[];
  /** Hashed term → when it was last asked for. At most enumDistinctTerms entries: one more trips the rule. */
  readonly terms: Map<string, number>;
  /** No term was asked for before this (the least of the terms' instants): the terms are looked through only once one expires. */
  termsSince: number;
  /** The Corporate Number look-ups as the sequential rule reads them (sequential-run.ts); null before the first. */
  walks: NumberWalks | null;
  coolUntil: number;
  lastSeen: number;
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
