// The numbers the limiter enforces, in milliseconds, from the settings (per client, and per address); how a store's
// findings for the two scopes are read as one decision, and how a decision is told (the RateLimit headers).
import type { Config } from '../config.js';
import type { LimitDecision, RawOutcome, Scope, ScopeDecision } from './limiter-store.js';

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
   * How many numbers of a walk through the Corporate Number space clients other than the one that looked up the most
   * of them must have looked up for the walk to trip this scope's sequential rule (sequential-run.ts WalkMakers): 0
   * for a client, whose own walk trips it; ADDRESS_WALK_EVIDENCE for an address, which one client's walk never trips.
   */
  readonly walkEvidence: number;
  /**
   * The ceiling on one address, whatever User-Agents and client names it sends (the same shape, with `address`
   * null); null when KOHYO_ADDRESS_LIMIT_FACTOR is 0.
   */
  readonly address: LimitPolicy | null;
}

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The numbers of a walk an address's other clients must have looked up besides the client that looked up the most of
 * it (LimitPolicy.walkEvidence): two, so that neither one client's walk nor one client's walk that a neighbour's
 * look-up happens to land on trips its address; a walker that changes its name every step or two is still caught.
 */
export const ADDRESS_WALK_EVIDENCE = 2;

/** The shortest cool-down a walk trips an address for (walkCooldownMs): a minute, or KOHYO_ENUM_COOLDOWN_S if less. */
export const ADDRESS_COOLDOWN_FLOOR_MS = 60_000;

export function limitPolicy(limits: Config['limits']): LimitPolicy {
  const f = limits.addressFactor;
  return scope(limits, 1, 0, f === 0 ? null : scope(limits, f, ADDRESS_WALK_EVIDENCE, null));
}

/**
 * One scope's numbers, its quotas `factor` times the client's: config.ts refuses a factor of 1, at which one client,
 * refused at its own quotas, could use up its address's. The sequential-run threshold is not multiplied: five steps
 * through the number space are a walk whether one client name takes them or five; an address's walk must be more
 * than one client's (`walkEvidence`). The windows and the cool-down are the client's.
 */
function scope(
  limits: Config['limits'],
  factor: number,
  walkEvidence: number,
  address: LimitPolicy | null,
): LimitPolicy {
  return Object.freeze({
    perMinute: limits.perMinute * factor,
    minuteMs: MINUTE_MS,
    perDay: limits.perDay * factor,
    dayMs: DAY_MS,
    enumDistinctTerms: limits.enumDistinctTerms * factor,
    enumWindowMs: limits.enumWindowSeconds * 1000,
    enumSequential: limits.enumSequential,
    cooldownMs: limits.enumCooldownSeconds * 1000,
    walkEvidence,
    address,
  });
}

/**
 * How long a walk made by `clients` distinct clients cools its scope down: a client, the whole KOHYO_ENUM_COOLDOWN_S;
 * an address, in proportion to the clients in the walk, the whole once they are KOHYO_ENUM_SEQUENTIAL (a walker that
 * takes each step under another name), and at least ADDRESS_COOLDOWN_FLOOR_MS. The Lua script in redis-script.ts
 * works it out alike, in the same order of operations.
 */
export function walkCooldownMs(policy: LimitPolicy, clients: number): number {
  if (policy.walkEvidence === 0) return policy.cooldownMs;
  const share = Math.floor(policy.cooldownMs * Math.min(1, clients / policy.enumSequential));
  return Math.max(Math.min(policy.cooldownMs, ADDRESS_COOLDOWN_FLOOR_MS), share);
}

/** The policy of one scope (the client's when there is no address ceiling, which is never asked for then). */
export function scopePolicy(policy: LimitPolicy, scope: Scope): LimitPolicy {
  return scope === 'address' && policy.address !== null ? policy.address : policy;
}

/** How long a client's state matters after its last request: past this, forgetting it changes no answer. */
export function retentionMs(policy: LimitPolicy): number {
  return Math.max(policy.dayMs, policy.enumWindowMs, policy.cooldownMs);
}

// Reads what a store found, for the client and its address, as the limiter's decision; both stores end with this.
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

/** Reads a store's outcome for an address alone (readAddress) as a decision about its address; null without a ceiling. */
export function decideAddress(raw: RawOutcome, policy: LimitPolicy): LimitDecision | null {
  return policy.address === null ? null : { scope: 'address', ...decideScope(raw, policy.address) };
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

// Which of a check's two scopes (client, address) the answer speaks of: the one that binds the client.
/**
 * Refused by one scope: that one. Refused by both: the one whose wait ends later, since the client must wait for
 * both; on a tie the address, because a client that changed its name or User-Agent would still be refused by it.
 * Admitted: the one with fewer requests left in its tighter window, then the one whose next slot frees later, then
 * the client (the usual case: one client alone at its address always has fewer left than its address).
 */
export function tighterScope(
  client: ScopeDecision,
  address: ScopeDecision,
  policy: LimitPolicy,
  now: number,
): LimitDecision {
  const byClient: LimitDecision = { scope: 'client', ...client };
  const byAddress: LimitDecision = { scope: 'address', ...address };
  if (client.refusal !== null || address.refusal !== null) {
    if (address.refusal === null) return byClient;
    if (client.refusal === null) return byAddress;
    return (client.retryAt ?? 0) > (address.retryAt ?? 0) ? byClient : byAddress;
  }
  const c = tightestWindow(client, policy, now);
  const a = tightestWindow(address, scopePolicy(policy, 'address'), now);
  return a.left < c.left || (a.left === c.left && a.wait > c.wait) ? byAddress : byClient;
}

// The RateLimit, RateLimit-Policy and Retry-After header values of a decision (IETF httpapi rate-limit headers draft).
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

/**
 * The tighter of one scope's two windows under that scope's policy (tighterScope compares scopes by it too): the one
 * with fewer requests left, or on a tie the one whose next slot frees later. `wait` is in whole seconds, rounded up.
 */
function tightestWindow(
  decision: ScopeDecision,
  policy: LimitPolicy,
  now: number,
): { name: 'minute' | 'day'; left: number; wait: number } {
  const { minute, day } = decision;
  const minuteLeft = Math.max(0, policy.perMinute - minute.used);
  const dayLeft = Math.max(0, policy.perDay - day.used);
  const minuteWait = minute.freesAt === null ? 0 : Math.max(0, Math.ceil((minute.freesAt - now) / 1000));
  const dayWait = day.freesAt === null ? 0 : Math.max(0, Math.ceil((day.freesAt - now) / 1000));
  return dayLeft < minuteLeft || (dayLeft === minuteLeft && dayWait > minuteWait)
    ? { name: 'day', left: dayLeft, wait: dayWait }
    : { name: 'minute', left: minuteLeft, wait: minuteWait };
}

/** Whole seconds until the refused client may try again, rounded up (never 0: a refusal means there is a wait). */
export function retryAfterSeconds(decision: ScopeDecision, now: number): number {
  return secondsToWait(decision.retryAt ?? now, now);
}

/** Whole seconds from `now` until `instant`, rounded up, and at least 1: the Retry-After of a refusal lasting until then. */
export function secondsToWait(instant: number, now: number): number {
  return Math.max(1, Math.ceil((instant - now) / 1000));
}
