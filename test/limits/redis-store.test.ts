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
