// The RateLimit, RateLimit-Policy and Retry-After header values of a decision (IETF httpapi rate-limit headers draft).
import type { LimitDecision, ScopeDecision, WindowState } from './limiter-store.js';
import { scopePolicy, type LimitPolicy } from './policy.js';

/**
 * `"minute";q=10;w=60, "day";q=300;w=86400`: the quotas of one scope's policy. The limiter sends the policy of the
 * scope the decision speaks of (the client's, or the address's with its larger quotas), so that `r` in RateLimit
 * is always read against the `q` sent beside it.
 */
export function rateLimitPolicy(policy: LimitPolicy): string {
  return `"minute";q=${policy.perMinute};w=${policy.minuteMs / 1000}, "day";q=${policy.perDay};w=${policy.dayMs / 1000}`;
}

/**
 * `"minute";r=<left>;t=<seconds>` for the tighter window of the decision's scope: the one with fewer requests left,
 * or on a tie the one whose next slot frees later (so a client refused by both is told about the longer wait). `t`
 * is the time until the oldest counted request leaves that window and frees a slot, rounded up; 0 when nothing is
 * counted in it.
 */
export function rateLimit(decision: LimitDecision, policy: LimitPolicy, now: number): string {
  const window = tightestWindow(decision, scopePolicy(policy, decision.scope), now);
  return `"${window.name}";r=${window.left};t=${window.wait}`;
}

/** The tighter of one scope's two windows under that scope's policy (tighter-scope.ts compares scopes by it too). */
export function tightestWindow(
  decision: ScopeDecision,
  policy: LimitPolicy,
  now: number,
): { name: 'minute' | 'day'; left: number; wait: number } {
  const minute = describe(decision.minute, policy.perMinute, now);
  const day = describe(decision.day, policy.perDay, now);
  const dayTighter = day.left < minute.left || (day.left === minute.left && day.wait > minute.wait);
  return dayTighter ? { name: 'day', ...day } : { name: 'minute', ...minute };
}

/** Whole seconds until the refused client may try again, rounded up (never 0: a refusal means there is a wait). */
export function retryAfterSeconds(decision: ScopeDecision, now: number): number {
  return Math.max(1, secondsUntil(decision.retryAt ?? now, now));
}

function describe(window: WindowState, quota: number, now: number): { left: number; wait: number } {
  return {
    left: Math.max(0, quota - window.used),
    wait: window.freesAt === null ? 0 : secondsUntil(window.freesAt, now),
  };
}

function secondsUntil(instant: number, now: number): number {
  return Math.max(0, Math.ceil((instant - now) / 1000));
}
