// The limits as a request meets them: who the client is (client-identity.ts), what it asks (its probe, below), the
// store's decision and its headers, and the refusals that stand beside it (address-ceilings.ts).
// Not @fastify/rate-limit: the contract asks for a sliding minute and a rolling day, per address and per network,
// checked and counted in one atomic step with the enumeration check; its one fixed window a key admits twice the limit
// at a window's edge, and two windows in two scopes would be four plugins and four trips to Redis (measured in
// bench/HISTORY.md, "The plumbing's libraries").
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { LRUCache } from 'lru-cache';
import { type ClientKeys, ClientKeyCache, type RequestSource, type TrustedProxies } from './client-identity.js';
import type { LimitCheck, LimitDecision, LimiterStore, Refusal, Scope } from './limiter-store.js';
import {
  scopePolicy,
  type LimitPolicy,
  rateLimit,
  rateLimitPolicy,
  retryAfterSeconds,
  secondsToWait,
} from './policy.js';
import { RefusalMemo, UncountedCeiling, RefusalCeiling } from './address-ceilings.js';
import { looksLikeCorporateNumber, normaliseCorporateNumberInput } from '../domain/companies/corporate-number.js';
import { normaliseCompanyName } from '../domain/companies/names.js';
import { isObject } from '../lib/is-object.js';
import { foldWidth } from '../domain/text/text-fold.js';
import type { FilterName } from '../domain/records/filter-names.js';

export interface LimiterOptions {
  readonly store: LimiterStore;
  readonly policy: LimitPolicy;
  readonly trusted: TrustedProxies;
  /** HMAC key for client keys; null hashes them plainly (see client-identity.ts). */
  readonly secret: string | null;
  readonly clock: () => Date;
  /**
   * The ceilings per address this process keeps in memory (src/config.ts's `limits`): on uncounted answers and their
   * bytes, and on refusals, with the drop past them; absent, uncounted answers and refusals are free.
   */
  readonly bounds?: Pick<
    Config['limits'],
    'uncountedPerMinute' | 'uncountedBytesPerMinute' | 'refusalsPerMinute' | 'refusalDropSeconds'
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
  /** How long the drop of this socket peer (past KOHYO_REFUSALS_PER_MINUTE) lasts yet, in ms; null when it is not dropped. */
  peerDropLeft(peer: string | undefined): number | null;
  /** Charges `answers` more uncounted answers to the request's address (the messages of an MCP batch); throws. */
  chargeUncounted(request: FastifyRequest, answers: number): void;
  /** Adds the bytes of an uncounted answer as sent to its address's ceiling. */
  chargeBytes(request: FastifyRequest, bytes: number): void;
  /** The RateLimit-Policy a client's answers carry, which a refusal made before the limits carries too. */
  readonly clientPolicy: string;
}

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
  /** Charges `answers` more uncounted answers to the request's address; throws the refusal past its ceiling. */
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

/**
 * A request the limits refuse; the HTTP layer answers it as the contract's 429 of the same code, with the scope
 * (`details.scope`) that refused it.
 */
export class LimitRefusal extends Error {
  constructor(
    readonly code: Refusal,
    message: string,
    readonly retryAfterSeconds: number,
    readonly scope: Scope,
  ) {
    super(message);
  }
}

// The address's messages say that another client name or User-Agent would not help: that is what the ceiling is for.
const MESSAGES: Record<Scope, Record<Refusal, (seconds: number) => string>> = {
  client: {
    rate_limited: (s) => `Too many requests in the last 60 seconds; try again in ${s} seconds.`,
    daily_limit_exceeded: (s) => `Too many requests in the last 24 hours; try again in ${s} seconds.`,
    automated_enumeration_detected: (s) =>
      `This looks like automated enumeration of the dataset, which is not provided; this client is refused for ${s} more seconds.`,
  },
  address: {
    rate_limited: (s) =>
      `Too many requests from this address in the last 60 seconds, whatever the client name; try again in ${s} seconds.`,
    daily_limit_exceeded: (s) =>
      `Too many requests from this address in the last 24 hours, whatever the client name; try again in ${s} seconds.`,
    automated_enumeration_detected: (s) =>
      `This looks like automated enumeration of the dataset from this address, which is not provided; this address is refused for ${s} more seconds.`,
  },
};

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

  constructor(options: LimiterOptions) {
    const { bounds } = options;
    this.#options = options;
    this.#policyHeaders = {
      client: rateLimitPolicy(options.policy),
      address: rateLimitPolicy(scopePolicy(options.policy, 'address')),
    };
    this.#clientKeys = new ClientKeyCache(options.trusted, options.secret);
    this.#addressCeiling = options.policy.address !== null;
    this.#uncounted = bounds ? new UncountedCeiling(bounds.uncountedPerMinute, bounds.uncountedBytesPerMinute) : null;
    this.#refusals = bounds ? new RefusalCeiling(bounds.refusalsPerMinute, bounds.refusalDropSeconds * 1000) : null;
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
    if (keys.address === null) return false;
    return (
      (refusals?.droppedUntil(keys.address, now) ?? null) !== null || (uncounted?.refused(keys.address, now) ?? false)
    );
  }

  /** As RefusalGate's; it returns the request's client keys, for beforeApiRequest, which asks it first at `now`. */
  refuseStanding(request: FastifyRequest, reply: FastifyReply, now = this.#options.clock().getTime()): ClientKeys {
    const keys = this.#clientKeys.keysOf(request.raw);
    // nothing held (the usual case), nothing is looked up
    if ((this.#refusals?.dropped.size ?? 0) > 0) this.#refuseDropped(keys.address, now);
    if (this.#refused.size === 0) return keys;
    const standing = this.#refused.of(keys.client, now) ?? this.#refused.of(keys.address, now);
    if (standing !== null) this.#apply(keys, reply, standing, now);
    return keys;
  }

  /** The limits on a counted request: a refusal still standing answered first, else the store's decision. */
  beforeApiRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const now = this.#options.clock().getTime();
    // a client or address still refused is refused again before its query is read: a flood of refusals costs a
    // look-up each, not the normalising and hashing of what it asks, nor a round trip to the store
    const keys = this.refuseStanding(request, reply, now);
    // the query (and path parameters) as Fastify parsed them for the route, the objects its schema then checks
    const { terms, bases } = probeRequest(request.query, request.params);
    const address = this.#addressCeiling ? keys.address : null;
    const decision = this.#options.store.check({ key: keys.client, address, now, terms, bases });
    if (decision instanceof Promise) return decision.then((decided) => this.#apply(keys, reply, decided, now));
    this.#apply(keys, reply, decision, now);
    return undefined;
  }

  /** Takes `answers` uncounted answers of the request's address, or throws the address's refusal. */
  chargeUncounted(request: FastifyRequest, answers: number): void {
    const { address } = this.#clientKeys.keysOf(request.raw);
    // a Unix socket's peers cannot be told apart: one ceiling on them would be a ceiling on the whole service
    if (address === null || this.#uncounted === null) return;
    const now = this.#options.clock().getTime();
    this.#refuseDropped(address, now);
    const retryAt = this.#uncounted.take(address, now, answers);
    if (retryAt === null) return;
    const seconds = secondsToWait(retryAt, now);
    this.#refuse(address, now, new LimitRefusal('rate_limited', UNCOUNTED_MESSAGE(seconds), seconds, 'address'));
  }

  chargeBytes(request: FastifyRequest, bytes: number): void {
    const { address } = this.#clientKeys.keysOf(request.raw);
    if (address !== null) this.#uncounted?.addBytes(address, this.#options.clock().getTime(), bytes);
  }

  peerDropLeft(peer: string | undefined): number | null {
    if (this.#refusals === null || this.#refusals.dropped.size === 0) return null;
    const { address } = this.#clientKeys.keysOf({ socket: { remoteAddress: peer }, headers: {} });
    const now = this.#options.clock().getTime();
    const until = address === null ? null : this.#refusals.droppedUntil(address, now);
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
    const message = MESSAGES[decision.scope][decision.refusal](seconds);
    this.#refuse(keys.address, now, new LimitRefusal(decision.refusal, message, seconds, decision.scope));
  }

  /** Throws the refusal of an address dropped past its refusals (a request that came through a trusted proxy). */
  #refuseDropped(address: string | null, now: number): void {
    const until = address === null ? null : (this.#refusals?.droppedUntil(address, now) ?? null);
    if (until === null) return;
    const seconds = secondsToWait(until, now);
    throw new LimitRefusal('rate_limited', DROPPED_MESSAGE(seconds), seconds, 'address');
  }

  /** Counts a refusal against its address's ceiling on refusals, and throws it. */
  #refuse(address: string | null, now: number, refusal: LimitRefusal): never {
    if (address !== null) this.#refusals?.refuse(address, now);
    throw refusal;
  }
}

const UNCOUNTED_MESSAGE = (seconds: number) =>
  `Too many answers to this address in the last 60 seconds, uncounted ones (304s, documents, /health, MCP listings) included; try again in ${seconds} seconds.`;

const DROPPED_MESSAGE = (seconds: number) =>
  `Too many refusals to this address in the last 60 seconds: its requests are not answered for ${seconds} more seconds.`;

// What a request asks for, as the enumeration rules see it (LimitCheck's terms and bases): its normalised search
// terms, hashed (the names it asks, and the slice of the dataset its filters cut), and Corporate Number bases.

/**
 * The filters that slice the whole dataset without naming anything: a date window, an authority, a law, a prefecture…
 * Each distinct combination of them is a distinct search term, as a distinct name is: one client copied the whole demo
 * in 240 windows of `from` and `to` that the rule did not see. `page`, `limit` and `format` are not among
 * them, so that paging one answer, or asking it as a feed, asks one term. Typed against the filter table's names, so
 * that a new filter is placed here or among the look-ups.
 */
const SLICE_PARAMETERS = {
  law: true,
  authority: true,
  action_type: true,
  reason: true,
  status: true,
  sector: true,
  nature: true,
  listing: true,
  prefecture: true,
  from: true,
  to: true,
} as const satisfies Record<Exclude<FilterName, 'company' | 'q' | 'corporate_number' | 'include_predecessors'>, true>;

/** The query's parameters the rules read: the look-ups (each value a term), then the slicing filters (together one). */
const QUERY_PARAMETERS = ['corporate_number', 'q', 'company', ...Object.keys(SLICE_PARAMETERS)];
const SLICING = new Set(Object.keys(SLICE_PARAMETERS));

/**
 * The path parameters of a route that are look-ups too (the contract: each distinct number or id of
 * `/api/v1/companies/{corporate_number}`, `/api/v1/enforcements/{id}` … counts as a distinct search term), so that a
 * route declaring `counted` is read alike whether it takes its question in the query or in the path.
 */
const PATH_PARAMETERS = ['corporate_number', 'id'];

/** The parameters of a request without a query object. */
const NO_PARAMETERS: Readonly<Record<string, unknown>> = {};

/**
 * The longest value read: longer ones are refused by the endpoints' schemas (a name is at most 100 characters), so
 * their first characters name them well enough, and a value of 16 KB is not normalised whole for the rules.
 */
const MAX_PROBED_LENGTH = 256;

/** How many values of one parameter are read. */
const MAX_PROBED_VALUES = 10;

/**
 * Normalises as the search does, so `トヨタ自動車株式会社` and `トヨタ自動車` are one term and `T1180-3010-18771` and
 * `1180301018771` are one number. A 13-digit `q` or `company` is a Corporate Number look-up (the search treats it
 * as one), as is `corporate_number`, whether or not its check digit is valid. The slicing filters' values are read
 * NFKC, trimmed and caseless, by name.
 */
export function probeRequest(query: unknown, pathParameters?: unknown): Pick<LimitCheck, 'terms' | 'bases'> {
  const terms = new Set<string>();
  const bases: number[] = [];
  const slice: [string, string[]][] = [];
  const asked = isObject(query) ? query : NO_PARAMETERS;
  const path = isObject(pathParameters) ? pathParameters : NO_PARAMETERS;
  for (const [parameters, names] of [
    [path, PATH_PARAMETERS],
    [asked, QUERY_PARAMETERS],
  ] as const) {
    for (const name of names) {
      const given = parameters[name];
      if (given === undefined) continue;
      // a parameter given more than once is refused by the query rules: its first values name it well enough
      const list = typeof given === 'string' ? [given] : Array.isArray(given) ? given.slice(0, MAX_PROBED_VALUES) : [];
      const slicing = parameters === asked && SLICING.has(name);
      const sliced: string[] = [];
      for (const value of list) {
        if (typeof value !== 'string') continue;
        const text = value.slice(0, MAX_PROBED_LENGTH);
        if (slicing) {
          const normalised = foldWidth(text).trim().toLowerCase();
          if (normalised !== '') sliced.push(normalised);
          continue;
        }
        const probe = probeValue(name, text);
        if (probe === null) continue;
        terms.add(probe.term);
        if (probe.base !== null) bases.push(probe.base);
      }
      if (sliced.length > 0) slice.push([name, sliced]);
    }
  }
  const probe = slice.length > 0 ? probeValue(SLICE, JSON.stringify(slice)) : null;
  if (probe !== null) terms.add(probe.term);
  return { terms: [...terms], bases };
}

type Probe = { readonly term: string; readonly base: number | null } | null;

/** Values asked again and again (a rotation of numbers, a name paged through) are probed once, while recent. */
const PROBES = new LRUCache<string, { readonly probe: Probe }>({ max: 4096 });
/** A value longer than this is probed each time: a client's long texts do not fill the memo. */
const MEMO_KEY_LENGTH = 256;

/** The name under which a request's slice (its slicing filters' values, by name, as JSON) is probed. */
const SLICE = '';

/**
 * The hashed term and the Corporate Number base of one value (or of a slice), remembered: its SHA-256 is a visible
 * share of a Corporate Number look-up, a look-up in the memo is not. Each kind of term is hashed under a prefix of its own, so that a name never equals a number or an id.
 */
function probeValue(name: string, value: string): Probe {
  const key = `${name}\u0000${value}`;
  const held = PROBES.get(key);
  if (held !== undefined) return held.probe;
  let term: string | null = null;
  let base: number | null = null;
  if (name === SLICE) term = `s:${value}`;
  else if (value.trim() === '') term = null;
  // a record's id is a term of its own kind: never read as a name, nor as a number however it looks
  else if (name === 'id') term = `i:${value}`;
  else if (name === 'corporate_number' || looksLikeCorporateNumber(value)) {
    const number = normaliseCorporateNumberInput(value);
    term = `n:${number}`;
    if (/^\d{13}$/u.test(number)) base = Number(number.slice(1));
  } else {
    const nameKey = normaliseCompanyName(value);
    if (nameKey !== '') term = `t:${nameKey}`;
  }
  const probe =
    term === null ? null : { term: createHash('sha256').update(term).digest('base64url').slice(0, 16), base };
  if (key.length <= MEMO_KEY_LENGTH) PROBES.set(key, { probe });
  return probe;
}
