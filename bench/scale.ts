// `npm run bench:scale`: how the cost of an answer grows with the register. `--measure typed` (the default): the
// screening measure, the questions people type asked of /api/v1/search at the demo and at each size
// (bench/scale-typed.ts): --sizes 1m (default; `all` for bench:nta's 5,000,000 companies, 5,345,402 rows), --seconds S
// measured per form and size (default 15) in --slices N turns (default 5), --warmup S (default 1), --latency S of an
// open loop at half the rate for p50 and p99 (default 5; 0 for none), --rounds N (default 1), --rebuild. `--measure
// classes`: each kind of question at each size, for a synthetic register with records naming a tenth of its companies
// (bench/scale-dataset.ts, kept in bench/out/ between runs), served by the production server as `npm run bench` serves
// the demo; each query class asked of /api/v1/search, /api/v1/companies and the record lists: saturation, the server's
// CPU an answer, p50/p99 at half of saturation. Its options: --sizes 10k,100k,1m (the default; also demo, 5m or all),
// --cases search,companies,records,filters, --classes (of bench/scale-queries.ts), --queries N per class (default 200),
// --seconds S measured per run (default 4), --warmup S (default 1), --rebuild (import again even when kept), --rounds N
// (default 1: every size's server runs at once and each round measures them in turn; the medians are reported).
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openReadOnly } from '../src/store/schema/database.js';
import { runTypedMeasure } from './scale-typed.js';
import { describeLoadAverage, describeMachine, markdownTable, median } from './report.js';
import { parseSize, scaleDataset, type ScaleDataset } from './scale-dataset.js';
import {
  measureScaleCase,
  startScaleServer,
  type CaseFigures,
  type MeasureSettings,
  type ScaleServer,
} from './scale-measure.js';
import {
  drawTexts,
  pathsOf,
  recordFilterPaths,
  SCALE_CLASSES,
  SCALE_ENDPOINTS,
  type ScaleClass,
} from './scale-queries.js';

const SEED = 57;
const CASES = [...SCALE_ENDPOINTS, 'filters'] as const;

interface Settings extends MeasureSettings {
  readonly sizes: readonly string[];
  readonly cases: readonly string[];
  readonly classes: readonly ScaleClass[];
  readonly queries: number;
  readonly rebuild: boolean;
  readonly rounds: number;
}

/** What a run measures: the typed questions against the demo, or each class's curve over the sizes. */
const MEASURES = ['typed', 'classes'] as const;
const DEFAULTS = {
  typed: { sizes: '1m', seconds: '15' },
  classes: { sizes: '10k,100k,1m', seconds: '4' },
} as const;

function readSettings(argv: readonly string[]): Settings & {
  readonly measure: (typeof MEASURES)[number];
  readonly slices: number;
  readonly latencySeconds: number;
} {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      measure: { type: 'string', default: 'typed' },
      sizes: { type: 'string' },
      cases: { type: 'string', default: CASES.join(',') },
      classes: { type: 'string', default: SCALE_CLASSES.join(',') },
      queries: { type: 'string', default: '200' },
      seconds: { type: 'string' },
      warmup: { type: 'string', default: '1' },
      rebuild: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '1' },
      slices: { type: 'string', default: '5' },
      latency: { type: 'string', default: '5' },
    },
  });
  const measure = MEASURES.find((m) => m === values.measure);
  if (measure === undefined) throw new Error(`--measure: ${values.measure} is not one of ${MEASURES.join(', ')}`);
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
    measure,
    sizes: list(values.sizes ?? DEFAULTS[measure].sizes),
    cases,
    classes: SCALE_CLASSES.filter((k) => classes.includes(k)),
    queries: Number(values.queries),
    seconds: Number(values.seconds ?? DEFAULTS[measure].seconds),
    warmupSeconds: Number(values.warmup),
    rebuild: values.rebuild,
    rounds: Math.max(1, Number(values.rounds)),
    slices: Math.max(1, Number(values.slices)),
    latencySeconds: Number(values.latency),
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

/** A size's server, started and warmed, with the cases it answers. */
interface ServedSize extends ScaleServer {
  readonly label: string;
  readonly cases: [{ endpoint: string; klass: string }, string[]][];
}

async function serveSize(dataset: ScaleDataset, settings: Settings): Promise<ServedSize> {
  const cases = casePaths(dataset, settings);
  const served = await startScaleServer(
    dataset.path,
    cases.flatMap(([, paths]) => paths),
  );
  return { label: dataset.size.label, cases, ...served };
}

async function measureRound(served: ServedSize, settings: Settings): Promise<CaseFigures[]> {
  const figures: CaseFigures[] = [];
  for (const [label, paths] of served.cases) {
    process.stdout.write(`  ${served.label}: ${label.endpoint}, ${label.klass} … `);
    const figure = await measureScaleCase(served.server, label, paths, settings);
    process.stdout.write(`${figure.cpuUs.toFixed(0)} µs an answer, p99 ${figure.p99Ms.toFixed(1)} ms\n`);
    figures.push(figure);
  }
  return figures;
}

/** A case's figures over the rounds: the median of each. */
function medianFigures(rounds: readonly CaseFigures[]): CaseFigures {
  const [first] = rounds;
  if (first === undefined) throw new Error('no rounds');
  const of = (pick: (f: CaseFigures) => number) => median(rounds.map(pick));
  return {
    ...first,
    saturatedRps: of((f) => f.saturatedRps),
    cpuUs: of((f) => f.cpuUs),
    bytes: of((f) => f.bytes),
    p50Ms: of((f) => f.p50Ms),
    p99Ms: of((f) => f.p99Ms),
    halfCpuUs: of((f) => f.halfCpuUs),
    failed: rounds.reduce((sum, f) => sum + f.failed, 0),
  };
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
            f.seconds?.toFixed(1) ?? 'n/a',
            f.cpuSeconds?.toFixed(1) ?? 'n/a',
            f.peakRssMiB?.toFixed(0) ?? 'n/a',
          ];
        }),
  );
  return markdownTable(['size', 'import', 'rows', 'wall s', 'CPU s', 'peak RSS MiB'], rows);
}

/**
 * One table per endpoint: each class's CPU an answer (and p99 at half) at each size, medians over the rounds, and each
 * later size's over the first's: the median of the rounds' own ratios, each taken from runs minutes apart, so that the
 * machine's drift between sizes (a third or more on this machine) weighs less than in one run's figures.
 */
function curveTables(bySize: readonly [string, readonly (readonly CaseFigures[])[]][]): string {
  const endpoints = [...new Set(bySize.flatMap(([, rounds]) => rounds.flat().map((c) => c.endpoint)))];
  const figureOf = (rounds: readonly (readonly CaseFigures[])[], endpoint: string, klass: string) =>
    rounds.flatMap((round) => round.find((c) => c.endpoint === endpoint && c.klass === klass) ?? []);
  return endpoints
    .map((endpoint) => {
      const classes = [
        ...new Set(
          bySize.flatMap(([, rounds]) => rounds.flat().flatMap((c) => (c.endpoint === endpoint ? [c.klass] : []))),
        ),
      ];
      const rows = classes.map((klass) => {
        const bySizeRounds = bySize.map(([, rounds]) => figureOf(rounds, endpoint, klass));
        const cells = bySizeRounds.map((rounds) => (rounds.length === 0 ? undefined : medianFigures(rounds)));
        const [first = []] = bySizeRounds;
        // each later size over the first: the median of the rounds' own ratios
        const ratios = bySizeRounds.slice(1).map((rounds) => {
          const own = first.flatMap((f, round) => {
            const later = rounds[round];
            return later === undefined ? [] : [later.cpuUs / f.cpuUs];
          });
          return own.length > 0 ? `${median(own).toFixed(2)}×` : '';
        });
        return [
          klass,
          ...cells.map((c) => (c === undefined ? '' : `${c.cpuUs.toFixed(0)} (${c.p99Ms.toFixed(1)})`)),
          ...ratios,
        ];
      });
      const [firstLabel] = bySize.map(([label]) => label);
      const header = [
        endpoint,
        ...bySize.map(([label]) => `${label}: µs (p99 ms)`),
        ...bySize.slice(1).map(([label]) => `${label} / ${firstLabel ?? ''}`),
      ];
      return markdownTable(header, rows);
    })
    .join('\n\n');
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  console.log(`machine: ${describeMachine()}\nload average at the start: ${describeLoadAverage()}`);
  if (settings.measure === 'typed') await runTypedMeasure(settings);
  else await measureClasses(settings);
  console.log(`\nload average at the end: ${describeLoadAverage()}`);
}

async function measureClasses(settings: Settings): Promise<void> {
  const sizes = settings.sizes.map(parseSize);
  const datasets: ScaleDataset[] = [];
  for (const size of sizes) {
    const dataset = await scaleDataset(size, settings.rebuild);
    datasets.push(dataset);
    console.log(`${size.label}: ${describeDataset(dataset)}`);
  }
  // every size served at once, so that the rounds can take the sizes in turn
  const served: ServedSize[] = [];
  try {
    for (const dataset of datasets) served.push(await serveSize(dataset, settings));
    const rounds: CaseFigures[][][] = served.map(() => []);
    for (let round = 0; round < settings.rounds; round++) {
      console.log(`\n## Round ${round + 1} of ${settings.rounds}`);
      // every other round in the reverse order, so that no size is always measured first
      const order = served.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) rounds[i]?.push(await measureRound(served[i]!, settings));
    }
    const bySize = served.map((s, i): [string, CaseFigures[][]] => [s.label, rounds[i] ?? []]);
    for (const [label, sizeRounds] of bySize) {
      const figures = sizeRounds[0]!.map((f) =>
        medianFigures(sizeRounds.flatMap((r) => r.find((c) => c.endpoint === f.endpoint && c.klass === f.klass) ?? [])),
      );
      console.log(
        `\n## ${label}${settings.rounds > 1 ? `, medians of ${settings.rounds} rounds` : ''}\n\n${sizeTable(figures)}\n`,
      );
      if (figures.some((f) => f.failed > 0)) console.log('warning: some answers were not 2xx (column "failed")');
    }
    console.log(`\n## Server CPU µs an answer by size (p99 ms at half of saturation)\n\n${curveTables(bySize)}`);
    console.log(`\n## Imports (as measured when each dataset was built)\n\n${importTable(datasets)}`);
  } finally {
    for (const s of served) await s.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
