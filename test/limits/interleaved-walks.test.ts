// Issue 44, part 6, through a listening server: Corporate Number walks interleaved from one address, its User-Agent
// switched every third request, are each seen as the run they are, by the memory store and by Redis alike.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { FallbackStore } from '../../src/limits/fallback-store.js';
import { storeFromConfig } from '../../src/limits/limiter-from-config.js';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { isErrorResponse, type TestResponse } from '../helpers/test-response.js';

/** Walks A, B and C, by their 12-digit bases: 100, 101 …, 500, 501 … and 900, 901 … above a common start. */
const WALK_STARTS = [100, 500, 900].map((offset) => 410_000_000_000 + offset);

/** How each walk asks: a number in the path, or in the query, on the companies and on the records. */
const ASKED_BY = [
  (number: string) => `/api/v1/companies/${number}`,
  (number: string) => `/api/v1/enforcements?corporate_number=${number}`,
  (number: string) => `/api/v1/companies?q=${number}`,
];

/** The look-ups A B C A B C …, nine of each walk. */
const INTERLEAVED = [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((step) =>
  WALK_STARTS.map((start, walk) => ASKED_BY[walk]!(corporateNumberFromBase(String(start + step)))),
);

const outcome = (answer: TestResponse) => {
  if (!isErrorResponse(answer)) return answer.status;
  const { code, details } = answer.body.error;
  return `${answer.status} ${code} ${String(details?.scope)}`;
};

let redis: RedisServer;
before(async () => {
  redis = await startRedisServer();
});
after(async () => {
  await redis.stop();
});

let redisStore: FallbackStore | null = null;
/** The app with its limiter on the memory store, and on Redis (as served: through the fallback store). */
const SERVERS: Record<string, () => Promise<LimitedServer>> = {
  'memory store': () => limitedServer(),
  'Redis store': () =>
    limitedServer({ REDIS_URL: redis.url }, (_policy, config) => {
      const store = storeFromConfig(config, { warn: () => undefined, info: () => undefined });
      assert.ok(store instanceof FallbackStore);
      return (redisStore = store);
    }),
};

for (const [name, serve] of Object.entries(SERVERS)) {
  describe(`${name}: interleaved walks through the app`, () => {
    let s: LimitedServer;
    before(async () => {
      s = await serve();
    });
    after(() => s.close());

    test('three walks interleaved from one address, a new User-Agent every third request: 429 at the 13th', async () => {
      const outcomes = [];
      for (const [i, path] of INTERLEAVED.entries()) {
        const answer = await s.getFrom('127.0.0.21', path, { 'user-agent': `walker-${Math.floor(i / 3)}` });
        outcomes.push(outcome(answer));
        s.advance(2_000);
      }
      const tripped = '429 automated_enumeration_detected address';
      // answered as any look-up is (the fixtures hold none of these companies)
      const answered = ['404 not_found undefined', 200, 200];
      assert.deepEqual(outcomes.slice(0, 12), [...answered, ...answered, ...answered, ...answered]);
      // the 13th is walk A's fifth number, 100 to 104 from five User-Agents: the address is refused from there on
      assert.deepEqual(outcomes.slice(12), Array<string>(15).fill(tripped));
      const fromElsewhere = await s.getFrom('127.0.0.22', INTERLEAVED[12]!, { 'user-agent': 'walker-4' });
      assert.equal(outcome(fromElsewhere), '404 not_found undefined', 'another address is not refused');
      assert.equal(redisStore?.fallbackChecks ?? 0, 0, 'every check answered by Redis');
    });
  });
}
