// The company-search benchmark at scale (`npm run bench:search`): synthetic NTA file, import, store latency per class, HTTP ratio.
// Options: --companies N (default 1,000,000), --queries N per class (default 3000), --seed S, --reuse (keep an
// imported database of the same size), --duration/--warmup/--connections for the HTTP part, --no-http.
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findCompanies } from '../src/api/company-search.js';
import { importNtaFiles } from '../src/ingest/nta/nta-importer.js';
import { openReadOnly } from '../src/store/schema/database.js';
import { openWritable } from '../src/store/write/database-upgrade.js';
import { openStore } from '../src/store/read/store.js';
import { createRandom } from '../demo/random.js';
import { BASELINE_PATH } from './baseline-app.js';
import { BENCH_OUT, DEFAULT_GENERATE, defaultNtaPath, generateNtaFile, type GenerateOptions } from './generate-nta.js';
import { DEFAULT_LOAD, runLoad, type LoadOptions } from './http-load.js';
import { describeLoad, describeMachine, formatTable, type CaseResult } from './report.js';
import { pickQueries, QUERY_CLASSES, type BenchQuery } from './search-queries.js';
import { withServer } from './server-process.js';
import { latencyTable, measureClass, type ClassLatency } from './search-latency.js';
import { upgradeDatasetFile } from '../src/ingest/upgrade-dataset.js';

/** The route's default page size, so the store does what GET /api/v1/companies?q= does by default. */
const LIMIT = 10;
const HTTP_QUERIES_PER_CLASS = 50;

function options(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      companies: { type: 'string' },
      queries: { type: 'string' },
      seed: { type: 'string' },
      reuse: { type: 'boolean' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'no-http': { type: 'boolean' },
    },
  });
  const number = (raw: string | undefined, fallback: number, min: number): number => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`expected a whole number of at least ${min}, got "${raw}"`);
    return value;
  };
  const generate: GenerateOptions = {
    ...DEFAULT_GENERATE,
    companies: number(values.companies, DEFAULT_GENERATE.companies, 100),
    seed: number(values.seed, DEFAULT_GENERATE.seed, 0),
  };
  const load: LoadOptions = {
    durationSeconds: number(values.duration, DEFAULT_LOAD.durationSeconds, 1),
    warmupSeconds: number(values.warmup, DEFAULT_LOAD.warmupSeconds, 0),
    connections: number(values.connections, DEFAULT_LOAD.connections, 1),
  };
  return {
    generate,
    load,
    queries: number(values.queries, 3000, 10),
    reuse: values.reuse === true,
    http: values['no-http'] !== true,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function ensureFile(generate: GenerateOptions): Promise<string> {
  const path = defaultNtaPath(generate);
  if (existsSync(path)) {
    console.log(`reusing ${path} (${mb(statSync(path).size)})`);
    return path;
  }
  const started = Date.now();
  const summary = await generateNtaFile(path, generate);
  console.log(
    `generated ${path}: ${summary.companies} companies, ${summary.rows} rows (${summary.historyRows} history), ` +
      `${mb(summary.bytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return path;
}

async function importFresh(file: string, dbPath: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  const db = openWritable(dbPath);
  let peakRss = 0;
  let nextReport = 100_000;
  const rssAt: string[] = [];
  try {
    const summary = await importNtaFiles(db, [file], {
      onProgress: (p) => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        if (p.rowsRead >= nextReport || p.done) {
          const rss = process.memoryUsage().rss;
          rssAt.push(`${p.rowsRead}: ${mb(rss)}`);
          process.stdout.write(
            `  ${p.rowsRead} rows in ${(p.elapsedMs / 1000).toFixed(0)} s, rss ${mb(rss)}, heap ${mb(process.memoryUsage().heapUsed)}\n`,
          );
          nextReport += 100_000;
        }
      },
    });
    const f = summary.files[0]!;
    const total = summary.elapsedMs / 1000;
    console.log(
      `import: ${f.rowsRead} rows (${f.historyRows} history, ${f.formerNamesAdded} former names) in ${total.toFixed(1)} s: ` +
        `${(f.rowsRead / total).toFixed(0)} rows/s overall; reading and writing ${(f.elapsedMs / 1000).toFixed(1)} s ` +
        `(${(f.rowsRead / (f.elapsedMs / 1000)).toFixed(0)} rows/s), FTS optimize and ANALYZE ${((summary.elapsedMs - f.elapsedMs) / 1000).toFixed(1)} s`,
    );
    console.log(`import memory: peak rss ${mb(peakRss)}; rss by rows read: ${rssAt.join(', ')}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function describeSizes(dbPath: string): void {
  console.log(`database file: ${mb(statSync(dbPath).size)}`);
  const db = openReadOnly(dbPath);
  try {
    const rows = db
      .prepare(`SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC`)
      .all() as { name: string; bytes: number }[];
    // FTS5 shadow tables (_data, _idx, _docsize, _config) are summed under their table
    const grouped = new Map<string, number>();
    for (const r of rows) {
      const owner = r.name.replace(/_(data|idx|docsize|config|content)$/u, '');
      grouped.set(owner, (grouped.get(owner) ?? 0) + r.bytes);
    }
    const top = [...grouped].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(`largest tables and indexes (dbstat): ${top.map(([n, b]) => `${n} ${mb(b)}`).join(', ')}`);
  } catch (err) {
    console.log(`dbstat is not available: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db.close();
  }
}

async function measureHttp(
  dbPath: string,
  queries: Record<string, BenchQuery[]>,
  load: LoadOptions,
  seed: number,
): Promise<void> {
  const rng = createRandom(seed);
  const paths = rng
    .shuffle(QUERY_CLASSES.flatMap((k) => queries[k]!.slice(0, HTTP_QUERIES_PER_CLASS)))
    .map((query) => `/api/v1/companies?q=${encodeURIComponent(query.q)}`);
  const cases: CaseResult[] = [];
  const measure = async (name: string, url: string, list: readonly string[]) => {
    process.stdout.write(`measuring ${name} …\n`);
    cases.push({ name, result: await runLoad(url, list, load) });
  };
  console.log(`\nload: ${describeLoad(load)}`);
  await withServer({ kind: 'baseline' }, (url) =>
    measure('baseline: bare Fastify, fixed JSON (first)', url, [BASELINE_PATH]),
  );
  await withServer({ kind: 'kohyo', dbPath }, (url) =>
    measure(`GET /api/v1/companies?q= (${paths.length} queries, all classes)`, url, paths),
  );
  await withServer({ kind: 'baseline' }, (url) =>
    measure('baseline: bare Fastify, fixed JSON (last)', url, [BASELINE_PATH]),
  );
  const baselines = cases.filter((c) => c.name.startsWith('baseline'));
  const baseline = baselines.reduce((sum, c) => sum + c.result.requestsPerSecond, 0) / baselines.length;
  console.log(`\nratios are to the mean of the two baseline runs, ${baseline.toFixed(0)} req/s\n`);
  console.log(formatTable(cases, baseline));
  const broken = cases.filter((c) => c.result.non2xx > 0 || c.result.errors > 0);
  if (broken.length > 0)
    throw new Error(`non-2xx answers or connection errors in: ${broken.map((c) => c.name).join('; ')}`);
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const started = Date.now();
  console.log(`machine: ${describeMachine()}`);
  const dbPath = join(BENCH_OUT, `search-${opts.generate.companies}-s${opts.generate.seed}.sqlite`);
  if (opts.reuse && existsSync(dbPath)) {
    console.log(`reusing the imported database ${dbPath}`);
    // a file written by an older build is brought up to this one first, as `npm start` does before it serves
    if (upgradeDatasetFile(dbPath, { now: () => new Date() }).kind === 'upgraded')
      console.log("  upgraded it to this build's schema");
  } else {
    await importFresh(await ensureFile(opts.generate), dbPath);
  }
  describeSizes(dbPath);

  const picking = openReadOnly(dbPath);
  let queries: Record<string, BenchQuery[]>;
  try {
    queries = pickQueries(picking, opts.queries, opts.generate.seed);
  } finally {
    picking.close();
  }
  const store = openStore(dbPath);
  const results: ClassLatency[] = [];
  try {
    for (const klass of QUERY_CLASSES) {
      results.push(measureClass(klass, queries[klass]!, (q) => findCompanies(store, q, LIMIT).hits.length));
    }
  } finally {
    store.close();
  }
  console.log(
    `\nstore-level latency of findCompanies (limit ${LIMIT}), ${opts.queries} queries per class, in-process:\n`,
  );
  console.log(latencyTable(results));
  for (const r of results) {
    console.log(
      `slowest ${r.klass}: ${r.slowest.map((s) => `${JSON.stringify(s.q)} (${s.how}) ${s.ms.toFixed(2)} ms`).join('; ')}`,
    );
  }
  if (opts.http) await measureHttp(dbPath, queries, opts.load, opts.generate.seed);
  console.log(`\nwhole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
