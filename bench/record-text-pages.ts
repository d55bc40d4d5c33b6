// The first page of the records whose text matches `q` (a record list's `q` alone, and the text part of /search), per
// record kind and query class of `npm run bench:scale`, in-process on a dataset it built: the page as served (the text
// index read in the list's order, record-text-keys.ts) against every match sorted by date, the plan it replaced. CPU µs
// a page, the median of rounds; a page that differs between the two is counted. Run with
// `node --import tsx bench/record-text-pages.ts --dataset bench/out/scale-1000000-….sqlite [--classes …] [--rounds N]`.
import { parseArgs } from 'node:util';
import type { Statement } from 'better-sqlite3';
import { openReadOnly } from '../src/store/schema/database.js';
import { recordWhere } from '../src/store/read/record-filter-sql.js';
import { recordPageSql } from '../src/store/read/record-queries.js';
import type { SqlFragment } from '../src/store/read/sql-fragment.js';
import { ALL_RECORD_TABLES, type RecordTable } from '../src/store/schema/record-tables.js';
import { foldWidth } from '../src/domain/text/text-fold.js';
import { cpuMicrosEach } from './process-cpu.js';
import { markdownTable, median } from './report.js';
import { drawTexts, SCALE_CLASSES } from './scale-queries.js';

const TODAY = '2026-11-21';
const LIMIT = 10;

type Prepared = readonly [Statement<unknown[], unknown>, readonly unknown[]];

/** The page every match sorted by the list's order gave: the plan before the text indexes were keyed by it. */
function sortedPage(table: RecordTable, q: string): SqlFragment {
  const where = recordWhere(table, { today: TODAY, q });
  const order = (alias: string) => `${alias}${table.orderColumn} DESC, ${alias}rid DESC`;
  return {
    sql: `SELECT id, doc FROM ${table.table} WHERE rid IN (SELECT r.rid FROM ${table.table} r WHERE ${where.sql}
      ORDER BY ${order('r.')} LIMIT ${LIMIT + 1}) ORDER BY ${order('')}`,
    params: where.params,
  };
}

/** CPU µs a page over every statement, once. */
function cpuOf(pages: readonly Prepared[]): number {
  return cpuMicrosEach(pages, ([statement, params]) => statement.all(...params));
}

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dataset: { type: 'string' },
      classes: { type: 'string', default: '2-char prefixes,3-char prefixes,full names,English' },
      queries: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '5' },
    },
  });
  if (values.dataset === undefined) throw new Error('--dataset PATH is needed (a file bench:scale built)');
  const db = openReadOnly(values.dataset, 256);
  const texts = drawTexts(db, Number(values.queries), 57);
  const rows: string[][] = [];
  for (const klass of SCALE_CLASSES.filter((k) => values.classes.split(',').includes(k))) {
    for (const table of ALL_RECORD_TABLES) {
      // the text part of a search is the query folded to half width, as /search hands it to the records
      const queries = texts[klass].map(foldWidth).filter((q) => recordWhere(table, { today: TODAY, q }).textMatch);
      const prepare = (page: SqlFragment): Prepared => [db.prepare(page.sql), page.params];
      const served = queries.map((q) => prepare(recordPageSql(table, { today: TODAY, q }, LIMIT, 0)));
      const sorted = queries.map((q) => prepare(sortedPage(table, q)));
      const differ = served.filter(
        ([statement, params], i) =>
          JSON.stringify(statement.all(...params)) !== JSON.stringify(sorted[i]?.[0].all(...sorted[i][1])),
      ).length;
      const rounds = Array.from({ length: Number(values.rounds) }, () => [cpuOf(sorted), cpuOf(served)] as const);
      const [before, after] = [median(rounds.map((r) => r[0])), median(rounds.map((r) => r[1]))];
      rows.push([klass, table.table, String(queries.length), before.toFixed(0), after.toFixed(0), String(differ)]);
    }
  }
  db.close();
  console.log(
    markdownTable(['class', 'records', 'queries', 'sorted µs', 'in list order µs', 'pages that differ'], rows),
  );
}

main();
