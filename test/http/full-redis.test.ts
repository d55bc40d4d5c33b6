// Redis under a bound, so no client grows it without end: the limiter's state in a Redis with `maxmemory` stays under
// it, evicting the idlest (`volatile-lru`, as compose.yaml runs it), and a Redis that can take no write (full, under
// `noeviction`) leaves the answers to the memory fallback, counted as one process counts them, never a 500.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { FallbackStore } from '../../src/limits/fallback-store.js';
import { storeFromConfig } from '../../src/limits/limiter-from-config.js';
import { RedisStore } from '../../src/limits/redis-store.js';
import { limitPolicy } from '../../src/limits/policy.js';
import { loadConfig } from '../../src/config.js';
import { limitedServer, type LimitedServer, type StoreFor } from '../helpers/limited-server.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const SEARCH = '/api/v1/companies?q=test';
const NOW = Date.parse('2026-11-21T03:00:00Z');
const PREFIX = 'kohyo:limit:';

/** The server's store as the service makes it (Redis behind the memory fallback), kept to read its fallback count. */
function fallbackStore(kept: FallbackStore[]): StoreFor {
  return (_policy, config) => {
    const store = storeFromConfig(config, { warn: () => undefined, info: () => undefined });
    assert.ok(store instanceof FallbackStore);
    kept.push(store);
    return store;
  };
}

const memoryOf = async (redis: Redis, field: string) =>
  Number(new RegExp(`^${field}:(\\d+)`, 'mu').exec(await redis.info())?.[1]);

describe('a Redis full of other keys, under noeviction', () => {
  let redis: RedisServer;
  let admin: Redis;
  let s: LimitedServer;
  const stores: FallbackStore[] = [];
  before(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
    // someone else's keys, without a TTL, past the bound set after them
    const filler = admin.pipeline();
    for (let i = 0; i < 2000; i++) filler.set(`other:${i}`, 'x'.repeat(1000));
    await filler.exec();
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1mb');
    s = await limitedServer({ REDIS_URL: redis.url }, fallbackStore(stores));
  });
  after(async () => {
    await s.close();
    admin.disconnect();
    await redis.stop();
  });

  test('every check falls back to memory: 200 then 429 as one process counts, never a 500, nothing written', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await s.get(SEARCH)).status);
    for (let i = 0; i < 2; i++) statuses.push((await s.getFrom('127.0.0.9', SEARCH)).status);
    assert.deepEqual(statuses, [...Array<number>(10).fill(200), 429, 429, 200, 200]);
    // the second 429 stands from the first (the limiter's memo), asking no store
    assert.equal(stores[0]!.fallbackChecks, 13, 'Redis refused every check');
    assert.deepEqual(await admin.keys(`${PREFIX}*`), [], 'the script wrote nothing past the bound');
    assert.ok((await memoryOf(admin, 'used_memory')) > (await memoryOf(admin, 'maxmemory')));
    // room again: the next check is Redis's
    await admin.config('SET', 'maxmemory', '0');
    assert.equal((await s.getFrom('127.0.0.10', SEARCH)).status, 200);
    assert.equal(stores[0]!.fallbackChecks, 13);
    assert.equal((await admin.keys(`${PREFIX}*`)).length, 4);
  });
});

describe('a Redis bounded by maxmemory under volatile-lru, as compose.yaml runs it', () => {
  let redis: RedisServer;
  let admin: Redis;
  before(async () => {
    redis = await startRedisServer(['--maxmemory', '4mb', '--maxmemory-policy', 'volatile-lru']);
    admin = new Redis(redis.url);
  });
  after(async () => {
    admin.disconnect();
    await redis.stop();
  });

  test('a new address writes four keys, each with a TTL; a flood of them stays under the bound', async () => {
    const policy = limitPolicy(loadConfig({}).limits);
    const store = new RedisStore(new Redis(redis.url), policy);
    const check = (i: number) =>
      store.check({
        key: `client-${i}`.padEnd(32, 'x'),
        address: `address-${i}`.padEnd(32, 'x'),
        now: NOW + i,
        terms: ['q2n8Yx0b1c3d5e7f'],
        bases: [],
      });
    await check(0);
    // the client's log and terms, the address's log and terms: no state until it holds a walk or a cool-down
    const keys = await admin.keys(`${PREFIX}*`);
    assert.deepEqual(keys.map((key) => key.split(':').at(-1)).sort(), ['log', 'log', 'terms', 'terms']);
    for (const key of keys) assert.ok((await admin.pttl(key)) > 0, `${key} has a TTL`);
    // about 950 bytes an address (bench/README.md): 6,000 are past 4 MB
    for (let i = 1; i < 6000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => check(i + j)));
    await store.close();
    assert.ok((await memoryOf(admin, 'evicted_keys')) > 0, 'the bound was reached');
    assert.ok((await memoryOf(admin, 'used_memory')) <= (await memoryOf(admin, 'maxmemory')), 'and held');
    // the service keeps counting in Redis
    const stores: FallbackStore[] = [];
    const s = await limitedServer({ REDIS_URL: redis.url }, fallbackStore(stores));
    try {
      const answer = await s.get(SEARCH);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('ratelimit'), '"minute";r=9;t=60');
      assert.equal(stores[0]!.fallbackChecks, 0);
    } finally {
      await s.close();
    }
  });
});
