import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, SETTINGS } from '../src/config.js';
import { ConfigError } from '../src/config-readers.js';

test('defaults are the contract settings', () => {
  const config = loadConfig({});
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 3000);
  assert.equal(config.dbPath, 'data/kohyo.sqlite');
  assert.equal(config.redisUrl, null);
  assert.equal(config.maxPage, 10);
  assert.equal(config.freshHours, 48);
  assert.deepEqual(config.limits, {
    perMinute: 10,
    perDay: 300,
    enumDistinctTerms: 30,
    enumWindowSeconds: 600,
    enumSequential: 5,
    enumCooldownSeconds: 3600,
    addressFactor: 3,
    uncountedPerMinute: 600,
    uncountedBytesPerMinute: 16 * 1024 * 1024,
    refusalsPerMinute: 120,
    refusalDropSeconds: 60,
  });
  assert.deepEqual(config.connections, {
    perAddress: 32,
    perNetwork: 256,
    total: null,
    keepAliveSeconds: 5,
    sendTimeoutSeconds: 30,
  });
  assert.deepEqual(config.trustProxy, []);
  assert.equal(config.workers, 1);
  assert.equal(config.delistedRetentionDays, 1825, 'five years, the longest window MLIT keeps a licence action');
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.limits));
});

test('KOHYO_ADDRESS_LIMIT_FACTOR multiplies the client limits for an address; 0 turns the ceiling off', () => {
  const config = loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: '4', KOHYO_LIMIT_PER_MINUTE: '5' });
  assert.equal(config.limits.addressFactor, 4);
  assert.equal(loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: '0' }).limits.addressFactor, 0);
  assert.equal(loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: '2' }).limits.addressFactor, 2);
  for (const bad of ['-1', '1.5', 'three', '1001', '2.0', '0x3']) {
    assert.throws(
      () => loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: bad }),
      /KOHYO_ADDRESS_LIMIT_FACTOR must be 0 \(no limits per address\) or a whole number from 2 to 1000/u,
      bad,
    );
  }
});

test('issue 92: KOHYO_ADDRESS_LIMIT_FACTOR=1 is refused: one client would use up its address for its neighbours', () => {
  assert.throws(
    () => loadConfig({ KOHYO_ADDRESS_LIMIT_FACTOR: '1' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      /or a whole number from 2 to 1000, got "1": at 1 one client could use up its address's quotas/u.test(
        error.message,
      ),
  );
});

test('values are read, trimmed and parsed', () => {
  const config = loadConfig({
    HOST: '0.0.0.0',
    PORT: ' 8080 ',
    KOHYO_MAX_PAGE: '3',
    KOHYO_TRUST_PROXY: '10.0.0.0/8, 192.168.0.1/32',
    REDIS_URL: 'redis://127.0.0.1:6379',
  });
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.port, 8080);
  assert.equal(config.maxPage, 3);
  assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '192.168.0.1/32']);
  assert.equal(config.redisUrl, 'redis://127.0.0.1:6379');
  assert.equal(loadConfig({ KOHYO_DELISTED_RETENTION_DAYS: '0' }).delistedRetentionDays, 0, '0: drop on delisting');
});

test('a bad value is a ConfigError naming the setting', () => {
  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['KOHYO_MAX_PAGE', '0'],
    ['KOHYO_LIMIT_PER_MINUTE', '1.5'],
    ['LOG_LEVEL', 'loud'],
    ['KOHYO_DELISTED_RETENTION_DAYS', '-1'],
  ]) {
    assert.throws(
      () => loadConfig({ [name!]: value }),
      (error: unknown) => error instanceof ConfigError && error.message.includes(name!),
      `${name}=${value}`,
    );
  }
});

test('every setting has a default and a description', () => {
  for (const setting of SETTINGS) {
    assert.equal(typeof setting.default, 'string');
    assert.ok(setting.description.length > 10, setting.name);
  }
});
