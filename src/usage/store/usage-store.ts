// The usage log database: opening and migrating it, writing batches of entries, the report and the purge.
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { USAGE_MIGRATIONS } from './usage-schema.js';
import { migrate } from '../../store/schema/migrate.js';
import { errorCodeOf } from '../../lib/error-of.js';

/** One row of usage_log, as written and read back. */
export interface UsageEntry {
  /** RFC 3339, UTC, milliseconds. */
  readonly at: string;
  readonly method: string;
  readonly endpoint: string;
  /** The normalised query parameters, as a JSON object with sorted keys. */
  readonly conditions: string;
  readonly status: number;
  readonly code: string | null;
  readonly returned: number | null;
  readonly latencyMs: number;
  readonly clientId: string;
  readonly userAgent: string | null;
  readonly referer: string | null;
  readonly clientName: string | null;
  readonly clientContact: string | null;
}

/** Answers that did not count, tallied: one row of usage_counts. */
export interface UsageCount {
  /** The hour's start, RFC 3339, UTC, milliseconds. */
  readonly hour: string;
  readonly method: string;
  readonly endpoint: string;
  readonly status: number;
  /** The error code; null when the answer has none. */
  readonly code: string | null;
  readonly clientId: string;
  readonly requests: number;
}

/** Where the usage log lives: KOHYO_USAGE_DB, or `<name>.usage.sqlite` beside KOHYO_DB. */
export function usageDbPath(config: { readonly dbPath: string; readonly usageDbPath: string | null }): string {
  if (config.usageDbPath !== null) return config.usageDbPath;
  const extension = extname(config.dbPath);
  return join(dirname(config.dbPath), `${basename(config.dbPath, extension)}.usage.sqlite`);
}

export interface Count {
  readonly key: string;
  readonly requests: number;
}

export interface UsageReport {
  readonly since: string;
  readonly total: number;
  readonly byEndpoint: readonly Count[];
  /** key: `<status> <code>`, or the status alone when there is no code. */
  readonly byStatus: readonly Count[];
  readonly topClientIds: readonly (Count & { readonly userAgents: number })[];
  /** key: the client name, or `(none)` for requests without one. */
  readonly topClientNames: readonly (Count & { readonly clientIds: number })[];
  readonly refusalsByCode: readonly (Count & { readonly clientIds: number })[];
}

export class UsageStore {
  private readonly db: Database.Database;
  /** Writes the entries in one transaction. */
  readonly write: (entries: readonly UsageEntry[]) => void;
  /** Adds the tallies to the hours' counts, in one transaction. */
  readonly writeCounts: (counts: readonly UsageCount[]) => void;

  private constructor(db: Database.Database) {
    this.db = db;
    const insert = db.prepare(`
      INSERT INTO usage_log (at, method, endpoint, conditions, status, code, returned, latency_ms, client_id,
                             user_agent, referer, client_name, client_contact)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.write = db.transaction(function write(entries: readonly UsageEntry[]) {
      // bound by position, not by name: better-sqlite3 looks each named parameter up on the object, a cost an entry
      // would pay on every write
      for (const e of entries) {
        insert.run(
          e.at,
          e.method,
          e.endpoint,
          e.conditions,
          e.status,
          e.code,
          e.returned,
          e.latencyMs,
          e.clientId,
          e.userAgent,
          e.referer,
          e.clientName,
          e.clientContact,
        );
      }
    });
    const add = db.prepare(`
      INSERT INTO usage_counts (hour, method, endpoint, status, code, client_id, requests) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (hour, endpoint, method, status, code, client_id) DO UPDATE SET requests = requests + excluded.requests`);
    this.writeCounts = db.transaction(function writeCounts(counts: readonly UsageCount[]) {
      for (const c of counts) add.run(c.hour, c.method, c.endpoint, c.status, c.code ?? '', c.clientId, c.requests);
    });
  }

  /**
   * Opens the file (creating it when missing, readable by the owner only) and brings its schema up to date.
   * A file that already exists keeps its mode: the operator may have widened it on purpose (a report reader's group).
   */
  static open(path: string): UsageStore {
    createPrivate(path);
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    // in WAL mode NORMAL loses nothing on a process crash, only possibly the last commits on power loss
    db.pragma('synchronous = NORMAL');
    // several workers and a `usage purge` run may write at the same moment; each transaction is short, and a
    // flush that still cannot write within this drops its batch rather than hold up the event loop longer
    db.pragma('busy_timeout = 1000');
    migrate(db, USAGE_MIGRATIONS);
    return new UsageStore(db);
  }

  /** Opens an existing file for the report; null when there is none yet. */
  static openExisting(path: string): UsageStore | null {
    return existsSync(path) ? UsageStore.open(path) : null;
  }

  /**
   * Removes the entries older than the instant; returns how many. Deleted in chunks, each its own transaction,
   * so that the server's batches never wait long behind a purge of months of entries.
   */
  purge(before: Date, chunk = 5000): number {
    const remove = this.db.prepare('DELETE FROM usage_log WHERE id IN (SELECT id FROM usage_log WHERE at < ? LIMIT ?)');
    let removed = 0;
    for (;;) {
      const changes = remove.run(before.toISOString(), chunk).changes;
      removed += changes;
      if (changes < chunk) break;
    }
    // an hour's counts go once the whole hour is older than the instant
    const hours = this.db.prepare('DELETE FROM usage_counts WHERE hour < ?');
    hours.run(new Date(before.getTime() - HOUR_MS).toISOString());
    return removed;
  }

  /**
   * The report since an instant: the entries since then, and the tallies of every hour that ends after it (the hour
   * `since` falls in is counted whole). Tallies carry no User-Agent or client name.
   */
  report(since: Date, top = 10): UsageReport {
    const from = since.toISOString();
    const fromHour = hourOf(since);
    // the entries, one request each, and the tallies, `requests` each, read as one table
    const answers = `(SELECT method, endpoint, status, code, client_id, user_agent, client_name, 1 AS n
                        FROM usage_log WHERE at >= @from
                      UNION ALL
                      SELECT method, endpoint, status, NULLIF(code, ''), client_id, NULL, NULL, requests
                        FROM usage_counts WHERE hour >= @fromHour)`;
    // a statement's rows take the type of the UsageReport field they fill, whose names its columns have
    const counts = <Row extends Count>(sql: string) =>
      this.db.prepare<[{ from: string; fromHour: string; top: number }], Row>(sql).all({ from, fromHour, top });
    // a sum without GROUP BY answers one row, always
    const total =
      this.db
        .prepare<[{ from: string; fromHour: string }], number>(`SELECT COALESCE(SUM(n), 0) FROM ${answers}`)
        .pluck()
        .get({ from, fromHour }) ?? 0;
    return {
      since: from,
      total,
      byEndpoint: counts(`SELECT endpoint AS key, SUM(n) AS requests FROM ${answers}
                          GROUP BY endpoint ORDER BY requests DESC, key`),
      byStatus: counts(`SELECT CAST(status AS TEXT) || COALESCE(' ' || code, '') AS key, SUM(n) AS requests
                        FROM ${answers} GROUP BY status, code ORDER BY status, requests DESC, key`),
      topClientIds: counts(
        `SELECT client_id AS key, SUM(n) AS requests, COUNT(DISTINCT user_agent) AS userAgents
           FROM ${answers} GROUP BY client_id ORDER BY requests DESC, key LIMIT @top`,
      ),
      topClientNames: counts(
        `SELECT COALESCE(client_name, '(none)') AS key, SUM(n) AS requests, COUNT(DISTINCT client_id) AS clientIds
           FROM ${answers} GROUP BY client_name ORDER BY requests DESC, key LIMIT @top`,
      ),
      refusalsByCode: counts(`SELECT COALESCE(code, '(none)') AS key, SUM(n) AS requests,
                                     COUNT(DISTINCT client_id) AS clientIds
                                FROM ${answers} WHERE status = 429 GROUP BY code ORDER BY requests DESC, key`),
    };
  }

  /** Every tally, oldest hour first (for tests and inspection). */
  allCounts(): UsageCount[] {
    return this.db
      .prepare<[], UsageCount & { code: string }>(
        `SELECT hour, method, endpoint, status, code, client_id AS clientId, requests FROM usage_counts
          ORDER BY hour, endpoint, method, status, code, client_id`,
      )
      .all()
      .map((row) => ({ ...row, code: row.code === '' ? null : row.code }));
  }

  /** Every entry, oldest first (for tests and inspection). */
  all(): UsageEntry[] {
    return this.db
      .prepare<[], UsageEntry>(
        `
      SELECT at, method, endpoint, conditions, status, code, returned, latency_ms AS latencyMs, client_id AS clientId,
             user_agent AS userAgent, referer, client_name AS clientName, client_contact AS clientContact
      FROM usage_log ORDER BY id`,
      )
      .all();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

const HOUR_MS = 3_600_000;

/** The start of the hour an instant falls in, as usage_counts.hour writes it. */
export function hourOf(instant: Date): string {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS).toISOString();
}

/**
 * Creates the file empty with mode 0600 before SQLite opens it, since SQLite would create it 0644 (under the
 * usual umask) and it holds User-Agents and contact addresses. SQLite gives its -wal and -shm files the mode of
 * the database, so they are private too. An empty file is a new database to SQLite; 'wx' leaves an existing one
 * alone, and a worker that loses the race to create it opens the winner's.
 */
function createPrivate(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if (errorCodeOf(error) !== 'EEXIST') throw error;
  }
}
