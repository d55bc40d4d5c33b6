import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFetcher, type FetcherOptions } from '../../../src/ingest/collect/fetcher.js';
import { collectorUserAgent } from '../../../src/ingest/collect/user-agent.js';
import { bodyRoute, etagRoute, FIXTURE_HOSTS, recordedSleep, startFixtureServer } from './collect-helpers.js';

const server = await startFixtureServer();
after(() => server.close());

function fetcher(options: Partial<FetcherOptions> = {}) {
  const sleep = recordedSleep();
  return {
    sleep,
    fetcher: createFetcher({
      userAgent: collectorUserAgent('ops@example.org'),
      sleep: sleep.sleep,
      allowHosts: FIXTURE_HOSTS,
      ...options,
    }),
  };
}

test('a 200 gives the body, its validators, and the request names the service and a contact', async () => {
  server.routes.set('/list.csv', (_q, r) =>
    r.writeHead(200, { etag: '"v1"', 'last-modified': 'Tue, 01 Apr 2025 00:00:00 GMT' }).end('a,b\n'),
  );
  const { fetcher: f } = fetcher();
  const outcome = await f.fetch(server.url('/list.csv'));
  assert.equal(outcome.kind, 'fetched');
  assert.ok(outcome.kind === 'fetched');
  assert.equal(outcome.body.toString(), 'a,b\n');
  assert.deepEqual(outcome.validators, { etag: '"v1"', last_modified: 'Tue, 01 Apr 2025 00:00:00 GMT' });
  assert.equal(outcome.url, server.url('/list.csv'));
  const seen = server.requests.at(-1)!;
  assert.equal(seen.headers['user-agent'], 'Kohyo/1.0 (+ops@example.org; collector of public enforcement lists)');
  await f.close();
});

test('a 404 fails at once, without a retry', async () => {
  const { fetcher: f, sleep } = fetcher();
  const outcome = await f.fetch(server.url('/missing.csv'));
  assert.deepEqual(outcome, { kind: 'failed', status: 404, error: 'the server answered 404', attempts: 1 });
  assert.deepEqual(sleep.waits, []);
  await f.close();
});

test('a 500 then a 200 is retried after a backoff and succeeds', async () => {
  let calls = 0;
  server.routes.set('/flaky.csv', (_q, r) =>
    ++calls === 1 ? r.writeHead(500).end('oops') : r.writeHead(200).end('ok'),
  );
  const { fetcher: f, sleep } = fetcher({ backoffMs: 1000 });
  const outcome = await f.fetch(server.url('/flaky.csv'));
  assert.equal(outcome.kind, 'fetched');
  assert.equal(outcome.attempts, 2);
  assert.deepEqual(sleep.waits, [1000]);
  await f.close();
});

test('a server that keeps answering 503 fails after the retries, backing off twice as long each time', async () => {
  server.routes.set('/down.csv', bodyRoute('down', 503));
  const { fetcher: f, sleep } = fetcher({ retries: 3, backoffMs: 1000 });
  const outcome = await f.fetch(server.url('/down.csv'));
  assert.deepEqual(outcome, {
    kind: 'failed',
    status: 503,
    error: 'the server answered 503 (after 4 attempts)',
    attempts: 4,
  });
  assert.deepEqual(sleep.waits, [1000, 2000, 4000]);
  await f.close();
});

test('a body that stalls times out, is retried, and fails with a message that says so', async () => {
  let calls = 0;
  server.routes.set('/slow.csv', (_q, r) => {
    calls++;
    r.writeHead(200, { 'content-length': '100' });
    r.write('the first bytes'); // and nothing more: the connection stays open
  });
  const { fetcher: f, sleep } = fetcher({ bodyTimeoutMs: 150, retries: 1 });
  const outcome = await f.fetch(server.url('/slow.csv'));
  assert.equal(outcome.kind, 'failed');
  assert.ok(outcome.kind === 'failed');
  assert.equal(outcome.error, 'timed out reading the body (after 2 attempts)');
  assert.equal(calls, 2);
  assert.equal(sleep.waits.length, 1);
  await f.close();
});

test('an unchanged list answers 304 to its ETag', async () => {
  server.routes.set('/etag.csv', etagRoute('x\n', '"abc"'));
  const { fetcher: f } = fetcher();
  const first = await f.fetch(server.url('/etag.csv'));
  assert.ok(first.kind === 'fetched');
  const second = await f.fetch(server.url('/etag.csv'), first.validators);
  assert.deepEqual(second, { kind: 'not_modified', status: 304, attempts: 1 });
  assert.equal(server.requests.at(-1)!.headers['if-none-match'], '"abc"');
  await f.close();
});

test('a body over the size cap is refused, whether declared or streamed', async () => {
  server.routes.set('/big.csv', bodyRoute(Buffer.alloc(2 * 1024 * 1024)));
  server.routes.set('/big-chunked.csv', (_q, r) => {
    r.writeHead(200);
    for (let i = 0; i < 4; i++) r.write(Buffer.alloc(600 * 1024));
    r.end();
  });
  const { fetcher: f } = fetcher({ maxBytes: 1024 * 1024 });
  for (const path of ['/big.csv', '/big-chunked.csv']) {
    const outcome = await f.fetch(server.url(path));
    assert.equal(outcome.kind, 'failed', path);
    assert.ok(outcome.kind === 'failed');
    assert.match(outcome.error, /larger than the 1 MB cap/u);
  }
  await f.close();
});

test('redirects are followed, and the outcome names the address that answered', async () => {
  server.routes.set('/moved.pdf', (_q, r) => r.writeHead(301, { location: '/content/2025/list.pdf?v=2' }).end());
  server.routes.set('/content/2025/list.pdf?v=2', (_q, r) =>
    r.writeHead(302, { location: server.url('/final.pdf') }).end(),
  );
  server.routes.set('/final.pdf', (_q, r) => r.writeHead(200).end('%PDF'));
  const { fetcher: f } = fetcher();
  const outcome = await f.fetch(server.url('/moved.pdf'));
  assert.ok(outcome.kind === 'fetched');
  assert.equal(outcome.body.toString(), '%PDF');
  assert.equal(outcome.url, server.url('/final.pdf'));
  await f.close();
});

test('requests to one host go one at a time', async () => {
  let inFlight = 0;
  let most = 0;
  server.routes.set('/one.csv', (_q, r) => {
    most = Math.max(most, ++inFlight);
    setImmediate(() => {
      inFlight--;
      r.writeHead(200).end('1');
    });
  });
  const { fetcher: f } = fetcher();
  const outcomes = await Promise.all([1, 2, 3, 4].map(() => f.fetch(server.url('/one.csv'))));
  assert.ok(outcomes.every((o) => o.kind === 'fetched'));
  assert.equal(most, 1);
  await f.close();
});

test('a refused connection fails at once with the reason', async () => {
  const { fetcher: f, sleep } = fetcher();
  const outcome = await f.fetch('http://127.0.0.1:1/list.csv');
  assert.equal(outcome.kind, 'failed');
  assert.ok(outcome.kind === 'failed');
  assert.match(outcome.error, /ECONNREFUSED/u);
  assert.deepEqual(sleep.waits, []);
  await f.close();
});

test('Retry-After is waited for when longer than the backoff, never past 60 s; a 429 is not retried', async () => {
  let calls = 0;
  server.routes.set('/busy.csv', (_q, r) =>
    ++calls === 1 ? r.writeHead(503, { 'retry-after': '5' }).end() : r.writeHead(200).end('ok'),
  );
  server.routes.set('/closed.csv', (_q, r) => r.writeHead(503, { 'retry-after': '86400' }).end());
  server.routes.set('/too-many.csv', (_q, r) => r.writeHead(429, { 'retry-after': '1' }).end());
  const { fetcher: f, sleep } = fetcher({ retries: 1, backoffMs: 1000 });
  const busy = await f.fetch(server.url('/busy.csv'));
  assert.equal(busy.kind, 'fetched');
  assert.deepEqual(sleep.waits, [5000]);
  const closed = await f.fetch(server.url('/closed.csv'));
  assert.deepEqual(closed, {
    kind: 'failed',
    status: 503,
    error: 'the server answered 503 (after 2 attempts)',
    attempts: 2,
  });
  assert.deepEqual(sleep.waits, [5000, 60_000]);
  const tooMany = await f.fetch(server.url('/too-many.csv'));
  assert.deepEqual(tooMany, { kind: 'failed', status: 429, error: 'the server answered 429', attempts: 1 });
  assert.deepEqual(sleep.waits, [5000, 60_000]);
  await f.close();
});

test('a body that stalls is resumed where it stopped when the server serves ranges', async () => {
  const body = 'a,b\n1,2\n3,4\n';
  const ranges: (string | undefined)[] = [];
  server.routes.set('/resumable.csv', (q, r) => {
    ranges.push(q.headers.range);
    const start = Number(/^bytes=(\d+)-/u.exec(q.headers.range ?? '')?.[1] ?? NaN);
    if (Number.isNaN(start)) {
      r.writeHead(200, { 'content-length': String(body.length), etag: '"r1"' });
      r.write(body.slice(0, 4)); // and nothing more: the connection stays open
      return;
    }
    const rest = body.slice(start);
    r.writeHead(206, {
      'content-length': String(rest.length),
      'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
      etag: '"r1"',
    }).end(rest);
  });
  const { fetcher: f, sleep } = fetcher({ bodyTimeoutMs: 150, retries: 1 });
  const outcome = await f.fetch(server.url('/resumable.csv'));
  assert.ok(outcome.kind === 'fetched', JSON.stringify(outcome));
  assert.equal(outcome.body.toString(), body);
  assert.equal(outcome.attempts, 2);
  assert.deepEqual(ranges, [undefined, `bytes=4-${body.length - 1}`]);
  assert.equal(sleep.waits.length, 1);
  await f.close();
});
