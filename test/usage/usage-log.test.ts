import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageLog, type UsageSink, type UsageLogger } from '../../src/usage/usage-log.js';
import { UNKNOWN_ENDPOINT, type FinishedRequest } from '../../src/usage/usage-entry.js';
import type { UsageCount, UsageEntry } from '../../src/store/usage/usage-store.js';

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
