// PRAGMA quick_check of a whole file, split into parts that this thread and a second one take in turn.
import { closeSync, openSync, readSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../worker-start.js';
import { messageOf } from '../../lib/error-of.js';
import { isObject, propertyOf } from '../../lib/is-object.js';
import { databaseBytes, integrityProblems, type Db } from '../schema/database.js';

/**
 * One part of the check: `PRAGMA quick_check(table)` (the table's b-trees and its indexes, the rows' constraints,
 * a virtual table's own check: FTS5 reads its whole index), or 'pages', the accounting of every page of the file.
 */
export type CheckPart = { readonly table: string } | 'pages';

/** What the thread that helps is handed (its workerData). */
export interface CheckRequest {
  readonly path: string;
  readonly parts: readonly CheckPart[];
  /** One Int32: the index of the next part not yet taken, shared by both threads. */
  readonly next: SharedArrayBuffer;
}

export function isCheckRequest(data: unknown): data is CheckRequest {
  if (!isObject(data)) return false;
  const { path, parts, next } = data;
  return (
    typeof path === 'string' &&
    Array.isArray(parts) &&
    parts.every((p) => p === 'pages' || typeof propertyOf(p, 'table') === 'string') &&
    next instanceof SharedArrayBuffer
  );
}

/** The check thread's answer: the problems of the parts it took, or why it could not check them. */
export type CheckAnswer = { readonly problems: readonly string[] } | { readonly failed: string };

/**
 * Files smaller than this are checked whole on this thread: below it the second thread's start and the page accounting's pass (dbstat) cost about what the split saves.
 */
export const PARALLEL_CHECK_MIN_BYTES = 256 * 2 ** 20;

/**
 * The problems PRAGMA quick_check finds in the file of `db` (which this process wrote and nobody writes meanwhile),
 * found by this thread and a second one, each taking the next part not yet taken: on one thread, the check of a large
 * import left the other core idle.
 *
 * The parts are the check's own, table by table (quick_check with a table's name checks that table and its indexes
 * exactly as the whole check does), and the one thing the whole check does besides: that every page of the file is
 * used once and only once, by a b-tree, the freelist or SQLite's lock byte. A file in auto-vacuum mode (which no
 * writer here makes) also has pointer-map pages to check, so it is checked whole, on this thread, as a file smaller
 * than `minBytes` is.
 * Rejects when the second thread fails: nothing is taken as checked that was not.
 */
export async function quickCheckInParallel(
  db: Db,
  path: string,
  minBytes: number = PARALLEL_CHECK_MIN_BYTES,
): Promise<readonly string[]> {
  if (databaseBytes(db) < minBytes || db.pragma('auto_vacuum', { simple: true }) !== 0)
    return integrityProblems(db, 'quick_check');
  const request: CheckRequest = { path, parts: checkParts(db), next: new SharedArrayBuffer(4) };
  const answer = answerOf(startModuleWorker(import.meta.url, 'parallel-check-worker', { workerData: request }));
  // the answer is awaited even if this thread's share throws, so that the thread is never left running
  let own: readonly string[] | Error;
  try {
    own = checkTakenParts(db, request);
  } catch (error) {
    own = error instanceof Error ? error : new Error(messageOf(error));
  }
  const other = await answer;
  if (own instanceof Error) throw own;
  if ('failed' in other) throw new Error(`the check's second thread failed: ${other.failed}`);
  return [...own, ...other.problems];
}

function answerOf(worker: Worker): Promise<CheckAnswer> {
  return new Promise((resolve) => {
    worker.once('message', (answer: CheckAnswer) => resolve(answer));
    worker.once('error', (error) => resolve({ failed: error.message }));
    worker.once('exit', (code) => resolve({ failed: `it stopped (exit code ${code}) before it answered` }));
  });
}

/**
 * Every part, the largest first so that the two threads end close together: the virtual tables (the full-text
 * indexes' own checks read each index whole), the page accounting, then the tables by the rows the statistics
 * count in them and their indexes (none when ANALYZE has not run: the order is then the schema's).
 * sqlite_schema is a part of its own: its check also walks the freelist.
 */
function checkParts(db: Db): CheckPart[] {
  const stat1 = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
  const rows = stat1 ? '(SELECT max(CAST(stat AS INTEGER)) FROM sqlite_stat1 WHERE tbl = s.name)' : '0';
  const tables = db
    .prepare<[], { name: string; virtual: number }>(
      `SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_schema s WHERE type = 'table'
       ORDER BY virtual DESC, coalesce(${rows}, 0) DESC, rootpage`,
    )
    .all();
  const virtual = tables.filter((t) => t.virtual === 1).map((t) => ({ table: t.name }));
  const ordinary = tables.filter((t) => t.virtual !== 1).map((t) => ({ table: t.name }));
  return [...virtual, 'pages', { table: 'sqlite_schema' }, ...ordinary];
}

/** Runs the parts not yet taken, one at a time, until none is left; returns their problems. */
export function checkTakenParts(db: Db, request: CheckRequest): string[] {
  const next = new Int32Array(request.next);
  const problems: string[] = [];
  for (let i = Atomics.add(next, 0, 1); i < request.parts.length; i = Atomics.add(next, 0, 1)) {
    const part = request.parts[i];
    if (part === undefined) break;
    try {
      problems.push(...(part === 'pages' ? pageProblems(db, request.path) : tableProblems(db, part.table)));
    } catch (error) {
      // what stops a part (SQLITE_CORRUPT from a page it cannot read) is itself what the check found
      problems.push(`${part === 'pages' ? 'the pages' : part.table}: ${messageOf(error)}`);
    }
  }
  return problems;
}

function tableProblems(db: Db, table: string): string[] {
  const found = db
    .prepare<[], string>(`PRAGMA quick_check("${table.replaceAll('"', '""')}")`)
    .pluck()
    .all();
  return found.length === 1 && found[0] === 'ok' ? [] : found;
}

/** Where SQLite's lock byte lies (its default PENDING_BYTE): the page that holds it is never used. */
const PENDING_BYTE = 0x40000000;

/**
 * The whole check's accounting of the pages, in its words: each page of the file is referenced once, by a b-tree
 * (the dbstat table lists every page of every table and index, overflow pages included), by the freelist (read from
 * the file: its trunk pages and the leaves each lists), or is the lock byte's page; none is referenced twice or not
 * at all.
 */
function pageProblems(db: Db, path: string): string[] {
  const pageCount = Number(db.pragma('page_count', { simple: true }));
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const refs = new Uint8Array(pageCount + 1);
  const problems: string[] = [];
  const use = (page: number, by: string) => {
    if (!Number.isInteger(page) || page < 1 || page > pageCount) problems.push(`${by}: invalid page number ${page}`);
    else if (refs[page] !== 0) problems.push(`2nd reference to page ${page}`);
    else refs[page] = 1;
  };
  for (const page of db.prepare<[], number>('SELECT pageno FROM dbstat').pluck().iterate()) use(page, 'b-tree');
  for (const page of freelistPages(path, pageSize, pageCount)) use(page, 'Freelist');
  const lockPage = Math.floor(PENDING_BYTE / pageSize) + 1;
  if (lockPage <= pageCount) use(lockPage, 'lock byte');
  for (let page = 1; page <= pageCount && problems.length < 100; page++) {
    if (refs[page] === 0) problems.push(`Page ${page}: never used`);
  }
  return problems;
}

/**
 * The freelist's pages as the file's header lists them: its first trunk page (offset 32) and the number of pages in
 * all (offset 36); each trunk page names the next trunk, how many leaves it lists, and their page numbers. Read
 * no further than that number, so that a loop in a damaged list ends (and leaves pages never used, which is said).
 */
function freelistPages(path: string, pageSize: number, pageCount: number): number[] {
  const fd = openSync(path, 'r');
  try {
    const read = (page: number) => {
      const buffer = Buffer.alloc(pageSize);
      readSync(fd, buffer, 0, pageSize, (page - 1) * pageSize);
      return buffer;
    };
    const header = read(1);
    const total = header.readUInt32BE(36);
    const pages: number[] = [];
    for (let trunk = header.readUInt32BE(32); trunk !== 0 && pages.length < total;) {
      pages.push(trunk);
      if (trunk > pageCount) break;
      const page = read(trunk);
      const leaves = Math.min(page.readUInt32BE(4), (pageSize - 8) / 4, total - pages.length);
      for (let i = 0; i < leaves; i++) pages.push(page.readUInt32BE(8 + 4 * i));
      trunk = page.readUInt32BE(0);
    }
    return pages;
  } finally {
    closeSync(fd);
  }
}
