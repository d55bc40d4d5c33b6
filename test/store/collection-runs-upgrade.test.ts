// Schema 15 on a file an older build wrote: collection_runs is written again so that a run may be `skipped`; every run
// is kept under its id, with no edition date (coverage then takes the newest listing date of the records).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../../src/store/schema/migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/store/schema/schema.js';
import { recordCollectionRun } from '../../src/store/write/source-writer.js';
import { sourceCoverage } from '../../src/store/read/coverage-queries.js';
import { seedVocabularies } from '../../src/store/write/vocabulary-seed.js';

test('schema 15 keeps every run, lets a run be skipped, and keeps each edition date and what retention removed', () => {
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'kohyo-runs-')), 'old.sqlite'));
  try {
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 15),
    );
    seedVocabularies(db);
    db.prepare(
      "INSERT INTO sources(id, publisher_code, record_kind, url, title) VALUES ('s', 'mhlw', 'enforcement', 'https://example.org/', 't')",
    ).run();
    const old = db.prepare(
      `INSERT INTO collection_runs(id, source_id, started_at, finished_at, outcome, records, period_to, error, warnings)
       VALUES (?, 's', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', ?, 3, '2025-12-31', ?, '[]')`,
    );
    old.run(7, 'success', null);
    old.run(9, 'failure', 'the server answered 404');
    assert.throws(() => old.run(10, 'skipped', null), /CHECK constraint failed/u);

    assert.equal(migrate(db, MIGRATIONS), SCHEMA_VERSION);
    assert.deepEqual(
      db
        .prepare(
          'SELECT id, outcome, records, period_to, error, warnings, edition_on, removed_by_retention FROM collection_runs ORDER BY id',
        )
        .all(),
      [
        {
          id: 7,
          outcome: 'success',
          records: 3,
          period_to: '2025-12-31',
          error: null,
          warnings: '[]',
          edition_on: null,
          removed_by_retention: null,
        },
        {
          id: 9,
          outcome: 'failure',
          records: 3,
          period_to: '2025-12-31',
          error: 'the server answered 404',
          warnings: '[]',
          edition_on: null,
          removed_by_retention: null,
        },
      ],
    );
    const run = { source_id: 's', http_status: null, bytes: null, records: 3, period_from: null, period_to: null };
    recordCollectionRun(db, {
      ...run,
      started_at: '2026-02-01T00:00:00Z',
      finished_at: '2026-02-01T00:01:00Z',
      outcome: 'success',
      error: null,
      edition_on: '2026-01-31',
      edition_date_source: 'printed',
      removed_by_retention: 2,
    });
    recordCollectionRun(db, {
      ...run,
      started_at: '2026-02-02T00:00:00Z',
      finished_at: '2026-02-02T00:01:00Z',
      outcome: 'skipped',
      error: 'the list is dated 2025-12-01, older than …',
    });
    const [source] = sourceCoverage(db, 'enforcement');
    assert.deepEqual(
      [
        source?.edition_on,
        source?.edition_date_source,
        source?.removed_by_retention,
        source?.last_error,
        source?.last_success_at,
      ],
      ['2026-01-31', 'printed', 2, null, '2026-02-02T00:01:00Z'],
    );
  } finally {
    db.close();
  }
});
