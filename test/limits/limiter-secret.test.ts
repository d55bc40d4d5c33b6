// Without KOHYO_USAGE_SECRET, the limiter's keys in Redis cannot be turned back into addresses,
// the processes of one host (one KOHYO_DB) still agree on them, and a process keyed otherwise says so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config.js';
import { limiterFromConfig } from '../../src/limits/limiter-from-config.js';
import { clientHeaders, clientKeys, parseTrustedProxies } from '../../src/limits/client-identity.js';
import { loadUsageSecret } from '../../src/usage/store/usage-secret.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

let redis: RedisServer;
before(async () => {
  redis = await startRedisServer();
});
after(() => redis.stop());

const dbPath = () => join(mkdtempSync(join(tmpdir(), 'kohyo-secret-')), 'kohyo.sqlite');

test('the keys are keyed by the secret kept beside the dataset, which two processes of one host share', async () => {
  const env = { REDIS_URL: redis.url, KOHYO_DB: dbPath(), LOG_LEVEL: 'silent' };
  const config = loadConfig(env);
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => void warnings.push(message), info: () => undefined };
  const limiters = [
    limiterFromConfig(config, { clock: () => new Date(), log }),
    limiterFromConfig(config, { clock: () => new Date(), log }),
  ];
  const servers: TestServer[] = [];
  try {
    for (const limiter of limiters) {
      await limiter.ready();
      servers.push(await startServer({ dbPath: await demoDatabase(), env, deps: { limiter } }));
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = servers[i % 2]!;
      statuses.push((await server.get('/api/v1/companies?q=test', { headers: { 'user-agent': 'one-host' } })).status);
    }
    assert.deepEqual(statuses, [...Array<number>(10).fill(200), 429], 'one allowance between the two');
    const probe = new Redis(redis.url);
    try {
      const keys = (await probe.keys('kohyo:limit:*')).join('\n');
      const headers = clientHeaders('127.0.0.1', { 'user-agent': 'one-host' });
      const trusted = parseTrustedProxies([]);
      const plain = clientKeys(headers, trusted, null);
      const keyed = clientKeys(headers, trusted, loadUsageSecret(config));
      assert.ok(!keys.includes(plain.client) && !keys.includes(plain.address ?? '-'), 'no plain hash of the address');
      assert.ok(keys.includes(keyed.client) && keys.includes(keyed.address ?? '-'), 'the keyed hashes');
    } finally {
      probe.disconnect();
    }

    // a process of another host (another dataset, another kept secret) on the same Redis is told
    const other = limiterFromConfig(loadConfig({ ...env, KOHYO_DB: dbPath() }), { clock: () => new Date(), log });
    try {
      await other.ready();
      await until(() => warnings.length > 0, 'the process keyed otherwise warns');
      assert.match(warnings[0] ?? '', /KOHYO_USAGE_SECRET/u);
    } finally {
      await other.close();
    }
  } finally {
    for (const server of servers) await server.close();
    for (const limiter of limiters) await limiter.close();
  }
  assert.equal(warnings.length, 1, 'the two processes of one host agreed');
});
