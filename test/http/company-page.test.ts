// A company's page holds at most ten record rows for one counted request, as an answer of the API holds at most
// `limit`: the rest of each kind, and the records naming it linked to none, are each a counted click away.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { demoDatabase, startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { memoryLimiter } from '../helpers/memory-limiter.js';
import { ok } from '../helpers/answers.js';
import type { Limiter } from '../../src/limits/limiter.js';
import { shareSearchLimit } from '../../src/domain/text/search-split.js';

/** The demo's company with the most records (21: 4 enforcements, 15 suspensions, 2 licence actions). */
const BUSIEST = '3999999000014';

let server: TestServer;
let limiter: Limiter;
before(async () => {
  limiter = memoryLimiter(loadConfig({}), () => TEST_NOW);
  server = await startServer({
    dbPath: await demoDatabase(),
    deps: { limiter },
  });
});
after(async () => {
  await server.close();
  await limiter.close();
});

/** The records a page lists: each row links the record's page once. */
function recordRows(html: string): string[] {
  return [...html.matchAll(/<li><a href="\/records\/([^"?]+)\?/gu)].map((match) => match[1]!);
}

test('issue 54: a company page holds ten record rows at most, the rest of each kind a counted click away', async () => {
  const counts = (await ok(server, `/api/v1/companies?q=${BUSIEST}`)).data.companies[0]!.record_counts;
  const own = [counts.enforcements, counts.procurement_suspensions, counts.license_actions];
  assert.ok(own[0]! + own[1]! + own[2]! > 10, `${own.join(' + ')} records: more than a page holds`);
  // the ten shared as /search shares its rows: a kind with more than its share links the rest
  const shares = shareSearchLimit(
    10,
    own.map((n) => Math.min(n, 10)),
  );
  for (const language of ['ja', 'en']) {
    const page = await server.get(`/companies/${BUSIEST}?lang=${language}`, { headers: { 'user-agent': language } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('ratelimit') ?? '', /r=9;/u, 'one counted request');
    const rows = recordRows(page.text);
    assert.equal(rows.length, 10, `${language}: ${rows.length} rows`);
    assert.equal(new Set(rows).size, 10, 'each record once');
    ['enforcements', 'procurement_suspensions', 'license_actions'].forEach((list, i) => {
      // its search page by Corporate Number
      const more = `href="/search?q=${BUSIEST}&amp;kind=${list}&amp;page=1&amp;lang=${language}"`;
      assert.equal(page.text.includes(more), own[i]! > shares[i]!, `${language}: the rest of ${list}`);
    });
  }
  // the click is a request of its own, counted, and lists the kind ten to a page
  const rest = await server.get(`/search?q=${BUSIEST}&kind=procurement_suspensions&page=1`, {
    headers: { 'user-agent': 'ja' },
  });
  assert.equal(rest.status, 200);
  assert.match(rest.headers.get('ratelimit') ?? '', /r=8;/u, 'counted');
  assert.equal(recordRows(rest.text).length, 10);
});

test('a company page with fewer records than a page holds lists each of its own', async () => {
  // 西海物流: three records of its own
  const number = '9999999000009';
  const counts = (await ok(server, `/api/v1/companies?q=${number}`)).data.companies[0]!.record_counts;
  const own = counts.enforcements + counts.procurement_suspensions + counts.license_actions;
  assert.ok(own > 0 && own < 10, `${own} records`);
  const rows = recordRows(
    (await server.get(`/companies/${number}?lang=en`, { headers: { 'user-agent': 'few' } })).text,
  );
  assert.ok(rows.length >= own && rows.length <= 10, `${rows.length} rows for ${own} records of its own`);
});
