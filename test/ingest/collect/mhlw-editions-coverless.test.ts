// The nine MHLW editions of 2017 to 2025 (test/fixtures/government/mhlw) collected in date order, as an operator
// backfilling the list would, four of them without their cover page (the parser is given their pages from 2 on); each
// edition's pages read by pdfjs once per test run (test/helpers/pdf-pages-cache.ts).
// Each edition is dated by what the ministry printed on it (掲載日 on a cover, else the latest 最終更新日 above the
// bureaus' tables), the one that prints neither by its newest case, never by the day of collection; every edition is
// merged into one dataset, and an older edition collected last is a skipped run that leaves the source healthy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import {
  MHLW_LABOUR_SOURCE_ID,
  mhlwRecordsFromPages,
} from '../../../src/ingest/sources/mhlw-labour-law-violations/parser.js';
import type { SourceParser } from '../../../src/ingest/parsers/source-parser.js';
import { sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { answerOf } from '../../helpers/answers.js';
import { cachedMhlwParser, cachedPdfPages } from '../../helpers/pdf-pages-cache.js';
import { startServer } from '../../helpers/server.js';
import { sharedData } from '../../helpers/shared-data.js';
import { recordedSleep, tempDir } from './collect-helpers.js';

/** The ministry's edition without its cover: the parser sees the pages from 2 on (read once per run by pdfjs). */
const coverless: SourceParser = async (bytes, context) => {
  const pages = await cachedPdfPages(bytes);
  return mhlwRecordsFromPages(
    pages.filter((page) => page.number > 1),
    context,
  );
};

// the editions folder's files are named by the day each was seen; 000534084.pdf (掲載日 2019-08-30) goes after the
// edition of 2019-06-30
const [before, after] = (() => {
  const named = readdirSync(sharedData('mhlw/editions'))
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => sharedData(`mhlw/editions/${name}`));
  const cut = named.findIndex((path) => path.includes('2021-06-01'));
  return [named.slice(0, cut), named.slice(cut)];
})();
const EDITIONS = [...before, sharedData('mhlw/000534084.pdf'), ...after];

/** Each edition in date order, whether its cover is removed, and the date it must get and how. */
const EXPECTED: readonly [string, boolean, string, string][] = [
  ['2017-06-01_170510-01.pdf', false, '2017-05-30', 'printed'],
  // 最終更新日 of the bureaus' tables
  ['2017-11-18_170510-01.pdf', true, '2017-10-31', 'printed'],
  ['2018-07-01_170510-01.pdf', false, '2018-06-29', 'printed'],
  ['2018-11-30_180928.pdf', true, '2018-11-30', 'printed'],
  ['2019-06-30_000534084.pdf', false, '2019-07-31', 'printed'],
  // its 最終更新日 is the day the edition before was posted: the same date merges
  ['000534084.pdf', true, '2019-07-31', 'printed'],
  ['2021-06-01_000776466.pdf', false, '2021-05-31', 'printed'],
  ['2022-12-01_001018384.pdf', false, '2022-11-30', 'printed'],
  // the 2025 editions print no 最終更新日: without the cover, the newest 公表日 dates it
  ['2025-05-30_001483075.pdf', true, '2025-04-28', 'latest_record'],
];

test('the nine MHLW editions, some without a cover, collect in date order into one dataset, each dated as the ministry printed it', async () => {
  assert.deepEqual(
    EDITIONS.map((path) => path.split('/').at(-1)),
    EXPECTED.map(([name]) => name),
  );
  const dbPath = join(tempDir(), 'kohyo.sqlite');
  const source = sourceRegistry().get(MHLW_LABOUR_SOURCE_ID)!;
  const fetcher = createFetcher({ userAgent: 'Kohyo/1.0 (test)', sleep: recordedSleep().sleep });
  // collected on one day, as in the issue; a day before the test server's clock
  const now = () => new Date('2026-11-20T01:00:00Z');
  // retention long enough that every edition's cases stay, to be counted
  const collect = (file: string, parser: SourceParser) =>
    runCollection({
      dbPath,
      sources: [source],
      resolve: () => parser,
      fetcher,
      clock: now,
      file,
      delistedRetentionDays: 36_500,
    });
  const read: {
    outcome: string;
    edition: string | null | undefined;
    how: string | null | undefined;
    records: number | null;
  }[] = [];
  try {
    for (const [i, path] of EDITIONS.entries()) {
      const removeCover = EXPECTED[i]![1];
      const { run } = (await collect(path, removeCover ? coverless : cachedMhlwParser)).results[0]!.result;
      assert.equal(run.outcome, 'success', `${path}: ${run.error}`);
      read.push({ outcome: run.outcome, edition: run.edition_on, how: run.edition_date_source, records: run.records });
    }
    assert.deepEqual(
      read.map((r) => [r.edition, r.how]),
      EXPECTED.map(([, , date, how]) => [date, how]),
    );

    // every edition merged: the cases each edition was the last to hold are listed up to its date, and what is
    // listed now is the last edition
    const db = new Database(dbPath, { readonly: true });
    const lastListed = new Map(
      (
        db.prepare('SELECT last_listed_on AS day, count(*) AS n FROM enforcements GROUP BY last_listed_on').all() as {
          day: string;
          n: number;
        }[]
      ).map((r) => [r.day, r.n]),
    );
    const listed = db.prepare("SELECT count(*) FROM enforcements WHERE listing_status = 'listed'").pluck().get();
    db.close();
    for (const [name, , date] of EXPECTED)
      assert.ok((lastListed.get(date) ?? 0) > 0, `${name}: no case last listed on ${date}`);
    assert.equal(listed, read.at(-1)!.records);

    // an older edition collected again is skipped: nothing changes and the source is not failing
    const again = (await collect(EDITIONS[2]!, cachedMhlwParser)).results[0]!.result;
    assert.equal(again.run.outcome, 'skipped');
    assert.match(again.run.error ?? '', /dated 2018-06-29, older than the edition of 2022-11-30/u);
  } finally {
    await fetcher.close();
  }

  const server = await startServer({ dbPath });
  try {
    const coverage = answerOf(await server.get('/api/v1/coverage'));
    const mhlw = coverage.data.sources.find((s) => s.id === MHLW_LABOUR_SOURCE_ID)!;
    assert.deepEqual(
      [mhlw.edition_on, mhlw.edition_date_source, mhlw.last_error, mhlw.freshness.status],
      ['2025-04-28', 'latest_record', null, 'fresh'],
    );
  } finally {
    await server.close();
  }
});
