// The usage log inside the real app: what a request leaves in the usage database, and that the client address is nowhere.
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { after, before, test } from 'node:test';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, TEST_NOW, type TestServer } from '../../helpers/server.js';
import { fixtureDatabase } from '../../helpers/fixture-dataset.js';
import { until } from '../../helpers/until.js';
import { createLogger } from '../../../src/logger.js';
import { ApiError } from '../../../src/api/errors.js';
import { UsageLog } from '../../../src/usage/usage-log.js';
import { UsageStore, type UsageEntry } from '../../../src/usage/store/usage-store.js';
import { clientId } from '../../../src/usage/client-id.js';
import { outcomeOfAnswer, readOutcome, usageLogging } from '../../../src/usage/http/usage-hook.js';
import { requestAccounting } from '../../../src/http/hooks/route-accounting.js';
import { contractErrors } from '../../../src/http/hooks/error-handler.js';
import { addressReader, parseTrustedProxies } from '../../../src/limits/client-identity.js';

const SECRET = 'test-secret';
/** The log's own timer flushes every real second, which would empty the queue while a test counts it: here only the test flushes. */
const NO_TIMER = () => ({ stop: () => undefined });
const SPOOFED = '203.0.113.9';
const PEER = '127.0.0.1';

function usageFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'kohyo-usage-app-')), 'kohyo.usage.sqlite');
}

/** The bytes of the database and its WAL, where a flushed batch may still sit. */
function fileBytes(path: string): string {
  return [path, `${path}-wal`]
    .filter(existsSync)
    .map((p) => readFileSync(p).toString('latin1'))
    .join('');
}

let server: TestServer;
let store: UsageStore;
let log: UsageLog;
let path: string;
const logLines: string[] = [];

before(async () => {
  const dbPath = await fixtureDatabase();
  path = usageFile();
  store = UsageStore.open(path);
  log = new UsageLog({ sink: store, secret: SECRET, clock: () => TEST_NOW, timer: NO_TIMER });
  server = await startServer({
    dbPath,
    deps: {
      usageLog: log,
      logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
      // stands in for the rate limiter, so that a 429 passes through the log; it refuses nothing else
      limiter: {
        beforeApiRequest: async (request) => {
          if (request.headers['user-agent'] === 'greedy')
            throw new ApiError('rate_limited', undefined, undefined, { 'Retry-After': '7' });
        },
        countUnread: () => undefined,
        beforeUncountedRequest: () => {},
        unreadRequest: () => ({}),
        refusing: () => false,
        refuseStanding: () => {},
        dropLeft: () => null,
        chargeUncounted: () => {},
        chargeBytes: () => {},
        clientPolicy: '"minute";q=10;w=60',
      },
    },
  });
});
after(async () => {
  await server.close();
  log.close();
  store.close();
});

test('every counted answer is one row with its conditions, outcome and client headers; the others are tallied', async () => {
  const headers = {
    'X-Forwarded-For': SPOOFED,
    'User-Agent': 'usage-test/1.0',
    Referer: 'https://example.org/research',
    'X-Kohyo-Client': 'acme-research',
    'X-Kohyo-Contact': 'ops@example.org',
  };
  // 架空商事, 架空商事販売 and 東京架空商事 in the endpoint fixtures
  const found = await server.get(`/api/v1/companies?q=${encodeURIComponent('架空商事株式会社')}&limit=3`, { headers });
  assert.equal(found.status, 200);
  const neutral = {
    'User-Agent': 'usage-test/1.0',
    'X-Service-Client': 'neutral-name',
    'X-Service-Contact': 'n@example.org',
  };
  assert.equal((await server.get('/api/v1/companies?limit=2', { headers: neutral })).status, 400);
  assert.equal((await server.get('/api/v1/nowhere?x=1')).status, 404);
  assert.equal((await server.get('/api/v1/companies?q=x', { method: 'POST' })).status, 405);
  assert.equal((await server.get('/api/v1/companies?q=x', { headers: { 'User-Agent': 'greedy' } })).status, 429);
  assert.equal((await server.get('/api/v1/vocabularies')).status, 200);
  assert.equal((await server.get('/health')).status, 200);
  assert.equal((await server.get('/llms.txt')).status, 200);
  await until(() => log.stats.queued + log.tallied >= 6, 'the usage log did not receive the requests');
  log.flush();

  const rows = store.all();
  const id = clientId(SECRET, PEER);
  const pick = (e: UsageEntry) => [e.endpoint, e.method, e.status, e.code, e.clientId];
  assert.deepEqual(
    rows.map(pick),
    [
      ['/api/v1/companies', 'GET', 200, null, id],
      ['/api/v1/companies', 'GET', 400, 'missing_parameter', id],
      ['/api/v1/*', 'GET', 404, 'not_found', id],
      ['/api/v1/*', 'POST', 405, 'method_not_allowed', id],
    ],
    'a spoofed X-Forwarded-For without a trusted proxy is not the client; /health and /llms.txt are not logged',
  );
  // what did not count (a refusal, the vocabularies) is tallied by the hour, not written one row each
  assert.deepEqual(
    store.allCounts().map((c) => [c.hour, c.endpoint, c.method, c.status, c.code, c.clientId, c.requests]),
    [
      ['2026-11-21T03:00:00.000Z', '/api/v1/companies', 'GET', 429, 'rate_limited', id, 1],
      ['2026-11-21T03:00:00.000Z', '/api/v1/vocabularies', 'GET', 200, null, id, 1],
    ],
  );
  const [first, second] = rows as [UsageEntry, UsageEntry];
  assert.equal(first.at, TEST_NOW.toISOString());
  assert.deepEqual(JSON.parse(first.conditions), { limit: '3', q: '架空商事' }, 'q as normalised for the search');
  assert.equal(first.returned, 3);
  assert.ok(first.latencyMs >= 0);
  assert.deepEqual(
    [first.userAgent, first.referer, first.clientName, first.clientContact],
    ['usage-test/1.0', 'https://example.org/research', 'acme-research', 'ops@example.org'],
  );
  assert.deepEqual([second.clientName, second.clientContact, second.returned], ['neutral-name', 'n@example.org', null]);
  assert.equal(rows[2]!.conditions, '{"x":"1"}');
});

test('the client address is nowhere: not in the usage database file, not in the log output', () => {
  const bytes = fileBytes(path);
  assert.ok(bytes.includes('acme-research'), 'the rows are in the bytes searched');
  // the test's client and server share 127.0.0.1, so the server's own "listening at" line is left out
  const output = logLines.filter((line) => !line.includes('"msg":"Server listening at')).join('');
  assert.match(output, /request completed/u, 'the log output searched holds the requests');
  for (const address of [PEER, SPOOFED]) {
    assert.ok(!bytes.includes(address), `${address} in the usage database`);
    assert.ok(!output.includes(address), `${address} in the log output`);
  }
});

test('a failing store or a throwing recorder never fails a request', async () => {
  const failing = new UsageLog({
    sink: {
      write: () => {
        throw new Error('disk I/O error');
      },
    },
    secret: SECRET,
    clock: () => TEST_NOW,
    timer: NO_TIMER,
  });
  const broken = await startServer({ dbPath: await fixtureDatabase(), deps: { usageLog: failing } });
  const throwing = await startServer({
    dbPath: await fixtureDatabase(),
    deps: {
      usageLog: {
        record: () => {
          throw new Error('boom');
        },
      },
    },
  });
  try {
    assert.equal((await broken.get('/api/v1/companies?q=a')).status, 200);
    await until(() => failing.stats.queued === 1, 'the usage log did not receive the requests');
    failing.flush();
    assert.deepEqual(failing.stats, { written: 0, dropped: 1, failedWrites: 1, queued: 0 });
    assert.equal((await broken.get('/api/v1/companies?q=b')).status, 200);
    assert.equal((await throwing.get('/api/v1/companies?q=a')).status, 200);
    assert.equal((await throwing.get('/api/v1/companies?q=b')).status, 200);
  } finally {
    failing.close();
    await broken.close();
    await throwing.close();
  }
});

test('behind a trusted proxy the forwarded IPv6 address is the client, grouped by its /64 and never stored', async () => {
  const file = usageFile();
  const sink = UsageStore.open(file);
  const ipv6Log = new UsageLog({ sink, secret: SECRET, clock: () => TEST_NOW, timer: NO_TIMER });
  const app = Fastify();
  const trusted = parseTrustedProxies(['127.0.0.1']);
  await app.register(requestAccounting);
  await app.register(contractErrors);
  await app.register(usageLogging, {
    usageLog: ipv6Log,
    clock: () => TEST_NOW,
    clientAddress: addressReader(trusted),
  });
  app.get('/api/v1/echo', { config: { counted: true, usage: true } }, async () => ({
    data: {},
    meta: { returned: 0 },
  }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  try {
    const addresses = ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::99', '::ffff:198.51.100.23'];
    for (const address of addresses) {
      await fetch(`http://127.0.0.1:${port}/api/v1/echo`, { headers: { 'X-Forwarded-For': address } }).then((r) =>
        r.text(),
      );
    }
    await until(() => ipv6Log.stats.queued === 3, 'the usage log did not receive the requests');
    ipv6Log.flush();
    const ids = sink.all().map((e) => e.clientId);
    assert.deepEqual(ids, [
      clientId(SECRET, '2001:db8:abcd:12::1'),
      clientId(SECRET, '2001:db8:abcd:12::1'),
      clientId(SECRET, '198.51.100.23'),
    ]);
    const bytes = fileBytes(file);
    for (const form of [...addresses, '198.51.100.23', '2001:db8:abcd:12']) assert.ok(!bytes.includes(form), form);
  } finally {
    await app.close();
    ipv6Log.close();
    sink.close();
  }
});

test('an address function that throws fails no answer, and the entry is still not written with an address', async () => {
  const recorded: unknown[] = [];
  const app = Fastify({ logger: false });
  await app.register(requestAccounting);
  await app.register(contractErrors);
  await app.register(usageLogging, {
    usageLog: { record: (entry) => void recorded.push(entry) },
    clock: () => TEST_NOW,
    clientAddress: () => {
      throw new Error('no address');
    },
  });
  app.get('/api/v1/echo', { config: { counted: true, usage: true } }, async () => ({
    data: {},
    meta: { returned: 0 },
  }));
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/echo' });
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { data: {}, meta: { returned: 0 } });
    assert.deepEqual(recorded, [], 'onResponse could not attribute the request either, so nothing was recorded');
  } finally {
    await app.close();
  }
});

test('readOutcome finds meta.returned and error.code without building the answer again', () => {
  const cases: [number, unknown, { returned: number | null; errorCode: string | null }][] = [
    [
      200,
      '{"data":{"companies":[{"name":"\\"returned\\":9"}]},"meta":{"limit":10,"returned":2,"has_more":false}}',
      { returned: 2, errorCode: null },
    ],
    [200, Buffer.from('{"data":{},"meta":{"returned":0}}'), { returned: 0, errorCode: null }],
    [200, '{"data":{"vocabularies":[]},"meta":{}}', { returned: null, errorCode: null }],
    [400, '{"error":{"code":"invalid_parameter","message":"m"}}', { returned: null, errorCode: 'invalid_parameter' }],
    [500, 'not json', { returned: null, errorCode: null }],
    [200, null, { returned: null, errorCode: null }],
  ];
  for (const [status, payload, outcome] of cases)
    assert.deepEqual(readOutcome(status, payload), outcome, String(payload));
});

test('outcomeOfAnswer reads meta.returned and error.code from the answer object, as readOutcome does from its text', () => {
  const cases: [number, unknown][] = [
    [200, { data: { companies: [{ name: '"returned":9' }] }, meta: { limit: 10, returned: 2, has_more: false } }],
    [200, { data: {}, meta: { returned: 0 } }],
    [200, { data: { vocabularies: [] }, meta: {} }],
    [400, { error: { code: 'invalid_parameter', message: 'm' } }],
    [429, { error: { code: 'rate_limited', message: 'm', details: { returned: 3 } } }],
    [200, null],
  ];
  for (const [status, answer] of cases) {
    assert.deepEqual(
      outcomeOfAnswer(status, answer),
      readOutcome(status, answer === null ? null : JSON.stringify(answer)),
      JSON.stringify(answer),
    );
  }
});
