// `npm run bench:scale`: how the cost of each kind of question grows with the register. For each size, a synthetic
// register with records naming a tenth of its companies (bench/scale-dataset.ts, kept in bench/out/ between runs),
// served by the production server as `npm run bench` serves the demo; each query class asked of /api/v1/search,
// /api/v1/companies and the record lists: saturation, the server's CPU an answer, p50/p99 at half of saturation.
// Options: --sizes 10k,100k,1m (also demo, 5m or all: five million companies, 5.35 million rows, long), --cases
// search,companies,records,filters, --classes (of bench/scale-queries.ts), --queries N per class (default 200),
// --seconds S measured per run (default 4), --warmup S (default 1), --rebuild (import again even when kept).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openReadOnly } from '../src/store/database.js';
import { describeLoadAverage, describeMachine, markdownTable } from './report.js';
import { parseSize, scaleDataset, type ScaleDataset } from './scale-dataset.js';
import { measureScaleCase, warmScaleServer, type CaseFigures, type MeasureSettings } from './scale-measure.js';
import {
  drawTexts,
  pathsOf,
  recordFilterPaths,
  SCALE_CLASSES,
  SCALE_ENDPOINTS,
  type ScaleClass,
} from './scale-queries.js';
import { startServerProcess } from './server-process.js';

const SEED = 57;
const CASES = [...SCALE_ENDPOINTS, 'filters'] as const;

interface Settings extends MeasureSettings {
  readonly sizes: readonly string[];
  readonly cases: readonly string[];
  readonly classes: readonly ScaleClass[];
  readonly queries: number;
  readonly rebuild: boolean;
}

function readSettings(argv: readonly string[]): Settings {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '10k,100k,1m' },
      cases: { type: 'string', default: CASES.join(',') },
      classes: { type: 'string', default: SCALE_CLASSES.join(',') },
      queries: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '4' },
      warmup: { type: 'string', default: '1' },
      rebuild: { type: 'boolean', default: false },
    },
  });
  const list = (text: string) => text.split(',').filter((s) => s !== '');
  const unknown = (given: readonly string[], known: readonly string[], option: string) => {
    const wrong = given.filter((g) => !known.includes(g));
    if (wrong.length > 0) throw new Error(`${option}: unknown ${wrong.join(', ')} (known: ${known.join(', ')})`);
  };
  const cases = list(values.cases);
  unknown(cases, CASES, '--cases');
  const classes = list(values.classes);
  unknown(classes, SCALE_CLASSES, '--classes');
  return {
    sizes: list(values.sizes),
    cases,
    classes: SCALE_CLASSES.filter((k) => classes.includes(k)),
    queries: Number(values.queries),
    seconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
    rebuild: values.rebuild,
  };
}

/** Each case's paths at this dataset: the classes of each endpoint, and the record lists' own filters. */
function casePaths(dataset: ScaleDataset, settings: Settings): [{ endpoint: string; klass: string }, string[]][] {
  const db = openReadOnly(dataset.path);
  try {
    const texts = drawTexts(db, settings.queries, SEED);
    const out: [{ endpoint: string; klass: string }, string[]][] = [];
    for (const endpoint of SCALE_ENDPOINTS.filter((e) => settings.cases.includes(e)))
      for (const klass of settings.classes)
        if (texts[klass].length > 0) out.push([{ endpoint, klass }, pathsOf(endpoint, klass, texts[klass])]);
    if (settings.cases.includes('filters'))
      out.push([{ endpoint: 'records', klass: 'filters' }, recordFilterPaths(db, settings.queries, SEED)]);
    return out.filter(([, paths]) => paths.length > 0);
  } finally {
    db.close();
  }
}

function describeDataset(dataset: ScaleDataset): string {
  const db = openReadOnly(dataset.path);
  const count = (table: string) => db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  try {
    const records = count('enforcements') + count('procurement_suspensions') + count('license_actions');
    const linked = ['enforcements', 'procurement_suspensions', 'license_actions']
      .map((t) => db.prepare<[], number>(`SELECT count(*) FROM ${t} WHERE company_link = 'source'`).pluck().get() ?? 0)
      .reduce((a, b) => a + b, 0);
    const mib = (statSync(dataset.path).size / 2 ** 20).toFixed(0);
    return `${count('companies')} companies, ${records} records (${linked} by Corporate Number), ${mib} MiB${dataset.reused ? ' (kept from an earlier run)' : ''}`;
  } finally {
    db.close();
  }
}

async function measureSize(dataset: ScaleDataset, settings: Settings): Promise<CaseFigures[]> {
  const cases = casePaths(dataset, settings);
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-scale-'));
  const server = await startServerProcess({
    kind: 'production',
    dbPath: dataset.path,
    cacheEntries: 0,
    usageDbPath: join(dir, 'usage.sqlite'),
  });
  try {
    await warmScaleServer(
      server,
      cases.flatMap(([, paths]) => paths),
    );
    const figures: CaseFigures[] = [];
    for (const [label, paths] of cases) {
      process.stdout.write(`  ${label.endpoint}, ${label.klass} …\n`);
      figures.push(await measureScaleCase(server, label, paths, settings));
    }
    return figures;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function sizeTable(figures: readonly CaseFigures[]): string {
  return markdownTable(
    [
      'endpoint',
      'class',
      'queries',
      'saturated req/s',
      'CPU µs/answer',
      'half rate',
      'p50 ms',
      'p99 ms',
      'CPU µs at half',
      'bytes',
      'failed',
    ],
    figures.map((f) => [
      f.endpoint,
      f.klass,
      String(f.queries),
      f.saturatedRps.toFixed(0),
      f.cpuUs.toFixed(0),
      String(f.halfRate),
      f.p50Ms.toFixed(2),
      f.p99Ms.toFixed(2),
      f.halfCpuUs.toFixed(0),
      f.bytes.toFixed(0),
      String(f.failed),
    ]),
  );
}

function importTable(datasets: readonly ScaleDataset[]): string {
  const rows = datasets.flatMap((d) =>
    d.imports === null
      ? []
      : (['nta', 'records'] as const).map((which) => {
          const f = d.imports![which];
          return [
            d.size.label,
            which === 'nta' ? 'import nta' : 'import records',
            f.rows.toLocaleString('en-US'),
            f.seconds.toFixed(1),
            f.cpuSeconds?.toFixed(1) ?? 'n/a',
            f.peakRssMiB?.toFixed(0) ?? 'n/a',
          ];
        }),
  );
  return markdownTable(['size', 'import', 'rows', 'wall s', 'CPU s', 'peak RSS MiB'], rows);
}

/** One table per endpoint: each class's CPU an answer (and p99 at half) at each size, and the last over the first. */
function curveTables(bySize: readonly [string, readonly CaseFigures[]][]): string {
  const endpoints = [...new Set(bySize.flatMap(([, f]) => f.map((c) => c.endpoint)))];
  return endpoints
    .map((endpoint) => {
      const classes = [
        ...new Set(bySize.flatMap(([, f]) => f.filter((c) => c.endpoint === endpoint).map((c) => c.klass))),
      ];
      const rows = classes.map((klass) => {
        const cells = bySize.map(([, f]) => f.find((c) => c.endpoint === endpoint && c.klass === klass));
        const first = cells.find((c) => c !== undefined);
        const last = [...cells].reverse().find((c) => c !== undefined);
        return [
          klass,
          ...cells.map((c) => (c === undefined ? '' : `${c.cpuUs.toFixed(0)} (${c.p99Ms.toFixed(1)})`)),
          first && last ? `${(last.cpuUs / first.cpuUs).toFixed(2)}×` : '',
        ];
      });
      const header = [endpoint, ...bySize.map(([label]) => `${label}: µs (p99 ms)`), 'last / first'];
      return markdownTable(header, rows);
    })
    .join('\n\n');
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const sizes = settings.sizes.map(parseSize);
  console.log(`machine: ${describeMachine()}\nload average at the start: ${describeLoadAverage()}`);
  const datasets: ScaleDataset[] = [];
  const bySize: [string, CaseFigures[]][] = [];
  for (const size of sizes) {
    console.log(`\n## ${size.label}`);
    const dataset = await scaleDataset(size, settings.rebuild);
    datasets.push(dataset);
    console.log(`dataset: ${describeDataset(dataset)}`);
    const figures = await measureSize(dataset, settings);
    bySize.push([size.label, figures]);
    console.log(`\n${sizeTable(figures)}\n`);
    if (figures.some((f) => f.failed > 0)) console.log('warning: some answers were not 2xx (column "failed")');
  }
  console.log(`\n## Imports (as measured when each dataset was built)\n\n${importTable(datasets)}`);
  console.log(`\n## Server CPU µs an answer by size (p99 ms at half of saturation)\n\n${curveTables(bySize)}`);
  console.log(`\nload average at the end: ${describeLoadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
