// The speed benchmark (`npm run bench`): the bare-Fastify baseline, company search and enforcement lookup, in one run.
// Options: --duration S (measured seconds per case, default 10), --warmup S (default 2), --connections N (default 10).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { BASELINE_PATH } from './baseline-app.js';
import { pickQueryRotations } from './demo-queries.js';
import { DEFAULT_LOAD, runLoad, type LoadOptions } from './http-load.js';
import { describeLoad, describeMachine, formatTable, type CaseResult } from './report.js';
import { withServer } from './server-process.js';

function loadOptions(argv: readonly string[]): LoadOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { duration: { type: 'string' }, warmup: { type: 'string' }, connections: { type: 'string' } },
  });
  const number = (raw: string | undefined, fallback: number, min: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`expected a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  return {
    durationSeconds: number(values.duration, DEFAULT_LOAD.durationSeconds, 1),
    warmupSeconds: number(values.warmup, DEFAULT_LOAD.warmupSeconds, 0),
    connections: number(values.connections, DEFAULT_LOAD.connections, 1),
  };
}

/** A fixed build date, so that every run builds the same demo data and rotates the same queries. */
const DATASET_DATE = new Date('2026-11-21T03:00:00Z');

async function main(): Promise<void> {
  const options = loadOptions(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-'));
  try {
    const dbPath = join(dir, 'demo.sqlite');
    const started = Date.now();
    buildDemoDatabase(dbPath, { now: DATASET_DATE });
    console.log(
      `demo dataset as of ${DATASET_DATE.toISOString()} built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dbPath}`,
    );
    console.log(`machine: ${describeMachine()}`);
    console.log(`load: ${describeLoad(options)}\n`);

    const cases: CaseResult[] = [];
    const measure = async (name: string, url: string, paths: readonly string[]) => {
      process.stdout.write(`measuring ${name} …\n`);
      cases.push({ name, result: await runLoad(url, paths, options) });
    };
    // The baseline runs first and again last: on a shared machine the two differ, and their spread says how far
    // the ratios in between can be trusted.
    await withServer({ kind: 'baseline' }, (url) =>
      measure('baseline: bare Fastify, fixed JSON (first)', url, [BASELINE_PATH]),
    );
    const rotations = await withServer({ kind: 'kohyo', dbPath }, async (url) => {
      const picked = await pickQueryRotations(url);
      await measure(`GET /api/v1/companies?q= (${picked.companies.length} queries)`, url, picked.companies);
      await measure(
        `GET /api/v1/enforcements?company= (${picked.enforcements.length} names)`,
        url,
        picked.enforcements,
      );
      return picked;
    });
    await withServer({ kind: 'baseline' }, (url) =>
      measure('baseline: bare Fastify, fixed JSON (last)', url, [BASELINE_PATH]),
    );

    console.log('\nqueries rotated:');
    for (const line of rotations.described) console.log(`  ${line}`);
    const baselines = cases.filter((c) => c.name.startsWith('baseline'));
    const baseline = baselines.reduce((sum, c) => sum + c.result.requestsPerSecond, 0) / baselines.length;
    console.log(`\nratios are to the mean of the two baseline runs, ${baseline.toFixed(0)} req/s\n`);
    console.log(formatTable(cases, baseline));
    const broken = cases.filter((c) => c.result.non2xx > 0 || c.result.errors > 0);
    if (broken.length > 0) {
      throw new Error(`non-2xx answers or connection errors in: ${broken.map((c) => c.name).join('; ')}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
