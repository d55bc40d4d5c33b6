import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beginDraft, type Draft } from '../../../src/store/write/publish.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { createCompanyLinkQueries } from '../../../src/store/read/company-link-queries.js';
import { tempDir, writeCompanies } from '../../ingest/collect/collect-helpers.js';

test('a published draft replaces the live file whole, in rollback-journal mode, with no sidecar left', () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  const db = openWritable(live);
  db.prepare("INSERT INTO dataset_meta(key, value) VALUES ('kind', 'production')").run();
  db.close();
  const draft = beginDraft(live, 4242);
  assert.equal(draft.path, `${live}.next-4242`);
  draft.db.prepare("UPDATE dataset_meta SET value = 'demo' WHERE key = 'kind'").run();
  draft.publish();
  assert.deepEqual(readdirSync(dir), ['kohyo.sqlite']);
  const after = new Database(live, { readonly: true });
  assert.equal(after.pragma('journal_mode', { simple: true }), 'delete');
  assert.deepEqual(after.prepare("SELECT value FROM dataset_meta WHERE key = 'kind'").get(), { value: 'demo' });
  after.close();
});

test('a discarded draft leaves nothing behind and the live file as it was', () => {
  const dir = tempDir();
  const live = join(dir, 'kohyo.sqlite');
  openWritable(live).close();
  const before = readFileSync(live);
  const draft = beginDraft(live, 4243);
  draft.discard();
  assert.equal(existsSync(draft.path), false);
  assert.deepEqual(readFileSync(live), before);
  // (a read-only reader of a WAL-mode file, as the copy is, leaves the file's own empty -wal and -shm)
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.includes('.next-')),
    [],
  );
});

test('the link look-up finds companies by normalised name within a prefecture, and counts those elsewhere, through the term index', () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  const [a] = writeCompanies(live, [
    { base: '200000000001', name: '株式会社見本建設', prefecture_code: '13', city: '千代田区' },
    { base: '200000000002', name: '見本建設株式会社', prefecture_code: '27', city: '大阪市北区' },
  ]);
  const db = new Database(live, { readonly: true });
  assert.deepEqual(createCompanyLinkQueries(db).namesakes('見本建設', '13'), {
    inPrefecture: [{ corporate_number: a, city: '千代田区', legal_form: 'kabushiki_kaisha' }],
    elsewhere: 1,
  });
  assert.deepEqual(createCompanyLinkQueries(db).namesakes('見本建設', '01'), { inPrefecture: [], elsewhere: 2 });
  const plan = db
    .prepare(
      "EXPLAIN QUERY PLAN SELECT c.corporate_number FROM company_terms t JOIN companies c ON c.id = t.company_id WHERE t.term = ? AND t.field = 'name' AND c.prefecture_code = ?",
    )
    .all('x', '13') as { detail: string }[];
  assert.match(plan.map((p) => p.detail).join('\n'), /company_terms_by_term/u);
  db.close();
});

test('a draft that started empty is still checked, whole or on two threads: one with a damaged page is refused and deleted', async () => {
  for (const [pid, publish] of [
    [4244, (d: Draft) => Promise.resolve().then(() => d.publish())],
    [4246, (d: Draft) => d.publishInParallel({ parallelFromBytes: 0 })],
    // below PARALLEL_CHECK_MIN_BYTES, as this small file is, the whole check runs on this thread
    [4247, (d: Draft) => d.publishInParallel()],
  ] as const) {
    const live = join(tempDir(), 'kohyo.sqlite');
    const draft = beginDraft(live, pid);
    draft.db.exec(
      'CREATE TABLE filler (v TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO filler SELECT hex(randomblob(40)) FROM n',
    );
    const pageSize = draft.db.pragma('page_size', { simple: true }) as number;
    const pages = draft.db.pragma('page_count', { simple: true }) as number;
    // garbage over the last page (the filler's), and a new change counter so that the connection reads the file again
    const fd = openSync(draft.path, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (pages - 1) * pageSize);
    writeSync(fd, Buffer.from([0x7f, 0x7f, 0x7f, 0x7f]), 0, 4, 24);
    closeSync(fd);
    await assert.rejects(publish(draft), /failed its integrity check|malformed/u);
    assert.equal(existsSync(live), false);
    assert.equal(existsSync(draft.path), false);
  }
});

test('a draft is a copy of the live file as it reads: byte for byte in rollback-journal mode, a snapshot in WAL mode', () => {
  for (const mode of ['delete', 'wal'] as const) {
    const live = join(tempDir(), 'kohyo.sqlite');
    const db = openWritable(live);
    db.pragma(`journal_mode = ${mode}`);
    db.prepare("INSERT INTO dataset_meta(key, value) VALUES ('kind', 'production')").run();
    // in WAL mode this row stays in the log: a copy of the main file alone would lose it
    db.prepare("INSERT INTO dataset_meta(key, value) VALUES ('version', '2026-11-26T00:00:00.000Z')").run();
    const draft = beginDraft(live, 4245);
    assert.deepEqual(
      draft.db.prepare('SELECT key, value FROM dataset_meta ORDER BY key').all(),
      [
        { key: 'kind', value: 'production' },
        { key: 'version', value: '2026-11-26T00:00:00.000Z' },
      ],
      mode,
    );
    draft.discard();
    db.close();
  }
});

test('a copy that its opening upgraded gets the full check, not its writer’s change check', () => {
  const live = join(tempDir(), 'kohyo.sqlite');
  writeCompanies(live, [{ base: '200000000003', name: '株式会社見本商事', prefecture_code: '13', city: '千代田区' }]);
  const checked = (draft: Draft) => {
    let ran = 0;
    let checks: string[] = [];
    draft.publish({ changes: () => (ran++, []), onCheck: (c) => (checks = [...checks, c]) });
    return { ran, checks };
  };
  // opened once more, its token counts taken: a copy of it is opened as it is
  openWritable(live).close();
  assert.deepEqual(checked(beginDraft(live, 4250)), { ran: 1, checks: ['changes'] });
  // terms of an older normaliser: the copy's opening rebuilds them all, which no writer's change check reads
  const db = new Database(live);
  db.prepare('UPDATE company_terms_version SET version = -1').run();
  db.close();
  assert.deepEqual(checked(beginDraft(live, 4251)), { ran: 0, checks: ['full'] });
});
