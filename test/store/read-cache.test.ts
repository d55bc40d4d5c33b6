// The server's connection holds a page cache of KOHYO_DB_CACHE_MB for the pages its memory map does not reach.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openReadOnly } from '../../src/store/schema/database.js';
import { loadConfig } from '../../src/config.js';
import { demoDatabase } from '../helpers/server.js';

test("the served connection's page cache is KOHYO_DB_CACHE_MB; other readers keep SQLite's 2 MB", async () => {
  const path = await demoDatabase();
  const cacheKiB = (db: ReturnType<typeof openReadOnly>) => -Number(db.pragma('cache_size', { simple: true }));
  const reader = openReadOnly(path);
  assert.equal(cacheKiB(reader), 2 * 1024);
  reader.close();
  assert.equal(loadConfig({}).dbCacheMiB, 2048);
  const config = loadConfig({ KOHYO_DB_CACHE_MB: '64' });
  assert.equal(config.dbCacheMiB, 64);
  assert.throws(() => loadConfig({ KOHYO_DB_CACHE_MB: '1' }), /KOHYO_DB_CACHE_MB/u);
  const served = openReadOnly(path, config.dbCacheMiB);
  assert.equal(cacheKiB(served), 64 * 1024);
  served.close();
});
