// State that stays bounded under load, through a listening server. Uncounted answers are tallied, not written
// one row each; a flood of clients neither holds memory for refused requests nor ends another address's cool-down;
// a zig-zag walk of Corporate Numbers is refused, on the memory store and on a real Redis.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { MemoryStore } from '../../src/limits/memory-store.js';
import { RedisStore } from '../../src/limits/redis-store.js';
import { UsageLog } from '../../src/usage/usage-log.js';
import { UsageStore } from '../../src/usage/store/usage-store.js';
import { limitedServer, type StoreFor } from '../helpers/limited-server.js';
import { rawRequest } from '../helpers/raw-request.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { TEST_NOW } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { errorOfAnswer } from '../helpers/answers.js';

for (const [storeName, redisStore] of [
  ['memory store', false],
  ['Redis store', true],
] as const) {
  describe(`a zig-zag walk of Corporate Numbers is refused (${storeName})`, () => {
    let redis: RedisServer | null = null;
    before(async () => {
      if (redisStore) redis = await startRedisServer();
    });
    after(async () => {
      await redis?.stop();
    });

    test('+3, −1, +3, −1 … is refused at its eighth number, where 0, 3, 5, 7, 9 have stepped up five times', async () => {
      const url = redis?.url;
      const storeFor: StoreFor | undefined =
        url === undefined ? undefined : (policy) => new RedisStore(new Redis(url), policy, 'zigzag:');
      const s = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '100' }, storeFor);
      try {
        const start = 400_000_000_000;
        const steps = [0, 3, 2, 5, 4, 7, 6, 9];
        for (const [i, step] of steps.entries()) {
          const number = corporateNumberFromBase(String(start + step));
          // by every endpoint that looks a number up, in turn
          const path =
            i % 2 === 0 ? `/api/v1/enforcements?corporate_number=${number}` : `/api/v1/companies?q=${number}`;
          const answer = await s.get(path, { 'user-agent': 'zig-zag' });
          if (i < steps.length - 1) assert.notEqual(answer.status, 429, path);
          else {
            assert.equal(answer.status, 429, path);
            assert.equal(answer.body.error.code, 'automated_enumeration_detected');
          }
        }
      } finally {
        await s.close();
      }
    });
  });
}

describe('state that stays bounded under load, through the app', () => {
  test('uncounted answers (304, vocabularies, OpenAPI, preflights) are tallied by the hour, and the report has them', async () => {
    const usagePath = join(mkdtempSync(join(tmpdir(), 'kohyo-bounded-')), 'usage.sqlite');
    const store = UsageStore.open(usagePath);
    const log = new UsageLog({ sink: store, secret: 'bounded', clock: () => TEST_NOW, timer: () => ({ stop() {} }) });
    // two hundred uncounted answers from one address, in what the limiter's clock reads as one instant, 50 of each
    // kind (OpenAPI documents among them, whose bytes the settings allow); a thousand, 3.5 s of CPU more, made the
    // same four rows
    const s = await limitedServer(
      { KOHYO_UNCOUNTED_PER_MINUTE: '2000', KOHYO_UNCOUNTED_BYTES_PER_MINUTE: '1000000000' },
      undefined,
      { usageLog: log },
    );
    try {
      const first = await s.get('/api/v1/companies?q=hokushin', { 'user-agent': 'wear' });
      const etag = first.headers.get('etag') ?? '';
      const requests: [string, Record<string, string>, string][] = [
        ['/api/v1/companies?q=hokushin', { 'if-none-match': etag }, 'GET'],
        ['/api/v1/vocabularies', {}, 'GET'],
        ['/api/v1/openapi.json', {}, 'GET'],
        ['/api/v1/companies', { origin: 'https://a.example', 'access-control-request-method': 'GET' }, 'OPTIONS'],
      ];
      const each = 50;
      for (let i = 0; i < each; i++) {
        for (const [path, headers, method] of requests) {
          const answer = await rawRequest(s.server.url, path, {
            method,
            headers: { 'user-agent': `wear-${i}`, ...headers },
          });
          assert.ok([200, 204, 304].includes(answer.status), `${method} ${path}: ${answer.status}`);
        }
      }
      await until(() => log.tallied === each * requests.length, 'every answer reached the usage log');
      log.flush();
      assert.equal(store.all().length, 1, 'one entry: the counted request alone');
      const counts = store.allCounts();
      assert.deepEqual(
        counts.map((c) => [c.method, c.endpoint, c.status, c.requests]),
        [
          ['OPTIONS', '*', 204, each],
          ['GET', '/api/v1/companies', 304, each],
          ['GET', '/api/v1/openapi.json', 200, each],
          ['GET', '/api/v1/vocabularies', 200, each],
        ],
        'four rows for two hundred answers',
      );
      const report = store.report(new Date(TEST_NOW.getTime() - 3_600_000));
      assert.equal(report.total, 1 + each * requests.length, 'the report counts every answer');
      assert.deepEqual(report.byStatus.find((row) => row.key === '304')?.requests, each);
    } finally {
      await s.close();
      log.close();
      store.close();
    }
  });

  test("clients of 200 other addresses, over the store's cap, do not end an address's cool-down", async () => {
    const s = await limitedServer({}, (policy) => new MemoryStore(policy, { maxClients: 50 }));
    try {
      // a walker that takes each step under another name: its address cools down
      const walker = '127.0.0.2';
      for (let i = 0; i < 5; i++) {
        const number = corporateNumberFromBase(String(500_000_000_000 + i));
        await s.getFrom(walker, `/api/v1/enforcements?corporate_number=${number}`, { 'user-agent': `walker-${i}` });
      }
      const refused = await s.getFrom(walker, '/api/v1/companies?q=test');
      assert.equal(errorOfAnswer(refused).code, 'automated_enumeration_detected');
      for (let i = 0; i < 200; i++) {
        const answer = await s.getFrom(`127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`, '/api/v1/companies?q=x', {
          'user-agent': `flood-${i}`,
        });
        assert.equal(answer.status, 200);
      }
      const still = await s.getFrom(walker, '/api/v1/companies?q=test', { 'user-agent': 'a-new-name' });
      assert.equal(errorOfAnswer(still).code, 'automated_enumeration_detected', 'the address is still cooling down');
    } finally {
      await s.close();
    }
  });
});
