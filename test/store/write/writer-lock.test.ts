// Tests for src/store/write/writer-lock.ts: every writer of the live file (imports, the demo build, collections) takes the writer lock.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { acquireWriterLock, lockPathFor } from '../../../src/store/write/writer-lock.js';
import { runBuildDemo } from '../../../demo/build-demo-command.js';
import { runImportNta } from '../../../src/ingest/nta/nta-command.js';
import { runImportRecords } from '../../../src/ingest/records/records-command.js';
import { openReadOnly, readDatasetMeta } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { SAMPLE_FILE } from '../../ingest/nta/nta-fixtures.js';

const RECORDS_FILE = new URL('../../fixtures/records/good.jsonl', import.meta.url).pathname;
const now = () => new Date('2026-11-21T03:00:00Z');

interface Io {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** Each writer of the live file, with what it must have written once it ran. */
const WRITERS: readonly {
  name: string;
  activity: string;
  run: (io: Io) => Promise<number>;
  wrote: (dbPath: string) => void;
}[] = [
  {
    name: 'import nta',
    activity: 'import nta',
    run: (io) => runImportNta([SAMPLE_FILE], { ...io, progress: { isTTY: false, write: () => undefined } }),
    wrote: (dbPath) => assert.equal(countOf(dbPath, 'companies'), 8),
  },
  {
    name: 'import records',
    activity: 'import records',
    run: (io) => runImportRecords([RECORDS_FILE], io),
    wrote: (dbPath) => assert.ok(countOf(dbPath, 'enforcements') > 0),
  },
  {
    name: 'build-demo --force',
    activity: 'build-demo',
    run: (io) => runBuildDemo(['--force'], io),
    wrote: (dbPath) => {
      const db = openReadOnly(dbPath);
      assert.equal(readDatasetMeta(db).kind, 'demo');
      db.close();
    },
  },
];

function countOf(dbPath: string, table: string): number {
  const db = openReadOnly(dbPath);
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A live dataset (empty, schema current) in a new folder. */
function liveDataset(): string {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-lock-')), 'kohyo.sqlite');
  openWritable(dbPath).close();
  return dbPath;
}

/** Every file of the folder with its digest, the lock left out. */
function snapshot(dbPath: string): Record<string, string> {
  const dir = join(dbPath, '..');
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (join(dir, name) === lockPathFor(dbPath)) continue;
    files[name] = createHash('sha256')
      .update(readFileSync(join(dir, name)))
      .digest('hex');
  }
  return files;
}

function capture(dbPath: string) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { dbPath, now, stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) } };
}

/** The pid of a process that has exited: a lock naming it is stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  assert.equal(child.status, 0);
  return child.pid;
}

describe('writers of the live file share the writer lock', () => {
  for (const writer of WRITERS) {
    for (const holder of ['collect', 'import nta']) {
      it(`${writer.name} refuses while \`${holder}\` (a live process) holds the lock, and changes nothing`, async () => {
        const dbPath = liveDataset();
        const before = snapshot(dbPath);
        const lock = acquireWriterLock(dbPath, { now, activity: holder });
        try {
          const run = capture(dbPath);
          assert.equal(await writer.run(run.io), 1);
          assert.deepEqual(run.out, []);
          assert.equal(run.err.length, 1);
          const named = holder === 'collect' ? 'another collection' : '`kohyo import nta`';
          assert.equal(
            run.err[0],
            `kohyo ${writer.activity}: ${dbPath} is being written by another process, nothing was changed: ` +
              `${named} is running (pid ${process.pid} on ${hostname()}, since ${now().toISOString()}); if it is not, delete ${lockPathFor(dbPath)}`,
          );
          assert.deepEqual(snapshot(dbPath), before);
        } finally {
          lock.release();
        }
      });
    }

    it(`${writer.name} takes over the lock of a process that died, and releases it`, async () => {
      const dbPath = liveDataset();
      writeFileSync(
        lockPathFor(dbPath),
        JSON.stringify({ pid: deadPid(), host: hostname(), started_at: 'then', activity: 'collect' }),
      );
      const run = capture(dbPath);
      assert.equal(await writer.run(run.io), 0, run.err.join('\n'));
      assert.equal(run.out[0], 'took over the lock of an interrupted collection or import');
      writer.wrote(dbPath);
      assert.equal(existsSync(lockPathFor(dbPath)), false);
    });
  }

  it('a collection is refused while an import holds the lock, naming the import', () => {
    const dbPath = liveDataset();
    const lock = acquireWriterLock(dbPath, { now, activity: 'import records' });
    try {
      assert.throws(() => acquireWriterLock(dbPath, { now }), /^Error: `kohyo import records` is running \(pid \d+/u);
    } finally {
      lock.release();
    }
  });
});
