// Records outlive their source's list. Successive editions collected for real (served over HTTP,
// or read with --file) build each record's listing; a record a later edition drops is delisted, not deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollection, type CollectionOptions } from '../../../src/ingest/collect/collection.js';
import { recordFromDoc } from '../../../src/store/read/record-docs.js';
import {
  bodyRoute,
  collectionFixtures,
  datedTsvParser,
  steppingClock,
  tempDir,
  testSource,
  writeCompanies,
} from './collect-helpers.js';

const { server, fetcher } = await collectionFixtures();

const source = testSource('test-history', server.url('/history.tsv'));

/**
 * An edition holding the named companies (one suspension each, in the source's `words`, 談合 unless given); dated
 * when `date` is given.
 */
function edition(
  names: readonly string[],
  date: string | null = null,
  words: Readonly<Record<string, string>> = {},
): string {
  const lines = names.map((name) =>
    [`${name}建設株式会社`, '東京都千代田区霞が関1-1', '2025-03-01', '2025-12-31', words[name] ?? '談合'].join('\t'),
  );
  return `${date === null ? '' : `@${date}\n`}${lines.join('\n')}\n`;
}

interface Stored {
  readonly name: string;
  readonly id: string;
  readonly status: string;
  readonly first: string;
  readonly last: string;
}

function listings(dbPath: string): Map<string, Stored> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT company_name AS name, id, listing_status AS status, first_listed_on AS first, last_listed_on AS last, doc
       FROM procurement_suspensions ORDER BY company_name`,
      )
      .all() as (Stored & { doc: string })[];
    for (const row of rows) {
      // the document a page returns says the same as the row
      assert.deepEqual(recordFromDoc(row.doc).listing, {
        status: row.status,
        first_listed_on: row.first,
        last_listed_on: row.last,
      });
    }
    return new Map(rows.map(({ doc: _doc, ...row }) => [row.name.replace('建設株式会社', ''), row]));
  } finally {
    db.close();
  }
}

/**
 * Collects each edition in turn, served at the source's address on the day given (09:00 in Japan), sent with that
 * instant as its Last-Modified: an edition that prints no date is dated by it.
 */
async function collectServed(
  dbPath: string,
  editions: readonly { day: string; body: string }[],
  more: Partial<CollectionOptions> = {},
) {
  const clock = steppingClock('2026-01-01T00:00:00Z');
  const results = [];
  for (const { day, body } of editions) {
    const lastModified = new Date(`${day}T00:00:00Z`).toUTCString();
    server.routes.set('/history.tsv', bodyRoute(body, 200, { 'last-modified': lastModified }));
    clock.set(`${day}T00:00:00Z`);
    const summary = await runCollection({
      dbPath,
      sources: [source],
      resolve: () => datedTsvParser,
      fetcher,
      clock: clock.now,
      force: true,
      ...more,
    });
    results.push(summary.results[0]!.result);
  }
  return results;
}

test('three editions in order: a record dropped by the third is delisted with its dates and id; one coming back is listed again from its first date', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  await collectServed(db, [
    { day: '2026-01-05', body: edition(['青葉', '北辰', '桜']) },
    { day: '2026-02-05', body: edition(['青葉', '北辰', '桜', '松風']) },
    { day: '2026-03-05', body: edition(['青葉', '桜', '松風']) },
  ]);
  const third = listings(db);
  const before = third.get('北辰')!;
  assert.deepEqual([before.status, before.first, before.last], ['delisted', '2026-01-05', '2026-02-05']);
  assert.deepEqual(
    [third.get('青葉')!.status, third.get('青葉')!.first, third.get('青葉')!.last],
    ['listed', '2026-01-05', '2026-03-05'],
  );
  assert.deepEqual([third.get('松風')!.first, third.get('松風')!.last], ['2026-02-05', '2026-03-05']);

  await collectServed(db, [{ day: '2026-04-05', body: edition(['青葉', '北辰', '桜', '松風']) }]);
  const back = listings(db).get('北辰')!;
  assert.equal(back.id, before.id, 'the id stays from edition to edition');
  assert.deepEqual([back.status, back.first, back.last], ['listed', '2026-01-05', '2026-04-05']);
});

test("an edition's date: printed, else Last-Modified, else its newest record, else the day it was collected in Japan", async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  const runs = () => {
    const file = new Database(db, { readonly: true });
    try {
      return file
        .prepare('SELECT outcome, edition_on, edition_date_source AS source FROM collection_runs ORDER BY id')
        .all();
    } finally {
      file.close();
    }
  };
  const collect = async (at: string, body: string, headers: Record<string, string> = {}) => {
    server.routes.set('/history.tsv', bodyRoute(body, 200, headers));
    await runCollection({
      dbPath: db,
      sources: [source],
      resolve: () => datedTsvParser,
      fetcher,
      clock: steppingClock(at).now,
      delistedRetentionDays: 0,
    });
  };
  // nothing but the day: an empty list, 2026-01-05T20:00Z, already the 6th in Japan
  await collect('2026-01-05T20:00:00Z', '');
  // its newest record (2025-03-01), sent without Last-Modified
  await collect('2026-01-07T00:00:00Z', edition(['青葉']));
  assert.deepEqual([listings(db).get('青葉')!.first, listings(db).get('青葉')!.last], ['2025-03-01', '2025-03-01']);
  // Last-Modified, in Japan time (15:30 UTC is the next day there)
  await collect('2026-02-10T00:00:00Z', edition(['青葉', '北辰']), {
    'last-modified': 'Mon, 09 Feb 2026 15:30:00 GMT',
  });
  // printed, over Last-Modified
  await collect('2026-02-20T00:00:00Z', edition(['青葉', '北辰', '桜'], '2026-02-01'), {
    'last-modified': 'Thu, 19 Feb 2026 00:00:00 GMT',
  });
  assert.deepEqual(runs(), [
    { outcome: 'success', edition_on: '2026-01-06', source: 'collected' },
    { outcome: 'success', edition_on: '2025-03-01', source: 'latest_record' },
    { outcome: 'success', edition_on: '2026-02-10', source: 'last_modified' },
    { outcome: 'success', edition_on: '2026-02-01', source: 'printed' },
  ]);
  assert.equal(listings(db).get('青葉')!.last, '2026-02-01');
});

test('editions read with --file one after another, in date order, build the history monthly collections built', async () => {
  const editions = [
    { day: '2026-01-10', body: edition(['青葉', '北辰', '桜'], '2026-01-01') },
    { day: '2026-02-10', body: edition(['青葉', '桜', '松風'], '2026-02-01') },
    { day: '2026-03-10', body: edition(['北辰', '桜', '松風'], '2026-03-01') },
    { day: '2026-04-10', body: edition(['北辰', '松風', '若葉'], '2026-04-01') },
  ];
  const monthly = join(tempDir(), 'kohyo.sqlite');
  await collectServed(monthly, editions);

  const dir = tempDir();
  const replayed = join(dir, 'kohyo.sqlite');
  // all read on one later day: the lists' own dates make the history
  const clock = steppingClock('2026-11-24T01:00:00Z');
  for (const [i, { body }] of editions.entries()) {
    const file = join(dir, `edition-${i}.tsv`);
    writeFileSync(file, body);
    const summary = await runCollection({
      dbPath: replayed,
      sources: [source],
      resolve: () => datedTsvParser,
      fetcher,
      clock: clock.now,
      file,
    });
    assert.equal(summary.results[0]!.result.run.outcome, 'success');
  }
  assert.deepEqual(listings(replayed), listings(monthly));
  assert.deepEqual(
    [...listings(replayed).values()].map((r) => [r.name, r.status, r.first, r.last]),
    [
      ['北辰建設株式会社', 'listed', '2026-01-01', '2026-04-01'],
      ['松風建設株式会社', 'listed', '2026-02-01', '2026-04-01'],
      ['桜建設株式会社', 'delisted', '2026-01-01', '2026-03-01'],
      ['若葉建設株式会社', 'listed', '2026-04-01', '2026-04-01'],
      ['青葉建設株式会社', 'delisted', '2026-01-01', '2026-02-01'],
    ],
  );
});

test('an edition printed as older than the newest collected is a skipped run that changes nothing', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  await collectServed(db, [{ day: '2026-03-10', body: edition(['青葉', '北辰'], '2026-03-01') }]);
  const [result] = await collectServed(db, [{ day: '2026-03-11', body: edition(['青葉'], '2026-02-01') }]);
  assert.equal(result!.run.outcome, 'skipped');
  assert.match(result!.run.error!, /dated 2026-02-01, older than the edition of 2026-03-01 already collected/u);
  assert.deepEqual(
    [...listings(db).values()].map((r) => [r.status, r.last]),
    [
      ['listed', '2026-03-01'],
      ['listed', '2026-03-01'],
    ],
  );
});

test('retention 0 drops a record when it leaves the list, with its search rows', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  await collectServed(
    db,
    [
      { day: '2026-01-05', body: edition(['青葉', '北辰']) },
      { day: '2026-02-05', body: edition(['青葉']) },
    ],
    { delistedRetentionDays: 0 },
  );
  assert.deepEqual([...listings(db).keys()], ['青葉']);
  const file = new Database(db, { readonly: true });
  try {
    const found = (word: string) =>
      (
        file
          .prepare(
            'SELECT count(*) AS n FROM procurement_suspensions_grams WHERE procurement_suspensions_grams MATCH ?',
          )
          .get(`"${word}"`) as { n: number }
      ).n;
    assert.equal(found('青葉'), 1);
    assert.equal(found('北辰'), 0, 'no search entry is left of the removed record');
  } finally {
    file.close();
  }
});

test('retention of N days removes only the delisted records last listed more than N days before the edition', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  const days = { delistedRetentionDays: 30 };
  await collectServed(
    db,
    [
      { day: '2026-01-01', body: edition(['青葉', '北辰', '桜']) },
      { day: '2026-01-15', body: edition(['青葉', '桜']) },
      // 30 days after 北辰's last listing: kept
      { day: '2026-01-31', body: edition(['青葉', '桜']) },
    ],
    days,
  );
  assert.equal(listings(db).get('北辰')?.status, 'delisted');
  await collectServed(db, [{ day: '2026-02-01', body: edition(['青葉', '桜']) }], days);
  assert.deepEqual([...listings(db).keys()].sort(), ['桜', '青葉'].sort());
});

test('the default retention (1825 days) keeps a record delisted four years ago', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  await collectServed(db, [
    { day: '2021-01-01', body: edition(['青葉', '北辰']) },
    { day: '2021-02-01', body: edition(['青葉']) },
    { day: '2025-01-01', body: edition(['青葉']) },
  ]);
  assert.equal(listings(db).get('北辰')?.status, 'delisted');
  await collectServed(db, [{ day: '2026-01-02', body: edition(['青葉']) }]);
  assert.equal(listings(db).get('北辰'), undefined, 'over five years after its last listing: removed');
});

test('held back: a list under half of the listed records is not published; delisted records do not count', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  const ten = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  const results = await collectServed(db, [
    { day: '2026-01-05', body: edition(ten) },
    // 6 of 10: published, 4 delisted
    { day: '2026-02-05', body: edition(ten.slice(0, 6)) },
    // 3 of the 6 listed: published (against all 10 records it would be held back)
    { day: '2026-03-05', body: edition(ten.slice(0, 3)) },
    // 1 of the 3 listed: held back
    { day: '2026-04-05', body: edition(ten.slice(0, 1)) },
  ]);
  assert.deepEqual(
    results.map((r) => [r.run.outcome, r.held_back]),
    [
      ['success', false],
      ['success', false],
      ['success', false],
      ['failure', true],
    ],
  );
  const stored = [...listings(db).values()];
  assert.equal(stored.filter((r) => r.status === 'listed').length, 3, 'the held-back edition changed nothing');
  assert.equal(stored.length, 10);
});

test("a company's record count holds its delisted records, and drops a removed one", async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  const [number] = writeCompanies(db, [
    { base: '100000000001', name: '青葉建設株式会社', prefecture_code: '13', city: '千代田区' },
  ]);
  const count = () => {
    const file = new Database(db, { readonly: true });
    try {
      return (
        file
          .prepare('SELECT procurement_suspension_count AS n FROM companies WHERE corporate_number = ?')
          .get(number) as { n: number }
      ).n;
    } finally {
      file.close();
    }
  };
  await collectServed(db, [{ day: '2026-01-05', body: edition(['青葉', '北辰']) }], { delistedRetentionDays: 30 });
  assert.equal(count(), 1);
  await collectServed(db, [{ day: '2026-01-20', body: edition(['北辰']) }], { delistedRetentionDays: 30 });
  assert.equal(listings(db).get('青葉')?.status, 'delisted');
  assert.equal(count(), 1, "a delisted record is still the company's record");
  await collectServed(db, [{ day: '2026-03-10', body: edition(['北辰']) }], { delistedRetentionDays: 30 });
  assert.equal(listings(db).get('青葉'), undefined);
  assert.equal(count(), 0);
});

/** When each record reached Kohyo or last changed (an Atom entry's `updated`), by company. */
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

test("a record keeps its change time while editions repeat it; a new one and a corrected one get their collection's", async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  await collectServed(db, [{ day: '2026-01-05', body: edition(['青葉', '北辰']) }]);
  const first = changeTimes(db);
  assert.match(first['青葉'] ?? '', /^2026-01-05T00:00:\d\dZ$/u);
  await collectServed(db, [{ day: '2026-02-05', body: edition(['青葉', '北辰', '桜']) }]);
  const second = changeTimes(db);
  assert.equal(second['青葉'], first['青葉'], 'repeated by a later edition: unchanged');
  assert.equal(second['北辰'], first['北辰']);
  assert.match(second['桜'] ?? '', /^2026-02-05T00:00:\d\dZ$/u, 'new in this edition');
  await collectServed(db, [
    { day: '2026-03-05', body: edition(['青葉', '北辰', '桜'], null, { 北辰: '入札談合（訂正）' }) },
  ]);
  const third = changeTimes(db);
  assert.equal(third['青葉'], first['青葉']);
  assert.equal(third['桜'], second['桜']);
  assert.match(third['北辰'] ?? '', /^2026-03-05T00:00:\d\dZ$/u, 'its text corrected: changed');
});

test('an edition its publisher did not date never stops the editions after it', async () => {
  const db = join(tempDir(), 'kohyo.sqlite');
  const files = tempDir();
  const clock = steppingClock('2026-11-25T01:00:00Z');
  const collectFile = async (name: string, body: string) => {
    const file = join(files, name);
    writeFileSync(file, body);
    const summary = await runCollection({
      dbPath: db,
      sources: [source],
      resolve: () => datedTsvParser,
      fetcher,
      clock: clock.now,
      file,
    });
    return summary.results[0]!.result.run;
  };
  // no printed date, read from a file (no Last-Modified): dated by its newest record, 2025-03-01
  const undated = await collectFile('a.tsv', edition(['青葉', '北辰']));
  assert.deepEqual([undated.edition_on, undated.edition_date_source], ['2025-03-01', 'latest_record']);
  // printed earlier than that date: merged all the same, since only printed dates order editions
  const printed = await collectFile('b.tsv', edition(['青葉', '北辰', '桜'], '2024-12-01'));
  assert.deepEqual(
    [printed.outcome, printed.edition_on, printed.edition_date_source],
    ['success', '2024-12-01', 'printed'],
  );
  const later = await collectFile('c.tsv', edition(['青葉', '桜'], '2025-01-01'));
  assert.equal(later.outcome, 'success');
  assert.deepEqual(
    [...listings(db).values()].map((r) => [r.name, r.status, r.first, r.last]),
    [
      ['北辰建設株式会社', 'delisted', '2024-12-01', '2024-12-01'],
      ['桜建設株式会社', 'listed', '2024-12-01', '2025-01-01'],
      ['青葉建設株式会社', 'listed', '2024-12-01', '2025-01-01'],
    ],
  );
});
