// Issue 9: whatever query string arrives, every endpoint answers a success or the contract's error envelope with a
// documented code, never a 5xx, and keeps answering. fast-check generates parameter names, values and methods; a
// fixed seed and a bounded number of cases keep `npm test` repeatable and quick (scripts/fuzz-queries.ts runs more).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assertContractAnswer, queryOf, request } from '../helpers/any-query.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await fixtureDatabase() });
});
after(() => server.close());

test('any query string on any endpoint: a success or a documented error, never a 5xx (fixed seed, 300 cases)', async () => {
  await fc.assert(
    fc.asyncProperty(request, async ({ path, parameters, method }) => {
      const url = `${path}?${queryOf(parameters)}`;
      const answer = await server.get(url, { method });
      assertContractAnswer(answer.status, method, answer.body, `${method} ${url}`);
    }),
    { seed: 20261122, numRuns: 300 },
  );
  assert.equal((await server.get('/health')).status, 200, 'still answering');
});
