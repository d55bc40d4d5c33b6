// Issue 9, the points fixed so far, through the real listening server: inputs that answered 500 or a body outside
// the contract, and the request log that wrote the query string.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/http/logger.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startServer, type TestServer } from '../helpers/server.js';

const logged: string[] = [];
let server: TestServer;
before(async () => {
  const sink = new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) });
  server = await startServer({ dbPath: await fixtureDatabase(), deps: { logger: createLogger('info', sink) } });
});
after(() => server.close());

function assertContractError(answer: Awaited<ReturnType<TestServer['get']>>, status: number, code: string) {
  assert.equal(answer.status, status, answer.text);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/u);
  assert.equal(answer.body.error.code, code, answer.text);
  assert.match(answer.headers.get('x-request-id') ?? '', /\S/u);
}

test('a NUL in q on every record endpoint is no 500', async () => {
  for (const endpoint of ['enforcements', 'procurement-suspensions', 'license-actions']) {
    const answer = await server.get(`/api/v1/${endpoint}?q=a%00b`);
    assert.equal(answer.status, 200, `${endpoint}: ${answer.text}`);
  }
});

test('a limit or page of hundreds of digits is invalid_parameter, not 500', async () => {
  const huge = '9'.repeat(310);
  assertContractError(await server.get(`/api/v1/companies?q=abc&limit=${huge}`), 400, 'invalid_parameter');
  assertContractError(await server.get(`/api/v1/license-actions?sector=construction&page=${huge}`), 400, 'invalid_parameter');
  assertContractError(await server.get(`/api/v1/companies?q=abc&limit=${'1'.repeat(17)}`), 400, 'invalid_parameter');
});

test('a malformed %-escape in the path answers the contract\'s error body with a request id', async () => {
  const answer = await server.get('/api/v1/%ff?q=x');
  assertContractError(answer, 400, 'invalid_parameter');
  assert.doesNotMatch(answer.text, /FST_ERR/u);
});

test('the request log keeps the path, never the query string', async () => {
  const person = encodeURIComponent('山田太郎');
  await server.get(`/api/v1/companies?q=${person}`);
  await server.get('/api/v1/companies?q=203.0.113.7');
  const lines = logged.join('');
  assert.match(lines, /"url":"\/api\/v1\/companies"/u);
  assert.doesNotMatch(lines, new RegExp(`${person}|山田太郎|203\\.0\\.113\\.7`, 'u'));
});

test('a legal form alone says so in meta.notice on /companies, /search and company=, never an unexplained empty list', async () => {
  for (const [path, list] of [
    [`/api/v1/companies?q=${encodeURIComponent('株式会社')}`, 'companies'],
    [`/api/v1/companies?q=${encodeURIComponent('(株)')}`, 'companies'],
    [`/api/v1/companies?q=${encodeURIComponent('Co., Ltd.')}`, 'companies'],
    [`/api/v1/search?q=${encodeURIComponent('㈱')}`, 'companies'],
    [`/api/v1/enforcements?company=${encodeURIComponent('株式会社')}`, 'enforcements'],
  ] as const) {
    const answer = await server.get(path);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data[list], [], path);
    assert.match(answer.body.meta.notice ?? '', /legal form and nothing else/u, path);
  }
});
