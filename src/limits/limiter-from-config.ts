// Builds the limiter the settings ask for: memory for one process, Redis (with the memory fallback) when REDIS_URL is set.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { ConfigError, type Config } from '../config.js';
import { FallbackStore, type FaultLog } from './fallback-store.js';
import { createLimiter, type Limiter } from './limiter.js';
import { MemoryStore } from './memory-store.js';
import { limitPolicy } from './policy.js';
import { RedisStore } from './redis-store.js';
import { parseTrustedProxies } from './trusted-proxies.js';

/** How long one check may wait for Redis before the request is answered from the memory windows instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Several processes with memory stores would each hold their own windows and let a client through N times over,
 * so that is refused at start. (Several instances started separately cannot be seen from here: docs/operating.md says
 * to point them all at one REDIS_URL.)
 */
export function assertSharedState(config: Config): void {
  if (config.workers > 1 && config.redisUrl === null) {
    throw new ConfigError(
      `KOHYO_WORKERS=${config.workers} needs REDIS_URL: each process would keep its own rate-limit windows and a client ` +
        'would get its allowance once per process. Set REDIS_URL, or run one worker.',
    );
  }
}

/** Where the limits are kept, for /metrics: memory or Redis, and how the Redis store has fallen back to memory. */
export interface LimiterState {
  readonly store: 'memory' | 'redis';
  /** True while Redis is unreachable and the memory windows answer. */
  readonly degraded: boolean;
  /** Checks the memory windows answered because Redis could not. */
  readonly fallbackChecks: number;
}

export function limiterFromConfig(
  config: Config,
  deps: { readonly clock: () => Date; readonly log: FaultLog },
): Limiter & { state(): LimiterState } {
  assertSharedState(config);
  const policy = limitPolicy(config.limits);
  const trusted = parseTrustedProxies(config.trustProxy);
  const store = storeFromConfig(config, deps.log);
  // without Redis the keys never leave this process, so a secret of its own will do; with Redis every process
  // must hash alike, so only KOHYO_USAGE_SECRET can key the hash (plain SHA-256 otherwise)
  const secret = config.usageSecret ?? (config.redisUrl === null ? randomBytes(32).toString('hex') : null);
  const limiter = createLimiter({ store, policy, trusted, secret, clock: deps.clock });
  const state = (): LimiterState =>
    store instanceof FallbackStore
      ? { store: 'redis', degraded: store.degraded, fallbackChecks: store.fallbackChecks }
      : { store: 'memory', degraded: false, fallbackChecks: 0 };
  return Object.assign(limiter, { state });
}

export function storeFromConfig(config: Config, log: FaultLog): MemoryStore | FallbackStore {
  const policy = limitPolicy(config.limits);
  if (config.redisUrl === null) return new MemoryStore(policy);
  const redis = new Redis(config.redisUrl, {
    // fail a check at once while disconnected rather than queueing it: the fallback answers instead
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  });
  // connection faults are reported (once a minute) by the fallback store; ioredis would print each one
  redis.on('error', () => undefined);
  return new FallbackStore(new RedisStore(redis, policy), new MemoryStore(policy), log);
}
