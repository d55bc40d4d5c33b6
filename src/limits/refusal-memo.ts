// The refusals still standing, per client or address key: asked before the store, so a refused flood costs a look-up.
import type { LimitDecision } from './limiter-store.js';
import { BoundedMap } from '../domain/bounded-memo.js';

/** Keys held at most; past it the least recently asked refusals are forgotten (its next request asks the store, which refuses it). */
const MAX_KEYS = 100_000;

/**
 * A refusal holds until its `retryAt`, whatever else happens: a full window frees no slot before its oldest request
 * leaves it, and other requests (of this process or another sharing the store) can only add to it; a cool-down ends
 * when it ends. So answering a refused key's requests from here, until then, gives the answer the store would.
 */
export class RefusalMemo {
  private readonly refusals = new BoundedMap<string, LimitDecision>({ entries: MAX_KEYS });

  remember(key: string | null, decision: LimitDecision): void {
    if (key === null || decision.retryAt === null) return;
    this.refusals.set(key, decision);
  }

  /** Whether any refusal is held (standing, or past but not yet forgotten). */
  get holding(): boolean {
    return this.refusals.size > 0;
  }

  /** The refusal standing for `key` at `now`, or null. */
  of(key: string | null, now: number): LimitDecision | null {
    if (key === null) return null;
    const decision = this.refusals.get(key);
    if (decision === undefined) return null;
    if (decision.retryAt !== null && decision.retryAt > now) return decision;
    this.refusals.delete(key);
    return null;
  }
}
