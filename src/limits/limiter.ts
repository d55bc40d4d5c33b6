// The onRequest hook that enforces the limits: who the client is, what it asks, the store's decision, the headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientHeaders } from './client-identity.js';
import { ClientKeyCache } from './client-key-cache.js';
import type { LimitDecision, LimiterStore, Refusal } from './limiter-store.js';
import { scopePolicy, type LimitPolicy, type Scope } from './policy.js';
import { rateLimit, rateLimitPolicy, retryAfterSeconds } from './rate-limit-headers.js';
import { probeRequest } from './request-probe.js';
import type { TrustedProxies } from './trusted-proxies.js';
import { RefusalMemo } from './refusal-memo.js';
import { UncountedCeiling } from './uncounted-ceiling.js';

export interface LimiterOptions {
  readonly store: LimiterStore;
  readonly policy: LimitPolicy;
  readonly trusted: TrustedProxies;
  /** HMAC key for client keys; null hashes them plainly (see client-identity.ts). */
  readonly secret: string | null;
  readonly clock: () => Date;
  /** The per-address ceiling on uncounted answers (KOHYO_UNCOUNTED_PER_MINUTE); absent, uncounted answers are free. */
  readonly uncountedPerMinute?: number;
}

export interface Limiter {
  /**
   * For buildApp's `beforeApiRequest`: runs on every counted request (what counts is the route's to say:
   * src/http/route-accounting.ts). Throws the refusal, or rejects with it
   * when the store answers through a promise (Redis); a store in this process answers at once, without one.
   */
  readonly beforeApiRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;
  /**
   * For buildApp's `beforeUncountedRequest`: runs before every answer that does not count (an uncounted route's, a
   * 304, a preflight, a refusal made before the limits) and throws a 429 of the address once its ceiling is reached.
   */
  readonly beforeUncountedRequest: (request: FastifyRequest) => void;
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
  const policyHeaders: Record<Scope, string> = {
    client: rateLimitPolicy(options.policy),
    address: rateLimitPolicy(scopePolicy(options.policy, 'address')),
  };
  const clientKeys = new ClientKeyCache(options.trusted, options.secret);
  const addressCeiling = options.policy.address !== null;
  const refused = new RefusalMemo();
  const uncounted = options.uncountedPerMinute === undefined ? null : new UncountedCeiling(options.uncountedPerMinute);
  return {
    beforeApiRequest(request, reply) {
      const now = options.clock().getTime();
      const keys = clientKeys.keysOf(clientHeaders(request.socket.remoteAddress, request.headers));
      const apply = (decision: LimitDecision): void => {
        // set on the reply before any error is thrown, so error answers (400, 404, 429 alike) carry them too
        void reply.header('ratelimit-policy', policyHeaders[decision.scope]);
        void reply.header('ratelimit', rateLimit(decision, options.policy, now));
        if (decision.refusal !== null) {
          refused.remember(decision.scope === 'address' ? keys.address : keys.client, decision);
          const seconds = retryAfterSeconds(decision, now);
          throw new LimitRefusal(
            decision.refusal,
            MESSAGES[decision.scope][decision.refusal](seconds),
            seconds,
            decision.scope,
          );
        }
      };
      // a client or address still refused is refused again before its query is read: a flood of refusals costs a
      // look-up each, not the normalising and hashing of what it asks, nor a round trip to the store
      const standing = refused.of(keys.client, now) ?? refused.of(keys.address, now);
      if (standing !== null) {
        apply(standing);
        return undefined;
      }
      // the query (and path parameters) as Fastify parsed them for the route, the objects its schema then checks
      const { terms, bases } = probeRequest(request.query, request.params);
      const decision = options.store.check({
        key: keys.client,
        address: addressCeiling ? keys.address : null,
        now,
        terms,
        bases,
      });
      if (decision instanceof Promise) return decision.then(apply);
      apply(decision);
      return undefined;
    },
    beforeUncountedRequest(request) {
      if (uncounted === null) return;
      const { address } = clientKeys.keysOf(clientHeaders(request.socket.remoteAddress, request.headers));
      // a Unix socket's peers cannot be told apart: one ceiling on them would be a ceiling on the whole service
      if (address === null) return;
      const now = options.clock().getTime();
      const retryAt = uncounted.take(address, now);
      if (retryAt === null) return;
      const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
      throw new LimitRefusal('rate_limited', UNCOUNTED_MESSAGE(seconds), seconds, 'address');
    },
    ready: async () => {
      await options.store.ready?.();
    },
    close: () => options.store.close(),
  };
}

const UNCOUNTED_MESSAGE = (seconds: number) =>
  `Too many answers to this address in the last 60 seconds, uncounted ones (304s, documents, /health, MCP listings) included; try again in ${seconds} seconds.`;
