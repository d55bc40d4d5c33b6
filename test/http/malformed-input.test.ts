// Malformed input through the real listening server: inputs that answered 500 or a body outside
// the contract, and the request log that wrote the query string.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startServer, type TestServer } from '../helpers/server.js';
import type { ErrorResponse, ErrorStatus, TestResponse } from '../helpers/test-response.js';
import type { ErrorAnswer } from '../helpers/documented-answers.js';

const logged: string[] = [];
let server: TestServer;
before(async () => {
  const sink = new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) });
  server = await startServer({ dbPath: await fixtureDatabase(), deps: { logger: createLogger('info', sink) } });
});
after(() => server.close());

function assertContractError(answer: TestResponse, status: ErrorStatus, code: string): asserts answer is ErrorResponse {
  assert.equal(answer.status, status, answer.text);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/u);
  assert.equal(answer.body.error.code, code, answer.text);
  assert.match(answer.headers.get('x-request-id') ?? '', /\S/u);
}

test('issue 79: a q that is not well-formed text is refused 400 invalid_parameter, saying so, on every endpoint', async () => {
  const broken = {
    'a%00b': /NUL/u,
    'a%C3': /not UTF-8/u,
    '%C0%AF': /not UTF-8/u,
    '%ED%A0%80': /not UTF-8/u,
    'a%zzb': /broken %-escape/u,
    'a%E3%81': /not UTF-8/u,
  };
  for (const endpoint of ['enforcements', 'procurement-suspensions', 'license-actions', 'search', 'companies']) {
    for (const [q, says] of Object.entries(broken)) {
      const answer = await server.get(`/api/v1/${endpoint}?q=${q}`);
      assertContractError(answer, 400, 'invalid_parameter');
      assert.match(answer.body.error.message, /not well-formed text/u, `${endpoint} q=${q}`);
      assert.match(answer.body.error.message, says, `${endpoint} q=${q}`);
      assert.equal(answer.body.error.details?.parameter, 'q');
    }
  }
  // any text parameter, on the pages too, and a parameter's name; well-formed text (a % written %25, an emoji) is read
  const page = await server.get('/search?q=%ff', { headers: { accept: 'text/html' } });
  assert.equal(page.status, 400);
  assertContractError(await server.get('/api/v1/enforcements?company=%C3%28'), 400, 'invalid_parameter');
  assertContractError(await server.get('/api/v1/enforcements?q%C3=a'), 400, 'invalid_parameter');
  assertContractError(await server.get('/api/v1/enforcements/ab%00cd'), 400, 'invalid_parameter');
  assert.equal((await server.get('/api/v1/companies?q=100%25')).status, 200);
  assert.equal((await server.get('/api/v1/companies?q=%F0%9F%98%80+%E6%9E%B6')).status, 200);
});

test('a limit or page of hundreds of digits is invalid_parameter, not 500', async () => {
  const huge = '9'.repeat(310);
  assertContractError(await server.get(`/api/v1/companies?q=abc&limit=${huge}`), 400, 'invalid_parameter');
  assertContractError(
    await server.get(`/api/v1/license-actions?sector=construction&page=${huge}`),
    400,
    'invalid_parameter',
  );
  assertContractError(await server.get(`/api/v1/companies?q=abc&limit=${'1'.repeat(17)}`), 400, 'invalid_parameter');
});

test("a malformed %-escape in the path answers the contract's error body with a request id", async () => {
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
    const lists: Readonly<Record<string, unknown>> = answer.body.data;
    assert.deepEqual(lists[list], [], path);
    assert.match(answer.body.meta.notice ?? '', /legal form and nothing else/u, path);
  }
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after a malformed request). */
function raw(bytes: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/u.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), body });
    });
  });
}

test("requests Node cannot parse answer malformed_request or request_too_large in the contract's shape, with a request id", async () => {
  const cases: readonly (readonly [string, string | Buffer, number, string])[] = [
    [
      'a Japanese query pasted without percent-encoding',
      Buffer.concat([
        Buffer.from('GET /api/v1/companies?q='),
        Buffer.from('株式会社トヨタ'),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
      400,
      'malformed_request',
    ],
    [
      'a control byte in the URL',
      'GET /api/v1/companies?q=x\x01 HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      'malformed_request',
    ],
    ['a lower-case method', 'get /api/v1/companies?q=x HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'malformed_request'],
    ['an unknown HTTP version', 'GET /api/v1/companies?q=x HTTP/9.9\r\nHost: x\r\n\r\n', 400, 'malformed_request'],
    [
      'a bad Content-Length',
      'GET /api/v1/companies?q=x HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      400,
      'malformed_request',
    ],
    ['no Host header', 'GET /api/v1/companies?q=x HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'malformed_request'],
    [
      'a URL over 16 KB',
      `GET /api/v1/companies?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'request_too_large',
    ],
  ];
  for (const [what, bytes, status, code] of cases) {
    const answer = await raw(bytes);
    assert.equal(answer.status, status, `${what}: ${answer.headers}`);
    assert.match(answer.headers, /content-type: application\/json; charset=utf-8/u, what);
    assert.match(answer.headers, /x-request-id: \S+/u, what);
    assert.equal((JSON.parse(answer.body) as ErrorAnswer).error.code, code, what);
  }
  assert.equal((await server.get('/health')).status, 200, 'still answering');
});

test('a method other than GET on a path with a * inside it is a 404, not a 500 (found by npm run fuzz)', async () => {
  assertContractError(await server.get('/api/v1/search*!', { method: 'PATCH' }), 404, 'not_found');
});

test('OPTIONS with a JSON body and no preflight headers is 405 with Allow, not invalid_parameter', async () => {
  const answer = await server.get('/api/v1/companies', {
    method: 'OPTIONS',
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
  });
  assertContractError(answer, 405, 'method_not_allowed');
  assert.equal(answer.headers.get('allow'), 'GET, HEAD');
  assert.deepEqual(answer.body.error.details, { allowed: ['GET', 'HEAD'] });
});

test('issue 79: a q of more than 10 words is refused 400 invalid_parameter before any work; 10 are read', async () => {
  const words = (n: number) =>
    encodeURIComponent(Array.from({ length: n }, (_, i) => 'あいうえおかきくけこさしす'[i]).join(' '));
  for (const endpoint of ['search', 'enforcements', 'companies']) {
    const answer = await server.get(`/api/v1/${endpoint}?q=${words(11)}`);
    assertContractError(answer, 400, 'invalid_parameter');
    assert.match(answer.body.error.message, /q holds 11 words; a query holds at most 10/u);
    assert.equal((await server.get(`/api/v1/${endpoint}?q=${words(10)}`)).status, 200, endpoint);
  }
  // 50 one-letter words, the costliest query there was, refused over MCP too (its tool calls the endpoint)
  const fifty = encodeURIComponent(Array.from({ length: 50 }, () => 'a').join(' '));
  assertContractError(await server.get(`/api/v1/search?q=${fifty}`), 400, 'invalid_parameter');
});
