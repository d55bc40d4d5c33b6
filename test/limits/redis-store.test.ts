import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/limits/redis-store.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { policyWith, storeContract } from './store-contract.js';

let server: RedisServer;
before(async () => {
  server = await startRedisServer();
});
after(async () => {
  await server.stop();
});

let prefixes = 0;
storeContract('Redis store', async (policy) => {
  // a key prefix of its own per test keeps the tests apart in one server
  const prefix = `test-${prefixes++}:`;
  const open = async () => {
    const redis = new Redis(server.url, { lazyConnect: true });
    await redis.connect();
    return new RedisStore(redis, policy, prefix);
  };
  return { store: await open(), open };
});

test("with an address ceiling, a check's six keys share the address's hash tag (one Redis Cluster slot)", async () => {
  const redis = new Redis(server.url, { lazyConnect: true });
  const store = new RedisStore(redis, policyWith(), 'slot-test:');
  const tag = (key: string) => /\{([^}]*)\}/u.exec(key)?.[1];
  const both = store.keysOf('client-key', 'address-key');
  assert.equal(both.length, 6);
  assert.equal(new Set(both).size, 6);
  assert.deepEqual(both.map(tag), Array<string>(6).fill('address-key'));
  assert.notDeepEqual(
    store.keysOf('other-client', 'address-key').slice(0, 3),
    both.slice(0, 3),
    'each client has its own keys',
  );
  assert.deepEqual(
    store.keysOf('client-key', null).map(tag),
    Array<string>(3).fill('client-key'),
    'no ceiling: tagged by the client',
  );
  // the script reads and writes exactly these keys (Redis Cluster refuses a script touching undeclared keys)
  await redis.connect();
  await store.check({
    key: 'client-key',
    address: 'address-key',
    now: Date.parse('2026-03-01T00:00:00Z'),
    terms: ['t'],
    bases: [1],
  });
  assert.deepEqual((await redis.keys('slot-test:*')).sort(), [...both].sort());
  await store.close();
});

test("a state written before the runs were kept (its one run 'last', 'dir', 'len') is read as that run, then rewritten", async () => {
  const redis = new Redis(server.url, { lazyConnect: true });
  await redis.connect();
  const store = new RedisStore(redis, policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }), 'old-state:');
  const now = Date.parse('2026-03-01T00:00:00Z');
  const start = 207_000_000_000;
  const lookUp = (key: string, base: number, at: number) => store.check({ key, now: at, terms: [], bases: [base] });
  for (const key of ['walker', 'turned']) {
    const state = store.keysOf(key, null)[2]!;
    // four up (the run), after an unrelated number: as the script before wrote them
    const bases = [999_000_000_000, start, start + 1, start + 2, start + 3];
    await redis.hset(state, 'bases', bases.join(','), 'last', start + 3, 'dir', key === 'walker' ? 1 : -1, 'len', 4);
  }
  assert.equal((await lookUp('walker', start + 4, now)).refusal, 'automated_enumeration_detected', 'the fifth up');
  // with 'dir' -1 the run of four went down, and the fifth number turns
  assert.equal((await lookUp('turned', start + 4, now)).refusal, null);
  const state = store.keysOf('turned', null)[2]!;
  assert.deepEqual(await redis.hmget(state, 'bases', 'last', 'dir', 'len'), [null, null, null, null]);
  assert.equal(
    await redis.hget(state, 'walks'),
    [
      `999000000000:1:1`,
      `${start}:1:1`,
      `${start + 1}:1:1`,
      `${start + 2}:1:1`,
      `${start + 3}:1:4`,
      `${start + 4}:2:1`,
    ].join(','),
  );
  await store.close();
});

test("issue 92: an address's walks written before the tags were kept are read as nobody's, then kept with tags", async () => {
  const redis = new Redis(server.url, { lazyConnect: true });
  await redis.connect();
  const store = new RedisStore(redis, policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }), 'untagged-state:');
  const now = Date.parse('2026-03-01T00:00:00Z');
  const start = 212_000_000_000;
  const state = store.keysOf('any', 'home')[5]!;
  // a run of four up, as the script before wrote an address's walks
  await redis.hset(state, 'walks', [0, 1, 2, 3].map((i) => `${start + i}:${i + 1}:1`).join(','));
  const lookUp = (key: string, step: number) =>
    store.check({ key, address: 'home', now: now + step, terms: [], bases: [start + step] });
  assert.equal((await lookUp('first', 4)).refusal, null, "a run of five, but the four held are no client's");
  assert.equal((await lookUp('second', 5)).refusal, null, 'two clients, one number of the other');
  const tripped = await lookUp('third', 6);
  assert.deepEqual(
    [tripped.refusal, tripped.scope, tripped.retryAt],
    ['automated_enumeration_detected', 'address', now + 6 + 2_160_000],
  );
  const held = ((await redis.hget(state, 'walks')) ?? '').split(',');
  assert.deepEqual(
    held.map((number) => number.split(':').length),
    [3, 3, 3, 3, 4, 4],
    'the numbers held before stay untagged, the new ones carry their client',
  );
  await store.close();
});
