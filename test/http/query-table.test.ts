// The contract's query rules and error codes, through the real app over the demo database.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import type { ErrorStatus } from '../helpers/test-response.js';
import { answerOf } from '../helpers/answers.js';
import { ERROR_CODES } from '../../src/api/errors.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

const RECORD_ENDPOINTS = [
  '/api/v1/enforcements',
  '/api/v1/procurement-suspensions',
  '/api/v1/license-actions',
] as const;
const PAGED = ['/api/v1/procurement-suspensions', '/api/v1/license-actions'] as const;
const ALL_ENDPOINTS = [
  '/api/v1/search',
  '/api/v1/companies',
  ...RECORD_ENDPOINTS,
  '/api/v1/procurement-suspension-coverage',
  '/api/v1/coverage',
];

async function expectError(path: string, status: ErrorStatus, code: string, parameter?: string) {
  const response = await server.get(path);
  assert.equal(response.status, status, `${path}: ${response.text}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/u);
  assert.equal(response.body.error.code, code, path);
  assert.equal(typeof response.body.error.message, 'string');
  assert.ok(response.body.error.message.length > 10);
  assert.deepEqual(Object.keys(response.body), ['error']);
  if (parameter !== undefined) assert.equal(response.body.error.details?.parameter, parameter, path);
  return response.body.error;
}

test('limit: absent is 10; not an integer, < 1 or > 10 is invalid_parameter', async () => {
  const ok = await server.get('/api/v1/companies?q=株式会社');
  assert.equal(ok.status, 200);
  assert.equal(ok.body.meta.limit, 10);
  for (const value of ['0', '11', '-1', '1.5', 'abc', '1e1', '0x0A', '+5', '10abc']) {
    await expectError(`/api/v1/companies?q=a&limit=${encodeURIComponent(value)}`, 400, 'invalid_parameter', 'limit');
  }
  for (const path of RECORD_ENDPOINTS) await expectError(`${path}?q=abc&limit=11`, 400, 'invalid_parameter', 'limit');
  const three = answerOf(await server.get('/api/v1/enforcements?authority=jftc&limit=3'));
  assert.equal(three.meta.limit, 3);
  assert.ok(three.data.enforcements.length <= 3);
});

test('page: absent is 1; not an integer, < 1 or > the cap is invalid_parameter', async () => {
  for (const path of PAGED) {
    const first = await server.get(`${path}?q=株式会社`);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.meta.page, 1);
    for (const value of ['0', '11', 'x', '2.5'])
      await expectError(`${path}?q=abc&page=${value}`, 400, 'invalid_parameter', 'page');
    const ten = await server.get(`${path}?q=abc&page=10`);
    assert.equal(ten.status, 200);
  }
});

test('the page cap follows KOHYO_MAX_PAGE', async () => {
  const capped = await startServer({ dbPath: await demoDatabase(), env: { KOHYO_MAX_PAGE: '3' } });
  try {
    assert.equal((await capped.get('/api/v1/license-actions?sector=construction&page=3')).status, 200);
    const refused = await capped.get('/api/v1/license-actions?sector=construction&page=4');
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.details!.parameter, 'page');
  } finally {
    await capped.close();
  }
});

test('page on an endpoint without pages is unknown_parameter', async () => {
  await expectError('/api/v1/enforcements?authority=jftc&page=1', 400, 'unknown_parameter', 'page');
  await expectError('/api/v1/companies?q=a&page=1', 400, 'unknown_parameter', 'page');
  await expectError('/api/v1/search?q=a&page=2', 400, 'unknown_parameter', 'page');
});

test('offset or cursor anywhere is bulk_access_not_provided', async () => {
  for (const path of ALL_ENDPOINTS) {
    await expectError(
      `${path}${path.includes('coverage') ? '?' : '?q=abc&'}offset=10`,
      400,
      'bulk_access_not_provided',
      'offset',
    );
    await expectError(`${path}?cursor=abc`, 400, 'bulk_access_not_provided', 'cursor');
  }
});

test('any other unknown parameter is unknown_parameter, naming it', async () => {
  for (const path of ALL_ENDPOINTS) await expectError(`${path}?sort=date`, 400, 'unknown_parameter', 'sort');
  await expectError('/api/v1/procurement-suspension-coverage?group=national', 400, 'unknown_parameter', 'group');
});

test('a parameter given twice is invalid_parameter', async () => {
  await expectError('/api/v1/companies?q=a&q=b', 400, 'invalid_parameter', 'q');
  await expectError('/api/v1/enforcements?authority=jftc&authority=caa', 400, 'invalid_parameter', 'authority');
});

test('an empty or whitespace-only value is treated as absent', async () => {
  await expectError('/api/v1/companies?q=', 400, 'missing_parameter', 'q');
  await expectError('/api/v1/companies?q=%20%E3%80%80', 400, 'missing_parameter', 'q');
  await expectError('/api/v1/enforcements?company=&q=%20', 400, 'missing_filter');
  const limitEmpty = await server.get('/api/v1/companies?q=abc&limit=');
  assert.equal(limitEmpty.status, 200);
  assert.equal(limitEmpty.body.meta.limit, 10);
});

test('q and company longer than 100 characters are invalid_parameter', async () => {
  const long = 'あ'.repeat(101);
  assert.equal((await server.get(`/api/v1/companies?q=${encodeURIComponent('あ'.repeat(100))}`)).status, 200);
  await expectError(`/api/v1/companies?q=${encodeURIComponent(long)}`, 400, 'invalid_parameter', 'q');
  await expectError(`/api/v1/enforcements?company=${encodeURIComponent(long)}`, 400, 'invalid_parameter', 'company');
  await expectError(`/api/v1/license-actions?q=${encodeURIComponent(long)}`, 400, 'invalid_parameter', 'q');
});

test('corporate_number: not 13 digits or a wrong check digit is invalid_corporate_number', async () => {
  for (const path of RECORD_ENDPOINTS) {
    await expectError(`${path}?corporate_number=123`, 400, 'invalid_corporate_number', 'corporate_number');
    await expectError(`${path}?corporate_number=2180301018771`, 400, 'invalid_corporate_number', 'corporate_number');
    // full-width digits and hyphens are normalised first
    const ok = await server.get(`${path}?corporate_number=${encodeURIComponent('１１８０-３０１０-１８７７１')}`);
    assert.equal(ok.status, 200, ok.text);
  }
});

test('an enum filter with an unknown value is invalid_parameter with details.allowed', async () => {
  const cases: [string, string][] = [
    ['/api/v1/enforcements?law=no_such_law', 'law'],
    ['/api/v1/enforcements?authority=nobody', 'authority'],
    ['/api/v1/enforcements?action_type=spanking', 'action_type'],
    ['/api/v1/procurement-suspensions?reason=x', 'reason'],
    ['/api/v1/procurement-suspensions?status=in_effect', 'status'],
    ['/api/v1/license-actions?sector=x', 'sector'],
    ['/api/v1/license-actions?nature=x', 'nature'],
    ['/api/v1/license-actions?status=active', 'status'],
    ['/api/v1/license-actions?action_type=cease_and_desist_order', 'action_type'],
  ];
  for (const [path, parameter] of cases) {
    const error = await expectError(path, 400, 'invalid_parameter', parameter);
    assert.ok(Array.isArray(error.details!.allowed) && error.details!.allowed.length > 0, path);
  }
});

test('an enum filter accepts the code, the Japanese label or the English label (case-insensitive, NFKC)', async () => {
  const byCode = await server.get('/api/v1/enforcements?authority=jftc');
  assert.equal(byCode.status, 200);
  for (const value of ['公正取引委員会', 'japan fair trade commission', 'JAPAN FAIR TRADE COMMISSION', 'ＪＦＴＣ']) {
    const other = await server.get(`/api/v1/enforcements?authority=${encodeURIComponent(value)}`);
    assert.equal(other.status, 200, value);
    assert.deepEqual(other.body.data, byCode.body.data, value);
  }
  const sectorJa = await server.get(`/api/v1/license-actions?sector=${encodeURIComponent('建設業')}`);
  const sectorCode = await server.get('/api/v1/license-actions?sector=construction');
  assert.deepEqual(answerOf(sectorJa).data, answerOf(sectorCode).data);
});

test('from / to: not YYYY-MM-DD, not a real date, or from after to is invalid_parameter', async () => {
  await expectError('/api/v1/license-actions?from=2025/01/01&to=2025-02-01', 400, 'invalid_parameter', 'from');
  await expectError('/api/v1/license-actions?from=2025-01-01&to=20250201', 400, 'invalid_parameter', 'to');
  await expectError('/api/v1/license-actions?from=2025-02-30&to=2025-03-01', 400, 'invalid_parameter', 'from');
  await expectError('/api/v1/license-actions?from=2025-03-01&to=2025-02-01', 400, 'invalid_parameter', 'from');
  await expectError('/api/v1/enforcements?authority=jftc&from=2025-01-32', 400, 'invalid_parameter', 'from');
  await expectError('/api/v1/procurement-suspensions?status=active&to=2025-13-01', 400, 'invalid_parameter', 'to');
});

test('required parameters and filters', async () => {
  await expectError('/api/v1/search', 400, 'missing_parameter', 'q');
  await expectError('/api/v1/companies', 400, 'missing_parameter', 'q');
  await expectError('/api/v1/companies?limit=5', 400, 'missing_parameter', 'q');
  for (const path of RECORD_ENDPOINTS) {
    await expectError(path, 400, 'missing_filter');
    await expectError(`${path}?limit=5`, 400, 'missing_filter');
  }
  // a date range alone is a filter only with both ends, at most 366 days apart
  await expectError('/api/v1/license-actions?from=2025-01-01', 400, 'missing_filter');
  await expectError('/api/v1/license-actions?to=2025-01-01', 400, 'missing_filter');
  await expectError('/api/v1/license-actions?from=2024-01-01&to=2025-01-02', 400, 'missing_filter');
  const range = await server.get('/api/v1/license-actions?from=2025-01-01&to=2026-01-02');
  assert.equal(range.status, 200, range.text);
});

test('unknown paths are 404 not_found; other methods are 405 with Allow and details.allowed', async () => {
  await expectError('/api/v1/nothing-here', 404, 'not_found');
  await expectError('/nothing-here', 404, 'not_found'); // / is the landing page
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const response = await server.get('/api/v1/companies?q=a', { method });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
    assert.equal(response.body.error.code, 'method_not_allowed');
    assert.deepEqual(response.body.error.details, { allowed: ['GET', 'HEAD'] }, method);
  }
});

test('HEAD answers like GET without a body', async () => {
  const response = await server.get('/api/v1/companies?q=abc', { method: 'HEAD' });
  assert.equal(response.status, 200);
  assert.equal(response.text, '');
  assert.match(response.headers.get('content-type') ?? '', /application\/json/u);
  const bad = await server.get('/api/v1/companies', { method: 'HEAD' });
  assert.equal(bad.status, 400);
});

test('every answer has the success or error envelope, with request_id and dataset in meta', async () => {
  const answer = await server.get('/api/v1/companies?q=abc');
  const body = answerOf(answer);
  assert.deepEqual(Object.keys(body).sort(), ['data', 'meta']);
  assert.equal(typeof body.meta.request_id, 'string');
  assert.equal(body.meta.request_id, answer.headers.get('x-request-id'));
  assert.equal(body.meta.dataset.kind, 'demo');
  assert.match(body.meta.dataset.version, /^\d{4}-\d{2}-\d{2}T/u);
});

test('503 service_unavailable while no dataset is open; /health says so', async () => {
  const empty = await startServer({ store: null });
  try {
    const health = await empty.get('/health');
    assert.equal(health.status, 503);
    assert.equal(health.body.error.code, 'service_unavailable');
    const api = await empty.get('/api/v1/companies?q=abc');
    assert.equal(api.status, 503);
    assert.equal(api.body.error.code, 'service_unavailable');
  } finally {
    await empty.close();
  }
  const health = await server.get('/health');
  assert.equal(health.status, 200);
  assert.deepEqual(health.body, {
    status: 'ok',
    dataset: { kind: server.store!.meta.kind, version: server.store!.meta.version, published_version: null },
  });
});

test('a fault is 500 internal_error and the body carries no internals', async () => {
  const real = server.store!;
  const broken = {
    ...real,
    companies: {
      searchByKeys: () => {
        throw new Error('SQLITE_CORRUPT: secret internal detail at /srv/kohyo');
      },
    },
  } as unknown as typeof real;
  const faulty = await startServer({ store: broken });
  try {
    const response = await faulty.get('/api/v1/companies?q=abcdef');
    assert.equal(response.status, 500);
    assert.equal(response.body.error.code, 'internal_error');
    assert.doesNotMatch(response.text, /secret|SQLITE|\/srv|at .*\.ts/u);
  } finally {
    await faulty.close();
  }
});

test('the error catalogue has each code the contract names', () => {
  for (const code of [
    'missing_parameter',
    'missing_filter',
    'invalid_parameter',
    'invalid_corporate_number',
    'unknown_parameter',
    'bulk_access_not_provided',
    'not_found',
    'method_not_allowed',
    'rate_limited',
    'daily_limit_exceeded',
    'automated_enumeration_detected',
    'internal_error',
    'service_unavailable',
  ]) {
    assert.ok(ERROR_CODES.includes(code as never), code);
  }
});
