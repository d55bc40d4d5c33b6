// Issue 44: the usage log grows by a bounded amount per hour whatever arrives; here a flood through the real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { TEST_NOW } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { UsageLog, UNKNOWN_ENDPOINT } from '../../src/usage/usage-log.js';
import { UsageStore } from '../../src/usage/store/usage-store.js';

/**
 * Distinct paths in the flood: a row for each (what the log wrote before it tallied refusals) would grow the file by
 * about 175 KB, well past the bound below; 2,000 (700 KB) proved the same at four times the cost.
 */
const FLOOD = 500;
/** Requests in flight at once: enough to be a flood, few enough for a shared machine. */
const AT_ONCE = 20;

let path: string;
let store: UsageStore;
let log: UsageLog;
let limited: LimitedServer;

before(async () => {
  path = join(mkdtempSync(join(tmpdir(), 'kohyo-usage-flood-')), 'kohyo.usage.sqlite');
  store = UsageStore.open(path);
  // only the test flushes, so that what the flood leaves is counted at one moment
  log = new UsageLog({ sink: store, secret: 'flood', clock: () => TEST_NOW, timer: () => ({ stop: () => undefined }) });
  // one request a minute per client and three per address (the default factor): the flood is refused almost whole
  // the flood's 20 requests at a time grow fetch's pool of connections past the address's 32 over the batches: the
  // connections' cap is not what this measures, nor the ceiling on refusals (past which the flood's address would be
  // dropped, and its refusals never reach the usage log)
  limited = await limitedServer(
    { KOHYO_LIMIT_PER_MINUTE: '1', KOHYO_MAX_CONNECTIONS_PER_ADDRESS: '1000', KOHYO_REFUSALS_PER_MINUTE: '1000000' },
    undefined,
    { usageLog: log },
  );
});
after(async () => {
  await limited.close();
  log.close();
  store.close();
});

/** The database and its WAL, where the flushed rows sit until a checkpoint. */
function databaseBytes(): number {
  return [path, `${path}-wal`].filter(existsSync).reduce((sum, file) => sum + statSync(file).size, 0);
}

test('500 distinct unknown paths, each with its own User-Agent, add a few rows to the usage log, not 500', async () => {
  // a request of the same hour first, so that the flood's tally row is not the file's first page
  assert.equal((await limited.get('/api/v1/warm-up', { 'user-agent': 'warm-up' })).status, 404);
  await until(() => log.stats.queued === 1, 'the warm-up reached the usage log');
  log.flush();
  const before = { bytes: databaseBytes(), entries: store.all().length, counts: store.allCounts().length };

  const statuses = new Map<number, number>();
  for (let sent = 0; sent < FLOOD; sent += AT_ONCE) {
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        limited.get(`/api/v1/flood-${sent + i}/${'x'.repeat(200)}?id=${sent + i}`, { 'user-agent': `bot-${sent + i}` }),
      ),
    );
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  // the address ceiling counts two more (three a minute, one is the warm-up's); the rest are refused
  assert.deepEqual(Object.fromEntries(statuses), { 404: 2, 429: FLOOD - 2 });
  await until(() => log.stats.queued + log.tallied === FLOOD, 'the flood reached the usage log');
  log.flush();

  const entries = store.all();
  const counts = store.allCounts();
  assert.equal(entries.length - before.entries, 2, 'an entry for each counted request');
  assert.ok(
    entries.every((entry) => entry.endpoint === UNKNOWN_ENDPOINT),
    'every unknown path under one endpoint',
  );
  assert.deepEqual(
    counts.map((c) => [c.hour, c.method, c.endpoint, c.status, c.requests]),
    [['2026-11-21T03:00:00.000Z', 'GET', UNKNOWN_ENDPOINT, 429, FLOOD - 2]],
    'the refusals in one tally row',
  );
  assert.equal(counts.length - before.counts, 1);
  // a row per path grew the file by 700 KB for 2,000 paths; the tally row and the two entries by about 12 KB (WAL frames)
  const grown = databaseBytes() - before.bytes;
  assert.ok(grown <= 64 * 1024, `the database grew by ${grown} bytes`);
});

test('a client at 127.0.0.90 writing its address %-escaped and as IPv4-mapped hex leaves it nowhere in the database', async () => {
  const answer = await limited.getFrom('127.0.0.90', '/api/v1/companies?q=127%252E0%252E0%252E90', {
    'user-agent': 'probe ::FFFF:7F00:5A',
    'x-kohyo-contact': '::ffff:7f00:5a',
    'x-kohyo-client': 'host-127.000.000.090',
    referer: 'https://example.org/?from=127%2E0%2E0%2E90',
  });
  assert.equal(answer.status, 200);
  await until(() => log.stats.queued === 1, 'the request reached the usage log');
  log.flush();
  const entry = store.all().at(-1);
  assert.deepEqual(
    [entry?.userAgent, entry?.clientContact, entry?.clientName, entry?.referer, entry?.conditions],
    [
      'probe [client-ip]',
      '[client-ip]',
      'host-[client-ip]',
      'https://example.org/?from=[client-ip]',
      '{"limit":"10","q":"[client-ip]"}',
    ],
  );
});
