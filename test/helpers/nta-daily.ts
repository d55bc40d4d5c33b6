// The NTA daily file of 2026-01-27 (test/fixtures/government/nta) imported by importNtaFiles once per test run, and a
// copy of it for each test that only reads it: the import of its 18,263 rows (a parsing thread among it) took about
// 3 s of CPU in each of two files. The tests of the import itself import the file themselves.
import { copyFileSync } from 'node:fs';
import { importNtaFiles } from '../../src/ingest/nta/nta-importer.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { fileOfRun } from './run-cache.js';
import { sharedData } from './shared-data.js';

/** Writes at `path` a dataset holding the daily file, as importNtaFiles leaves a new file. */
export async function ntaDailyAt(path: string): Promise<void> {
  const kept = await fileOfRun('nta-daily.sqlite', async (target) => {
    const db = openWritable(target);
    try {
      await importNtaFiles(db, [sharedData('nta/diff_20260127.sjis.csv')]);
    } finally {
      db.close();
    }
  });
  copyFileSync(kept, path);
}
