// The limits as a request meets them: who the client is (client-identity.ts), what it asks (its probe, below), the
// store's decision and its headers, and the refusals that stand beside it (address-ceilings.ts).
// Not @fastify/rate-limit: the contract asks for a sliding minute and a rolling day, per address and per network,
// checked and counted in one atomic step with the enumeration check; its one fixed window a key admits twice the limit
// at a window's edge, and two windows in two scopes would be four plugins and four trips to Redis (measured in
// bench/HISTORY.md, "The plumbing's libraries").
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { type ClientKeys, ClientKeyCache, type RequestSource, type TrustedProxies } from './client-identity.js';
import type { LimitCheck, LimitDecision, LimiterStore, Scope } from './limiter-store.js';
import {
  scopePolicy,
  type LimitPolicy,
  rateLimit,
  rateLimitPolicy,
  retryAfterSeconds,
  secondsToWait,
} from './policy.js';
import { type CeilingKeys, RefusalMemo, UncountedCeiling, RefusalCeiling } from './address-ceilings.js';
import { probeRequest } from './request-probe.js';
import { DROPPED_MESSAGES, LIMIT_MESSAGES, LimitRefusal, UNCOUNTED_MESSAGES } from './limit-refusal.js';
import { parseAddress } from '../lib/ip-address.js';
import { LRUCache } from 'lru-cache';
import { entriesBound } from './entries-bound.js';

export interface LimiterOptions {
  readonly store: LimiterStore;
  readonly policy: LimitPolicy;
  readonly trusted: TrustedProxies;
  /** HMAC key for client keys; null hashes them plainly (see client-identity.ts). */
  readonly secret: string | null;
  readonly clock: () => Date;
  /**
   * The ceilings per address this process keeps in memory (src/config.ts's `limits`), each client held to its share
   * (`addressFactor`): on uncounted answers and their bytes, and on refusals, with the drop past them; absent,
   * uncounted answers and refusals are free.
   */
  readonly bounds?: Pick<
    Config['limits'],
    'uncountedPerMinute' | 'uncountedBytesPerMinute' | 'refusalsPerMinute' | 'refusalDropSeconds' | 'addressFactor'
  >;
}

/**
 * The refusals that are made before any other work on a request (src/limits/http/early-refusals.ts): those still standing for its
 * client or address, and the drop of an address past its refusals.
 */
export interface RefusalGate {
  /**
   * Whether a refusal stands for the client or address of a request not routed yet: of the limits, of the ceiling
   * on uncounted answers, or a drop. Such a request's query is not read until it is known to be answered.
   */
  refusing(source: RequestSource): boolean;
  /** Throws the refusal standing for a counted request's client or address (its RateLimit headers set), if any. */
  refuseStanding(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * How long the drop of a request's client or address (past their bounds on refusals, KOHYO_REFUSALS_PER_MINUTE)
   * lasts yet, in ms; null when neither is dropped.
   */
  dropLeft(source: RequestSource): number | null;
  /** Charges `answers` more uncounted answers to the request's client and address (an MCP batch's messages); throws. */
  chargeUncounted(request: FastifyRequest, answers: number): void;
  /** Adds the bytes of an uncounted answer as sent to its client's and address's ceiling. */
  chargeBytes(request: FastifyRequest, bytes: number): void;
  /** The RateLimit-Policy a client's answers carry. */
  readonly clientPolicy: string;
  /**
   * How a request whose head was never read (Node's parser refused it) is answered, when no client can be told apart:
   * its socket peer's address's unreadable requests are one client of their own, whose refusals count against its
   * share of the address's bound on refusals like any client's. Null when that client or the address is dropped (its
   * connection is then closed unanswered); else the rate-limit headers of its answer: the RateLimit of the address,
   * read without counting (and read again at most once a second, or after a counted request of the address), with
   * that scope's policy; only the client's RateLimit-Policy where there is no address ceiling. A trusted proxy's (the
   * client behind it unknown) or a Unix socket's are neither counted nor dropped.
   */
  unreadRequest(peer: string | undefined): UnreadAnswer | Promise<UnreadAnswer> | null;
}

/** The rate-limit headers of an answer to a request whose head was never read. */
type UnreadAnswer = Readonly<Record<string, string>>;

/**
 * The limits a route applies to the messages a request carries (MCP's batches), as src/limits/http/limits-hooks.ts's
 * routeLimitsOf reads them from the app's limits.
 */
export interface RouteLimits {
  /**
   * Counts a request against the limits as one more (an MCP message that returns data), setting its headers on the
   * reply, and rejects with the refusal when they refuse it.
   */
  count(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Charges `answers` more uncounted answers to the request's client and address; throws the refusal past either. */
  chargeUncounted(request: FastifyRequest, answers: number): void;
  /** The refusal standing for the request's client or address under the limits (RateLimit headers set), or null. */
  standingRefusal(request: FastifyRequest, reply: FastifyReply): Error | null;
}

/** What the app asks of the limits (src/limits/http/limits-hooks.ts and the hooks before it): a Limiter is one. */
export interface RequestLimits extends RefusalGate {
  /**
   * Runs on every counted request (what counts is the route's to say: src/http/hooks/route-accounting.ts). Throws the
   * refusal, or rejects with it when the store answers through a promise (Redis); a store in this process answers at
   * once, without one.
   */
  beforeApiRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined;
  /**
   * As beforeApiRequest, for a counted request refused before its query was read (early-refusals.ts): it counts, and
   * asks the enumeration rules nothing, since what it asks was not read.
   */
  countUnread(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined;
  /**
   * Runs before every answer that does not count (an uncounted route's, a 304, a preflight, a refusal made before the
   * limits) and throws a 429 of the address once its ceiling is reached.
   */
  readonly beforeUncountedRequest: (request: FastifyRequest) => void;
}

export interface Limiter extends RequestLimits {
  /** Resolves when the store is ready to take checks (Redis connected, or given up on for now). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createLimiter(options: LimiterOptions): Limiter {
  return new StoreLimiter(options);
}

/** The limits of a store, and what this process keeps beside it between requests. */
class StoreLimiter implements Limiter {
  readonly #options: LimiterOptions;
  /** The RateLimit-Policy header of each scope: the quotas `r` in RateLimit is read against. */
  readonly #policyHeaders: Record<Scope, string>;
  readonly #clientKeys: ClientKeyCache;
  readonly #addressCeiling: boolean;
  readonly #refused = new RefusalMemo();
  readonly #uncounted: UncountedCeiling | null;
  readonly #refusals: RefusalCeiling | null;
  /** Each address's reading for unread requests, by address key, and when it was read: see unreadRequest. */
  readonly #unreadReadings = new LRUCache<string, { readonly at: number; readonly answer: UnreadReading }>(
    entriesBound(UNREAD_READINGS),
  );

  constructor(options: LimiterOptions) {
    const { bounds } = options;
    this.#options = options;
    this.#policyHeaders = {
      client: rateLimitPolicy(options.policy),
      address: rateLimitPolicy(scopePolicy(options.policy, 'address')),
    };
    this.#clientKeys = new ClientKeyCache(options.trusted, options.secret);
    this.#addressCeiling = options.policy.address !== null;
    const shares = bounds?.addressFactor ?? 0;
    this.#uncounted = bounds
      ? new UncountedCeiling(bounds.uncountedPerMinute, bounds.uncountedBytesPerMinute, shares)
      : null;
    this.#refusals = bounds
      ? new RefusalCeiling(bounds.refusalsPerMinute, bounds.refusalDropSeconds * 1000, shares)
      : null;
  }

  get clientPolicy(): string {
    return this.#policyHeaders.client;
  }

  // a function of its own, not a method: the hooks are handed it alone
  readonly beforeUncountedRequest = (request: FastifyRequest): void => this.chargeUncounted(request, 1);

  refusing(source: RequestSource): boolean {
    const refusals = this.#refusals;
    const uncounted = this.#uncounted;
    // most requests come while nobody is refused: then not even the client's keys are worked out
    if (this.#refused.size === 0 && (refusals?.dropped.size ?? 0) === 0 && (uncounted?.refusedUntil.size ?? 0) === 0)
      return false;
    const keys = this.#clientKeys.keysOf(source);
    const now = this.#options.clock().getTime();
    if ((this.#refused.of(keys.client, now) ?? this.#refused.of(keys.address, now)) !== null) return true;
    const ceilingKeys = ceilingKeysOf(keys);
    if (ceilingKeys === null) return false;
    return this.#droppedUntil(ceilingKeys, now) !== null || this.#uncountedRefused(ceilingKeys, now);
  }

  /** As RefusalGate's; it returns the request's client keys, for beforeApiRequest, which asks it first at `now`. */
  refuseStanding(request: FastifyRequest, reply: FastifyReply, now = this.#options.clock().getTime()): ClientKeys {
    const keys = this.#clientKeys.keysOf(request.raw);
    // nothing held (the usual case), nothing is looked up
    if ((this.#refusals?.dropped.size ?? 0) > 0) this.#refuseDropped(keys, now);
    if (this.#refused.size === 0) return keys;
    const standing = this.#refused.of(keys.client, now) ?? this.#refused.of(keys.address, now);
    if (standing !== null) this.#apply(keys, reply, standing, now);
    return keys;
  }

  /**
   * The limits on a counted request: a refusal still standing answered first, else the store's decision on what it
   * asks (`asked`: by default its query and path parameters as Fastify parsed them for the route, the objects its
   * schema then checks).
   */
  beforeApiRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    asked?: Pick<LimitCheck, 'terms' | 'bases'>,
  ): Promise<void> | undefined {
    const now = this.#options.clock().getTime();
    // a client or address still refused is refused again before its query is read: a flood of refusals costs a
    // look-up each, not the normalising and hashing of what it asks, nor a round trip to the store
    const keys = this.refuseStanding(request, reply, now);
    const { terms, bases } = asked ?? probeRequest(request.query, request.params);
    const address = this.#addressCeiling ? keys.address : null;
    // the reading an unread request of the address is told is read again once this one is counted
    if (address !== null && this.#unreadReadings.size > 0) this.#unreadReadings.delete(address);
    const decision = this.#options.store.check({ key: keys.client, address, now, terms, bases });
    if (decision instanceof Promise) return decision.then((decided) => this.#apply(keys, reply, decided, now));
    this.#apply(keys, reply, decision, now);
    return undefined;
  }

  countUnread(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    return this.beforeApiRequest(request, reply, NOTHING_ASKED);
  }

  unreadRequest(peer: string | undefined): UnreadReading | null {
    const unread = { 'ratelimit-policy': this.#policyHeaders.client };
    const parsed = parseAddress(peer ?? '');
    if (parsed === null || this.#options.trusted.has(parsed)) return unread;
    const { address } = this.#clientKeys.keysOf({ socket: { remoteAddress: peer }, headers: {} });
    if (address === null) return unread;
    const now = this.#options.clock().getTime();
    const keys = { client: UNREADABLE_CLIENT + address, address };
    if (this.#refusals !== null) {
      if (this.#droppedUntil(keys, now) !== null) return null;
      this.#refusals.refuse(keys, now);
    }
    if (!this.#addressCeiling) return unread;
    const held = this.#unreadReadings.get(address);
    if (held !== undefined && now >= held.at && now < held.at + UNREAD_READING_MS) return held.answer;
    const answer = this.#readAddress(address, now);
    this.#unreadReadings.set(address, { at: now, answer });
    return answer;
  }

  /** Takes `answers` uncounted answers of the request's client and address, or throws the refusal of either. */
  chargeUncounted(request: FastifyRequest, answers: number): void {
    const keys = ceilingKeysOf(this.#clientKeys.keysOf(request.raw));
    // a Unix socket's peers cannot be told apart: one ceiling on them would be a ceiling on the whole service
    if (keys === null || this.#uncounted === null) return;
    const now = this.#options.clock().getTime();
    this.#refuseDropped(keys, now);
    const refused = this.#uncounted.take(keys, now, answers);
    if (refused === null) return;
    const seconds = secondsToWait(refused.retryAt, now);
    const message = UNCOUNTED_MESSAGES[refused.scope](seconds);
    this.#refuse(keys, now, new LimitRefusal('rate_limited', message, seconds, refused.scope));
  }

  chargeBytes(request: FastifyRequest, bytes: number): void {
    const keys = ceilingKeysOf(this.#clientKeys.keysOf(request.raw));
    if (keys !== null) this.#uncounted?.addBytes(keys, this.#options.clock().getTime(), bytes);
  }

  dropLeft(source: RequestSource): number | null {
    if (this.#refusals === null || this.#refusals.dropped.size === 0) return null;
    const keys = ceilingKeysOf(this.#clientKeys.keysOf(source));
    const now = this.#options.clock().getTime();
    const until = keys === null ? null : this.#droppedUntil(keys, now);
    return until === null ? null : until - now;
  }

  async ready(): Promise<void> {
    await this.#options.store.ready?.();
  }

  close(): Promise<void> {
    return this.#options.store.close();
  }

  /** Sets the decision's headers on the reply (error answers carry them too), and throws its refusal, if any. */
  #apply(keys: ClientKeys, reply: FastifyReply, decision: LimitDecision, now: number): void {
    void reply.header('ratelimit-policy', this.#policyHeaders[decision.scope]);
    void reply.header('ratelimit', rateLimit(decision, this.#options.policy, now));
    if (decision.refusal === null) return;
    this.#refused.remember(decision.scope === 'address' ? keys.address : keys.client, decision);
    const seconds = retryAfterSeconds(decision, now);
    const message = LIMIT_MESSAGES[decision.scope][decision.refusal](seconds);
    const keysOfCeiling = ceilingKeysOf(keys);
    const refusal = new LimitRefusal(decision.refusal, message, seconds, decision.scope);
    if (keysOfCeiling === null) throw refusal;
    this.#refuse(keysOfCeiling, now, refusal);
  }

  /** The address's reading, as the headers of an unread request's answer (no reading without an address ceiling). */
  #readAddress(address: string, now: number): UnreadReading {
    const headers = (decision: LimitDecision | null): UnreadAnswer =>
      decision === null
        ? { 'ratelimit-policy': this.#policyHeaders.client }
        : {
            'ratelimit-policy': this.#policyHeaders.address,
            ratelimit: rateLimit(decision, this.#options.policy, now),
          };
    const decision = this.#options.store.readAddress(address, now);
    if (!(decision instanceof Promise)) return headers(decision);
    return decision.then(headers, (error: unknown) => {
      // a failed reading is not kept: the next unread request asks again
      this.#unreadReadings.delete(address);
      throw error;
    });
  }

  /** When the drop of the client, or of its whole address, ends; null when neither is dropped. */
  #droppedUntil(keys: CeilingKeys, now: number): number | null {
    const refusals = this.#refusals;
    if (refusals === null) return null;
    return refusals.droppedUntil(keys.address, now) ?? refusals.droppedUntil(keys.client, now);
  }

  /** Whether the uncounted ceiling refuses the client, or its whole address, at `now`. */
  #uncountedRefused(keys: CeilingKeys, now: number): boolean {
    const uncounted = this.#uncounted;
    return uncounted !== null && (uncounted.refused(keys.client, now) || uncounted.refused(keys.address, now));
  }

  /** Throws the refusal of a client, or of its whole address, dropped past its refusals. */
  #refuseDropped(keys: ClientKeys | CeilingKeys, now: number): void {
    const refusals = this.#refusals;
    if (refusals === null || refusals.dropped.size === 0 || keys.address === null) return;
    const addressUntil = refusals.droppedUntil(keys.address, now);
    const scope: Scope = addressUntil === null ? 'client' : 'address';
    const until = addressUntil ?? refusals.droppedUntil(keys.client, now);
    if (until === null) return;
    const seconds = secondsToWait(until, now);
    throw new LimitRefusal('rate_limited', DROPPED_MESSAGES[scope](seconds), seconds, scope);
  }

  /** Counts a refusal against its client's and address's bounds on refusals, and throws it. */
  #refuse(keys: CeilingKeys, now: number, refusal: LimitRefusal): never {
    this.#refusals?.refuse(keys, now);
    throw refusal;
  }
}

/** A client's keys as the ceilings count them; null for a Unix socket's, which has no address. */
function ceilingKeysOf(keys: ClientKeys): CeilingKeys | null {
  return keys.address === null ? null : { client: keys.client, address: keys.address };
}

/** What a request refused before its query was read asks the enumeration rules. */
const NOTHING_ASKED: Pick<LimitCheck, 'terms' | 'bases'> = { terms: [], bases: [] };

/**
 * The key of the one client an address's unread requests make (prefixed to the address's key): a key of no real
 * client, which are hashes without a colon.
 */
const UNREADABLE_CLIENT = 'unreadable:';

/** How long an address's reading for its unread requests is told again, in ms (of the limiter's clock). */
const UNREAD_READING_MS = 1000;
/** Addresses whose reading is held at most. */
const UNREAD_READINGS = 4096;

type UnreadReading = UnreadAnswer | Promise<UnreadAnswer>;
