// When a record reached Kohyo or last changed (issue 40: an Atom entry's `updated`), through real collections of
// successive editions: a record keeps its time while later editions repeat it, a new one gets its collection's, and
// one whose text the source corrects gets the correcting collection's.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import {
  bodyRoute,
  recordedSleep,
  startFixtureServer,
  steppingClock,
  tempDir,
  testSource,
  tsvParser,
} from './collect-helpers.js';

const server = await startFixtureServer();
const fetcher = createFetcher({ userAgent: 'Kohyo/1.0 (test)', sleep: recordedSleep().sleep, retries: 0 });
after(async () => {
  await fetcher.close();
  await server.close();
});

const source = testSource('test-change-time', server.url('/changes.tsv'));

/** An edition: one suspension for each company, with the source's words for it. */
const edition = (rows: Readonly<Record<string, string>>) =>
  `${Object.entries(rows)
    .map(([name, words]) => [`${name}建設株式会社`, '東京都千代田区霞が関1-1', '2025-03-01', '', words].join('\t'))
    .join('\n')}\n`;

function changeTimes(dbPath: string): Record<string, string> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT company_name AS name, changed_at AS at FROM procurement_suspensions').all() as {
      name: string;
      at: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.name.replace('建設株式会社', ''), r.at]));
  } finally {
    db.close();
  }
}

test('a record keeps its change time while editions repeat it; a new one and a corrected one get their collection’s', async () => {
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const clock = steppingClock('2026-01-05T00:00:00Z');
  const collect = async (at: string, body: string) => {
    server.routes.set('/changes.tsv', bodyRoute(body));
    clock.set(at);
    const summary = await runCollection({
      dbPath,
      sources: [source],
      resolve: () => tsvParser,
      fetcher,
      clock: clock.now,
      force: true,
    });
    assert.equal(summary.results[0]?.result.run.outcome, 'success');
  };
  await collect('2026-01-05T00:00:00Z', edition({ 青葉: '談合', 北辰: '談合' }));
  const first = changeTimes(dbPath);
  assert.ok(first['青葉']?.startsWith('2026-01-05T00:00:'), first['青葉']);

  await collect('2026-02-05T00:00:00Z', edition({ 青葉: '談合', 北辰: '談合', 桜: '談合' }));
  const second = changeTimes(dbPath);
  assert.equal(second['青葉'], first['青葉'], 'repeated by a later edition: unchanged');
  assert.equal(second['北辰'], first['北辰']);
  assert.ok(second['桜']?.startsWith('2026-02-05T00:00:'), 'new in this edition');

  await collect('2026-03-05T00:00:00Z', edition({ 青葉: '談合', 北辰: '入札談合（訂正）', 桜: '談合' }));
  const third = changeTimes(dbPath);
  assert.equal(third['青葉'], first['青葉']);
  assert.equal(third['桜'], second['桜']);
  assert.ok(third['北辰']?.startsWith('2026-03-05T00:00:'), 'its text corrected: changed');
});
