// The server's connection holds a page cache of KOHYO_DB_CACHE_MB for the pages its memory map does not reach.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bytesPastTheMap, openReadOnly } from '../../src/store/schema/database.js';
import { openStore } from '../../src/store/read/store.js';
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

test('the served file is mapped as far as the SQLite build maps, and a file the map holds whole has nothing past it', async () => {
  const path = await demoDatabase();
  const db = openReadOnly(path);
  // better-sqlite3's own build maps 2 GB less 64 KiB at most; a build for all Japan (docs/operating.md) more
  assert.ok(Number(db.pragma('mmap_size', { simple: true })) >= 2 ** 31 - 65536);
  assert.equal(bytesPastTheMap(db), 0);
  // a map smaller than the file leaves the rest past it
  const size = Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
  db.pragma('mmap_size = 4096');
  assert.equal(bytesPastTheMap(db), size - 4096);
  db.close();
  const store = openStore(path);
  assert.equal(store.pastTheMap, 0);
  store.close();
});
