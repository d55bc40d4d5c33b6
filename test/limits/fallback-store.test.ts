// Redis stopped and started under a running limiter: checks keep being answered, from memory, then from Redis again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config.js';
import { FallbackStore } from '../../src/limits/fallback-store.js';
import { limiterFromConfig, storeFromConfig } from '../../src/limits/limiter-from-config.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { demoDatabase, startServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

let server: RedisServer;
before(async () => {
  server = await startRedisServer();
});
after(async () => {
  await server.stop();
});

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    warn: (_object: object, message: string) => void lines.push({ level: 'warn', message }),
    info: (_object: object, message: string) => void lines.push({ level: 'info', message }),
  };
}

/** Waits (in real time: this is a real reconnect) until the condition holds, asking Redis every 50 ms. */
const untilRedis = (condition: () => boolean | Promise<boolean>, what: string) => until(condition, what, 10_000, 50);

test('Redis stopped: checks fall back to memory, the fault is logged once a minute; Redis back: checks return to it', async () => {
  const log = recordingLog();
  const config = loadConfig({ REDIS_URL: server.url, KOHYO_LIMIT_PER_MINUTE: '3' });
  const store = storeFromConfig(config, log);
  assert.ok(store instanceof FallbackStore);
  const probe = new Redis(server.url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => 100 });
  probe.on('error', () => undefined);
  await probe.connect();
  try {
    await untilRedis(
      () => store.check({ key: 'warm-up', now: 0, terms: [], bases: [] }).then(() => !store.degraded),
      'Redis is used',
    );
    log.lines.length = 0;
    const check = (key: string, now: number) => store.check({ key, now, terms: [], bases: [] });
    const t0 = Date.parse('2026-05-01T00:00:00Z');

    for (let i = 0; i < 3; i++) assert.equal((await check('shared', t0 + i)).refusal, null);
    assert.equal((await check('shared', t0 + 3)).refusal, 'rate_limited');
    assert.equal(await probe.exists('kohyo:limit:{shared}:log'), 1, 'the windows are in Redis');

    await server.stop();
    const during = await check('shared', t0 + 4);
    assert.equal(during.refusal, null, 'memory windows start empty: the client is answered, not failed');
    assert.ok(store.degraded);
    for (let i = 5; i < 8; i++) await check('shared', t0 + i);
    assert.equal((await check('shared', t0 + 8)).refusal, 'rate_limited', 'limits still hold per process');
    assert.deepEqual(
      log.lines.map((l) => l.level),
      ['warn'],
      'one log line for the first minute of the fault',
    );
    await check('other', t0 + 4 + 59_999);
    assert.equal(log.lines.length, 1);
    await check('other', t0 + 4 + 60_000);
    assert.deepEqual(
      log.lines.map((l) => l.level),
      ['warn', 'warn'],
      'and one more a minute later',
    );

    await server.start();
    await untilRedis(() => check('after', t0 + 61_000).then(() => !store.degraded), 'Redis is used again');
    // the probe reconnects on its own schedule (every 100 ms), not the store's: asking it before it is ready fails
    // with "Stream isn't writeable", so wait for it rather than race it
    await untilRedis(() => probe.status === 'ready', 'the probe has reconnected');
    assert.equal(log.lines.at(-1)?.level, 'info');
    assert.match(log.lines.at(-1)!.message, /Redis is back/u);
    assert.equal(await probe.exists('kohyo:limit:{after}:log'), 1, 'checks are counted in Redis again');
  } finally {
    probe.disconnect();
    await store.close();
    // leave a running server for the next test, whatever happened here
    await server.stop();
    await server.start();
  }
});

test('the API answers (never 500) with Redis down, through the real app', async () => {
  const log = recordingLog();
  const config = loadConfig({ REDIS_URL: server.url, LOG_LEVEL: 'silent', KOHYO_USAGE_SECRET: 'fallback-test' });
  const limiter = limiterFromConfig(config, { clock: () => new Date(), log });
  const app = await startServer({
    dbPath: await demoDatabase(),
    env: { REDIS_URL: server.url },
    deps: { limiter },
  });
  try {
    await untilRedis(
      async () => (await app.get('/api/v1/companies?q=test')).headers.has('ratelimit'),
      'the limiter answers',
    );
    await server.stop();
    for (let i = 0; i < 3; i++) {
      const answer = await app.get('/api/v1/companies?q=test');
      assert.equal(answer.status, 200);
      assert.match(answer.headers.get('ratelimit') ?? '', /^"minute";r=\d+;t=\d+$/u);
    }
    assert.equal(log.lines[0]?.level, 'warn');
  } finally {
    await app.close();
    await limiter.close();
    await server.start();
  }
});

test('with Redis unreachable, the memory fallback holds the address ceiling as well as the client limits', async () => {
  // nothing listens on port 1: every check goes to the fallback, with no server to stop or start
  const store = storeFromConfig(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), recordingLog());
  assert.ok(store instanceof FallbackStore);
  const t0 = Date.parse('2026-05-01T00:00:00Z');
  try {
    for (let i = 0; i < 30; i++)
      assert.equal(
        (await store.check({ key: `client-${i}`, address: 'one-address', now: t0 + i, terms: [], bases: [] })).refusal,
        null,
      );
    const refused = await store.check({ key: 'client-30', address: 'one-address', now: t0 + 30, terms: [], bases: [] });
    assert.deepEqual([refused.refusal, refused.scope], ['rate_limited', 'address']);
    assert.equal(
      (await store.check({ key: 'client-30', address: 'another-address', now: t0 + 31, terms: [], bases: [] })).refusal,
      null,
    );
    assert.equal(store.fallbackChecks, 32, 'every check was answered from memory');
  } finally {
    await store.close();
  }
});
