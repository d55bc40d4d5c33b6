// The head timeout of the connection pool at each pressure (issue 79): the full timeout up to half the pool, then
// shorter, to a third of it at the cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headTimeoutAt } from '../../../src/limits/connections/connection-pool.js';

test('the head timeout shortens under pressure, from half the pool to a third of it at the cap', () => {
  assert.equal(headTimeoutAt(0, 30_000), 30_000);
  assert.equal(headTimeoutAt(0.5, 30_000), 30_000);
  assert.equal(headTimeoutAt(0.75, 30_000), 20_000);
  assert.equal(headTimeoutAt(1, 30_000), 10_000);
  assert.equal(headTimeoutAt(1.2, 30_000), 10_000, 'past the cap (connections being closed) as at it');
  assert.ok(headTimeoutAt(0.9, 30_000) < headTimeoutAt(0.8, 30_000));
});
