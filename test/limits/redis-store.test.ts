import { after, before } from 'node:test';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/limits/redis-store.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { storeContract } from './store-contract.js';

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
