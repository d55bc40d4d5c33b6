// Reads what a store found, for the client and its address, as the limiter's decision; both stores end with this.
import type { LimitDecision, RawOutcome, ScopeDecision } from './limiter-store.js';
import { scopePolicy, type LimitPolicy } from './policy.js';
import { tighterScope } from './tighter-scope.js';

/** What a store found for the client and for its address (null when there is no address ceiling on this check). */
export interface ScopeOutcomes {
  readonly client: RawOutcome;
  readonly address: RawOutcome | null;
}

/** Reads a store's outcomes as one decision. */
export function decide(raw: ScopeOutcomes, policy: LimitPolicy, now: number): LimitDecision {
  const client = decideScope(raw.client, policy);
  return raw.address === null
    ? { scope: 'client', ...client }
    : tighterScope(client, decideScope(raw.address, scopePolicy(policy, 'address')), policy, now);
}

/**
 * Reads one scope's outcome. When both windows are full the client must wait for both, so Retry-After is the later
 * instant and the code names that window (normally the day).
 */
function decideScope(raw: RawOutcome, policy: LimitPolicy): ScopeDecision {
  const minute = {
    used: raw.minuteUsed,
    freesAt: raw.minuteOldest === null ? null : raw.minuteOldest + policy.minuteMs,
  };
  const day = { used: raw.dayUsed, freesAt: raw.dayOldest === null ? null : raw.dayOldest + policy.dayMs };
  if (raw.outcome === 'ok') return { refusal: null, minute, day, retryAt: null };
  if (raw.outcome !== 'full') return { refusal: 'automated_enumeration_detected', minute, day, retryAt: raw.coolUntil };
  const minuteWait = minute.used >= policy.perMinute ? (minute.freesAt ?? 0) : 0;
  const dayWait = day.used >= policy.perDay ? (day.freesAt ?? 0) : 0;
  return dayWait > minuteWait
    ? { refusal: 'daily_limit_exceeded', minute, day, retryAt: dayWait }
    : { refusal: 'rate_limited', minute, day, retryAt: minuteWait };
}
