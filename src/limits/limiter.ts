// The onRequest hook that enforces the limits: who the client is, what it asks, the store's decision, the headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientHeaders, type ClientKeys, ClientKeyCache, type TrustedProxies } from './client-identity.js';
import type { LimitDecision, LimiterStore, Refusal, Scope } from './limiter-store.js';
import { scopePolicy, type LimitPolicy, rateLimit, rateLimitPolicy, retryAfterSeconds } from './policy.js';
import { probeRequest } from './request-probe.js';
import { RefusalMemo, UncountedCeiling, RefusalCeiling } from './address-ceilings.js';
import { errorOf } from '../domain/error-of.js';

/** The per-address bounds this process keeps in memory (src/config.ts's `limits`). */
interface AddressBounds {
  /** KOHYO_UNCOUNTED_PER_MINUTE: uncounted answers one address may have in any 60 seconds. */
  readonly uncountedPerMinute: number;
  /** KOHYO_UNCOUNTED_BYTES_PER_MINUTE: the bytes of those answers. */
  readonly uncountedBytesPerMinute: number;
  /** KOHYO_REFUSALS_PER_MINUTE: refusals one address may have in any 60 seconds before it is dropped. */
  readonly refusalsPerMinute: number;
  /** KOHYO_REFUSAL_DROP_S: how long an address past its refusals is dropped. */
  readonly refusalDropSeconds: number;
}

export interface LimiterOptions {
  readonly store: LimiterStore;
  readonly policy: LimitPolicy;
  readonly trusted: TrustedProxies;
  /** HMAC key for client keys; null hashes them plainly (see client-identity.ts). */
  readonly secret: string | null;
  readonly clock: () => Date;
  /** The ceilings on uncounted answers and on refusals per address; absent, uncounted answers and refusals are free. */
  readonly bounds?: AddressBounds;
}

/** A request as Node made it: the socket's peer and the headers, and the client's keys once worked out. */
interface RequestSource {
  readonly socket: { readonly remoteAddress?: string | undefined };
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  kohyoClientKeys?: ClientKeys;
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The keys of the request's client under this process's limiter (limiter.ts), once worked out. */
    kohyoClientKeys?: ClientKeys;
  }
}

/**
 * The refusals that are made before any other work on a request (src/http/hooks/first-look.ts): those still standing for its
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
}

/**
 * The limits a route applies to the messages a request carries (MCP's batches), as routeLimitsOf reads them from the
 * app's limits.
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

/** What the app asks of the limits (src/http/hooks/limits-hooks.ts and the hooks before it): a Limiter is one. */
export interface RequestLimits extends RefusalGate {
  /**
   * Runs on every counted request (what counts is the route's to say: src/http/hooks/route-accounting.ts). Throws the
   * refusal, or rejects with it when the store answers through a promise (Redis); a store in this process answers at
   * once, without one.
   */
  readonly beforeApiRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;
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

/** The limits of the messages a request carries, read from the app's limits. */
export function routeLimitsOf(limits: RequestLimits): RouteLimits {
  return {
    count: async (request, reply) => {
      await limits.beforeApiRequest(request, reply);
    },
    chargeUncounted: (request, answers) => limits.chargeUncounted(request, answers),
    standingRefusal(request, reply) {
      try {
        limits.refuseStanding(request, reply);
        return null;
      } catch (error) {
        return errorOf(error);
      }
    },
  };
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

/** What one limiter keeps between requests. */
interface LimiterState {
  readonly options: LimiterOptions;
  readonly policyHeaders: Record<Scope, string>;
  readonly clientKeys: ClientKeyCache;
  readonly addressCeiling: boolean;
  readonly refused: RefusalMemo;
  readonly uncounted: UncountedCeiling | null;
  readonly refusals: RefusalCeiling | null;
}

export function createLimiter(options: LimiterOptions): Limiter {
  const { bounds } = options;
  const state: LimiterState = {
    options,
    policyHeaders: {
      client: rateLimitPolicy(options.policy),
      address: rateLimitPolicy(scopePolicy(options.policy, 'address')),
    },
    clientKeys: new ClientKeyCache(options.trusted, options.secret),
    addressCeiling: options.policy.address !== null,
    refused: new RefusalMemo(),
    uncounted: bounds ? new UncountedCeiling(bounds.uncountedPerMinute, bounds.uncountedBytesPerMinute) : null,
    refusals: bounds ? new RefusalCeiling(bounds.refusalsPerMinute, bounds.refusalDropSeconds * 1000) : null,
  };
  return {
    beforeApiRequest: (request, reply) => checkCounted(state, request, reply),
    beforeUncountedRequest: (request) => chargeUncounted(state, request, 1),
    chargeUncounted: (request, answers) => chargeUncounted(state, request, answers),
    chargeBytes(request, bytes) {
      const address = keysOf(state, request.raw).address;
      if (address !== null) state.uncounted?.addBytes(address, options.clock().getTime(), bytes);
    },
    refusing(source) {
      const { refused, refusals, uncounted } = state;
      // most requests come while nobody is refused: then not even the client's keys are worked out
      if (!refused.holding && refusals?.dropping !== true && uncounted?.refusing !== true) return false;
      const keys = keysOf(state, source);
      const now = options.clock().getTime();
      if (standingOf(state, keys, now) !== null) return true;
      if (keys.address === null) return false;
      return (
        (refusals?.droppedUntil(keys.address, now) ?? null) !== null || (uncounted?.refused(keys.address, now) ?? false)
      );
    },
    refuseStanding(request, reply) {
      const keys = keysOf(state, request.raw);
      const now = options.clock().getTime();
      refuseDropped(state, keys.address, now);
      const standing = standingOf(state, keys, now);
      if (standing !== null) applyDecision(state, keys, reply, standing, now);
    },
    peerDropLeft(peer) {
      if (state.refusals?.dropping !== true) return null;
      const { address } = state.clientKeys.keysOf(clientHeaders(peer, NO_HEADERS));
      const now = options.clock().getTime();
      const until = address === null ? null : state.refusals.droppedUntil(address, now);
      return until === null ? null : until - now;
    },
    ready: async () => {
      await options.store.ready?.();
    },
    close: () => options.store.close(),
  };
}

const NO_HEADERS: Readonly<Record<string, undefined>> = {};

/**
 * The keys of a request's client, worked out once a request (up to five hooks ask) and kept on the request as Node
 * made it (the one Fastify's request wraps).
 */
function keysOf(state: LimiterState, source: RequestSource): ClientKeys {
  const known = source.kohyoClientKeys;
  if (known !== undefined) return known;
  const keys = state.clientKeys.keysOf(clientHeaders(source.socket.remoteAddress, source.headers));
  source.kohyoClientKeys = keys;
  return keys;
}

/** The refusal standing for the client, else for its address, at `now`; null when none does. */
function standingOf(state: LimiterState, keys: ClientKeys, now: number): LimitDecision | null {
  return state.refused.of(keys.client, now) ?? state.refused.of(keys.address, now);
}

/** The limits on a counted request: a refusal still standing answered first, else the store's decision. */
function checkCounted(state: LimiterState, request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
  const { options } = state;
  const now = options.clock().getTime();
  const keys = keysOf(state, request.raw);
  refuseDropped(state, keys.address, now);
  // a client or address still refused is refused again before its query is read: a flood of refusals costs a
  // look-up each, not the normalising and hashing of what it asks, nor a round trip to the store
  const standing = standingOf(state, keys, now);
  if (standing !== null) {
    applyDecision(state, keys, reply, standing, now);
    return undefined;
  }
  // the query (and path parameters) as Fastify parsed them for the route, the objects its schema then checks
  const { terms, bases } = probeRequest(request.query, request.params);
  const decision = options.store.check({
    key: keys.client,
    address: state.addressCeiling ? keys.address : null,
    now,
    terms,
    bases,
  });
  if (decision instanceof Promise) return decision.then((decided) => applyDecision(state, keys, reply, decided, now));
  applyDecision(state, keys, reply, decision, now);
  return undefined;
}

/** Sets the decision's headers on the reply (error answers carry them too), and throws its refusal, if any. */
function applyDecision(
  state: LimiterState,
  keys: ClientKeys,
  reply: FastifyReply,
  decision: LimitDecision,
  now: number,
): void {
  void reply.header('ratelimit-policy', state.policyHeaders[decision.scope]);
  void reply.header('ratelimit', rateLimit(decision, state.options.policy, now));
  if (decision.refusal === null) return;
  state.refused.remember(decision.scope === 'address' ? keys.address : keys.client, decision);
  const seconds = retryAfterSeconds(decision, now);
  refuse(
    state,
    keys.address,
    now,
    new LimitRefusal(decision.refusal, MESSAGES[decision.scope][decision.refusal](seconds), seconds, decision.scope),
  );
}

/** Takes `answers` uncounted answers of the request's address, or throws the address's refusal. */
function chargeUncounted(state: LimiterState, request: FastifyRequest, answers: number): void {
  const { address } = keysOf(state, request.raw);
  // a Unix socket's peers cannot be told apart: one ceiling on them would be a ceiling on the whole service
  if (address === null || state.uncounted === null) return;
  const now = state.options.clock().getTime();
  refuseDropped(state, address, now);
  const retryAt = state.uncounted.take(address, now, answers);
  if (retryAt === null) return;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  refuse(state, address, now, new LimitRefusal('rate_limited', UNCOUNTED_MESSAGE(seconds), seconds, 'address'));
}

/** Throws the refusal of an address dropped past its refusals (a request that came through a trusted proxy). */
function refuseDropped(state: LimiterState, address: string | null, now: number): void {
  const until = address === null ? null : (state.refusals?.droppedUntil(address, now) ?? null);
  if (until === null) return;
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  throw new LimitRefusal('rate_limited', DROPPED_MESSAGE(seconds), seconds, 'address');
}

/** Counts a refusal against its address's ceiling on refusals, and throws it. */
function refuse(state: LimiterState, address: string | null, now: number, refusal: LimitRefusal): never {
  if (address !== null) state.refusals?.refuse(address, now);
  throw refusal;
}

const UNCOUNTED_MESSAGE = (seconds: number) =>
  `Too many answers to this address in the last 60 seconds, uncounted ones (304s, documents, /health, MCP listings) included; try again in ${seconds} seconds.`;

const DROPPED_MESSAGE = (seconds: number) =>
  `Too many refusals to this address in the last 60 seconds: its requests are not answered for ${seconds} more seconds.`;
