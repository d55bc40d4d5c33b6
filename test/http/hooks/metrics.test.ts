// GET /metrics through the real app: Prometheus text, parsed; counts by route and status, refusals by code, the
// dataset, collection runs and the limiter's store; refused to other addresses; never counted nor usage-logged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config.js';
import { limiterFromConfig } from '../../../src/limits/limiter-from-config.js';
import type { FinishedRequest } from '../../../src/usage/usage-log.js';
import { openStore, type Store } from '../../../src/store/read/store.js';
import { demoDatabase, startServer, TEST_NOW } from '../../helpers/server.js';
import { fixtureDatabase } from '../../helpers/fixture-dataset.js';

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The exposition format, read strictly: every sample belongs to a family declared by a # TYPE line before it. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/u.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = /^(\w+)(?:\{(.*)\})? (\S+)$/u.exec(line);
    assert.ok(sample, `not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/gu)].map((m) => [m[1]!, m[2]!]),
    );
    const name = sample[1]!;
    const family = [...types.keys()].find((f) => name === f || name.startsWith(`${f}_`));
    assert.ok(family, `${name} has no # TYPE line before it`);
    samples.push({ name, labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

test('/metrics counts requests by route and status, refusals by code, and tells the dataset and the limiter', async () => {
  const env = { KOHYO_LIMIT_PER_MINUTE: '3' };
  const config = loadConfig(env);
  const limiter = limiterFromConfig(config, { clock: () => TEST_NOW, log: { warn: () => {}, info: () => {} } });
  const logged: FinishedRequest[] = [];
  const server = await startServer({
    dbPath: await fixtureDatabase(),
    env,
    deps: {
      limiter,
      limiterState: () => limiter.state(),
      usageLog: { record: (r) => void logged.push(r) },
    },
  });
  try {
    const agent = { headers: { 'user-agent': 'metrics-test' } };
    assert.equal((await server.get('/api/v1/companies?q=架空商事', agent)).status, 200);
    assert.equal((await server.get('/api/v1/enforcements', agent)).status, 400);
    assert.equal((await server.get('/api/v1/companies?q=見本工業', agent)).status, 200);
    assert.equal((await server.get('/api/v1/companies?q=見本工業', agent)).status, 429);
    assert.equal((await server.get('/nowhere', agent)).status, 404);
    const loggedBefore = logged.length;
    const answer = await server.get('/metrics', agent);
    const again = await server.get('/metrics', agent);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/u);
    assert.equal(answer.headers.get('ratelimit'), null, '/metrics is not counted');
    assert.equal(logged.length, loggedBefore, '/metrics is not in the usage log');
    const { types, samples } = parseExposition(again.text);
    assert.equal(types.get('kohyo_http_requests_total'), 'counter');
    assert.equal(types.get('kohyo_http_request_duration_seconds'), 'histogram');
    assert.equal(
      value(samples, 'kohyo_http_requests_total', { route: '/api/v1/companies', method: 'GET', status: '200' }),
      2,
    );
    assert.equal(value(samples, 'kohyo_http_requests_total', { route: '/api/v1/companies', status: '429' }), 1);
    assert.equal(value(samples, 'kohyo_http_requests_total', { route: '/api/v1/enforcements', status: '400' }), 1);
    assert.equal(value(samples, 'kohyo_http_requests_total', { route: 'unmatched', status: '404' }), 1);
    assert.equal(
      samples.some((s) => s.labels.route === '/metrics'),
      false,
      'scrapes are not counted as requests',
    );
    assert.equal(value(samples, 'kohyo_http_request_duration_seconds_count', { route: '/api/v1/companies' }), 3);
    assert.equal(value(samples, 'kohyo_refusals_total', { code: 'rate_limited' }), 1);
    assert.equal(value(samples, 'kohyo_refusals_total', { code: 'missing_filter' }), 1);
    assert.equal(value(samples, 'kohyo_refusals_total', { code: 'not_found' }), 1);
    const dataset = server.store!.meta;
    assert.equal(value(samples, 'kohyo_dataset_info', { kind: 'production', version: dataset.version }), 1);
    assert.equal(
      value(samples, 'kohyo_dataset_age_seconds', {}),
      (TEST_NOW.getTime() - Date.parse(dataset.version)) / 1000,
    );
    const runs = server.store!.collectionRuns();
    assert.ok(runs.length > 0);
    for (const run of runs)
      assert.equal(value(samples, 'kohyo_collection_runs', { source: run.sourceId, outcome: run.outcome }), run.runs);
    assert.equal(value(samples, 'kohyo_limiter_store', { store: 'memory' }), 1);
    assert.ok((value(samples, 'kohyo_process_resident_memory_bytes', {}) ?? 0) > 0);
  } finally {
    await server.close();
    await limiter.close();
  }
});

test('/metrics answers 404 to an address outside KOHYO_METRICS_ALLOW, whatever X-Forwarded-For says', async () => {
  const server = await startServer({
    dbPath: await fixtureDatabase(),
    env: { KOHYO_METRICS_ALLOW: '10.0.0.0/8', KOHYO_TRUST_PROXY: '127.0.0.1' },
  });
  try {
    const answer = await server.get('/metrics', { headers: { 'x-forwarded-for': '10.1.2.3' } });
    assert.equal(answer.status, 404);
    assert.equal(answer.body.error.code, 'not_found');
  } finally {
    await server.close();
  }
});

test('/metrics tells when the limits fall back to memory because Redis is down', async () => {
  // a port nothing listens on: every check falls back to the memory windows
  const env = { REDIS_URL: 'redis://127.0.0.1:9/0', KOHYO_USAGE_SECRET: 'metrics-test' };
  const config = loadConfig(env);
  const limiter = limiterFromConfig(config, { clock: () => TEST_NOW, log: { warn: () => {}, info: () => {} } });
  const server = await startServer({
    dbPath: await fixtureDatabase(),
    env,
    deps: { limiter, limiterState: () => limiter.state() },
  });
  try {
    assert.equal((await server.get('/api/v1/companies?q=架空商事')).status, 200);
    assert.equal((await server.get('/api/v1/companies?q=架空商事')).status, 200);
    const { samples } = parseExposition((await server.get('/metrics')).text);
    assert.equal(value(samples, 'kohyo_limiter_store', { store: 'redis_fallback' }), 1);
    assert.equal(value(samples, 'kohyo_limiter_fallback_checks', {}), 2);
  } finally {
    await server.close();
    await limiter.close();
  }
});

test('/metrics reads the dataset served when scraped, and scraping never uses up the limit', async () => {
  const env = { KOHYO_LIMIT_PER_MINUTE: '1' };
  const limiter = limiterFromConfig(loadConfig(env), {
    clock: () => TEST_NOW,
    log: { warn: () => {}, info: () => {} },
  });
  const production = openStore(await fixtureDatabase());
  const demo = openStore(await demoDatabase());
  let served: Store = production;
  const server = await startServer({
    store: null,
    env,
    deps: { dataset: () => served, limiter, limiterState: () => limiter.state() },
  });
  try {
    const scrape = async () => parseExposition((await server.get('/metrics')).text).samples;
    for (let i = 0; i < 3; i++) await scrape();
    assert.equal(
      (await server.get('/api/v1/companies?q=架空商事')).status,
      200,
      'three scrapes left the one request a minute',
    );
    assert.equal((await server.get('/api/v1/companies?q=架空商事')).status, 429);
    assert.equal(
      value(await scrape(), 'kohyo_dataset_info', { kind: 'production', version: production.meta.version }),
      1,
    );
    served = demo;
    const after = await scrape();
    assert.equal(value(after, 'kohyo_dataset_info', { kind: 'demo', version: demo.meta.version }), 1);
    assert.equal(
      after.filter((s) => s.name === 'kohyo_dataset_info').length,
      1,
      'the dataset no longer served is gone',
    );
    assert.equal(
      value(after, 'kohyo_dataset_age_seconds', {}),
      (TEST_NOW.getTime() - Date.parse(demo.meta.version)) / 1000,
    );
    assert.equal(value(after, 'kohyo_refusals_total', { code: 'rate_limited' }), 1);
  } finally {
    await server.close();
    await limiter.close();
    production.close();
    demo.close();
  }
});
