// Publishing a dataset without downtime: a draft copy beside the live file, checked, then renamed over it.
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { integrityProblems, makeSelfContained, readFile, type Db } from '../schema/database.js';
import { openUpgraded } from './database-upgrade.js';
import { quickCheckInParallel } from './parallel-check.js';

/** SQLite's companion files of a database file. */
const SIDECARS = ['-wal', '-shm', '-journal'] as const;

class PublishError extends Error {}

/** A check of what a writer changed, in integrity_check's words: empty when nothing is wrong. */
export type ChangeCheck = (db: Db) => readonly string[];

export interface DraftCheck {
  readonly changes?: ChangeCheck | null;
  /** Told which check runs, as it begins: the changes' check on a copy given one, else the full check. */
  readonly onCheck?: (check: 'full' | 'changes') => void;
  readonly onChecked?: () => void;
  /** publishInParallel: the size from which a new draft is checked on two threads (PARALLEL_CHECK_MIN_BYTES). */
  readonly parallelFromBytes?: number;
}

export interface Draft {
  /** The draft file, beside the live one. */
  readonly path: string;
  /** Open for writing, schema up to date. */
  readonly db: Db;
  /**
   * Checks the draft and renames it over the live file; the draft is deleted if the check fails. `check.changes`
   * replaces the full check of a copy (see beginDraft); `check.onChecked` is told when the check has passed.
   */
  publish(check?: DraftCheck): void;
  /** publish, with the check of a draft that started empty run on two threads (parallel-check.ts). */
  publishInParallel(check?: DraftCheck): Promise<void>;
  /** Closes and deletes the draft; the live file is untouched. */
  discard(): void;
}

/** The draft path a process builds at: `<live>.next-<pid>`, so that a stale one is recognisable. */
function draftPathFor(livePath: string, pid: number): string {
  return `${livePath}.next-${pid}`;
}

/**
 * Deletes the drafts a killed writer left behind (with their sidecars); returns their paths. Call it only while
 * holding the writer lock, so no running writer's draft is taken, or with `writerAlive`, which keeps the drafts of the
 * writers it says are running.
 */
export function removeStaleDrafts(livePath: string, writerAlive: (pid: number) => boolean = () => false): string[] {
  const dir = dirname(livePath);
  if (!existsSync(dir)) return [];
  const prefix = `${basename(livePath)}.next-`;
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || writerAlive(parseInt(name.slice(prefix.length), 10))) continue;
    rmSync(join(dir, name), { force: true });
    if (!SIDECARS.some((s) => name.endsWith(s))) removed.push(join(dir, name));
  }
  return removed;
}

/**
 * Starts a draft: a consistent copy of the live file (copyLive: the server reads on meanwhile), or an empty database
 * when there is no live file yet or the writer replaces the whole dataset (`from: 'empty'`, the demo build).
 *
 * A copy is checked with PRAGMA integrity_check before it is published: it may carry a fault of the live file.
 * A draft that started empty holds only what SQLite wrote in this process, and gets PRAGMA quick_check: every
 * page, b-tree, NOT NULL and CHECK constraint, and the full-text indexes against their content (FTS5 checks them
 * in full either way), but not each index of a table against its rows, which only an SQLite fault could make
 * differ and which was most of the check's time. `publish-dataset`
 * still runs the full check on what it uploads. publishInParallel runs that quick_check on two threads, part by part
 * (parallel-check.ts): a writer that works asynchronously (an import, a collection) has the second core idle then.
 *
 * A copy whose writer says what it changed (DraftCheck.changes: a daily change file, a write of records) gets that
 * check instead: the live file passed its own check when it was published, and what the writer can have made wrong is
 * what it wrote (change-check.ts and record-change-check.ts say what is read and why, docs/operating.md what it
 * leaves). Not a copy that opening it upgraded (a migration, search data rebuilt), which wrote more than the writer.
 */
export function beginDraft(livePath: string, pid: number = process.pid, from: 'live' | 'empty' = 'live'): Draft {
  const path = draftPathFor(livePath, pid);
  removeFiles(path);
  const copied = from === 'live' && existsSync(livePath);
  if (copied) copyLive(livePath, path);
  const check = copied ? 'integrity_check' : 'quick_check';
  let db: Db;
  let upgraded: boolean;
  try {
    ({ db, upgraded } = openUpgraded(path));
    writeAsDraft(db);
  } catch (error) {
    removeFiles(path);
    throw error;
  }
  let open = true;
  const close = () => {
    if (open) db.close();
    open = false;
  };
  const fail = (error: unknown): never => {
    close();
    removeFiles(path);
    throw error;
  };
  /** Renames the checked draft over the live file, or refuses it when its check found problems. */
  const publishChecked = (problems: readonly string[], onChecked?: () => void) => {
    if (problems.length > 0) {
      throw new PublishError(`the new database failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    onChecked?.();
    // readers of the new file never read a -wal the old file left at the same path
    makeSelfContained(db);
    close();
    syncFile(path);
    renameSync(path, livePath);
    syncFile(dirname(livePath));
    for (const sidecar of ['-wal', '-shm']) rmSync(`${livePath}${sidecar}`, { force: true });
  };
  /**
   * The check a copy given its changes gets instead of the full one, else null: not when opening the copy upgraded it
   * (a migration, rebuilt search data), which wrote more than the writer's changes.
   */
  const changesCheck = (changes: ChangeCheck | null | undefined) => (copied && !upgraded && changes ? changes : null);
  return {
    path,
    db,
    publish({ changes, onCheck, onChecked }: DraftCheck = {}) {
      try {
        const byChanges = changesCheck(changes);
        onCheck?.(byChanges ? 'changes' : 'full');
        publishChecked(byChanges ? byChanges(db) : integrityProblems(db, check), onChecked);
      } catch (error) {
        fail(error);
      }
    },
    async publishInParallel({ changes, onCheck, onChecked, parallelFromBytes }: DraftCheck = {}) {
      try {
        const byChanges = changesCheck(changes);
        onCheck?.(byChanges ? 'changes' : 'full');
        const problems = byChanges
          ? byChanges(db)
          : copied
            ? integrityProblems(db, check)
            : await quickCheckInParallel(db, path, parallelFromBytes);
        publishChecked(problems, onChecked);
      } catch (error) {
        fail(error);
      }
    },
    discard() {
      close();
      removeFiles(path);
    },
  };
}

/**
 * A consistent copy of the live file at `path`. A file in rollback-journal mode (as every published file is) is copied
 * byte for byte under a read transaction, whose shared lock keeps any writer from changing it meanwhile: the kernel
 * copies it at a small part of the cost of VACUUM INTO, which rebuilds every table and index of the file (at all
 * Japan, most of the CPU of importing a daily change file besides the check). A file in WAL mode may hold part of its
 * content in its log, and is copied by VACUUM INTO, which reads a snapshot of both.
 */
function copyLive(livePath: string, path: string): void {
  readFile(livePath, (live) => {
    if (live.pragma('journal_mode', { simple: true }) === 'wal') {
      live.prepare('VACUUM INTO ?').run(path);
      return;
    }
    live.transaction(() => {
      // the read takes the shared lock, which the transaction holds until the copy is made
      live.prepare('SELECT count(*) FROM sqlite_schema').get();
      // a clone of the extents where the file system shares them (XFS, Btrfs): no byte copied; a copy elsewhere
      copyFileSync(livePath, path, constants.COPYFILE_FICLONE);
    })();
  });
}

/**
 * Page cache of a draft: a large import's indexes are written in random order, so a small cache made it wait on the
 * disk. CREATE INDEX sorts in lists of this size too, beside the cache: much larger, an import of a million companies
 * went past the 1 GB an import must stay under; this size keeps it below that and is no slower.
 */
const DRAFT_CACHE_MIB = 160;

/**
 * A draft is nobody else's until it is checked and renamed (publish fsyncs it first), so it is written as a bulk
 * loader writes: a rollback journal rather than the log, which would hold every page of a new file twice, and no
 * fsync per commit. A rollback still restores it, so a file rejected mid-import leaves the draft as it was.
 */
function writeAsDraft(db: Db): void {
  db.pragma('journal_mode = TRUNCATE');
  db.pragma('synchronous = OFF');
  // No sorter threads (PRAGMA threads): each holds its own list of up to the cache size, and with two of them the
  // term index's sort of a five-million-company import took its peak memory past the 1 GB it must stay under.
  db.pragma(`cache_size = ${-DRAFT_CACHE_MIB * 1024}`);
}

function removeFiles(path: string): void {
  rmSync(path, { force: true });
  for (const sidecar of SIDECARS) rmSync(`${path}${sidecar}`, { force: true });
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
