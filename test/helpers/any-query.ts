// Generated requests for every endpoint and the check of their answers, shared by the property test in
// `npm test` and the longer run developers start by hand (`npm run fuzz`).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ERROR_CODES } from '../../src/api/errors.js';
import { anyCodePoint } from './hostile-text.js';

const ENDPOINTS = [
  '/api/v1/search',
  '/api/v1/companies',
  '/api/v1/enforcements',
  '/api/v1/procurement-suspensions',
  '/api/v1/license-actions',
  '/api/v1/procurement-suspension-coverage',
  '/api/v1/vocabularies',
];
const NAMES = [
  'q',
  'company',
  'corporate_number',
  'law',
  'authority',
  'action_type',
  'reason',
  'status',
  'sector',
  'nature',
  'from',
  'to',
  'page',
  'limit',
  'offset',
  'cursor',
];

/** Values people and scanners send: Japanese text, digits of any length, FTS and SQL syntax, control characters. */
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: anyCodePoint, maxLength: 12 }),
  fc.constantFrom(
    '株式会社',
    '(株)',
    'Co., Ltd.',
    '建設',
    'ﾄﾖﾀ',
    '"',
    "' OR 1=1 --",
    'a*',
    'NEAR(a b)',
    'a\u0000b',
    '\u202e',
    '1e3',
    '-1',
    '0',
    '10',
    '11',
  ),
  fc.stringMatching(/^\d{1,400}$/u),
  fc.string({ minLength: 90, maxLength: 120 }),
);
const parameter = fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 6 })), value);
export const request = fc.record({
  path: fc.constantFrom(...ENDPOINTS),
  parameters: fc.array(parameter, { maxLength: 4 }),
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
});

export function queryOf(parameters: readonly (readonly [string, string])[]): string {
  return parameters.map(([name, v]) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`).join('&');
}

/** Asserts the answer is a success or the contract's error envelope, and never a 5xx. */
export function assertContractAnswer(status: number, method: string, body: unknown, what: string): void {
  assert.ok(status < 500, `${what}: ${status} ${JSON.stringify(body)}`);
  if (method === 'HEAD' || status === 204 || status === 304) return;
  if (status >= 400) {
    const error = (body as { error?: { code?: string; message?: string } }).error;
    assert.ok(
      error && ERROR_CODES.includes(error.code as never) && typeof error.message === 'string',
      `${what}: ${JSON.stringify(body)}`,
    );
  } else {
    assert.ok(typeof body === 'object' && body !== null && 'data' in body, `${what}: ${JSON.stringify(body)}`);
  }
}

/** Raw request bytes: a request line of any method, target and version, with or without Host, and odd headers. */
export const rawRequest = fc
  .record({
    method: fc.oneof(
      fc.constantFrom('GET', 'HEAD', 'get', 'POST', 'PATCH', 'BREW', 'OPTIONS'),
      fc.string({ minLength: 1, maxLength: 6 }),
    ),
    path: fc.constantFrom(...ENDPOINTS, '/', '/docs', '/llms.txt', '/api/v1/%ff', '/api/v1/companies?q=%'),
    tail: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: anyCodePoint, maxLength: 20 }),
      fc.constant('?q=株式会社'),
    ),
    version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 ', ''),
    host: fc.boolean(),
    header: fc.oneof(
      fc.constant(''),
      fc.constantFrom('Content-Length: abc', 'Transfer-Encoding: chunked', 'X-A: \u0000', 'Accept: application/json'),
      fc.string({ maxLength: 12 }),
    ),
  })
  .map(({ method, path, tail, version, host, header }) =>
    Buffer.from(
      `${method} ${path}${tail} ${version}\r\n${host ? 'Host: x\r\n' : ''}${header === '' ? '' : `${header}\r\n`}Connection: close\r\n\r\n`,
      'utf8',
    ),
  );

/** What a raw answer must be: nothing (the connection closed), or a status under 500 with a JSON body in the contract's shape. */
export function assertRawAnswer(answer: string, what: string): void {
  if (answer === '') return;
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/u.exec(head)?.[1] ?? 0);
  assert.ok(status >= 100 && status < 500, `${what}: ${head.split('\r\n')[0]}`);
  const json = body.includes('{"error"') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : null;
  if (status >= 400 && json !== null) {
    const code = (JSON.parse(json) as { error: { code: string } }).error.code;
    assert.ok(ERROR_CODES.includes(code as never), `${what}: ${code}`);
  } else if (status >= 400 && !/^(HEAD) /u.test(what)) {
    assert.fail(`${what}: ${status} without the contract's error body: ${body.slice(0, 120)}`);
  }
}
