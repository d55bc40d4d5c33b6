// Which of a check's two scopes (client, address) the answer speaks of: the one that binds the client.
import type { LimitDecision, ScopeDecision } from './limiter-store.js';
import { scopePolicy, type LimitPolicy } from './policy.js';
import { tightestWindow } from './rate-limit-headers.js';

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
