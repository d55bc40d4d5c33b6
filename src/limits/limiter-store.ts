// The store interface every limiter store implements, and the decision a check returns.

/** Which group a decision is about: the client (address, User-Agent, client name), or the address alone. */
export type Scope = 'client' | 'address';

export interface LimitCheck {
  /** The hashed client key (client-identity.ts). */
  readonly key: string;
  /** The hashed address key (client-identity.ts); absent or null, or a policy without `address`: no address ceiling. */
  readonly address?: string | null;
  /** The injected clock's time, in milliseconds. Stores never read a clock of their own. */
  readonly now: number;
  /** Hashed distinct normalised search terms of this request. */
  readonly terms: readonly string[];
  /** 12-digit bases of the Corporate Numbers this request looks up, in order. */
  readonly bases: readonly number[];
}

export type Refusal = 'rate_limited' | 'daily_limit_exceeded' | 'automated_enumeration_detected';

interface WindowState {
  /** Counted requests in the window, this one included when it was admitted. */
  readonly used: number;
  /** When the oldest of them leaves the window and frees a slot; null when none is counted. */
  readonly freesAt: number | null;
}

/** One scope's reading of a check. */
export interface ScopeDecision {
  readonly refusal: Refusal | null;
  readonly minute: WindowState;
  readonly day: WindowState;
  /** When a refused client may try again (the instant a slot frees, or the end of the cool-down); null when admitted. */
  readonly retryAt: number | null;
}

/**
 * The decision: the refusing scope's reading when refused, else the tighter scope's (policy.ts tighterScope), so that
 * the headers and Retry-After tell the client what actually binds it.
 */
export interface LimitDecision extends ScopeDecision {
  readonly scope: Scope;
}

/**
 * One check is atomic: for the client and, when there is one, its address, the cool-down, both windows and both
 * enumeration rules are read, and an admitted request counted in both, with nothing of another check in between,
 * so concurrent requests of one client or address cannot overshoot. The steps go scope by scope in this order: a
 * cool-down or a full window in either scope refuses, and then neither scope's enumeration is looked at; else a
 * scope whose enumeration rule trips starts its cool-down and refuses; else the request counts in both. A refused
 * request changes nothing (it does not count, in either scope), except that the request tripping enumeration
 * starts the cool-down of the scope it tripped.
 */
export interface LimiterStore {
  /** A store in this process answers at once; a shared one (Redis) with a promise. */
  check(request: LimitCheck): LimitDecision | Promise<LimitDecision>;
  /**
   * The address scope as it stands at `now`, read without counting or changing anything (for the answer to a request
   * whose head was never read, so that no client can be told apart): null when the policy has no address ceiling.
   */
  readAddress(address: string, now: number): LimitDecision | null | Promise<LimitDecision | null>;
  /** Resolves once the store can take checks (or has given up waiting and will fall back); never rejects. */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

/** What a store's check found, before it is read as a decision: both implementations return this. */
export interface RawOutcome {
  readonly outcome: 'ok' | 'full' | 'enumeration' | 'cooling';
  readonly minuteUsed: number;
  readonly minuteOldest: number | null;
  readonly dayUsed: number;
  readonly dayOldest: number | null;
  readonly coolUntil: number | null;
}
