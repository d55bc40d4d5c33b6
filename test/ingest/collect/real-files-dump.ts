// The records the real government files of test/fixtures/government collect into, dumped in a canonical form: what a refactoring of the
// collection must leave as it is (real-files.test.ts compares the dump with the snapshot made before it).
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../../../src/cli.js';
import { sharedData } from '../../helpers/shared-data.js';
import { realListDownloads } from '../../helpers/real-lists.js';
import { fileOfRun } from '../../helpers/run-cache.js';

/** The instant every step of the dump's collection takes as now, so that runs and records carry the same times. */
const DUMP_NOW = new Date('2026-11-25T03:00:00Z');

/** Lays the real files out as `collect --files` reads them: the ISA and CAA lists, and the JFTC and MHLW ones. */
function downloads(dir: string): string {
  const files = realListDownloads(dir);
  copyFileSync(sharedData('jftc/actions.csv'), join(files, 'jftc-actions.csv'));
  copyFileSync(sharedData('mhlw/000534084.pdf'), join(files, 'mhlw-labour-law-violations.pdf'));
  return files;
}

/** What collecting the real files left: the dataset (a copy of the test's own), the exit code and what it printed. */
export interface RealFilesCollection {
  readonly dbPath: string;
  readonly code: number;
  readonly out: readonly string[];
}

/**
 * Imports the NTA daily file (the companies records link to) and collects the real files into a dataset in `dir`.
 * Made once per test run (test/helpers/run-cache.ts) and copied for each test file that reads it: the snapshot test
 * and the production build of offline-build.test.ts each spent 12 s of CPU on the same import and collection.
 */
export async function collectRealFiles(dir: string): Promise<RealFilesCollection> {
  const made = await fileOfRun('real-files.json', async (target) => {
    const dbPath = join(dirname(target), 'production.sqlite');
    const now = () => new Date(DUMP_NOW);
    const out: string[] = [];
    const io = {
      stdout: (l: string) => out.push(l),
      stderr: (l: string) => out.push(l),
      now,
      env: { KOHYO_DB: dbPath },
    };
    await runCli(['import', 'nta', sharedData('nta/diff_20260127.sjis.csv')], io);
    const code = await runCli(['collect', '--files', downloads(dirname(target))], io);
    // the dataset first, then what printed it: a test file that finds the summary finds the dataset too
    await fileOfRun('real-files.sqlite', async (kept) => renameSync(dbPath, kept));
    writeFileSync(target, JSON.stringify({ code, out }));
  });
  const dbPath = join(dir, 'production.sqlite');
  copyFileSync(await fileOfRun('real-files.sqlite', () => assert.fail('made with real-files.json')), dbPath);
  const { code, out } = JSON.parse(readFileSync(made, 'utf8')) as { code: number; out: string[] };
  return { dbPath, code, out };
}

export interface RealFilesDump {
  readonly runs: readonly Record<string, unknown>[];
  readonly records: Readonly<Record<string, readonly Record<string, unknown>[]>>;
}

const RECORD_TABLES = ['enforcements', 'procurement_suspensions', 'license_actions'] as const;

// children of a record by its rid, folded into the record so that rids (an order of writing) do not count
const CHILDREN: Readonly<Record<string, readonly string[]>> = {
  enforcements: [
    '(SELECT json_group_array(law_code) FROM (SELECT law_code FROM enforcement_laws WHERE rid = r.rid ORDER BY law_code)) AS laws',
  ],
  procurement_suspensions: [],
  license_actions: [
    '(SELECT json_group_array(sector_code) FROM (SELECT sector_code FROM license_action_sectors WHERE rid = r.rid ORDER BY sector_code)) AS sectors',
    '(SELECT json_group_array(json_array(position, sector_code, number)) FROM (SELECT * FROM license_action_permits WHERE rid = r.rid ORDER BY position)) AS permits',
  ],
};

export function dumpRecords(dbPath: string): RealFilesDump {
  const db = new Database(dbPath, { readonly: true });
  try {
    const records: Record<string, Record<string, unknown>[]> = {};
    for (const table of RECORD_TABLES) {
      const rows = db
        .prepare(`SELECT r.*, ${['1 AS _', ...(CHILDREN[table] ?? [])].join(', ')} FROM ${table} r ORDER BY r.id`)
        .all() as Record<string, unknown>[];
      records[table] = rows.map(({ rid: _rid, _: _one, ...row }) => row);
    }
    // a run as stored but for its own id and times (the clock is fixed, but how often it is read is not)
    const runs = (
      db.prepare('SELECT * FROM collection_runs ORDER BY source_id').all() as Record<string, unknown>[]
    ).map(({ id: _id, started_at: _started, finished_at: _finished, ...run }) => run);
    return { runs, records };
  } finally {
    db.close();
  }
}

/** The dump in short: each source's runs as they are, and per source and table its record count and digest. */
export function dumpDigest(dump: RealFilesDump): {
  runs: readonly Record<string, unknown>[];
  records: Record<string, { count: number; sha256: string }>;
} {
  const records: Record<string, { count: number; sha256: string }> = {};
  for (const [table, rows] of Object.entries(dump.records)) {
    const bySource = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) bySource.set(String(row.source_id), [...(bySource.get(String(row.source_id)) ?? []), row]);
    for (const [source, own] of [...bySource].sort(([a], [b]) => a.localeCompare(b)))
      records[`${table} ${source}`] = {
        count: own.length,
        sha256: createHash('sha256').update(JSON.stringify(own)).digest('hex'),
      };
  }
  return { runs: dump.runs, records };
}
