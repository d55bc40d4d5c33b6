// Limits by address through a listening server: an address is also a client, with three times the allowance, whatever client
// names and User-Agents it sends, that none of its clients can use up alone; with the memory store and with Redis
// (through the fallback store, as served).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { FallbackStore } from '../../src/limits/fallback-store.js';
import { storeFromConfig } from '../../src/limits/limiter-from-config.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { limitedServer, type LimitedServer, type StoreFor } from '../helpers/limited-server.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { isErrorResponse, type TestResponse } from '../helpers/test-response.js';
import { errorOfAnswer } from '../helpers/answers.js';
import { rawExchange } from '../helpers/raw-request.js';

const CLIENT_POLICY = '"minute";q=10;w=60, "day";q=300;w=86400';
const ADDRESS_POLICY = '"minute";q=30;w=60, "day";q=900;w=86400';
const SEARCH = '/api/v1/companies?q=test';

const scopeOf = (answer: TestResponse) => {
  const error = isErrorResponse(answer) ? answer.body.error : undefined;
  return [answer.status, error?.code, error?.details?.scope];
};

let redis: RedisServer;
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  await redis.stop();
});

interface Variant {
  readonly env: () => Record<string, string>;
  readonly storeFor: StoreFor;
  /** Fails when the checks were not answered where the variant says (Redis, not the memory fallback). */
  readonly verify: () => void;
}

const stores: FallbackStore[] = [];
const VARIANTS: Record<string, Variant> = {
  'memory store': { env: () => ({}), storeFor: (policy) => new MemoryStore(policy), verify: () => undefined },
  'Redis store': {
    env: () => ({ REDIS_URL: redis.url }),
    storeFor: (_policy, config) => {
      const store = storeFromConfig(config, { warn: () => undefined, info: () => undefined });
      assert.ok(store instanceof FallbackStore);
      stores.push(store);
      return store;
    },
    verify: () =>
      assert.deepEqual(
        stores.map((s) => s.fallbackChecks),
        stores.map(() => 0),
        'every check was answered by Redis',
      ),
  },
};

for (const [name, variant] of Object.entries(VARIANTS)) {
  describe(`${name}: the address ceiling through the app`, () => {
    const servers: LimitedServer[] = [];
    const serve = async (env: Record<string, string> = {}) => {
      const s = await limitedServer({ ...variant.env(), ...env }, variant.storeFor);
      servers.push(s);
      return s;
    };
    after(async () => {
      await Promise.all(servers.map((s) => s.close()));
      variant.verify();
    });

    test('(a) 60 client names from one address in a minute: 30 answered, then refused by the address', async () => {
      const s = await serve();
      const answers: TestResponse[] = [];
      for (let i = 0; i < 60; i++) {
        answers.push(await s.getFrom('127.0.0.11', SEARCH, { 'x-kohyo-client': `rotating-app-${i}` }));
        s.advance(500);
      }
      assert.deepEqual(
        answers.map((a) => a.status),
        [...Array<number>(30).fill(200), ...Array<number>(30).fill(429)],
      );
      // one client's view while it binds, the address's once the address has fewer left than the client's 9
      assert.deepEqual(
        [answers[0]!.headers.get('ratelimit-policy'), answers[0]!.headers.get('ratelimit')],
        [CLIENT_POLICY, '"minute";r=9;t=60'],
      );
      assert.deepEqual(
        [answers[29]!.headers.get('ratelimit-policy'), answers[29]!.headers.get('ratelimit')],
        [ADDRESS_POLICY, '"minute";r=0;t=46'],
      );
      const refused = answers[30]!;
      assert.deepEqual(scopeOf(refused), [429, 'rate_limited', 'address']);
      assert.equal(errorOfAnswer(refused).details!.retry_after, 45, 'the first request leaves the window 45 s on');
      assert.equal(refused.headers.get('retry-after'), '45');
      assert.equal(refused.headers.get('ratelimit-policy'), ADDRESS_POLICY);
      assert.equal(refused.headers.get('ratelimit'), '"minute";r=0;t=45');
      assert.match(errorOfAnswer(refused).message, /from this address/u);
      assert.ok(answers.slice(30).every((a) => errorOfAnswer(a).details!.scope === 'address'));
    });

    test('(b) Corporate Numbers walked by five User-Agents of one address: refused at the fifth, the address for the hour', async () => {
      const s = await serve();
      const walk = [0, 1, 2, 3, 4].map(
        (i) => `/api/v1/enforcements?corporate_number=${corporateNumberFromBase(String(400_000_000_000 + i * 3))}`,
      );
      for (const [i, path] of walk.slice(0, 4).entries()) {
        assert.equal((await s.getFrom('127.0.0.12', path, { 'user-agent': `walker-${i}` })).status, 200, path);
      }
      const fifth = await s.getFrom('127.0.0.12', walk[4]!, { 'user-agent': 'walker-4' });
      assert.deepEqual(scopeOf(fifth), [429, 'automated_enumeration_detected', 'address']);
      assert.equal(fifth.headers.get('retry-after'), '3600');
      s.advance(600_000);
      const bystander = await s.getFrom('127.0.0.12', SEARCH, { 'user-agent': 'someone-else' });
      assert.deepEqual(scopeOf(bystander), [429, 'automated_enumeration_detected', 'address']);
      assert.equal(bystander.headers.get('retry-after'), '3000');
      assert.equal(
        (await s.getFrom('127.0.0.13', walk[4]!, { 'user-agent': 'walker-4' })).status,
        200,
        'another address walks alone',
      );
      s.advance(3_000_000);
      assert.equal(
        (await s.getFrom('127.0.0.12', SEARCH, { 'user-agent': 'someone-else' })).status,
        200,
        'after the cool-down',
      );
    });

    test("(h) issue 92: one client's sequential look-ups refuse that client alone; two clients walking together, their address", async () => {
      const s = await serve();
      // the demo's numbers, as a walker would ask them: 8999999000001, 7999999000002 … 4999999000005
      const numbers = [1, 2, 3, 4, 5].map((i) => corporateNumberFromBase(String(999_999_000_000 + i)));
      const walker = { 'user-agent': 'walker', 'x-kohyo-client': 'walker-app' };
      for (const number of numbers.slice(0, 4))
        assert.notEqual((await s.getFrom('127.0.0.21', `/api/v1/companies/${number}`, walker)).status, 429);
      const fifth = await s.getFrom('127.0.0.21', `/api/v1/companies/${numbers[4]!}`, walker);
      assert.deepEqual(scopeOf(fifth), [429, 'automated_enumeration_detected', 'client']);
      assert.equal(fifth.headers.get('retry-after'), '3600');
      const neighbour = { 'user-agent': 'neighbour', 'x-kohyo-client': 'neighbour-app' };
      assert.equal((await s.getFrom('127.0.0.21', SEARCH, neighbour)).status, 200, 'its neighbour, on the API');
      const page = await s.getFrom('127.0.0.21', '/search?q=hokushin', { ...neighbour, accept: 'text/html' });
      assert.equal(page.status, 200, 'and on a page');
      s.advance(60_000);
      assert.deepEqual(scopeOf(await s.getFrom('127.0.0.21', SEARCH, walker)), [
        429,
        'automated_enumeration_detected',
        'client',
      ]);
      // two clients taking the steps in turn: the address is refused, for two fifths of the hour
      const pair = ['first', 'second'].map((name) => ({ 'user-agent': name, 'x-kohyo-client': `${name}-app` }));
      for (const [i, number] of numbers.slice(0, 4).entries())
        assert.notEqual((await s.getFrom('127.0.0.22', `/api/v1/companies/${number}`, pair[i % 2])).status, 429);
      const together = await s.getFrom('127.0.0.22', `/api/v1/companies/${numbers[4]!}`, pair[0]);
      assert.deepEqual(scopeOf(together), [429, 'automated_enumeration_detected', 'address']);
      assert.equal(together.headers.get('retry-after'), '1440');
      const bystander = await s.getFrom('127.0.0.22', SEARCH, { 'user-agent': 'bystander' });
      assert.deepEqual(scopeOf(bystander), [429, 'automated_enumeration_detected', 'address']);
      s.advance(1_440_000);
      assert.equal((await s.getFrom('127.0.0.22', SEARCH, { 'user-agent': 'bystander' })).status, 200);
    });

    test('(c) two addresses stay independent', async () => {
      const s = await serve();
      for (let i = 0; i < 30; i++)
        assert.equal((await s.getFrom('127.0.0.14', SEARCH, { 'x-kohyo-client': `app-${i}` })).status, 200);
      assert.deepEqual(scopeOf(await s.getFrom('127.0.0.14', SEARCH, { 'x-kohyo-client': 'app-30' })), [
        429,
        'rate_limited',
        'address',
      ]);
      const other = await s.getFrom('127.0.0.15', SEARCH, { 'x-kohyo-client': 'app-0' });
      assert.equal(other.status, 200);
      assert.deepEqual(
        [other.headers.get('ratelimit-policy'), other.headers.get('ratelimit')],
        [CLIENT_POLICY, '"minute";r=9;t=60'],
      );
    });

    test("(d) behind a trusted proxy the forwarded addresses are counted, not the proxy's", async () => {
      const s = await serve({ KOHYO_TRUST_PROXY: '127.0.0.0/8' });
      const from = (forwardedFor: string, client: string) =>
        s.getFrom('127.0.0.16', SEARCH, { 'x-forwarded-for': forwardedFor, 'x-kohyo-client': client });
      for (let i = 0; i < 30; i++) assert.equal((await from('203.0.113.5', `app-${i}`)).status, 200);
      // what the client wrote left of the proxy's hop is not believed: still 203.0.113.5
      assert.deepEqual(scopeOf(await from('6.6.6.6, 203.0.113.5', 'app-30')), [429, 'rate_limited', 'address']);
      assert.equal((await from('203.0.113.6', 'app-30')).status, 200, 'another client behind the same proxy');
    });

    test('(e) KOHYO_ADDRESS_LIMIT_FACTOR=0: no address ceiling, each client keeps its own allowance', async () => {
      const s = await serve({ KOHYO_ADDRESS_LIMIT_FACTOR: '0' });
      for (let i = 0; i < 60; i++) {
        const answer = await s.getFrom('127.0.0.17', SEARCH, { 'x-kohyo-client': `rotating-app-${i}` });
        assert.deepEqual(
          [answer.status, answer.headers.get('ratelimit-policy')],
          [200, CLIENT_POLICY],
          `request ${i + 1}`,
        );
      }
      for (let i = 0; i < 9; i++) await s.getFrom('127.0.0.17', SEARCH, { 'x-kohyo-client': 'rotating-app-0' });
      assert.deepEqual(scopeOf(await s.getFrom('127.0.0.17', SEARCH, { 'x-kohyo-client': 'rotating-app-0' })), [
        429,
        'rate_limited',
        'client',
      ]);
    });

    test("(g) a request whose head Node's parser refuses tells its address's standing, uncounted", async () => {
      const s = await serve();
      const home = '127.0.0.19';
      const unread = async (from: string, server = s) => {
        // a request line past the 16 KB Node reads: no User-Agent nor client name is read, only the socket's address
        const answer = await rawExchange(
          server.server.url,
          `GET /api/v1/companies?q=${'a'.repeat(20_000)} HTTP/1.1\r\n\r\n`,
          {
            localAddress: from,
          },
        );
        return [answer.status, answer.headers.get('ratelimit-policy'), answer.headers.get('ratelimit') ?? null];
      };
      for (let i = 0; i < 4; i++) await s.getFrom(home, SEARCH, { 'x-kohyo-client': `app-${i}` });
      assert.deepEqual(await unread(home), [431, ADDRESS_POLICY, '"minute";r=26;t=60']);
      assert.deepEqual(await unread(home), [431, ADDRESS_POLICY, '"minute";r=26;t=60'], 'the first was not counted');
      await s.getFrom(home, SEARCH, { 'x-kohyo-client': 'app-4' });
      assert.deepEqual(await unread(home), [431, ADDRESS_POLICY, '"minute";r=25;t=60'], 'a counted request is');
      assert.deepEqual(await unread('127.0.0.20'), [431, ADDRESS_POLICY, '"minute";r=30;t=0'], 'an address of its own');
      // through a trusted proxy the client behind it is not known: the client's policy, and no reading
      const proxied = await serve({ KOHYO_TRUST_PROXY: '127.0.0.0/8' });
      assert.deepEqual(await unread(home, proxied), [431, CLIENT_POLICY, null]);
    });

    test('(f) IPv6 addresses in one /64 share a ceiling; the next /64 does not', async () => {
      const s = await serve({ KOHYO_TRUST_PROXY: '127.0.0.0/8' });
      const from = (forwardedFor: string, client: string) =>
        s.getFrom('127.0.0.18', SEARCH, { 'x-forwarded-for': forwardedFor, 'x-kohyo-client': client });
      for (let i = 0; i < 30; i++)
        assert.equal(
          (await from(`2001:db8:1:2:${(i * 997).toString(16)}::${(i + 1).toString(16)}`, `app-${i}`)).status,
          200,
        );
      assert.deepEqual(scopeOf(await from('2001:db8:1:2:ffff:ffff:ffff:ffff', 'app-30')), [
        429,
        'rate_limited',
        'address',
      ]);
      assert.equal((await from('2001:db8:1:3::1', 'app-30')).status, 200);
    });
  });
}
