// Tests for src/store/write/draft.ts: the one write path (a draft published by rename, or discarded) and the kind guard in it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { readDatasetMeta, writeDatasetMeta } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { DatasetKindError, liveDatasetKind } from '../../../src/store/write/dataset-kind.js';
import { withDraft, type DraftOptions } from '../../../src/store/write/draft.js';
import { lockPathFor, WriterLockedError } from '../../../src/store/write/writer-lock.js';
import { tempDir } from '../../ingest/collect/collect-helpers.js';

const now = () => new Date('2026-11-22T00:00:00Z');
const production: DraftOptions = { activity: 'test', kind: 'production', now };
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const setting = (db: Database.Database, value: string) =>
  writeDatasetMeta(db, { kind: readDatasetMeta(db).kind, version: value });

/** A production dataset, published through the write path, in a new folder. */
function liveProduction(): string {
  const live = join(tempDir(), 'kohyo.sqlite');
  withDraft(live, production, (db) => setting(db, 'first'));
  return live;
}

function versionOf(live: string): string {
  const db = new Database(live, { readonly: true });
  try {
    return readDatasetMeta(db).version;
  } finally {
    db.close();
  }
}

test('work that returns is published whole: a new path becomes a production dataset, in one file with no sidecar', async () => {
  const live = liveProduction();
  assert.equal(liveDatasetKind(live), 'production');
  assert.equal(await withDraft(live, production, async (db) => (setting(db, 'second'), 42)), 42);
  assert.equal(versionOf(live), 'second');
  assert.deepEqual(readdirSync(join(live, '..')), ['kohyo.sqlite']);
  const db = new Database(live, { readonly: true });
  assert.equal(db.pragma('journal_mode', { simple: true }), 'delete');
  db.close();
});

test('work that throws, synchronously or not, leaves the live file byte-identical, no draft behind and the lock free', async () => {
  const live = liveProduction();
  const before = sha(live);
  assert.throws(
    () =>
      withDraft(live, production, (db) => {
        setting(db, 'never');
        throw new Error('sync failure');
      }),
    /sync failure/u,
  );
  await assert.rejects(
    withDraft(live, production, async (db) => {
      setting(db, 'never');
      await Promise.resolve();
      throw new Error('async failure');
    }),
    /async failure/u,
  );
  assert.equal(sha(live), before);
  assert.deepEqual(readdirSync(join(live, '..')), ['kohyo.sqlite']);
  assert.equal(existsSync(lockPathFor(live)), false);
});

test('work not worth publishing (publishIf false) is discarded and the live file kept', () => {
  const live = liveProduction();
  const before = sha(live);
  withDraft(live, { ...production, publishIf: () => false }, (db) => setting(db, 'discarded'));
  assert.equal(sha(live), before);
  assert.deepEqual(readdirSync(join(live, '..')), ['kohyo.sqlite']);
});

test('the lock refuses a second writer while the first works, and the first still publishes', async () => {
  const live = liveProduction();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const first = withDraft(live, { ...production, activity: 'import nta' }, async (db) => {
    await held;
    setting(db, 'from the first');
  });
  assert.throws(
    () => withDraft(live, production, () => undefined),
    (error: unknown) => {
      assert.ok(error instanceof WriterLockedError);
      assert.match(error.message, /^`kohyo import nta` is running \(pid \d+/u);
      return true;
    },
  );
  release();
  await first;
  assert.equal(versionOf(live), 'from the first');
  assert.equal(existsSync(lockPathFor(live)), false);
});

test('the kinds never mix: production work into the demo, or the demo over production, is refused before any draft', () => {
  const demo = join(tempDir(), 'demo.sqlite');
  withDraft(demo, { ...production, kind: 'demo', from: 'empty' }, () => undefined);
  assert.equal(liveDatasetKind(demo), 'demo');
  const before = sha(demo);
  assert.throws(
    () => withDraft(demo, production, () => assert.fail('no work on a refused draft')),
    (error: unknown) => {
      assert.ok(error instanceof DatasetKindError);
      assert.match(
        error.message,
        /holds the fictional demo dataset; real records never go into it\. Start a production dataset: point KOHYO_DB at a new path/u,
      );
      return true;
    },
  );
  assert.equal(sha(demo), before);
  assert.deepEqual(readdirSync(join(demo, '..')), ['demo.sqlite']);

  const live = liveProduction();
  assert.throws(
    () => withDraft(live, { ...production, kind: 'demo', from: 'empty' }, () => undefined),
    /holds a production dataset; the demo never replaces it/u,
  );
  assert.equal(liveDatasetKind(live), 'production');
});

test('a file with no dataset yet takes the kind of its first writer: an empty database, or none', () => {
  const empty = join(tempDir(), 'empty.sqlite');
  openWritable(empty).close();
  assert.equal(liveDatasetKind(empty), 'none');
  assert.equal(liveDatasetKind(join(tempDir(), 'absent.sqlite')), 'none');
  withDraft(empty, { ...production, kind: 'demo' }, () => undefined);
  assert.equal(liveDatasetKind(empty), 'demo');
});
