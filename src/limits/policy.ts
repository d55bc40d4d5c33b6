// The numbers the limiter enforces, in milliseconds, from the settings: per client, and per address.
import type { Config } from '../config.js';

export interface LimitPolicy {
  readonly perMinute: number;
  readonly minuteMs: number;
  readonly perDay: number;
  readonly dayMs: number;
  readonly enumDistinctTerms: number;
  readonly enumWindowMs: number;
  readonly enumSequential: number;
  readonly cooldownMs: number;
  /**
   * The ceiling on one address, whatever User-Agents and client names it sends (the same shape, with `address`
   * null); null when KOHYO_ADDRESS_LIMIT_FACTOR is 0.
   */
  readonly address: LimitPolicy | null;
}

/** Which group a decision is about: the client (address, User-Agent, client name), or the address alone. */
export type Scope = 'client' | 'address';

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function limitPolicy(limits: Config['limits']): LimitPolicy {
  const f = limits.addressFactor;
  return scope(limits, 1, f === 0 ? null : scope(limits, f, null));
}

/**
 * One scope's numbers, its quotas `factor` times the client's. The sequential-run threshold is not multiplied: five
 * steps through the number space are a walk whether one client name takes them or five. The windows
 * and the cool-down are the client's.
 */
function scope(limits: Config['limits'], factor: number, address: LimitPolicy | null): LimitPolicy {
  return Object.freeze({
    perMinute: limits.perMinute * factor,
    minuteMs: MINUTE_MS,
    perDay: limits.perDay * factor,
    dayMs: DAY_MS,
    enumDistinctTerms: limits.enumDistinctTerms * factor,
    enumWindowMs: limits.enumWindowSeconds * 1000,
    enumSequential: limits.enumSequential,
    cooldownMs: limits.enumCooldownSeconds * 1000,
    address,
  });
}

/** The policy of one scope (the client's when there is no address ceiling, which is never asked for then). */
export function scopePolicy(policy: LimitPolicy, scope: Scope): LimitPolicy {
  return scope === 'address' && policy.address !== null ? policy.address : policy;
}

/** How long a client's state matters after its last request: past this, forgetting it changes no answer. */
export function retentionMs(policy: LimitPolicy): number {
  return Math.max(policy.dayMs, policy.enumWindowMs, policy.cooldownMs);
}
