// The address policy from the settings, which scope (client, address) a decision speaks of, and the RateLimit headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScopeDecision, LimitDecision } from '../../src/limits/limiter-store.js';
import {
  rateLimit,
  rateLimitPolicy,
  scopePolicy,
  tighterScope,
  retryAfterSeconds,
  walkCooldownMs,
} from '../../src/limits/policy.js';
import { policyWith } from './store-contract.js';

const policy = policyWith();
const NOW = 1_000_000_000;
const scope = (
  minute: [number, number | null],
  day: [number, number | null],
  refusal: ScopeDecision['refusal'] = null,
  retryAt: number | null = null,
): ScopeDecision => ({
  refusal,
  minute: { used: minute[0], freesAt: minute[1] },
  day: { used: day[0], freesAt: day[1] },
  retryAt,
});

test("the address policy is the factor times the client's minute, day and distinct terms; the run and the times are the client's", () => {
  const address = policy.address!;
  assert.deepEqual(
    [
      address.perMinute,
      address.perDay,
      address.enumDistinctTerms,
      address.enumSequential,
      address.enumWindowMs,
      address.cooldownMs,
      address.address,
    ],
    [30, 900, 90, 5, 600_000, 3_600_000, null],
  );
  const five = policyWith({
    KOHYO_ADDRESS_LIMIT_FACTOR: '5',
    KOHYO_LIMIT_PER_MINUTE: '4',
    KOHYO_ENUM_SEQUENTIAL: '7',
  }).address!;
  assert.deepEqual([five.perMinute, five.perDay, five.enumDistinctTerms, five.enumSequential], [20, 1500, 150, 7]);
  const off = policyWith({ KOHYO_ADDRESS_LIMIT_FACTOR: '0' });
  assert.equal(off.address, null);
  assert.equal(scopePolicy(off, 'address'), off, "no address policy: the client's");
  assert.equal(rateLimitPolicy(scopePolicy(policy, 'address')), '"minute";q=30;w=60, "day";q=900;w=86400');
});

test("issue 92: a walk cools a client down for the whole hour, an address in proportion to the walk's clients", () => {
  const cases: [Record<string, string>, number, number, number][] = [
    // settings, clients in the walk, the client's cool-down and the address's, in ms
    [{}, 1, 3_600_000, 720_000],
    [{}, 2, 3_600_000, 1_440_000],
    [{}, 3, 3_600_000, 2_160_000],
    [{}, 5, 3_600_000, 3_600_000],
    [{}, 9, 3_600_000, 3_600_000],
    [{ KOHYO_ENUM_SEQUENTIAL: '1000' }, 2, 3_600_000, 60_000],
    [{ KOHYO_ENUM_SEQUENTIAL: '3', KOHYO_ENUM_COOLDOWN_S: '100' }, 2, 100_000, 66_666],
    [{ KOHYO_ENUM_COOLDOWN_S: '30' }, 2, 30_000, 30_000],
    [{ KOHYO_ENUM_COOLDOWN_S: '0' }, 2, 0, 0],
  ];
  for (const [env, clients, client, address] of cases) {
    const settings = policyWith(env);
    assert.deepEqual(
      [walkCooldownMs(settings, clients), walkCooldownMs(settings.address!, clients)],
      [client, address],
      `${JSON.stringify(env)}, ${clients} clients`,
    );
  }
  assert.deepEqual([policy.walkEvidence, policy.address!.walkEvidence], [0, 2]);
});

test('admitted: the scope with fewer left in its tighter window, then the later slot, then the client', () => {
  const cases: [ScopeDecision, ScopeDecision, 'client' | 'address', string][] = [
    [
      scope([1, NOW + 60_000], [1, NOW + 86_400_000]),
      scope([1, NOW + 60_000], [1, NOW + 86_400_000]),
      'client',
      '"minute";r=9;t=60',
    ],
    [scope([3, NOW + 10_000], [3, null]), scope([24, NOW + 5_000], [24, null]), 'address', '"minute";r=6;t=5'],
    [scope([3, NOW + 10_000], [3, null]), scope([23, NOW + 5_000], [23, null]), 'client', '"minute";r=7;t=10'],
    [scope([3, NOW + 10_000], [3, null]), scope([23, NOW + 10_001], [23, null]), 'address', '"minute";r=7;t=11'],
    [
      scope([2, NOW + 1_000], [2, null]),
      scope([20, NOW + 1_000], [895, NOW + 7_200_000]),
      'address',
      '"day";r=5;t=7200',
    ],
    [scope([2, NOW + 1_000], [2, null]), scope([22, NOW + 1_000], [22, NOW + 1_000]), 'client', '"minute";r=8;t=1'],
  ];
  for (const [i, [client, address, expected, header]] of cases.entries()) {
    const decision = tighterScope(client, address, policy, NOW);
    assert.equal(decision.scope, expected, `case ${i + 1}`);
    assert.equal(decision.refusal, null);
    assert.equal(
      rateLimit(decision, policy, NOW),
      header,
      `case ${i + 1}: RateLimit is read against the scope's quotas`,
    );
  }
});

test('refused: the refusing scope; refused by both, the later wait, and on a tie the address', () => {
  const open = scope([1, NOW + 60_000], [1, null]);
  const full = (retryAt: number) => scope([30, retryAt], [30, null], 'rate_limited', retryAt);
  const clientFull = (retryAt: number) => scope([10, retryAt], [10, null], 'rate_limited', retryAt);
  const cooling = scope([1, null], [1, null], 'automated_enumeration_detected', NOW + 3_600_000);
  const pick = (client: ScopeDecision, address: ScopeDecision) => {
    const d = tighterScope(client, address, policy, NOW);
    return [d.scope, d.refusal, d.retryAt];
  };
  assert.deepEqual(pick(open, full(NOW + 5_000)), ['address', 'rate_limited', NOW + 5_000]);
  assert.deepEqual(pick(clientFull(NOW + 5_000), open), ['client', 'rate_limited', NOW + 5_000]);
  assert.deepEqual(pick(clientFull(NOW + 9_000), full(NOW + 5_000)), ['client', 'rate_limited', NOW + 9_000]);
  assert.deepEqual(pick(clientFull(NOW + 5_000), full(NOW + 9_000)), ['address', 'rate_limited', NOW + 9_000]);
  assert.deepEqual(pick(clientFull(NOW + 5_000), full(NOW + 5_000)), ['address', 'rate_limited', NOW + 5_000]);
  assert.deepEqual(pick(cooling, full(NOW + 5_000)), ['client', 'automated_enumeration_detected', NOW + 3_600_000]);
  assert.deepEqual(pick(cooling, cooling), ['address', 'automated_enumeration_detected', NOW + 3_600_000]);
});

const decision = (
  minute: [number, number | null],
  day: [number, number | null],
  retryAt: number | null = null,
): LimitDecision => ({
  refusal: retryAt === null ? null : 'rate_limited',
  scope: 'client',
  minute: { used: minute[0], freesAt: minute[1] },
  day: { used: day[0], freesAt: day[1] },
  retryAt,
});

test('RateLimit-Policy names both windows with their quotas and widths', () => {
  assert.equal(rateLimitPolicy(policy), '"minute";q=10;w=60, "day";q=300;w=86400');
  assert.equal(
    rateLimitPolicy(policyWith({ KOHYO_LIMIT_PER_MINUTE: '5', KOHYO_LIMIT_PER_DAY: '50' })),
    '"minute";q=5;w=60, "day";q=50;w=86400',
  );
});

test('RateLimit gives the tighter window, with seconds to its next free slot rounded up', () => {
  const cases: [LimitDecision, string][] = [
    [decision([1, NOW + 60_000], [1, NOW + 86_400_000]), '"minute";r=9;t=60'],
    [decision([3, NOW + 12_001], [3, NOW + 1_000]), '"minute";r=7;t=13'],
    [decision([10, NOW + 500], [40, NOW]), '"minute";r=0;t=1'],
    [decision([2, NOW + 500], [295, NOW + 3_600_000]), '"day";r=5;t=3600'],
    [decision([10, NOW + 30_000], [300, NOW + 7_200_000]), '"day";r=0;t=7200'],
    [decision([0, null], [0, null]), '"minute";r=10;t=0'],
  ];
  for (const [d, header] of cases) assert.equal(rateLimit(d, policy, NOW), header);
});

test('Retry-After is whole seconds until the slot frees, rounded up, at least 1', () => {
  assert.equal(retryAfterSeconds(decision([10, NOW + 59_001], [10, NOW], NOW + 59_001), NOW), 60);
  assert.equal(retryAfterSeconds(decision([10, NOW + 59_000], [10, NOW], NOW + 59_000), NOW), 59);
  assert.equal(retryAfterSeconds(decision([10, NOW + 1], [10, NOW], NOW + 1), NOW), 1);
});
