// A list far larger than any real one, collected as an operator would: `kohyo collect jftc-actions --file` over a
// generated CSV of the JFTC list's columns, its rows as short as the mapping allows (a million fit in MAX_LIST_BYTES).
// It measures the command (wall, CPU, peak resident memory) and the dataset it leaves, table by table and index by
// index (SQLite's dbstat), so that what a record costs on disk is seen.
// `node --import tsx bench/large-list.ts [--rows 1000000] [--env NAME=VALUE]... [--keep]`
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { runCommand } from './command-run.js';
import { describeLoadAverage, describeMachine, markdownTable } from './report.js';

const HEADER =
  'id,stream,action_date,fiscal_year,case_number,subject_as_published,company,provisions,provisions_as_published,penalty_amount,press_release_url,source_url';

/** Writes `rows` subcontracting recommendations, each a company of its own, the shortest rows the mapping reads whole. */
async function writeList(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${HEADER}\n`);
  for (let i = 1; i <= rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    if (!out.write(`${i},shitauke,2025-03-${day},,,,${i}(株),,x,,,\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The dataset's largest tables and indexes by the pages they hold (dbstat), and what each takes a record. */
function datasetParts(dbPath: string, records: number): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    const parts = db
      .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 15')
      .all() as { name: string; bytes: number }[];
    return markdownTable(
      ['table or index', 'MiB', 'bytes a record'],
      parts.map((p) => [p.name, (p.bytes / 2 ** 20).toFixed(1), records > 0 ? (p.bytes / records).toFixed(0) : '']),
    );
  } finally {
    db.close();
  }
}

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    env: { type: 'string', multiple: true, default: [] },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const env = Object.fromEntries(values.env.map((pair) => pair.split('=', 2) as [string, string]));
const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-large-list-'));
const csv = join(dir, 'jftc-actions.csv');
const dbPath = join(dir, 'kohyo.sqlite');
try {
  await writeList(csv, rows);
  console.log(`${describeMachine()}; load average ${describeLoadAverage()}`);
  console.log(
    `collecting ${rows.toLocaleString('en')} rows (${(statSync(csv).size / 2 ** 20).toFixed(1)} MiB), ${JSON.stringify(env)}`,
  );
  const run = await runCommand(['collect', 'jftc-actions', '--file', csv], dbPath, [], { env, mayFail: true });
  console.log(run.stdout.trimEnd());
  console.log(
    markdownTable(
      ['rows', 'exit code', 'wall s', 'CPU s', 'peak RSS MiB', 'dataset MiB'],
      [
        [
          rows.toLocaleString('en'),
          String(run.exitCode),
          run.seconds.toFixed(1),
          run.cpuSeconds?.toFixed(1) ?? '',
          run.peakRssMiB?.toFixed(0) ?? '',
          run.datasetMiB.toFixed(1),
        ],
      ],
    ),
  );
  const records = Number(/jftc-actions\s+\S+\s+\S+\s+(\d+)/u.exec(run.stdout)?.[1] ?? 0);
  if (records > 0) console.log(datasetParts(dbPath, records));
} finally {
  if (values.keep) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
