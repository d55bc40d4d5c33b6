// Whatever query string arrives, every endpoint answers a success or the contract's error envelope with a
// documented code, never a 5xx, and keeps answering. fast-check generates parameter names, values and methods; a
// fixed seed and a bounded number of cases keep `npm test` repeatable and quick (scripts/fuzz-queries.ts runs more).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { connect } from 'node:net';
import { assertContractAnswer, assertRawAnswer, queryOf, rawRequest, request } from '../helpers/any-query.js';
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

function sendRaw(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // a reset after a refusal is an answer too: the connection is gone
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

test("any raw request bytes: a success or the contract's error body, never a 5xx, and the server keeps answering (fixed seed, 150 cases)", async () => {
  await fc.assert(
    fc.asyncProperty(rawRequest, async (bytes) => {
      const what = bytes.toString('utf8').split('\r\n')[0]!;
      assertRawAnswer(await sendRaw(bytes), what);
    }),
    { seed: 20261122, numRuns: 150 },
  );
  assert.equal((await server.get('/health')).status, 200, 'still answering');
});
