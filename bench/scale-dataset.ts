// The datasets of `npm run bench:scale`: a synthetic register of N companies imported by `kohyo import nta`, then
// records imported by `kohyo import records` (a tenth of the companies named at random, or the typed questions' mix:
// RECORDS_MIXES), each import measured; or the demo dataset. Kept
// in bench/out/ under a name holding the size and a digest of the generators, with the figures of their imports, so
// that a later run (another build, after a change of the search) measures the same data without importing it again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { openReadOnly } from '../src/store/schema/database.js';
import { upgradeDatasetFile } from '../src/ingest/upgrade-dataset.js';
import { runCommand, type StepTime } from './command-run.js';
import { BENCH_OUT, DEFAULT_GENERATE, defaultNtaPath, generateNtaFile } from './generate-nta.js';
import { writeSyntheticRecords, type RecordsOptions } from './synthetic-records.js';

/** A size to measure: the demo dataset, or a synthetic register of this many companies. */
export type ScaleSize = { readonly label: string; readonly companies: number | 'demo' };

/** One import as measured: wall and CPU seconds, peak memory, and its steps. */
interface ImportFigures {
  readonly rows: number;
  /** Null where the figures were not taken (a dataset built under another load: its imports.json says why). */
  readonly seconds: number | null;
  readonly cpuSeconds: number | null;
  readonly peakRssMiB: number | null;
  readonly steps: readonly StepTime[];
}

export interface ScaleDataset {
  readonly size: ScaleSize;
  readonly path: string;
  /** The imports that built it (when it was built, not when it was found built), null for the demo. */
  readonly imports: { readonly nta: ImportFigures; readonly records: ImportFigures } | null;
  readonly reused: boolean;
}

/**
 * The records a register of N companies gets, half by number and half by name only: for the classes, one for every ten
 * companies, each naming one drawn at random by its name and address; for the typed questions (the screening measure),
 * 100,000 naming every 8th company in turn, by name and prefecture.
 */
const RECORDS_MIXES = {
  classes: (companies: number): RecordsOptions => ({
    records: Math.round(companies / 10),
    byNumberShare: 0.5,
    seed: DEFAULT_GENERATE.seed,
  }),
  typed: (): RecordsOptions => ({
    records: 100_000,
    byNumberShare: 0.5,
    seed: DEFAULT_GENERATE.seed,
    named: { every: 8 },
    place: 'prefecture',
  }),
} as const;
export type RecordsMix = keyof typeof RECORDS_MIXES;
const DEMO_DATE = new Date('2026-11-21T03:00:00Z');
const GENERATORS = ['generate-nta.ts', 'synthetic-company.ts', 'synthetic-name-parts.ts', 'synthetic-records.ts'];

/** The generators' digest: a dataset they would write differently is not reused. */
function generatorVersion(records: RecordsOptions): string {
  const hash = createHash('sha256');
  for (const file of GENERATORS) hash.update(readFileSync(new URL(`./${file}`, import.meta.url)));
  hash.update(JSON.stringify(records));
  return hash.digest('hex').slice(0, 10);
}

/** `10k`, `100k`, `1m`, `5m`, `all` (the 5 million of `npm run bench:nta`, 5.35 million rows), `demo` or a number. */
export function parseSize(text: string): ScaleSize {
  if (text === 'demo') return { label: 'demo', companies: 'demo' };
  const m = /^(\d+(?:\.\d+)?)([km]?)$/u.exec(text === 'all' ? '5m' : text.toLowerCase());
  const companies = m ? Math.round(Number(m[1]) * (m[2] === 'm' ? 1e6 : m[2] === 'k' ? 1e3 : 1)) : NaN;
  if (!Number.isInteger(companies) || companies < 100) throw new Error(`--sizes: "${text}" is not a size`);
  return { label: text === 'all' ? '5m' : text, companies };
}

/**
 * The dataset of this size with the records of `mix`: found in bench/out/ (brought up to this build), or built and
 * measured now.
 */
export async function scaleDataset(
  size: ScaleSize,
  rebuild: boolean,
  mix: RecordsMix = 'classes',
): Promise<ScaleDataset> {
  mkdirSync(BENCH_OUT, { recursive: true });
  if (size.companies === 'demo') {
    const path = join(BENCH_OUT, 'scale-demo.sqlite');
    rmSync(path, { force: true });
    buildDemoDatabase(path, { now: DEMO_DATE });
    return { size, path, imports: null, reused: false };
  }
  const records = RECORDS_MIXES[mix](size.companies);
  const named = mix === 'classes' ? '' : `-${mix}`;
  const path = join(BENCH_OUT, `scale-${size.companies}${named}-g${generatorVersion(records)}.sqlite`);
  const figures = `${path}.imports.json`;
  if (!rebuild && existsSync(path) && existsSync(figures)) {
    // a file written by an older build is brought up to this one first, as `npm start` does before it serves
    upgradeDatasetFile(path, { now: () => new Date() });
    const imports = JSON.parse(readFileSync(figures, 'utf8')) as ScaleDataset['imports'];
    return { size, path, imports, reused: true };
  }
  const imports = await buildDataset(size.companies, records, path);
  writeFileSync(figures, `${JSON.stringify(imports, null, 2)}\n`);
  return { size, path, imports, reused: false };
}

/** Imports the register, writes and imports its records, in a folder of its own, then moves the file in place. */
async function buildDataset(
  companies: number,
  records: RecordsOptions,
  path: string,
): Promise<{ nta: ImportFigures; records: ImportFigures }> {
  const generate = { ...DEFAULT_GENERATE, companies };
  const file = defaultNtaPath(generate);
  if (!existsSync(file)) {
    process.stdout.write(`generating ${file} …\n`);
    await generateNtaFile(file, generate);
  }
  const dir = `${path}.building`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const built = join(dir, 'kohyo.sqlite');
  try {
    process.stdout.write(`importing ${companies} companies …\n`);
    const nta = await runCommand(['import', 'nta', file], built);
    const lines = join(dir, 'records.jsonl');
    const register = openReadOnly(built);
    try {
      await writeSyntheticRecords(register, lines, records);
    } finally {
      register.close();
    }
    process.stdout.write(`importing ${records.records} records …\n`);
    const imported = await runCommand(['import', 'records', lines], built);
    renameSync(built, path);
    return {
      nta: figuresOf(nta, Number(/^rows read\s+([\d,]+)/mu.exec(nta.stdout)?.[1]?.replace(/,/gu, '') ?? NaN)),
      records: figuresOf(imported, records.records),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function figuresOf(run: Awaited<ReturnType<typeof runCommand>>, rows: number): ImportFigures {
  return {
    rows,
    seconds: run.seconds,
    cpuSeconds: run.cpuSeconds,
    peakRssMiB: run.peakRssMiB,
    steps: run.steps,
  };
}
