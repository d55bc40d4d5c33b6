// The CPU each SQLite statement run in this process takes, by its SQL: where an in-process answer's time goes, statement
// by statement. better-sqlite3's statements are wrapped while a recording runs; `all`, `get` and `run` are timed (the
// read path runs no `iterate`, store.ts).
import Database, { type Statement } from 'better-sqlite3';

/** One statement's SQL (its LIMIT's value and white space folded, so that one shape is one line), runs and CPU µs. */
export interface StatementTime {
  readonly sql: string;
  readonly runs: number;
  readonly us: number;
}

const TIMED = ['all', 'get', 'run'] as const;
type Timed = (typeof TIMED)[number];
type Run = (this: Statement, ...params: unknown[]) => unknown;

let recording: Map<string, { runs: number; us: number }> | null = null;
let wrapped = false;

/** The statement's SQL as one line, its LIMIT's value left out. */
function shapeOf(sql: string): string {
  return sql
    .replace(/\s+/gu, ' ')
    .replace(/LIMIT \d+/gu, 'LIMIT n')
    .trim();
}

/** Wraps the methods of better-sqlite3's Statement once: they time themselves while a recording runs. */
function wrapStatements(): void {
  if (wrapped) return;
  wrapped = true;
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<Timed, Run>;
  probe.close();
  for (const method of TIMED) {
    const original = prototype[method];
    prototype[method] = function timed(this: Statement, ...params: unknown[]) {
      if (recording === null) return original.apply(this, params);
      const start = process.cpuUsage();
      try {
        return original.apply(this, params);
      } finally {
        const used = process.cpuUsage(start);
        const sql = shapeOf(this.source);
        const time = recording.get(sql) ?? { runs: 0, us: 0 };
        time.runs++;
        time.us += used.user + used.system;
        recording.set(sql, time);
      }
    };
  }
}

/** Runs `run` with every statement it runs timed: the statements by their CPU, dearest first. */
export function timeStatements(run: () => void): StatementTime[] {
  wrapStatements();
  const times = new Map<string, { runs: number; us: number }>();
  recording = times;
  try {
    run();
  } finally {
    recording = null;
  }
  return [...times].map(([sql, { runs, us }]) => ({ sql, runs, us })).sort((a, b) => b.us - a.us);
}
