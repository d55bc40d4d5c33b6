// buildApp's wiring of the limiter and the usage log: both read the client alike, behind a trusted proxy or not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { limiterFromConfig } from '../../src/limits/limiter-from-config.js';
import { UsageLog } from '../../src/usage/usage-log.js';
import { clientId } from '../../src/usage/client-id.js';
import { UsageStore } from '../../src/usage/store/usage-store.js';
import { demoDatabase, startServer, TEST_NOW } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const SECRET = 'app-test-secret';
const QUIET = { warn: () => undefined, info: () => undefined };

/** Rows in one order, whichever of the entries and the tallies held them. */
function sorted(rows: readonly (readonly [string, number])[]): (readonly [string, number])[] {
  return [...rows].sort(([a, x], [b, y]) => (a === b ? x - y : a < b ? -1 : 1));
}

/**
 * Sends each request (X-Forwarded-For, expected status) through an app built as main.ts builds it, with the
 * limiter and the usage log from one configuration, and returns the usage rows: [client id, status].
 */
async function run(
  env: Record<string, string>,
  requests: readonly (readonly [string, number])[],
): Promise<{ rows: [string, number][]; bytes: string }> {
  const settings = { KOHYO_LIMIT_PER_MINUTE: '2', ...env };
  const limiter = limiterFromConfig(loadConfig(settings), { clock: () => TEST_NOW, log: QUIET });
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-app-')), 'usage.sqlite');
  const store = UsageStore.open(path);
  const log = new UsageLog({
    sink: store,
    secret: SECRET,
    clock: () => TEST_NOW,
    timer: () => ({ stop: () => undefined }),
  });
  const server = await startServer({
    dbPath: await demoDatabase(),
    env: settings,
    deps: { limiter, usageLog: log },
  });
  try {
    for (const [forwardedFor, status] of requests) {
      const answer = await server.get('/api/v1/companies?q=test', {
        headers: { 'user-agent': 'app-test', 'x-forwarded-for': forwardedFor },
      });
      assert.equal(answer.status, status, `X-Forwarded-For: ${forwardedFor}`);
    }
    await until(() => log.stats.queued + log.tallied === requests.length, 'the usage log did not receive the requests');
    log.flush();
    // counted answers are entries, refusals are tallied by the hour: together, one per request
    const rows = [
      ...store.all().map((entry): [string, number] => [entry.clientId, entry.status]),
      ...store
        .allCounts()
        .flatMap((c) => Array.from({ length: c.requests }, (): [string, number] => [c.clientId, c.status])),
    ];
    const bytes = [path, `${path}-wal`]
      .filter(existsSync)
      .map((p) => readFileSync(p).toString('latin1'))
      .join('');
    return { rows, bytes };
  } finally {
    await server.close();
    await limiter.close();
    log.close();
    store.close();
  }
}

test('behind a trusted proxy, the usage log and the limiter both take the forwarded client', async () => {
  const { rows, bytes } = await run({ KOHYO_TRUST_PROXY: '127.0.0.0/8' }, [
    ['203.0.113.5', 200],
    ['6.6.6.6, 203.0.113.5', 200], // left of the proxy's hop is what the client wrote: not read
    ['203.0.113.5', 429], // the third request of one client in a minute of two
    ['203.0.113.6', 200],
    ['2001:db8:1:2::5', 200],
    ['2001:db8:1:2:ffff::6', 200],
    ['2001:db8:1:2::7', 429], // one /64, one client to both
  ]);
  const v4 = clientId(SECRET, '203.0.113.5');
  const v6 = clientId(SECRET, '2001:db8:1:2::1');
  assert.deepEqual(
    sorted(rows),
    sorted([
      [v4, 200],
      [v4, 200],
      [v4, 429],
      [clientId(SECRET, '203.0.113.6'), 200],
      [v6, 200],
      [v6, 200],
      [v6, 429],
    ]),
  );
  for (const form of ['203.0.113.5', '203.0.113.6', '6.6.6.6', '2001:db8:1:2'])
    assert.ok(!bytes.includes(form), `${form} in the usage database`);
});

test('without a trusted proxy, a spoofed X-Forwarded-For is ignored by both: every request is the peer', async () => {
  const { rows } = await run({}, [
    ['203.0.113.5', 200],
    ['203.0.113.6', 200],
    ['203.0.113.7', 429],
  ]);
  const peer = clientId(SECRET, '127.0.0.1');
  assert.deepEqual(sorted(rows), [
    [peer, 200],
    [peer, 200],
    [peer, 429],
  ]);
});
