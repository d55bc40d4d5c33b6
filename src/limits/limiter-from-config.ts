// Builds the limiter the settings ask for: memory for one process, Redis (with the memory fallback) when REDIS_URL is set.
import { createHmac, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ConfigError } from '../config-readers.js';
import { FallbackStore, type FaultLog } from './fallback-store.js';
import { createLimiter, type Limiter } from './limiter.js';
import { MemoryStore } from './memory-store.js';
import { limitPolicy, retentionMs } from './policy.js';
import { loadUsageSecret } from '../usage/store/usage-secret.js';
import { RedisStore } from './redis-store.js';
import { parseTrustedProxies } from './client-identity.js';

/** How long one check may wait for Redis before the request is answered from the memory windows instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

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
  const secret = limiterSecret(config);
  if (store instanceof FallbackStore && store.primary instanceof RedisStore) {
    const redisStore = store.primary;
    const fingerprint = secretFingerprint(secret);
    // on every connection (a Redis restarted empty is told again): a process with another secret warns
    redisStore.onReady(() => {
      redisStore.agreesOn(fingerprint, retentionMs(policy)).then(
        (agrees) => {
          if (!agrees)
            deps.log.warn(
              { redis: 'secret-fingerprint' },
              'another process on this Redis keys its clients with another secret, so each counts them apart: ' +
                'give every process one KOHYO_USAGE_SECRET (docs/operating.md)',
            );
        },
        () => undefined,
      );
    });
  }
  const limiter = createLimiter({
    store,
    policy,
    trusted,
    secret,
    clock: deps.clock,
    bounds: config.limits,
  });
  const state = (): LimiterState =>
    store instanceof FallbackStore
      ? { store: 'redis', degraded: store.degraded, fallbackChecks: store.fallbackChecks }
      : { store: 'memory', degraded: false, fallbackChecks: 0 };
  return Object.assign(limiter, { state });
}

/**
 * The key of the client and address hashes, so that the limiter's state (Redis's keys above all) cannot be turned
 * back into addresses by hashing all 2^32 of them: KOHYO_USAGE_SECRET when set; else, without Redis, a random one
 * for this process (the keys never leave it); else the secret kept beside the dataset (`<KOHYO_DB>.usage-secret`,
 * usage-secret.ts), which every process of one host reads alike, so that they count a client under one key. Hosts
 * sharing one Redis must share KOHYO_USAGE_SECRET: each process leaves a fingerprint of its secret in Redis and
 * warns when it finds another's.
 */
function limiterSecret(config: Config): string {
  if (config.usageSecret !== null) return config.usageSecret;
  return config.redisUrl === null ? randomBytes(32).toString('hex') : loadUsageSecret(config);
}

/** What a process leaves in Redis to tell whether others key alike: an HMAC of a fixed text, never the secret. */
function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('kohyo limiter secret fingerprint').digest('base64url').slice(0, 22);
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
