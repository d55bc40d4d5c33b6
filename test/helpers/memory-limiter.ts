// A limiter over a memory store with the settings' policy, on the clock a test gives: the service's limiter
// without Redis.
import type { Config } from '../../src/config.js';
import { createLimiter, type Limiter } from '../../src/limits/limiter.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { limitPolicy } from '../../src/limits/policy.js';
import { parseTrustedProxies } from '../../src/limits/client-identity.js';

export function memoryLimiter(config: Config, clock: () => Date): Limiter {
  const policy = limitPolicy(config.limits);
  return createLimiter({
    store: new MemoryStore(policy),
    policy,
    trusted: parseTrustedProxies(config.trustProxy),
    secret: null,
    clock,
    bounds: config.limits,
  });
}
