// Preconditions apply only where the answer would be 2xx (RFC 9110 §13.2.1). A conditional request
// whose query is refused answers its 400, counted, never a 304; a 304 before counting only for the ETag of a 200.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { errorOfAnswer } from '../helpers/answers.js';
import { until } from '../helpers/until.js';
import type { FinishedRequest } from '../../src/usage/usage-log.js';

let s: LimitedServer;
const logged: FinishedRequest[] = [];
before(async () => {
  s = await limitedServer({}, undefined, { usageLog: { record: (request) => void logged.push(request) } });
});
after(() => s.close());

const FUTURE = 'Fri, 01 Jan 2100 00:00:00 GMT';

test('a conditional request that should be a 400 answers its 400, counted', async () => {
  const cases: [string, string][] = [
    ['/api/v1/companies', 'missing_parameter'],
    ['/api/v1/companies?q=a&offset=10', 'bulk_access_not_provided'],
    ['/api/v1/enforcements', 'missing_filter'],
    ['/api/v1/enforcements?corporate_number=1234567890123', 'invalid_corporate_number'],
    ['/api/v1/license-actions?from=2026-02-30&to=2026-03-01', 'invalid_parameter'],
    ['/api/v1/companies?q=a&limit=99', 'invalid_parameter'],
  ];
  let left = 9;
  for (const [path, code] of cases) {
    const conditions: Record<string, string>[] = [{ 'if-none-match': '*' }, { 'if-modified-since': FUTURE }];
    for (const condition of conditions) {
      const answer = await s.get(path, { 'user-agent': 'conditional-400', ...condition });
      assert.equal(answer.status, 400, `${path} ${JSON.stringify(condition)}`);
      assert.equal(errorOfAnswer(answer).code, code, path);
      assert.match(answer.headers.get('ratelimit') ?? '', new RegExp(`^"minute";r=${left};`, 'u'), `${path}: counted`);
      assert.equal(answer.headers.get('etag'), null, `${path}: no validators on an error`);
      left--;
      if (left < 0) {
        s.advance(60_000);
        left = 9;
      }
    }
  }
});

test('`*` and dates are checked and counted, then 304; the ETag itself is answered 304 uncounted', async () => {
  const ua = { 'user-agent': 'conditional-ok' };
  const path = '/api/v1/companies?q=%E6%9E%B6%E7%A9%BA%E5%95%86%E4%BA%8B&limit=7';
  const first = await s.get(path, { ...ua, 'if-none-match': '*' });
  assert.equal(first.status, 304, 'the precondition holds once the answer is a 200');
  assert.equal(first.text, '');
  assert.match(first.headers.get('etag') ?? '', /^W\//u);
  assert.match(first.headers.get('ratelimit') ?? '', /^"minute";r=9;/u, 'checked and counted like any request');
  const dated = await s.get(path, { ...ua, 'if-modified-since': FUTURE });
  assert.equal(dated.status, 304);
  assert.match(dated.headers.get('ratelimit') ?? '', /^"minute";r=8;/u, 'a date proves no earlier answer: counted');
  const again = await s.get(path, { ...ua, 'if-none-match': first.headers.get('etag')! });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('ratelimit'), null, 'answered before the limits: not counted');
  const plain = await s.get(path, ua);
  assert.equal(plain.status, 200);
  assert.match(plain.headers.get('ratelimit') ?? '', /^"minute";r=7;/u);
  await until(() => logged.filter((r) => r.userAgent === 'conditional-ok').length === 4, 'four logged');
  assert.deepEqual(
    logged.filter((r) => r.userAgent === 'conditional-ok').map((r) => [r.status, r.counted]),
    [
      [304, true],
      [304, true],
      [304, false],
      [200, true],
    ],
    'the usage log says what the limits counted: entries for the counted 304s, a tally for the uncounted one',
  );
});
