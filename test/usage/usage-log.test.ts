// The usage log: entries built from finished requests, batched and written, and the hourly tallies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  UsageLog,
  type UsageSink,
  type UsageLogger,
  UNKNOWN_ENDPOINT,
  type FinishedRequest,
  buildUsageEntry,
  searchConditions,
  usageEntryBuilder,
  CONDITIONS_CUT,
} from '../../src/usage/usage-log.js';
import type { UsageCount, UsageEntry } from '../../src/usage/store/usage-store.js';
import { ADDRESS_PLACEHOLDER } from '../../src/domain/address-scrubber.js';
import { clientId } from '../../src/usage/client-id.js';

function request(n: number): FinishedRequest {
  return {
    at: new Date(Date.UTC(2026, 10, 21, 3, 0, 0, n)),
    method: 'GET',
    path: '/api/v1/companies',
    route: '/api/v1/companies',
    query: `q=term${n}`,
    status: 200,
    errorCode: null,
    returned: 1,
    latencyMs: 1,
    address: '203.0.113.7',
    userAgent: 'ua',
    referer: undefined,
    clientName: undefined,
    clientContact: undefined,
  };
}

/** A log on a manual clock, timer and deferral, writing into an array (or failing, when told to). */
function harness(options: { batchSize?: number; maxQueue?: number } = {}) {
  let now = Date.UTC(2026, 10, 21, 3, 0, 0);
  const batches: UsageEntry[][] = [];
  const logged: string[] = [];
  let failing = false;
  let tick: (() => void) | null = null;
  let timerStopped = false;
  const deferred: (() => void)[] = [];
  const sink: UsageSink = {
    write(entries) {
      if (failing) throw new Error('disk full');
      batches.push([...entries]);
    },
  };
  const logger: UsageLogger = {
    error: (_o, m) => logged.push(`error ${m}`),
    warn: (_o, m) => logged.push(`warn ${m}`),
  };
  const log = new UsageLog({
    sink,
    secret: 's',
    logger,
    clock: () => new Date(now),
    flushIntervalMs: 1000,
    ...options,
    timer: (run) => {
      tick = run;
      return {
        stop: () => {
          timerStopped = true;
        },
      };
    },
    defer: (run) => deferred.push(run),
  });
  return {
    log,
    batches,
    logged,
    advance: (ms: number) => {
      now += ms;
    },
    tick: () => tick?.(),
    runDeferred: () => {
      for (const run of deferred.splice(0)) run();
    },
    fail: (value: boolean) => {
      failing = value;
    },
    timerStopped: () => timerStopped,
  };
}

test('nothing is written on the request path: entries wait for the timer, then go in one batch', () => {
  const h = harness();
  for (let i = 0; i < 3; i++) h.log.record(request(i));
  assert.equal(h.batches.length, 0);
  assert.equal(h.log.stats.queued, 3);
  h.tick();
  assert.deepEqual(
    h.batches.map((b) => b.length),
    [3],
  );
  assert.deepEqual(h.log.stats, { written: 3, dropped: 0, failedWrites: 0, queued: 0 });
  h.tick();
  assert.equal(h.batches.length, 1, 'an empty queue writes nothing');
});

test('flushes by age on the injected clock even when the timer lags', () => {
  const h = harness();
  h.log.record(request(1));
  h.advance(999);
  h.log.record(request(2));
  h.runDeferred();
  assert.equal(h.batches.length, 0, 'the oldest entry is 999 ms old');
  h.advance(1);
  h.log.record(request(3));
  assert.equal(h.batches.length, 0, 'deferred, not written inside record()');
  h.runDeferred();
  assert.deepEqual(
    h.batches.map((b) => b.length),
    [3],
  );
});

test('flushes by size once the queue reaches the batch size', () => {
  const h = harness({ batchSize: 4 });
  for (let i = 0; i < 3; i++) h.log.record(request(i));
  h.runDeferred();
  assert.equal(h.batches.length, 0);
  h.log.record(request(3));
  h.runDeferred();
  assert.deepEqual(
    h.batches.map((b) => b.length),
    [4],
  );
  assert.deepEqual(
    h.batches[0]!.map((e) => e.conditions),
    ['{"q":"term0"}', '{"q":"term1"}', '{"q":"term2"}', '{"q":"term3"}'],
  );
});

test('the queue is bounded: beyond it entries are dropped and counted, with one warning', () => {
  const h = harness({ batchSize: 100, maxQueue: 5 });
  for (let i = 0; i < 8; i++) h.log.record(request(i));
  assert.deepEqual(h.log.stats, { written: 0, dropped: 3, failedWrites: 0, queued: 5 });
  assert.deepEqual(h.logged, ['warn usage log: the queue is full; entries are dropped until it drains']);
  h.tick();
  assert.deepEqual(h.log.stats, { written: 5, dropped: 3, failedWrites: 0, queued: 0 });
});

test('a failing store drops the batch, counts it, logs once per run of failures, and never throws', () => {
  const h = harness();
  h.fail(true);
  h.log.record(request(1));
  assert.doesNotThrow(() => h.tick());
  h.log.record(request(2));
  h.log.record(request(3));
  assert.doesNotThrow(() => h.tick());
  assert.deepEqual(h.log.stats, { written: 0, dropped: 3, failedWrites: 2, queued: 0 });
  assert.deepEqual(h.logged, ['error usage log: a batch could not be written and was dropped']);
  h.fail(false);
  h.log.record(request(4));
  h.tick();
  assert.deepEqual(h.log.stats, { written: 1, dropped: 3, failedWrites: 2, queued: 0 });
  assert.equal(h.logged.at(-1), 'warn usage log: writes succeed again');
});

test('a request whose entry cannot be built is dropped, counted and logged; the rest of its batch is written', () => {
  const h = harness();
  h.log.record(request(1));
  // an instant that is no time: its entry's \`at\` cannot be written
  h.log.record({ ...request(2), at: new Date(Number.NaN) });
  h.log.record(request(3));
  h.tick();
  assert.deepEqual(
    h.batches.map((b) => b.map((e) => e.conditions)),
    [['{"q":"term1"}', '{"q":"term3"}']],
  );
  assert.deepEqual(h.log.stats, { written: 2, dropped: 1, failedWrites: 0, queued: 0 });
  assert.deepEqual(h.logged, ['error usage log: an entry could not be built']);
});

test('close() stops the timer and writes what is queued; later entries are dropped', () => {
  const h = harness();
  h.log.record(request(1));
  h.log.record(request(2));
  h.log.close();
  assert.ok(h.timerStopped());
  assert.deepEqual(
    h.batches.map((b) => b.length),
    [2],
  );
  h.log.record(request(3));
  assert.deepEqual(h.log.stats, { written: 2, dropped: 1, failedWrites: 0, queued: 0 });
});

test("the default timer is unref'd: a log left open does not keep the process alive", () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  const before = timers();
  const log = new UsageLog({ sink: { write() {} }, secret: 's', clock: () => new Date() });
  assert.equal(timers(), before);
  log.close();
});

test('issue 44: refusals tally by hour, endpoint and client network, whatever path, User-Agent or name they carry', () => {
  const counts: UsageCount[] = [];
  const log = new UsageLog({
    sink: { write: () => undefined, writeCounts: (batch) => void counts.push(...batch) },
    secret: 's',
    clock: () => new Date(Date.UTC(2026, 10, 21, 3)),
    timer: () => ({ stop: () => undefined }),
  });
  const refused = (n: number, overrides: Partial<FinishedRequest> = {}): FinishedRequest => ({
    ...request(n),
    counted: false,
    path: `/api/v1/unknown-${n}/${'x'.repeat(n % 300)}`,
    route: null,
    status: 429,
    errorCode: 'rate_limited',
    userAgent: `bot-${n}`,
    referer: `https://example.org/${n}`,
    clientName: `name-${n}`,
    ...overrides,
  });
  for (let n = 0; n < 1000; n++) log.record(refused(n));
  // the next hour, and another network
  for (let n = 0; n < 1000; n++) log.record(refused(n, { at: new Date(Date.UTC(2026, 10, 21, 4, 0, 0, n)) }));
  for (let n = 0; n < 1000; n++) log.record(refused(n, { address: '2001:db8:1:2::99' }));
  log.flush();
  assert.deepEqual(
    counts.map((c) => [c.hour, c.endpoint, c.status, c.code, c.requests]),
    [
      ['2026-11-21T03:00:00.000Z', UNKNOWN_ENDPOINT, 429, 'rate_limited', 1000],
      ['2026-11-21T04:00:00.000Z', UNKNOWN_ENDPOINT, 429, 'rate_limited', 1000],
      ['2026-11-21T03:00:00.000Z', UNKNOWN_ENDPOINT, 429, 'rate_limited', 1000],
    ],
  );
  assert.equal(new Set(counts.map((c) => c.clientId)).size, 2, 'one client identifier per network');
  log.close();
});

const AT = new Date('2026-11-21T03:04:05.678Z');

function finished(overrides: Partial<FinishedRequest> = {}): FinishedRequest {
  return {
    at: AT,
    method: 'GET',
    path: '/api/v1/companies',
    route: '/api/v1/companies',
    query: 'q=%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE%E3%83%88%E3%83%A8%E3%82%BF&limit=5',
    status: 200,
    errorCode: null,
    returned: 3,
    latencyMs: 1.23456,
    address: '203.0.113.7',
    userAgent: 'research-bot/1.0',
    referer: 'https://example.org/page',
    clientName: 'acme-research',
    clientContact: 'ops@example.org',
    ...overrides,
  };
}

test('an entry carries what the request was and how it was answered', () => {
  assert.deepEqual(buildUsageEntry(finished(), 'secret'), {
    at: '2026-11-21T03:04:05.678Z',
    method: 'GET',
    endpoint: '/api/v1/companies',
    conditions: '{"limit":"5","q":"トヨタ"}',
    status: 200,
    code: null,
    returned: 3,
    latencyMs: 1.235,
    clientId: clientId('secret', '203.0.113.7'),
    userAgent: 'research-bot/1.0',
    referer: 'https://example.org/page',
    clientName: 'acme-research',
    clientContact: 'ops@example.org',
  });
});

test("the endpoint is the route, or one bucket for every path none took (its path is the client's to choose); the code only on an error", () => {
  const cases: [Partial<FinishedRequest>, string, number, string | null][] = [
    [{ status: 400, errorCode: 'missing_parameter', returned: null }, '/api/v1/companies', 400, 'missing_parameter'],
    [{ route: null, path: '/api/v1/nothing/here', status: 404, errorCode: 'not_found' }, '/api/v1/*', 404, 'not_found'],
    [
      { route: null, path: '/api/v1/companies', method: 'POST', status: 405, errorCode: 'method_not_allowed' },
      '/api/v1/*',
      405,
      'method_not_allowed',
    ],
    [{ status: 200, errorCode: 'ignored' }, '/api/v1/companies', 200, null],
    [{ status: 429, errorCode: 'rate_limited' }, '/api/v1/companies', 429, 'rate_limited'],
  ];
  for (const [overrides, endpoint, status, code] of cases) {
    const entry = buildUsageEntry(finished(overrides), 'secret');
    assert.deepEqual([entry.endpoint, entry.status, entry.code], [endpoint, status, code], JSON.stringify(overrides));
  }
});

test('search conditions: terms normalised as the search reads them, empty values dropped, unknown names kept', () => {
  const cases: [string, string][] = [
    ['q=%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE%E3%83%88%E3%83%A8%E3%82%BF', '{"q":"トヨタ"}'],
    ['company=TOYOTA+MOTOR+CORPORATION&authority=jftc', '{"authority":"jftc","company":"toyotamotor"}'],
    ['corporate_number=%EF%BC%91180301018771', '{"corporate_number":"1180301018771"}'],
    ['corporate_number=1180-3010-18771', '{"corporate_number":"1180301018771"}'],
    ['q=&company=%20%20&limit=3', '{"limit":"3"}'],
    ['offset=100&frobnicate=1', '{"frobnicate":"1","offset":"100"}'],
    ['q=a&q=b', '{"q":["a","b"]}'],
    ['', '{}'],
  ];
  for (const [query, conditions] of cases) assert.equal(searchConditions(query), conditions, query);
});

test('headers left out are null; long values are cut', () => {
  const entry = buildUsageEntry(
    finished({
      userAgent: undefined,
      referer: '  ',
      clientName: undefined,
      clientContact: undefined,
      query: `q=${'x'.repeat(1000)}`,
    }),
    'secret',
  );
  assert.deepEqual([entry.userAgent, entry.referer, entry.clientName, entry.clientContact], [null, null, null, null]);
  const { q } = JSON.parse(entry.conditions) as { q: string };
  assert.equal(q.length, 300);
  assert.ok(q.endsWith('…'), 'a cut value says so');
});

test('issue 44: the conditions are cut at 1,000 characters in all, and say how many values were left out', () => {
  const cases: [string, string][] = [
    // one parameter repeated: a 14 KB query string was kept whole
    ['one name repeated', Array.from({ length: 2000 }, () => 'q=toyota').join('&')],
    ['long values', Array.from({ length: 10 }, (_, i) => `p${i}=${'v'.repeat(290)}`).join('&')],
    ['many names', Array.from({ length: 500 }, (_, i) => `name${i}=1`).join('&')],
    ['long names', Array.from({ length: 10 }, (_, i) => `${'n'.repeat(290)}${i}=1`).join('&')],
    ['escaped characters', `q=${'%01'.repeat(290)}&p=${'%01'.repeat(290)}`],
  ];
  for (const [what, query] of cases) {
    const values = [...new URLSearchParams(query)].length;
    for (const parsed of [query, Object.fromEntries(groupedParameters(query))]) {
      const conditions = searchConditions(parsed);
      assert.ok(conditions.length <= 1000, `${what}: ${conditions.length} characters`);
      const { [CONDITIONS_CUT]: leftOut, ...kept } = JSON.parse(conditions) as Record<
        string,
        string | string[] | number
      >;
      const keptValues = Object.values(kept).flat().length;
      assert.ok(typeof leftOut === 'number' && leftOut > 0, `${what}: marked as cut`);
      assert.equal(keptValues + leftOut, values, `${what}: every value kept or counted`);
    }
  }
  assert.ok(!searchConditions('q=a&limit=5').includes(CONDITIONS_CUT), 'conditions that fit are not marked');
  const twenty = Array.from({ length: 20 }, (_, i) => `p${i}=${'v'.repeat(30)}`).join('&');
  assert.ok(!searchConditions(twenty).includes(CONDITIONS_CUT), 'twenty short parameters fit');
});

/** A query as Fastify parses it: a repeated name's values in an array. */
function groupedParameters(query: string): Map<string, string | string[]> {
  const grouped = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(query)) {
    const held = grouped.get(name);
    grouped.set(name, held === undefined ? value : [held, value].flat());
  }
  return grouped;
}

test('no field of an entry holds the client address in any form (IPv4, IPv6 full or compressed, IPv4-mapped)', () => {
  // the address as the server hands it over, and the forms a client might write it in
  const cases: [string, string[]][] = [
    ['203.0.113.7', ['203.0.113.7']],
    ['2001:db8:85a3:1234:5678:8a2e:370:7334', ['2001:db8:85a3:1234:5678:8a2e:370:7334']],
    ['2001:db8::42', ['2001:db8::42', '2001:db8:0:0:0:0:0:42']],
    // behind a trusted proxy the address arrives in full, as the limiter reads it, and may be echoed compressed
    ['2001:db8:0:0:0:0:0:42', ['2001:db8:0:0:0:0:0:42', '2001:db8::42']],
    ['::ffff:198.51.100.23', ['::ffff:198.51.100.23', '198.51.100.23']],
    ['::1', ['::1', '0:0:0:0:0:0:0:1']],
  ];
  for (const [address, forms] of cases) {
    const first = forms[0]!;
    const last = forms[forms.length - 1]!;
    // a client may also write its own address into what it sends; that is scrubbed too
    const plain = buildUsageEntry(finished({ address }), 'secret');
    const echoed = buildUsageEntry(
      finished({
        address,
        path: `/api/v1/${last}`,
        route: null,
        query: `q=${encodeURIComponent(last)}&${encodeURIComponent(first)}=1`,
        userAgent: `bot from ${forms.join(' and ')}`,
        referer: `http://[${last}]/`,
        clientName: first,
        clientContact: last,
      }),
      'secret',
    );
    for (const entry of [plain, echoed]) {
      const text = JSON.stringify(entry);
      for (const form of forms) assert.ok(!text.toLowerCase().includes(form.toLowerCase()), `${form} in ${text}`);
    }
    assert.ok(JSON.stringify(echoed).includes(ADDRESS_PLACEHOLDER));
    assert.equal(echoed.clientId, plain.clientId);
  }
});

test('each entry is stamped with its own instant, as toISOString writes it, when several share a millisecond or alternate', () => {
  const instants = [
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.679Z',
    '2026-11-21T03:04:05.678Z',
    '1999-12-31T23:59:59.999Z',
  ].map((text) => new Date(text));
  const build = usageEntryBuilder('secret');
  assert.deepEqual(
    instants.map((at) => build(finished({ at })).at),
    [
      '2026-11-21T03:04:05.678Z',
      '2026-11-21T03:04:05.678Z',
      '2026-11-21T03:04:05.679Z',
      '2026-11-21T03:04:05.678Z',
      '1999-12-31T23:59:59.999Z',
    ],
  );
});

test('a long text is scrubbed within a bounded window, and an address cut at its end is not kept in part', () => {
  // full IPv6 addresses shrink to the placeholder, so what follows them moves up past where the text is cut
  const address = '2001:db8:85a3:1234:5678:8a2e:370:7334';
  const userAgent = `${`${address} `.repeat(13)}${address}${'x'.repeat(20_000)}`;
  const entry = buildUsageEntry(finished({ address, userAgent }), 'secret');
  assert.equal(entry.userAgent, `${ADDRESS_PLACEHOLDER} `.repeat(13), 'the address cut in two is left out');
  assert.ok(!JSON.stringify(entry).includes('2001'));
});
