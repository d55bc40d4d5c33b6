import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openUsageLog } from '../../src/usage/open-usage-log.js';
import { UsageStore } from '../../src/usage/store/usage-store.js';
import { clientId } from '../../src/usage/client-id.js';
import { loadUsageSecret } from '../../src/usage/store/usage-secret.js';

const quiet = { error: () => {}, warn: () => {} };

test("the server's usage log: beside KOHYO_DB with a kept secret, and close() writes what is queued", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-usage-open-'));
  const config = loadConfig({ KOHYO_DB: join(dir, 'data', 'kohyo.sqlite') });
  const usage = openUsageLog(config, () => new Date('2026-11-21T03:00:00Z'), quiet);
  assert.equal(usage.path, join(dir, 'data', 'kohyo.usage.sqlite'));
  assert.ok(existsSync(`${config.dbPath}.usage-secret`));
  usage.log.record({
    at: new Date('2026-11-21T03:00:00Z'),
    method: 'GET',
    path: '/api/v1/companies',
    route: '/api/v1/companies',
    query: 'q=a',
    status: 200,
    errorCode: null,
    returned: 0,
    latencyMs: 1,
    address: '192.0.2.1',
    userAgent: undefined,
    referer: undefined,
    clientName: undefined,
    clientContact: undefined,
  });
  usage.close();
  const store = UsageStore.open(usage.path);
  assert.deepEqual(
    store.all().map((e) => e.clientId),
    [clientId(loadUsageSecret(config), '192.0.2.1')],
  );
  store.close();
});

test('KOHYO_USAGE_DB and KOHYO_USAGE_SECRET are used as given', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-usage-open-'));
  const config = loadConfig({
    KOHYO_DB: join(dir, 'kohyo.sqlite'),
    KOHYO_USAGE_DB: join(dir, 'logs', 'u.sqlite'),
    KOHYO_USAGE_SECRET: 'k',
  });
  const usage = openUsageLog(config, () => new Date(), quiet);
  usage.close();
  assert.equal(usage.path, join(dir, 'logs', 'u.sqlite'));
  assert.ok(existsSync(usage.path));
  assert.equal(existsSync(`${config.dbPath}.usage-secret`), false);
});
