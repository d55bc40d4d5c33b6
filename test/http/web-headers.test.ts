// The web's headers through the real server: request id, CORS, conditional requests (304 uncounted), compression.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config.js';
import { createLimiter, type Limiter } from '../../src/limits/limiter.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { limitPolicy } from '../../src/limits/policy.js';
import { parseTrustedProxies } from '../../src/limits/client-identity.js';
import type { FinishedRequest } from '../../src/usage/usage-log.js';
import { CACHE_CONTROL, CONDITIONAL_VARY, validatorsOf } from '../../src/http/hooks/conditional.js';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { answerOf } from '../helpers/answers.js';
import { rawExchange, rawRequest } from '../helpers/raw-request.js';
import { until } from '../helpers/until.js';
import type { Answer } from '../helpers/documented-answers.js';

const COMPANIES = '/api/v1/companies?q=hokushin';

describe('web headers', () => {
  let server: TestServer;
  let limiter: Limiter;
  const usage: FinishedRequest[] = [];
  before(async () => {
    // each test is a client of its own, all from 127.0.0.1 with the clock stopped, so an address ceiling of 9 would
    // refuse the later tests: it is off here (address-limits.test.ts tests it)
    const env = { KOHYO_LIMIT_PER_MINUTE: '3', KOHYO_ADDRESS_LIMIT_FACTOR: '0' };
    const config = loadConfig(env);
    const policy = limitPolicy(config.limits);
    limiter = createLimiter({
      store: new MemoryStore(policy),
      policy,
      trusted: parseTrustedProxies([]),
      secret: null,
      clock: () => TEST_NOW,
    });
    server = await startServer({
      dbPath: await demoDatabase(),
      env,
      deps: { limiter, usageLog: { record: (entry) => void usage.push(entry) } },
    });
  });
  after(async () => {
    await server.close();
    await limiter.close();
  });
  /** Each test is its own client to the limiter (the User-Agent is part of the client group). */
  const as = (client: string, headers: Record<string, string> = {}) => ({
    headers: { 'user-agent': client, ...headers },
  });

  test('a sane X-Request-Id is echoed and kept in meta; an unsafe one is replaced; errors carry it too', async () => {
    const given = await server.get(COMPANIES, as('rid', { 'x-request-id': 'abc-123.XYZ' }));
    assert.equal(given.headers.get('x-request-id'), 'abc-123.XYZ');
    assert.equal(answerOf(given).meta.request_id, 'abc-123.XYZ');
    for (const bad of ['has space', 'x'.repeat(129), 'quote"d', '']) {
      const answer = await server.get('/api/v1/nowhere', as(`rid-${bad.length}`, { 'x-request-id': bad }));
      assert.equal(answer.status, 404);
      const id = answer.headers.get('x-request-id') ?? '';
      assert.match(id, /^[0-9a-f-]{36}$/u, `replaced: ${JSON.stringify(bad)}`);
    }
    const error = await server.get('/api/v1/companies', as('rid', { 'x-request-id': 'err-1' }));
    assert.equal(error.status, 400);
    assert.equal(error.headers.get('x-request-id'), 'err-1');
  });

  test('CORS: any origin, the client headers exposed; a preflight answers 204 and is not counted', async () => {
    const plain = await server.get(COMPANIES, as('cors', { origin: 'https://example.org' }));
    assert.equal(plain.headers.get('access-control-allow-origin'), '*');
    const exposed = (plain.headers.get('access-control-expose-headers') ?? '').split(/,\s*/u);
    for (const name of ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'ETag'])
      assert.ok(exposed.includes(name), name);
    for (let i = 0; i < 5; i++) {
      const preflight = await server.get(COMPANIES, {
        method: 'OPTIONS',
        headers: {
          'user-agent': 'cors',
          origin: 'https://example.org',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-kohyo-client',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.text, '');
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/u);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /X-Kohyo-Client/iu);
      assert.equal(preflight.headers.get('ratelimit'), null);
    }
    // one request counted of three a minute: two left after the five preflights
    const next = await server.get(COMPANIES, as('cors'));
    assert.equal(next.status, 200);
    assert.match(next.headers.get('ratelimit') ?? '', /r=1;/u);
  });

  test('every refusal of a malformed request carries CORS and the limits, wherever it is made', async () => {
    const policy = (await server.get(COMPANIES, as('malformed'))).headers.get('ratelimit-policy');
    assert.match(policy ?? '', /"minute";q=3;w=60/u);
    // what: [status, RateLimit]; each by a client of its own, so that each is its client's first counted request
    const answers: [string, number, string | null, ReadonlyMap<string, string> | Headers][] = [];
    for (const [i, target] of [
      '/api/v1/companies?q=%E5%8C',
      '/api/v1/companies?q=%ZZ',
      `/api/v1/companies?q=${'a'.repeat(20_000)}`,
    ].entries()) {
      const answer = await server.get(target, as(`malformed-${i}`));
      answers.push([target.slice(0, 40), answer.status, answer.headers.get('ratelimit'), answer.headers]);
    }
    const badPath = await rawRequest(server.url, '/api/v1/companies/%zz', { headers: { 'user-agent': 'malformed-3' } });
    answers.push([
      'a broken escape in the path',
      badPath.status,
      badPath.headers.get('ratelimit') ?? null,
      badPath.headers,
    ]);
    const noHost = await rawExchange(server.url, 'GET /api/v1/companies?q=x HTTP/1.1\r\nConnection: close\r\n\r\n', {
      end: true,
    });
    answers.push(['no Host', noHost.status, noHost.headers.get('ratelimit') ?? null, noHost.headers]);
    // a Host holding a control character, which Node's parser refuses before any hook
    const badHost = await rawExchange(server.url, 'GET /api/v1/companies?q=x HTTP/1.1\r\nHost: a\u0001b\r\n\r\n', {
      end: true,
    });
    answers.push(['a bad Host', badHost.status, badHost.headers.get('ratelimit') ?? null, badHost.headers]);
    const first = '"minute";r=2;t=60';
    // counted where a client is told apart (its head was read, a missing Host refused after it); a head Node's parser
    // refused tells no client, and the address ceiling is off here (address-limits.test.ts reads the address's
    // standing on them)
    assert.deepEqual(
      answers.map(([what, status, left]) => [what, status, left]),
      [
        ['/api/v1/companies?q=%E5%8C', 400, first],
        ['/api/v1/companies?q=%ZZ', 400, first],
        [`/api/v1/companies?q=${'a'.repeat(20)}`, 431, null],
        ['a broken escape in the path', 400, first],
        ['no Host', 400, first],
        ['a bad Host', 400, null],
      ],
    );
    for (const [what, , , headers] of answers) {
      assert.equal(headers.get('access-control-allow-origin'), '*', what);
      assert.match(headers.get('access-control-expose-headers') ?? '', /RateLimit-Policy/u, what);
      assert.equal(headers.get('ratelimit-policy'), policy, what);
    }
  });

  test('an OPTIONS that is not a preflight is 405 with Allow, as any other method', async () => {
    const answer = await server.get(COMPANIES, { method: 'OPTIONS', headers: { 'user-agent': 'options' } });
    assert.equal(answer.status, 405);
    assert.equal(answer.body.error.code, 'method_not_allowed');
    assert.equal(answer.headers.get('allow'), 'GET, HEAD');
  });

  test('ETag from the dataset and the normalised request; 304 on If-None-Match and If-Modified-Since, uncounted but logged', async () => {
    const first = await server.get(COMPANIES, as('etag'));
    const etag = first.headers.get('etag') ?? '';
    assert.match(etag, /^W\/"[\w-]+"$/u);
    assert.equal(first.headers.get('cache-control'), CACHE_CONTROL);
    assert.equal(first.headers.get('last-modified'), new Date(server.store!.meta.version).toUTCString());
    // the same question in another spelling of the query string has the same tag; the body's request id differs
    const reordered = await server.get('/api/v1/companies?limit=&q=hokushin', as('etag'));
    assert.equal(reordered.headers.get('etag'), etag);
    assert.notEqual(answerOf(reordered).meta.request_id, answerOf(first).meta.request_id);
    assert.notEqual((await server.get('/api/v1/companies?q=hokushin&limit=2', as('etag'))).headers.get('etag'), etag);
    // the three a minute are used up: a 304 for the ETag itself still answers, for as long as the client asks
    const before = usage.length;
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", ${etag.slice(2)}` },
      { 'if-none-match': etag.slice(2) },
    ];
    for (const headers of conditions) {
      const answer = await server.get(COMPANIES, as('etag', headers));
      assert.equal(answer.status, 304, JSON.stringify(headers));
      assert.equal(answer.text, '');
      assert.equal(answer.headers.get('etag'), etag);
      assert.equal(answer.headers.get('ratelimit'), null);
      assert.ok(answer.headers.get('x-request-id'));
    }
    // another tag, `*` and a date prove no earlier answer: checked and counted like any request, for every client alike
    assert.equal((await server.get(COMPANIES, as('etag', { 'if-none-match': 'W/"stale"' }))).status, 429);
    assert.equal((await server.get(COMPANIES, as('etag', { 'if-none-match': '*' }))).status, 429);
    const lastModified = first.headers.get('last-modified')!;
    assert.equal((await server.get(COMPANIES, as('etag', { 'if-modified-since': lastModified }))).status, 429);
    await until(() => usage.length - before >= 6, 'the six answers are in the usage log');
    assert.deepEqual(
      usage.slice(before).map((entry) => entry.status),
      [304, 304, 304, 429, 429, 429],
    );
  });

  test('a feed of the longest query revalidates to 304, and every 304 carries its 200 headers and no body length', async () => {
    // about 1,800 characters: the longest values two of its text parameters take, percent-encoded
    const feed =
      `/api/v1/enforcements?format=atom&authority=jftc&q=${encodeURIComponent('あ'.repeat(100))}` +
      `&company=${encodeURIComponent('い'.repeat(100))}`;
    assert.ok(feed.length > 1_800, String(feed.length));
    const first = await server.get(feed, as('long-feed'));
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': '*' },
      { 'if-modified-since': first.headers.get('last-modified')! },
    ];
    for (const headers of conditions) {
      const answer = await server.get(feed, as('long-feed', headers));
      assert.equal(answer.status, 304, JSON.stringify(headers));
      for (const name of ['etag', 'vary', 'cache-control', 'last-modified'])
        assert.equal(answer.headers.get(name), first.headers.get(name), `${name} for ${JSON.stringify(headers)}`);
      assert.equal(answer.headers.get('content-length'), null, JSON.stringify(headers));
      assert.equal(answer.headers.get('content-type'), null, JSON.stringify(headers));
    }
    // HEAD too: for the ETag itself (before the limits) and for `*` (after them, as another client)
    for (const [client, condition] of [
      ['long-feed', etag],
      ['long-feed-head', '*'],
    ]) {
      const head = await server.get(feed, { method: 'HEAD', ...as(client!, { 'if-none-match': condition! }) });
      assert.equal(head.status, 304, condition);
      assert.equal(head.headers.get('etag'), etag);
      assert.equal(head.headers.get('vary'), CONDITIONAL_VARY, condition);
      assert.equal(head.headers.get('content-length'), null, condition);
      assert.equal(head.headers.get('content-type'), null, condition);
    }
    assert.equal(first.headers.get('vary'), CONDITIONAL_VARY);
  });

  test('the tag changes with the dataset version, the day in Japan and the key', () => {
    const KEY = 'one key';
    const dataset = { version: '2026-11-21T03:00:00.000Z', kind: 'demo' };
    const base = validatorsOf('/api/v1/companies', 'q=a', dataset, TEST_NOW, KEY);
    assert.notEqual(
      validatorsOf('/api/v1/companies', 'q=a', { ...dataset, version: '2026-11-21T04:00:00.000Z' }, TEST_NOW, KEY).etag,
      base.etag,
    );
    const tomorrow = new Date('2026-11-21T15:00:00Z'); // midnight in Japan
    const next = validatorsOf('/api/v1/companies', 'q=a', dataset, tomorrow, KEY);
    assert.notEqual(next.etag, base.etag);
    assert.equal(next.lastModified.toISOString(), '2026-11-21T15:00:00.000Z');
    // keyed: nobody without the key works a query's tag out offline
    assert.notEqual(validatorsOf('/api/v1/companies', 'q=a', dataset, TEST_NOW, 'another key').etag, base.etag);
  });

  test('bodies above the threshold are compressed with br or gzip; small ones are not', async () => {
    const url = new URL('/api/v1/procurement-suspension-coverage', server.url);
    const plain = await raw(url, 'identity');
    const br = await raw(url, 'br');
    const gzip = await raw(url, 'gzip');
    assert.equal(br.encoding, 'br');
    assert.equal(gzip.encoding, 'gzip');
    assert.equal(plain.encoding, undefined);
    const body = (buffer: Buffer) =>
      (JSON.parse(buffer.toString('utf8')) as Answer<'/api/v1/procurement-suspension-coverage'>).data;
    assert.deepEqual(body(brotliDecompressSync(br.body)), body(plain.body));
    assert.deepEqual(body(gunzipSync(gzip.body)), body(plain.body));
    assert.ok(br.body.length < plain.body.length / 3, `br ${br.body.length} of ${plain.body.length}`);
    console.log(`coverage answer: ${plain.body.length} bytes plain, ${gzip.body.length} gzip, ${br.body.length} br`);
    const small = await raw(new URL('/api/v1/companies', server.url), 'br');
    assert.equal(small.encoding, undefined);
  });
});

/** The bytes as sent (fetch would decompress them). */
function raw(url: URL, encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { 'accept-encoding': encoding, 'user-agent': `compress-${encoding}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
