// What SQLite's re-planning costs a statement (`npm run bench:replanning`): the production statements' shapes run in a
// tight loop on the demo dataset, with a bound LIMIT against a literal one, and with the STAT4 samples that ANALYZE
// leaves against none (store/maintenance.ts drops them, store/statement-cache.ts writes limits as literals). Either makes
// SQLite plan the statement again on every run, because better-sqlite3 binds the values anew on each call.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { markdownTable } from './report.js';

const RUNS = 4000;
const TODAY = '2026-11-21';

/** Microseconds a run, best of three loops. */
function timed(db: Database.Database, sql: string, params: readonly unknown[]): number {
  const statement = db.prepare(sql).raw();
  let best = Infinity;
  for (let loop = 0; loop < 3; loop++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < RUNS; i++) statement.all(...params);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / RUNS / 1000);
  }
  return best;
}

const lookup = (from: string) =>
  `SELECT * FROM (SELECT t.company_id, t.field AS rank, t.field, t.alias_kind, t.legal_form, t.rank_key FROM ${from} LIMIT 400)`;
const stage = (from: string, limit: string) =>
  `SELECT company_id, rank, field, alias_kind FROM (${lookup(from)}) ORDER BY rank, legal_form IS NOT ?, rank_key, field, alias_kind ${limit}`;

/** Each shape with its limit bound (`?`) or literal; the bound one takes the limit as its last parameter. */
const SHAPES: readonly { name: string; sql: (limit: string) => string; params: readonly unknown[]; limit: number }[] = [
  {
    name: 'company search, exact stage',
    sql: (l) => stage('company_terms t WHERE t.term = ?', l),
    params: ['ホクシンケンセツ', null],
    limit: 20,
  },
  {
    name: 'company search, prefix stage',
    sql: (l) => stage('company_terms t WHERE t.term > ? AND t.term < ?', l),
    params: ['ホク', 'ホグ', null],
    limit: 20,
  },
  {
    name: 'company search, trigram stage',
    sql: (l) =>
      stage(
        'company_trigrams f JOIN company_terms t ON t.company_id = f.rowid WHERE company_trigrams MATCH ? AND instr(t.term, ?) > 0',
        l,
      ),
    params: ['"シンケ"', 'シンケ', null],
    limit: 20,
  },
  {
    name: 'enforcements?authority= page',
    sql: (l) =>
      `SELECT r.doc FROM enforcements r WHERE r.authority_code = ? ORDER BY r.date DESC, r.rid DESC ${l} OFFSET 0`,
    params: ['jftc'],
    limit: 11,
  },
  {
    name: 'license-actions?corporate_number= page',
    sql: (l) =>
      `SELECT r.doc FROM license_actions r WHERE r.company_corporate_number = ? ORDER BY r.date DESC, r.rid DESC ${l} OFFSET 0`,
    params: ['8999999000001'],
    limit: 11,
  },
  {
    name: 'procurement-suspensions?status=active count',
    sql: (l) =>
      `SELECT count(*) FROM (SELECT 1 FROM procurement_suspensions r WHERE (r.period_from <= ? AND (r.period_to IS NULL OR r.period_to >= ?) AND r.lifted_on IS NULL) ${l})`,
    params: [TODAY, TODAY],
    limit: 101,
  },
];

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-replanning-'));
  try {
    const plain = join(dir, 'demo.sqlite');
    buildDemoDatabase(plain, { now: new Date(`${TODAY}T03:00:00Z`) });
    // the same file analysed as before schema 11: STAT4 samples kept
    const sampled = join(dir, 'sampled.sqlite');
    copyFileSync(plain, sampled);
    const writer = new Database(sampled);
    writer.exec('ANALYZE');
    const samples = (writer.prepare('SELECT count(*) AS n FROM sqlite_stat4').get() as { n: number }).n;
    writer.close();
    const rows: string[][] = [];
    for (const shape of SHAPES) {
      const cells = [plain, sampled].flatMap((path) => {
        const db = new Database(path, { readonly: true });
        try {
          return [
            timed(db, shape.sql(`LIMIT ${shape.limit}`), shape.params),
            timed(db, shape.sql('LIMIT ?'), [...shape.params, shape.limit]),
          ];
        } finally {
          db.close();
        }
      });
      rows.push([shape.name, ...cells.map((us) => us.toFixed(1))]);
    }
    console.log(`µs a run, best of 3 loops of ${RUNS}; the sampled file holds ${samples} STAT4 rows\n`);
    console.log(
      markdownTable(
        [
          'statement',
          'no samples, literal LIMIT (as served)',
          'no samples, LIMIT ?',
          'samples, literal LIMIT',
          'samples, LIMIT ?',
        ],
        rows,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
