// The numbers the limiter enforces, in milliseconds, from the settings.
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
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export function limitPolicy(limits: Config['limits']): LimitPolicy {
  return Object.freeze({
    perMinute: limits.perMinute,
    minuteMs: MINUTE_MS,
    perDay: limits.perDay,
    dayMs: DAY_MS,
    enumDistinctTerms: limits.enumDistinctTerms,
    enumWindowMs: limits.enumWindowSeconds * 1000,
    enumSequential: limits.enumSequential,
    cooldownMs: limits.enumCooldownSeconds * 1000,
  });
}

/** How long a client's state matters after its last request: past this, forgetting it changes no answer. */
export function retentionMs(policy: LimitPolicy): number {
  return Math.max(policy.dayMs, policy.enumWindowMs, policy.cooldownMs);
}
