// Counting belongs to the route. Every catalogue endpoint, reached through every spelling of its
// path the router takes (and the ones it does not), is counted, refused, read by the enumeration rule and logged as
// that endpoint, on the memory store and on a real Redis, through a listening server and raw sockets.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { ENDPOINTS } from '../../../src/api/catalogue.js';
import { RedisStore } from '../../../src/limits/redis-store.js';
import type { FinishedRequest } from '../../../src/usage/usage-log.js';
import { routedPath } from '../../../src/http/hooks/route-accounting.js';
import { limitedServer, type LimitedServer, type StoreFor } from '../../helpers/limited-server.js';
import { rawRequest, type RawAnswer } from '../../helpers/raw-request.js';
import { startRedisServer, type RedisServer } from '../../helpers/redis-server.js';
import { until } from '../../helpers/until.js';

/** Three a minute, and the fourth distinct term in ten minutes trips enumeration; one client per spelling. */
const ENV = {
  KOHYO_LIMIT_PER_MINUTE: '3',
  KOHYO_ENUM_DISTINCT_TERMS: '3',
  KOHYO_ADDRESS_LIMIT_FACTOR: '0',
};

interface Spelling {
  readonly name: string;
  readonly method: 'GET' | 'HEAD';
  /** The request target for a path under /api/v1/ and a query string. */
  target(path: string, query: string): string;
  /** Whether the router takes it to the endpoint (else it is an unknown path: 404, counted all the same). */
  readonly routed: boolean;
}

/** `/api/v1/x` with the first letter of the segment at `index` %-escaped. */
function escapeSegment(path: string, index: number): string {
  const segments = path.split('/');
  const segment = segments[index] ?? '';
  segments[index] = `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  return segments.join('/');
}

const SPELLINGS: readonly Spelling[] = [
  { name: 'as written', method: 'GET', routed: true, target: (p, q) => `${p}?${q}` },
  { name: '%61pi', method: 'GET', routed: true, target: (p, q) => `${escapeSegment(p, 1)}?${q}` },
  { name: 'ap%69', method: 'GET', routed: true, target: (p, q) => `${p.replace('/api/', '/ap%69/')}?${q}` },
  { name: 'v%31', method: 'GET', routed: true, target: (p, q) => `${p.replace('/v1/', '/v%31/')}?${q}` },
  { name: 'last segment escaped', method: 'GET', routed: true, target: (p, q) => `${escapeSegment(p, 3)}?${q}` },
  { name: 'trailing slash', method: 'GET', routed: true, target: (p, q) => `${p}/?${q}` },
  { name: 'absolute-form', method: 'GET', routed: true, target: (p, q) => `http://kohyo.example${p}?${q}` },
  {
    name: 'absolute-form, escaped, upper-case scheme',
    method: 'GET',
    routed: true,
    target: (p, q) => `HTTP://kohyo.example${escapeSegment(p, 1)}?${q}`,
  },
  { name: 'HEAD', method: 'HEAD', routed: true, target: (p, q) => `${p}?${q}` },
  { name: 'HEAD, escaped', method: 'HEAD', routed: true, target: (p, q) => `${escapeSegment(p, 2)}?${q}` },
  { name: 'double slash', method: 'GET', routed: false, target: (p, q) => `${p.replace('/api/', '/api//')}?${q}` },
  { name: 'leading double slash', method: 'GET', routed: false, target: (p, q) => `/${p}?${q}` },
  { name: 'dot segment', method: 'GET', routed: false, target: (p, q) => `${p.replace('/v1/', '/v1/./')}?${q}` },
];

// the addresses of one company or record take their question in the path: test/http/addresses.test.ts walks them
const COUNTED = ENDPOINTS.filter((e) => e.counted && !e.path.includes('{'));
const UNCOUNTED = ENDPOINTS.filter((e) => !e.counted && e.path.startsWith('/api/v1/'));

for (const [storeName, redisStore] of [
  ['memory store', false],
  ['Redis store', true],
] as const) {
  describe(`every spelling of every endpoint is counted and logged as that endpoint (${storeName})`, () => {
    let redis: RedisServer | null = null;
    let s: LimitedServer;
    const logged: FinishedRequest[] = [];
    let clients = 0;
    before(async () => {
      let storeFor: StoreFor | undefined;
      if (redisStore) {
        const server = await startRedisServer();
        redis = server;
        storeFor = (policy) => new RedisStore(new Redis(server.url), policy, 'spellings:');
      }
      s = await limitedServer(ENV, storeFor, { usageLog: { record: (request) => void logged.push(request) } });
    });
    after(async () => {
      await s.close();
      await redis?.stop();
    });

    const send = (spelling: Spelling, target: string, agent: string): Promise<RawAnswer> =>
      rawRequest(s.server.url, target, { method: spelling.method, headers: { 'user-agent': agent } });

    /** The usage log's record of the requests of one client, once all have reached it. */
    async function loggedFor(agent: string, count: number): Promise<FinishedRequest[]> {
      const mine = () => logged.filter((r) => r.userAgent === agent);
      await until(() => mine().length >= count, `${agent}: ${count} requests logged`);
      return mine();
    }

    test('three are counted (RateLimit), the fourth in a minute is refused, all are logged as the endpoint', async () => {
      for (const endpoint of COUNTED) {
        for (const spelling of SPELLINGS) {
          const agent = `rate-${clients++}`;
          const target = spelling.target(endpoint.path, 'q=hokushin');
          const what = `${spelling.name}: ${spelling.method} ${target}`;
          for (const left of [2, 1, 0]) {
            const answer = await send(spelling, target, agent);
            assert.notEqual(answer.status, 429, what);
            if (!spelling.routed) assert.equal(answer.status, 404, what);
            assert.match(answer.headers.get('ratelimit') ?? '', new RegExp(`^"minute";r=${left};`, 'u'), what);
          }
          const refused = await send(spelling, target, agent);
          assert.equal(refused.status, 429, what);
          if (spelling.method === 'GET') assert.match(refused.body, /"rate_limited"/u, what);
          const entries = await loggedFor(agent, 4);
          assert.deepEqual(
            entries.map((e) => [e.route, e.counted, e.status === 429]),
            [
              ...Array.from({ length: 3 }, () => [spelling.routed ? endpoint.path : null, true, false]),
              [spelling.routed ? endpoint.path : null, false, true],
            ],
            `${what}: logged as the endpoint; the refusal tallied, not counted`,
          );
          assert.equal(entries[0]?.parameters?.q, 'hokushin', `${what}: the conditions are the parsed query`);
        }
      }
    });

    test('the enumeration rule reads the parsed query of every spelling: the fourth distinct term is refused', async () => {
      for (const endpoint of COUNTED) {
        for (const spelling of SPELLINGS) {
          const agent = `terms-${clients++}`;
          const what = `${spelling.name}: ${endpoint.path}`;
          for (const term of ['alpha', 'bravo', 'charlie']) {
            // 40 s apart: never three in one minute
            s.advance(40_000);
            const answer = await send(spelling, spelling.target(endpoint.path, `q=${term}`), agent);
            assert.notEqual(answer.status, 429, `${what} ${term}`);
          }
          s.advance(40_000);
          const tripped = await send(spelling, spelling.target(endpoint.path, 'q=delta'), agent);
          assert.equal(tripped.status, 429, what);
          if (spelling.method === 'GET') assert.match(tripped.body, /"automated_enumeration_detected"/u, what);
          // refused for the cool-down whatever it asks next, by any spelling
          s.advance(40_000);
          const next = await send(SPELLINGS[0]!, `${endpoint.path}?q=alpha`, agent);
          assert.equal(next.status, 429, `${what}: cooling down`);
        }
      }
    });

    test('uncounted endpoints stay uncounted in every spelling, and are tallied, not kept one entry each', async () => {
      for (const endpoint of UNCOUNTED) {
        for (const spelling of SPELLINGS.filter((sp) => sp.routed)) {
          const agent = `uncounted-${clients++}`;
          const target = spelling.target(endpoint.path, '');
          for (let i = 0; i < 5; i++) {
            const answer = await send(spelling, target, agent);
            assert.equal(answer.status, 200, `${spelling.name}: ${target}`);
            assert.equal(answer.headers.get('ratelimit'), undefined, `${spelling.name}: ${target}`);
          }
          const entries = await loggedFor(agent, 5);
          assert.ok(
            entries.every((e) => e.route === endpoint.path && e.counted === false),
            target,
          );
        }
      }
    });

    test('an unknown path under /api/v1/ counts in any spelling; one outside it does not', async () => {
      for (const target of [
        '/api/v1/nothing',
        '/%61pi/v1/nothing',
        'http://x/api/%76%31/nothing',
        '/api/../api/v1/x',
      ]) {
        const agent = `unknown-${clients++}`;
        const answer = await rawRequest(s.server.url, target, { headers: { 'user-agent': agent } });
        assert.equal(answer.status, 404, target);
        assert.match(answer.headers.get('ratelimit') ?? '', /^"minute";r=2;/u, target);
      }
      for (const target of ['/nothing', '/%61pi/v2/nothing', '/apiv1/x']) {
        const answer = await rawRequest(s.server.url, target, { headers: { 'user-agent': `outside-${clients++}` } });
        assert.equal(answer.status, 404, target);
        assert.equal(answer.headers.get('ratelimit'), undefined, target);
      }
      const post = await rawRequest(s.server.url, '/%61pi/v1/companies?q=x', {
        method: 'POST',
        headers: { 'user-agent': `post-${clients++}`, 'content-length': '0' },
      });
      assert.equal(post.status, 405, 'a method the endpoint lacks is 405 in any spelling');
      assert.match(post.headers.get('ratelimit') ?? '', /^"minute";r=2;/u);
      const options = await rawRequest(s.server.url, '/%61pi/v1/companies?q=x', {
        method: 'OPTIONS',
        headers: { 'user-agent': `options-${clients++}` },
      });
      assert.equal(options.status, 405, 'an OPTIONS that is not a preflight is a method the endpoint lacks');
      assert.match(options.headers.get('ratelimit') ?? '', /^"minute";r=2;/u, 'and counts like one');
      const preflight = await rawRequest(s.server.url, '/%61pi/v1/companies?q=x', {
        method: 'OPTIONS',
        headers: {
          'user-agent': `preflight-${clients++}`,
          origin: 'https://a.example',
          'access-control-request-method': 'GET',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('ratelimit'), undefined, 'a preflight never counts');
    });
  });
}

test('routedPath reads a target as the router would, and then some', () => {
  const cases: [string, string][] = [
    ['/api/v1/companies?q=x', '/api/v1/companies'],
    ['/%61pi/v1/companies', '/api/v1/companies'],
    ['http://kohyo.example/api/v1/x?y#z', '/api/v1/x'],
    ['HTTPS://h:8080', '/'],
    ['//api///v1/x/', '/api/v1/x/'],
    ['/api/v1/../../api/v1/./x', '/api/v1/x'],
    ['/a/%E6%A0%AA', '/a/%E6%A0%AA'],
    ['/a/%zz/%4', '/a/%zz/%4'],
    ['', '/'],
  ];
  for (const [target, path] of cases) assert.equal(routedPath(target), path, target);
});

test('a route outside /api/v1 (a page for people) declares itself counted: limited, read by enumeration, logged', async () => {
  const logged: FinishedRequest[] = [];
  const s = await limitedServer(ENV, undefined, {
    usageLog: { record: (request) => void logged.push(request) },
  });
  try {
    const agent = { 'user-agent': 'page-reader' };
    const numbers = ['1180301018771', '2180301018770', '3180301018779'];
    for (const [i, number] of numbers.entries()) {
      s.advance(40_000);
      // the page in another spelling: %-escaped, and as an absolute-form target
      const target = i % 2 === 0 ? `/%63ompanies/${number}` : `http://kohyo.example/companies/${number}`;
      const answer = await rawRequest(s.server.url, target, { headers: agent });
      // the page of a number the fixtures do not hold (404), or that cannot be one (400): a page, counted all the same
      assert.ok([400, 404].includes(answer.status), `${target}: ${answer.status}`);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/u, target);
      assert.match(answer.headers.get('ratelimit') ?? '', /^"minute";r=\d;/u, `${target}: counted`);
    }
    s.advance(40_000);
    const tripped = await rawRequest(s.server.url, '/companies/4180301018778', { headers: agent });
    assert.equal(tripped.status, 429, 'the fourth distinct number in the path trips the distinct-terms rule');
    await until(() => logged.filter((r) => r.userAgent === 'page-reader').length === 4, 'four logged');
    assert.ok(logged.every((r) => r.route === '/companies/:corporate_number'));
  } finally {
    await s.close();
  }
});
