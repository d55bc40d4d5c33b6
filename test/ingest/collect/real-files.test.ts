// The real government files of test/fixtures/government collect into the same records and runs as when the snapshot was made (before the
// collection was split into stages): a refactoring that changes what a list gives fails here, naming the source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectRealFiles, dumpDigest, dumpRecords } from './real-files-dump.js';
import { tempDir } from './collect-helpers.js';

const SNAPSHOT = new URL('./real-files.snapshot.json', import.meta.url);

test('the real files collect into the records of the snapshot, source by source', async () => {
  const dir = tempDir();
  const { dbPath, code, out } = await collectRealFiles(dir);
  assert.equal(code, 0, out.join('\n'));
  const dump = dumpRecords(dbPath);
  const digest = dumpDigest(dump);
  if (process.env.KOHYO_WRITE_SNAPSHOT === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(digest, null, 2)}\n`);
  // the whole dump, to compare by hand with one made from the code of the snapshot when a digest differs
  writeFileSync(join(dir, 'dump.json'), JSON.stringify(dump, null, 1));
  const expected: unknown = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
  assert.deepEqual(digest, expected, `the records differ; the whole dump is ${join(dir, 'dump.json')}`);
});
