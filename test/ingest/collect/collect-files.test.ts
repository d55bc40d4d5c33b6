// The offline build from downloaded files, `collect --file PATH...` for one source and `collect --files DIR`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { liveDatasetKind } from '../../../src/store/write/dataset-kind.js';
import { offlineIo, tempDir, testSource, tsvList } from './collect-helpers.js';

function io(dbPath: string) {
  return offlineIo(dbPath, [
    testSource('test-tokyo', 'https://example.go.jp/tokyo.csv'),
    testSource('test-years', 'https://example.go.jp/years.html', 'pref_27'),
  ]);
}

function countsBySource(dbPath: string): Record<string, number> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT source_id AS id, count(*) AS n FROM procurement_suspensions GROUP BY source_id ORDER BY 1')
      .all() as { id: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.id, r.n]));
  } finally {
    db.close();
  }
}

test("--file given several times: all the files together are the one source's list", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'a.tsv'), tsvList(2, '甲'));
  writeFileSync(join(dir, 'b.tsv'), tsvList(3, '乙'));
  const dbPath = join(dir, 'kohyo.sqlite');
  const run = io(dbPath);
  assert.equal(
    await runCollect(['test-years', '--file', join(dir, 'a.tsv'), `--file=${join(dir, 'b.tsv')}`], run.io),
    0,
    run.err.join('\n'),
  );
  assert.match(run.out.join('\n'), /^test-years\s+2\s+success\s+5\s+0\s+0\.0 %\s+5\s+0\s+\d+\.\d s$/mu);
  assert.deepEqual(countsBySource(dbPath), { 'test-years': 5 });
  assert.deepEqual(run.err, [], 'no contact warning offline');
});

test('--files DIR: each source named in it is read from its file or folder, the rest is reported and ignored, then one publish', async () => {
  const dir = tempDir();
  const files = join(dir, 'downloads');
  mkdirSync(join(files, 'test-years'), { recursive: true });
  writeFileSync(join(files, 'test-tokyo.tsv'), `# 注記\n${tsvList(4, '都')}`);
  writeFileSync(join(files, 'test-years', '2024.tsv'), tsvList(2, '六'));
  writeFileSync(join(files, 'test-years', '2025.tsv'), tsvList(3, '七'));
  writeFileSync(join(files, 'unknown-source.pdf'), 'not ours');
  const dbPath = join(dir, 'kohyo.sqlite');
  const run = io(dbPath);
  assert.equal(await runCollect(['--files', files], run.io), 0, run.err.join('\n'));
  const text = run.out.join('\n');
  assert.deepEqual(run.err, [
    `ignored unknown-source.pdf: no source 'unknown-source' in the registry (see \`kohyo sources\`)`,
  ]);
  assert.match(
    text,
    /^source\s+files\s+outcome\s+http\s+records\s+linked\s+linked %\s+unlinked\s+skipped\s+removed\s+time$/mu,
  );
  assert.match(text, /^test-tokyo\s+1\s+success\s+4\s+0\s+0\.0 %\s+4\s+1\s+\d+\.\d s$/mu);
  assert.match(text, /^test-years\s+2\s+success\s+5\s+0\s+0\.0 %\s+5\s+0\s+\d+\.\d s$/mu);
  assert.match(text, /^test-tokyo:\n  skipped row 1: a note, not a record: 「注記」$/mu);
  assert.match(text, /^linked 0 of 9 records \(0\.0 %\)/mu);
  assert.equal(text.match(/^publishing /gmu)?.length, 1, 'published once');
  assert.deepEqual(countsBySource(dbPath), { 'test-tokyo': 4, 'test-years': 5 });
  assert.equal(liveDatasetKind(dbPath), 'production');
});

test('--files DIR with no file named after a source collects nothing and says why; bad combinations are usage errors', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'notes.txt'), 'x');
  const run = io(join(dir, 'kohyo.sqlite'));
  assert.equal(await runCollect(['--files', dir], run.io), 1);
  assert.match(run.err.join('\n'), /ignored notes\.txt: no source 'notes'/u);
  assert.match(run.err.join('\n'), /no file in .* is named after a source with a parser/u);
  for (const [args, message] of [
    [['test-tokyo', '--files', dir], /give no SOURCE_ID and no --file with it/u],
    [['--files'], /--files needs a DIR/u],
    [['--files', dir, '--files', dir], /--files is given once/u],
    [['test-tokyo', 'test-years', '--file', 'a'], /exactly one SOURCE_ID/u],
  ] as const) {
    const bad = io(join(dir, 'kohyo.sqlite'));
    assert.equal(await runCollect([...args], bad.io), 2, args.join(' '));
    assert.match(bad.err.join('\n'), message);
  }
});
