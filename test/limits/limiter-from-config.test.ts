import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config-readers.js';
import { assertSharedState, limiterFromConfig } from '../../src/limits/limiter-from-config.js';

const silent = { warn: () => undefined, info: () => undefined };

test('several workers without Redis are refused; with Redis, or one worker, they are not', () => {
  assert.throws(
    () => assertSharedState(loadConfig({ KOHYO_WORKERS: '4' })),
    (e: unknown) => e instanceof ConfigError && /KOHYO_WORKERS=4 needs REDIS_URL/u.test(e.message),
  );
  assert.doesNotThrow(() => assertSharedState(loadConfig({ KOHYO_WORKERS: '4', REDIS_URL: 'redis://127.0.0.1:1' })));
  assert.doesNotThrow(() => assertSharedState(loadConfig({})));
});

test('the server refuses to start with KOHYO_WORKERS=2 and no REDIS_URL, saying why', () => {
  const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, KOHYO_WORKERS: '2', REDIS_URL: '', KOHYO_DB: '/nonexistent/never-built.sqlite' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /kohyo: KOHYO_WORKERS=2 needs REDIS_URL/u);
});

test('a KOHYO_TRUST_PROXY entry that is not a CIDR stops the limiter from being built', () => {
  assert.throws(
    () =>
      limiterFromConfig(loadConfig({ KOHYO_TRUST_PROXY: '10.0.0.0/8, proxy.example' }), {
        clock: () => new Date(),
        log: silent,
      }),
    /KOHYO_TRUST_PROXY: "proxy.example"/u,
  );
});
