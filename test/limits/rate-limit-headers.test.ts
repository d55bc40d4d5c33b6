import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rateLimit, rateLimitPolicy, retryAfterSeconds } from '../../src/limits/rate-limit-headers.js';
import type { LimitDecision } from '../../src/limits/limiter-store.js';
import { policyWith } from './store-contract.js';

const policy = policyWith();
const NOW = 1_000_000_000;
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
