// The limiter through the real app over the endpoint fixtures: headers, what counts, 429s, grouping and enumeration.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { errorOfAnswer } from '../helpers/answers.js';

const POLICY_HEADER = '"minute";q=10;w=60, "day";q=300;w=86400';

describe('rate limits through the app', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer();
  });
  after(() => s.close());

  test('counted answers, success and error alike, carry RateLimit-Policy and RateLimit; uncounted ones do not', async () => {
    const ua = { 'user-agent': 'headers-test' };
    const first = await s.get('/api/v1/companies?q=test', ua);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('ratelimit-policy'), POLICY_HEADER);
    assert.equal(first.headers.get('ratelimit'), '"minute";r=9;t=60');
    assert.equal(first.headers.get('retry-after'), null);
    const errors: [string, number, string?][] = [
      ['/api/v1/companies', 400],
      ['/api/v1/enforcements?offset=10', 400],
      ['/api/v1/nothing-here', 404],
      ['/api/v1/companies?q=x', 405, 'POST'],
    ];
    for (const [i, [path, status, method]] of errors.entries()) {
      const answer = await s.get(path, ua, method);
      assert.equal(answer.status, status, path);
      assert.equal(answer.headers.get('ratelimit-policy'), POLICY_HEADER, path);
      assert.equal(answer.headers.get('ratelimit'), `"minute";r=${8 - i};t=60`, `${path} counts`);
    }
    for (const path of [
      '/api/v1/vocabularies',
      '/api/v1/openapi.json',
      '/health',
      '/llms.txt',
      '/api/v1/vocabularies/',
    ]) {
      const answer = await s.get(path, ua);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers.get('ratelimit'), null, `${path} is outside the rate limit`);
    }
    const head = await s.get('/api/v1/companies?q=test', ua, 'HEAD');
    assert.equal(head.headers.get('ratelimit'), '"minute";r=4;t=60', 'HEAD counts, and the uncounted paths did not');
  });

  test('the 11th request in a minute is refused with rate_limited and Retry-After until the oldest leaves', async () => {
    const ua = { 'user-agent': 'eleven-test' };
    for (let i = 0; i < 10; i++) {
      assert.equal((await s.get('/api/v1/companies?q=test', ua)).status, 200);
      s.advance(1000);
    }
    // the same question again and again is answered from the answer cache, and still counts every time
    assert.ok((s.server.store!.companies.answers?.hits ?? 0) >= 9, 'answers came from the cache');
    const refused = await s.get('/api/v1/companies?q=test', ua);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.equal(refused.body.error.details!.retry_after, 50);
    assert.equal(refused.headers.get('retry-after'), '50');
    assert.equal(refused.headers.get('ratelimit'), '"minute";r=0;t=50');
    assert.equal(refused.headers.get('ratelimit-policy'), POLICY_HEADER);
    assert.match(refused.headers.get('content-type') ?? '', /application\/json/u);
    s.advance(50_000);
    assert.equal((await s.get('/api/v1/companies?q=test', ua)).status, 200, 'refused requests did not count');
  });

  test('one address with two User-Agents is two clients; a spoofed X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 10; i++)
      await s.get('/api/v1/companies?q=test', { 'user-agent': 'group-a', 'x-forwarded-for': `198.51.100.${i}` });
    assert.equal(
      (await s.get('/api/v1/companies?q=test', { 'user-agent': 'group-a', 'x-forwarded-for': '203.0.113.99' })).status,
      429,
    );
    assert.equal((await s.get('/api/v1/companies?q=test', { 'user-agent': 'group-b' })).status, 200);
    assert.equal(
      (await s.get('/api/v1/companies?q=test', { 'user-agent': 'group-a', 'x-kohyo-client': 'my-app' })).status,
      200,
    );
  });

  test('30 concurrent requests of one client: exactly 10 answered, 20 refused', async () => {
    // every client of these tests comes from 127.0.0.1: a minute on, the address's ceiling (30) has room again; 30
    // connections at once stay within the address's connections (32)
    s.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => s.get('/api/v1/companies?q=test', { 'user-agent': 'burst' })),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 10);
    assert.equal(answers.filter((a) => a.status === 429).length, 20);
  });
});

test('behind a trusted proxy, X-Forwarded-For names the client', async () => {
  const s = await limitedServer({ KOHYO_TRUST_PROXY: '127.0.0.0/8', KOHYO_LIMIT_PER_MINUTE: '2' });
  try {
    const ua = { 'user-agent': 'proxied' };
    for (let i = 0; i < 2; i++) await s.get('/api/v1/companies?q=test', { ...ua, 'x-forwarded-for': '203.0.113.5' });
    assert.equal(
      (await s.get('/api/v1/companies?q=test', { ...ua, 'x-forwarded-for': '6.6.6.6, 203.0.113.5' })).status,
      429,
    );
    assert.equal((await s.get('/api/v1/companies?q=test', { ...ua, 'x-forwarded-for': '203.0.113.6' })).status, 200);
  } finally {
    await s.close();
  }
});

describe('enumeration through the app', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '1000', KOHYO_LIMIT_PER_DAY: '100000' });
  });
  after(() => s.close());

  test('a scanner walking Corporate Numbers is refused at its fifth step and for the hour after', async () => {
    const ua = { 'user-agent': 'scanner' };
    const paths = [0, 1, 2, 3].map(
      (i) => `/api/v1/enforcements?corporate_number=${corporateNumberFromBase(String(300_000_000_000 + i * 3))}`,
    );
    paths.push('/api/v1/companies?q=9300000000012'); // a 13-digit q with a wrong check digit is a look-up too
    for (const path of paths.slice(0, 4)) assert.notEqual((await s.get(path, ua)).status, 429, path);
    const fifth = await s.get(paths[4]!, ua);
    assert.equal(fifth.status, 429);
    assert.equal(fifth.body.error.code, 'automated_enumeration_detected');
    assert.equal(fifth.headers.get('retry-after'), '3600');
    s.advance(1_800_000);
    const later = await s.get('/api/v1/companies?q=test', ua);
    assert.equal(
      errorOfAnswer(later).code,
      'automated_enumeration_detected',
      'refused for the whole cool-down, whatever it asks',
    );
    assert.equal(later.headers.get('retry-after'), '1800');
    s.advance(1_800_000);
    assert.equal((await s.get('/api/v1/companies?q=test', ua)).status, 200);
  });

  test('a person looking up five unrelated companies, by number and by name, is never refused', async () => {
    // Fixture companies whose bases go up and down, as a person's look-ups would; taken in number order, these
    // close numbers would be a walk.
    const picks = [
      { corporate_number: '1999900010007', name: '仮名不動産株式会社' },
      { corporate_number: '7999900010001', name: '架空商事株式会社' },
      { corporate_number: '9999900010008', name: '模擬鉄工株式会社' },
      { corporate_number: '4999900010004', name: '見本工業株式会社' },
      { corporate_number: '2999900010006', name: '試験建設株式会社' },
    ];
    for (const company of picks) {
      for (const path of [
        `/api/v1/companies?q=${company.corporate_number}`,
        `/api/v1/enforcements?corporate_number=${company.corporate_number}`,
        `/api/v1/companies?q=${encodeURIComponent(company.name)}`,
      ]) {
        assert.equal((await s.get(path, { 'user-agent': 'person' })).status, 200, path);
      }
    }
  });

  test('more than 30 distinct search terms in ten minutes trip the distinct-terms rule', async () => {
    const ua = { 'user-agent': 'sweeper' };
    for (let i = 0; i < 30; i++)
      assert.equal((await s.get(`/api/v1/companies?q=${encodeURIComponent(`名前${i}`)}`, ua)).status, 200);
    assert.equal(
      (await s.get(`/api/v1/companies?q=${encodeURIComponent('名前0株式会社')}`, ua)).status,
      200,
      'the same term, normalised',
    );
    const tripped = await s.get(`/api/v1/enforcements?company=${encodeURIComponent('名前30')}`, ua);
    assert.equal(tripped.status, 429);
    assert.equal(tripped.body.error.code, 'automated_enumeration_detected');
  });
});
