// Real answers of every endpoint, successes and every error code, validated against the OpenAPI
// document with a JSON Schema 2020-12 validator, and their documented headers present.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EXAMPLE_CALLS } from '../../../demo/document-examples.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import { loadConfig } from '../../../src/config.js';
import { ERROR_CODES } from '../../../src/api/errors.js';
import { createLimiter, type Limiter } from '../../../src/limits/limiter.js';
import { MemoryStore } from '../../../src/limits/memory-store.js';
import { limitPolicy } from '../../../src/limits/policy.js';
import { parseTrustedProxies } from '../../../src/limits/client-identity.js';
import { openStore, type Store } from '../../../src/store/read/store.js';
import { isCalendarDate } from '../../../src/domain/dates.js';
import { isRfc3339Instant } from '../../../src/domain/records/record-schema-check.js';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../../helpers/server.js';
import { isErrorResponse, testResponse, type TestResponse } from '../../helpers/test-response.js';
import { errorOfAnswer, ok } from '../../helpers/answers.js';
import { rawExchange } from '../../helpers/raw-request.js';
import type { OpenApiDocument, Parameter, Response } from '../../helpers/openapi-document.js';
import { isRecord } from '../../../src/lib/is-object.js';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';

const Ajv2020 = Ajv2020Module.default;
const DOCUMENT_ID = 'https://kohyo.invalid/openapi.json';

let document: OpenApiDocument;
let ajv: InstanceType<typeof Ajv2020>;
const seenCodes = new Set<string>();
/** The statuses each operation was seen to answer, by path. */
const seenStatuses = new Map<string, Set<number>>();
const closers: (() => Promise<void>)[] = [];

before(async () => {
  const server = await startServer({ dbPath: await demoDatabase() });
  closers.push(() => server.close());
  document = await ok(server, '/api/v1/openapi.json');
  // strict off: an OpenAPI document holds keywords that are not JSON Schema (in, example, …) around its schemas
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date', isCalendarDate);
  ajv.addFormat('date-time', isRfc3339Instant);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
});
after(async () => {
  for (const close of closers) await close();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/gu, '~0').replace(/\//gu, '~1')).join('/');

/** The documented response of an operation for a status, with its $ref followed. */
function documented(path: string, status: number): Response {
  const response = document.paths[path]!.get.responses[String(status)];
  assert.ok(response, `${path} does not document ${status}`);
  return response.$ref ? document.components.responses[response.$ref.split('/').pop()!]! : response;
}

/**
 * Checks an answer against the document: its status listed (an undeclared one fails), its body valid, its documented
 * headers present.
 */
function check(path: string, answer: TestResponse, options: { counted?: boolean } = {}): void {
  if (document.paths[path] === undefined) {
    // a path the document does not list: the body is the Error schema
    validate(`${DOCUMENT_ID}#/components/schemas/Error`, answer);
    return;
  }
  const response = documented(path, answer.status);
  seenStatuses.set(path, (seenStatuses.get(path) ?? new Set()).add(answer.status));
  if (answer.status === 304) assert.equal(answer.text, '');
  else {
    const ref =
      response === document.paths[path].get.responses[String(answer.status)]
        ? `${DOCUMENT_ID}#/${pointer('paths', path, 'get', 'responses', String(answer.status), 'content', 'application/json', 'schema')}`
        : `${DOCUMENT_ID}#/${pointer('components', 'responses', document.paths[path].get.responses[String(answer.status)]!.$ref!.split('/').pop()!, 'content', 'application/json', 'schema')}`;
    validate(ref, answer);
  }
  checkHeaders(path, response, answer, options);
}

/** The response's documented headers are on the answer: the required ones, and RateLimit where it counts. */
function checkHeaders(path: string, response: Response, answer: TestResponse, options: { counted?: boolean }): void {
  for (const [name, ref] of Object.entries(response.headers ?? {})) {
    const required = document.components.headers[ref.$ref.split('/').pop()!]!.required === true;
    const counted =
      name.startsWith('RateLimit') &&
      options.counted !== false &&
      path !== '/api/v1/vocabularies' &&
      answer.status !== 304;
    if (required || counted)
      assert.ok(answer.headers.get(name) !== null, `${path} ${answer.status}: no ${name} header`);
  }
}

function validate(ref: string, answer: TestResponse): void {
  const valid = ajv.validate({ $ref: ref }, answer.body);
  assert.ok(valid, `${answer.status} ${answer.text.slice(0, 200)}\n${JSON.stringify(ajv.errors, null, 2)}`);
  if (isErrorResponse(answer)) seenCodes.add(answer.body.error.code);
}

async function limitedServer(env: Record<string, string>, store?: Store | null): Promise<TestServer> {
  const config = loadConfig(env);
  const policy = limitPolicy(config.limits);
  const limiter: Limiter = createLimiter({
    store: new MemoryStore(policy),
    policy,
    trusted: parseTrustedProxies([]),
    secret: null,
    clock: () => TEST_NOW,
    bounds: config.limits,
  });
  const server = await startServer({
    env,
    ...(store === undefined ? { dbPath: await demoDatabase() } : { store }),
    deps: { limiter },
  });
  closers.push(async () => {
    await server.close();
    await limiter.close();
  });
  return server;
}

describe('answers against the document', () => {
  let server: TestServer;
  before(async () => {
    server = await limitedServer({
      KOHYO_LIMIT_PER_MINUTE: '1000',
      KOHYO_LIMIT_PER_DAY: '1000',
      KOHYO_ENUM_DISTINCT_TERMS: '1000',
    });
  });
  const get = (path: string, init: RequestInit = {}) =>
    server.get(path, { ...init, headers: { 'user-agent': 'openapi-answers', ...(init.headers as object) } });

  /** A call of each operation that succeeds. */
  const successes: [string, string][] = [
    ['/api/v1/search', '/api/v1/search?q=' + encodeURIComponent('北辰建設')],
    ['/api/v1/companies', '/api/v1/companies?q=hokushin'],
    ['/api/v1/enforcements', '/api/v1/enforcements?authority=jftc'],
    ['/api/v1/procurement-suspensions', '/api/v1/procurement-suspensions?reason=bid_rigging'],
    ['/api/v1/license-actions', '/api/v1/license-actions?sector=construction&nature=violation'],
    ['/api/v1/procurement-suspension-coverage', '/api/v1/procurement-suspension-coverage'],
    ['/api/v1/coverage', '/api/v1/coverage'],
    ['/api/v1/vocabularies', '/api/v1/vocabularies'],
    // the addresses, at the demo records the OpenAPI examples name
    ...Object.entries(EXAMPLE_CALLS).filter(([path]) => path.includes('{')),
    ['/health', '/health'],
  ];

  test('successes of every operation, and a 304', async () => {
    for (const [path, call] of successes) {
      const answer = await get(call);
      assert.equal(answer.status, 200, call);
      check(path, answer, { counted: !['/api/v1/vocabularies', '/health'].includes(path) });
    }
    const first = await get('/api/v1/companies?q=hokushin');
    check(
      '/api/v1/companies',
      await get('/api/v1/companies?q=hokushin', { headers: { 'if-none-match': first.headers.get('etag')! } }),
      { counted: false },
    );
  });

  // Prism, a proxy that follows the document, answered 405 to the HEAD requests the server serves
  test('HEAD beside every GET: its parameters, a unique operationId, a documented status and headers, never a body', async () => {
    assert.deepEqual(Object.keys(document.paths).sort(), successes.map(([path]) => path).sort());
    for (const [path, item] of Object.entries(document.paths)) {
      assert.deepEqual(Object.keys(item), ['get', 'head'], path);
      assert.deepEqual(item.head.parameters, item.get.parameters, path);
      assert.equal(item.head.operationId, `${item.get.operationId}Head`);
      assert.deepEqual(Object.keys(item.head.responses), Object.keys(item.get.responses), path);
      for (const response of Object.values(item.head.responses))
        assert.equal(response.content, undefined, `${path}: a HEAD answer has no body`);
    }
    const refused: [string, string][] = [
      ['/api/v1/enforcements', '/api/v1/enforcements'],
      ['/api/v1/companies', '/api/v1/companies?q=a&limit=0'],
    ];
    for (const [path, call] of [...successes, ...refused]) {
      const answer = await get(call, { method: 'HEAD' });
      assert.equal(answer.text, '', call);
      const response = document.paths[path]!.head.responses[String(answer.status)];
      assert.ok(response, `${call}: HEAD answered ${answer.status}, which the document does not list`);
      checkHeaders(path, response, answer, {});
    }
  });

  test('every 400 code, 404 and 405', async () => {
    const calls: [string, string, string][] = [
      ['/api/v1/companies', '/api/v1/companies', 'missing_parameter'],
      ['/api/v1/enforcements', '/api/v1/enforcements', 'missing_filter'],
      ['/api/v1/companies', '/api/v1/companies?q=a&limit=0', 'invalid_parameter'],
      ['/api/v1/enforcements', '/api/v1/enforcements?authority=nowhere', 'invalid_parameter'],
      ['/api/v1/enforcements', '/api/v1/enforcements?corporate_number=123', 'invalid_corporate_number'],
      ['/api/v1/enforcements', '/api/v1/enforcements?corporate_number=1999999000001', 'invalid_corporate_number'],
      ['/api/v1/vocabularies', '/api/v1/vocabularies?x=1', 'unknown_parameter'],
      ['/api/v1/license-actions', '/api/v1/license-actions?sector=construction&offset=10', 'bulk_access_not_provided'],
      ['/api/v1/nowhere', '/api/v1/nowhere', 'not_found'],
    ];
    for (const [path, call, code] of calls) {
      const answer = await get(call);
      assert.equal(errorOfAnswer(answer).code, code, call);
      check(path, answer);
    }
    const post = await get('/api/v1/companies?q=a', { method: 'POST' });
    assert.equal(errorOfAnswer(post).code, 'method_not_allowed');
    check('/api/v1/companies', post);
  });

  test('every operation asked with all its parameter examples finds the row they were read from', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const call = exampleCall(path, item.get.parameters ?? []);
      const answer = await get(call);
      assert.equal(answer.status, 200, `${call}: ${answer.text.slice(0, 300)}`);
      check(path, answer, { counted: !['/api/v1/vocabularies', '/health'].includes(path) });
      // a call with parameters finds the row their examples were read from
      if (call !== path) assert.ok(rowsOf(answer.body) > 0, `${call} finds nothing`);
      const etag = answer.headers.get('etag');
      if ('304' in item.get.responses) {
        assert.ok(etag, `${call} has no ETag`);
        const again = await get(call, { headers: { 'if-none-match': etag } });
        assert.equal(again.status, 304, call);
        check(path, again, { counted: false });
      }
    }
  });

  test('invalid input of every operation answers a declared status, with a body the document describes', async () => {
    for (const path of Object.keys(document.paths)) {
      const address = exampleCall(path, document.paths[path]!.get.parameters ?? []).split('?')[0]!;
      // refused before the limits (not counted, so without RateLimit), then after them
      const early: [string, number][] = [
        [`${address}?q=%ZZ`, 400],
        [`${address}?q=${encodeURIComponent('a b c d e f g h i j k')}`, 400],
      ];
      for (const [call, status] of early) {
        const answer = await get(call);
        assert.equal(answer.status, status, call);
        check(path, answer, { counted: false });
      }
      // another site's <img crossorigin> of it, counted for nothing (fetch sends Sec-Fetch-Mode: cors, whatever it
      // is given)
      const image = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'image' };
      const loaded = await get(address, { headers: image });
      assert.equal(loaded.status, 403, address);
      check(path, loaded, { counted: false });
      const calls: [string, RequestInit, number][] = [
        [address, { method: 'POST' }, 405],
        [address, { method: 'DELETE' }, 405],
      ];
      // /health reads no parameter, and so refuses none it does not know
      if (path !== '/health') calls.push([`${address}${address.includes('?') ? '&' : '?'}offset=10`, {}, 400]);
      if (path.endsWith('{corporate_number}'))
        calls.push(
          [path.replace('{corporate_number}', '1234567890123'), {}, 400],
          [path.replace('{corporate_number}', corporateNumberFromBase('999999999999')), {}, 404],
        );
      if (path.endsWith('{id}'))
        calls.push(
          [path.replace('{id}', 'enf_0000000000000000'), {}, 404],
          [path.replace('{id}', 'x'.repeat(100)), {}, 404],
        );
      for (const [call, init, status] of calls) {
        const answer = await get(call, init);
        assert.equal(answer.status, status, `${init.method ?? 'GET'} ${call}: ${answer.text.slice(0, 200)}`);
        check(path, answer, { counted: !['/api/v1/vocabularies', '/health'].includes(path) });
      }
    }
  });
});

/** An operation's path with its parameters' examples: in its path, and in its query string. */
function exampleCall(path: string, parameters: readonly (Parameter | { readonly $ref: string })[]): string {
  let call = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if ('$ref' in parameter || parameter.example === undefined) continue;
    if (parameter.in === 'path') call = call.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example));
    else if (parameter.in === 'query') query.append(parameter.name, String(parameter.example));
  }
  return query.size === 0 ? call : `${call}?${query}`;
}

/** The rows an answer holds: its lists' entries, or its one resource. */
function rowsOf(body: unknown): number {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return Object.values(data).reduce<number>((rows, value) => rows + (Array.isArray(value) ? value.length : 1), 0);
}

test('every operation answers 429 past the limits or its address ceiling on uncounted answers', async () => {
  const server = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '1', KOHYO_UNCOUNTED_PER_MINUTE: '1' });
  for (const [path, item] of Object.entries(document.paths)) {
    const call = exampleCall(path, item.get.parameters ?? []);
    let answer: TestResponse | undefined;
    for (let i = 0; i < 2; i++) answer = await server.get(call, { headers: { 'user-agent': `openapi-429 ${path}` } });
    assert.equal(answer!.status, 429, call);
    check(path, answer!, { counted: false });
  }
});

test('every 429 code, from real limiters', async () => {
  const minute = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '1' });
  const day = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '100', KOHYO_LIMIT_PER_DAY: '1' });
  const enumeration = await limitedServer({ KOHYO_ENUM_DISTINCT_TERMS: '1' });
  // the document states the limits in force, as RateLimit-Policy does, not the defaults
  for (const [server, perMinute, perDay] of [
    [minute, 1, 300],
    [day, 100, 1],
  ] as const) {
    const { info } = await ok(server, '/api/v1/openapi.json');
    assert.ok(
      info.description.includes(`(${perMinute} requests per 60 s, ${perDay} per rolling 24 h)`),
      info.description,
    );
    assert.ok(info.description.includes(`"minute";q=${perMinute};w=60, "day";q=${perDay};w=86400`));
  }
  for (const [server, calls, code] of [
    [minute, ['a', 'a'], 'rate_limited'],
    [day, ['a', 'a'], 'daily_limit_exceeded'],
    [enumeration, ['a', 'b'], 'automated_enumeration_detected'],
  ] as const) {
    let answer: TestResponse | undefined;
    for (const q of calls)
      answer = await server.get(`/api/v1/companies?q=${q}`, { headers: { 'user-agent': 'openapi-429' } });
    assert.equal(errorOfAnswer(answer!).code, code);
    check('/api/v1/companies', answer!);
  }
});

test('500 and 503', async () => {
  const real = openStore(await demoDatabase());
  // a dataset that fails when read: the fault must come out as the documented internal_error
  const broken = new Proxy(real, {
    get: (target, key): unknown =>
      key === 'records'
        ? {
            page: () => {
              throw new Error('disk on fire');
            },
          }
        : Reflect.get(target, key),
  });
  const failing = await limitedServer({}, broken);
  const fault = await failing.get('/api/v1/enforcements?authority=jftc');
  assert.equal(fault.status, 500);
  check('/api/v1/enforcements', fault);
  const closed = await limitedServer({}, null);
  for (const path of ['/api/v1/companies', '/health']) {
    const answer = await closed.get(path === '/health' ? path : `${path}?q=a`);
    assert.equal(answer.status, 503);
    check(path, answer, { counted: path !== '/health' });
  }
  real.close();
});

/** rawExchange's answer as the checks read one; the answer without Host is chunked, and its one chunk is the JSON. */
async function rawAnswer(server: TestServer, bytes: string, end: boolean): Promise<TestResponse> {
  const { status, headers, body } = await rawExchange(server.url, bytes, { end });
  const json = body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body;
  return testResponse(status, new Headers([...headers]), json);
}

test('malformed_request, request_too_large and request_timeout: what Node refuses, answered on the socket', async () => {
  // a one-second bound, so that the request left unfinished below is answered within the test
  const server = await limitedServer({ KOHYO_REQUEST_TIMEOUT_S: '1' });
  const long = await server.get(`/api/v1/companies?q=${'a'.repeat(20_000)}`);
  assert.equal(long.status, 431);
  check('/api/v1/companies', long, { counted: false });
  const noHost = await rawAnswer(server, 'GET /api/v1/companies?q=x HTTP/1.1\r\nConnection: close\r\n\r\n', true);
  assert.equal(noHost.status, 400);
  check('/api/v1/companies', noHost);
  // headers begun and never finished: a client that trickles its request
  const unfinished = await rawAnswer(server, 'GET /api/v1/companies?q=x HTTP/1.1\r\nHost: kohyo.test\r\n', false);
  assert.equal(unfinished.status, 408);
  check('/api/v1/companies', unfinished, { counted: false });
  await server.close();
});

test('every operation was seen answering each status an operation of its kind can be made to answer', () => {
  const declared = new Set<number>();
  for (const [path, item] of Object.entries(document.paths)) {
    const statuses = Object.keys(item.get.responses).map(Number);
    for (const status of statuses) declared.add(status);
    const always = [200, 400, 403, 405, 429, ...statuses.filter((status) => status === 404 || status === 304)];
    for (const status of always)
      assert.ok(seenStatuses.get(path)?.has(status), `${path} was not seen answering ${status}`);
  }
  const seen = new Set([...seenStatuses.values()].flatMap((statuses) => [...statuses]));
  assert.deepEqual(
    [...declared].filter((status) => !seen.has(status)),
    [],
    'declared statuses no test answered',
  );
});

test('every error code of the catalogue was seen and validated, and the validator does refuse', () => {
  assert.equal(
    ajv.validate({ $ref: `${DOCUMENT_ID}#/components/schemas/Error` }, { error: { code: 'nope', message: 'x' } }),
    false,
  );
  assert.equal(ajv.validate({ $ref: `${DOCUMENT_ID}#/components/schemas/Company` }, { corporate_number: '12' }), false);
  assert.deepEqual([...seenCodes].sort(), [...ERROR_CODES].sort());
});
