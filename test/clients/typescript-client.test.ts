// The TypeScript client calls every endpoint of a running server, turns error answers into
// KohyoError, type-checks under exactOptionalPropertyTypes, and its generated types are those of today's document.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { createKohyoClient, KohyoError, type KohyoClient } from '../../clients/typescript/client.js';
import { schemaSource } from '../../clients/typescript/generate.js';
import { createLimiter } from '../../src/limits/limiter.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { limitPolicy } from '../../src/limits/policy.js';
import { parseTrustedProxies } from '../../src/limits/client-identity.js';
import { loadConfig } from '../../src/config.js';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../helpers/server.js';

const clientDir = new URL('../../clients/typescript/', import.meta.url);

let server: TestServer;
let kohyo: KohyoClient;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
  kohyo = createKohyoClient({ baseUrl: server.url, clientName: 'client-test', contact: 'test@example.org' });
});
after(() => server.close());

test('every endpoint through the client', async () => {
  const found = await kohyo.companies({ q: '北辰建設', limit: 2 });
  assert.ok(found.data.companies.length > 0);
  const number = found.data.companies[0]!.corporate_number;
  const both = await kohyo.search({ q: '北辰建設' });
  assert.ok(both.data.companies.length > 0);
  assert.ok((await kohyo.enforcements({ authority: 'jftc', limit: 3 })).data.enforcements.length > 0);
  assert.equal((await kohyo.enforcements({ corporate_number: number })).meta.dataset.kind, 'demo');
  assert.ok((await kohyo.procurementSuspensions({ reason: 'bid_rigging' })).meta.page === 1);
  const byLabel = await kohyo.licenseActions({ sector: '建設業', nature: 'violation', page: 1 });
  assert.ok(byLabel.data.license_actions.every((action) => action.sector_codes.includes('construction')));
  assert.equal((await kohyo.procurementSuspensionCoverage()).data.coverage.length, 5);
  const sources = (await kohyo.coverage()).data.sources;
  assert.deepEqual(
    [...new Set(sources.map((s) => s.record_kind))],
    ['enforcement', 'procurement_suspension', 'license_action'],
  );
  assert.ok((await kohyo.vocabularies()).data.vocabularies.authority.length > 0);
  const health = await kohyo.health();
  assert.deepEqual([health.status, health.dataset.kind, health.dataset.published_version], ['ok', 'demo', null]);
});

test('an error answer is a KohyoError with the contract code, and a 429 carries the seconds to wait', async () => {
  await assert.rejects(kohyo.enforcements({}), (error: unknown) => {
    assert.ok(error instanceof KohyoError);
    assert.equal(error.status, 400);
    assert.equal(error.code, 'missing_filter');
    assert.ok(error.requestId);
    return true;
  });
  const env = { KOHYO_LIMIT_PER_MINUTE: '1' };
  const policy = limitPolicy(loadConfig(env).limits);
  const limiter = createLimiter({
    store: new MemoryStore(policy),
    policy,
    trusted: parseTrustedProxies([]),
    secret: null,
    clock: () => TEST_NOW,
  });
  const limited = await startServer({
    dbPath: await demoDatabase(),
    env,
    deps: { limiter },
  });
  try {
    const client = createKohyoClient({ baseUrl: limited.url });
    await client.companies({ q: 'a' });
    await assert.rejects(
      client.companies({ q: 'a' }),
      (error: unknown) =>
        error instanceof KohyoError &&
        error.code === 'rate_limited' &&
        typeof error.retryAfterSeconds === 'number' &&
        error.retryAfterSeconds > 0,
    );
  } finally {
    await limited.close();
    await limiter.close();
  }
});

test('the client type-checks under exactOptionalPropertyTypes', async () => {
  const tsc = new URL('../../scripts/tsc.mjs', import.meta.url).pathname;
  const project = new URL('tsconfig.json', clientDir).pathname;
  const run = await promisify(execFile)(process.execPath, [tsc, '-p', project]).catch((error: { stdout: string }) =>
    assert.fail(`tsc failed on the client:\n${error.stdout}`),
  );
  assert.equal(run.stdout, '');
});

test("the generated types are those of the service's document (else run npm run client:generate)", async () => {
  assert.equal(readFileSync(new URL('schema.ts', clientDir), 'utf8'), await schemaSource());
});
