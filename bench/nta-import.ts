// How fast `kohyo import nta` imports a full-size NTA file into a new dataset: rows/s, seconds, peak memory.
// `npm run bench:nta -- [--companies N] [--encoding utf8|sjis] [--file CSV] [--into DATASET] [--cpu-prof DIR]`
// --into: a copy of that dataset is imported into (a daily change file into all Japan), not a new one.
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_GENERATE, defaultNtaPath, generateNtaFile, type GenerateOptions } from './generate-nta.js';
import { runCommand, stepsTable, type CommandRun } from './command-run.js';
import { describeLoadAverage, describeMachine } from './report.js';

export interface ImportRun extends CommandRun {
  readonly rows: number;
}

/**
 * Runs the real command (`npm run kohyo -- import nta`, after `npm run build` as `npm start` leaves it) in a child
 * process into a new dataset, passing its progress lines through, and returns what it took.
 */
export async function runImport(file: string, dbPath: string, nodeArgs: readonly string[] = []): Promise<ImportRun> {
  const run = await runCommand(['import', 'nta', file], dbPath, nodeArgs);
  return { ...run, rows: Number(/^rows read\s+([\d,]+)/mu.exec(run.stdout)?.[1]?.replace(/,/gu, '') ?? NaN) };
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      companies: { type: 'string', default: '5000000' },
      encoding: { type: 'string', default: DEFAULT_GENERATE.encoding },
      file: { type: 'string' },
      into: { type: 'string' },
      'cpu-prof': { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const encoding = values.encoding;
  if (encoding !== 'utf8' && encoding !== 'sjis') throw new Error(`--encoding must be utf8 or sjis, got "${encoding}"`);
  const generate: GenerateOptions = { ...DEFAULT_GENERATE, companies: Number(values.companies), encoding };
  const file = values.file ?? defaultNtaPath(generate);
  console.log(describeMachine());
  if (!existsSync(file)) {
    const t = Date.now();
    const summary = await generateNtaFile(file, generate);
    console.log(`generated ${file}: ${summary.rows} rows in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  const into = values.into;
  console.log(
    `importing ${file} (${(statSync(file).size / 2 ** 20).toFixed(0)} MiB) into ${into === undefined ? 'a new dataset' : `a copy of ${into}`}`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-nta-'));
  if (into !== undefined) copyFileSync(into, join(dir, 'kohyo.sqlite'));
  const profile = values['cpu-prof'];
  const nodeArgs = profile === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profile];
  try {
    const run = await runImport(file, join(dir, 'kohyo.sqlite'), nodeArgs);
    console.log(run.stdout.trimEnd());
    console.log(
      [
        `rows           ${run.rows.toLocaleString('en-US')}`,
        `total          ${run.seconds.toFixed(1)} s (the command from start to exit: read, write, index, check, publish)`,
        `rate           ${Math.round(run.rows / run.seconds).toLocaleString('en-US')} rows/s`,
        `CPU            ${run.cpuSeconds?.toFixed(1) ?? 'n/a'} s (writing thread ${run.writingCpuSeconds?.toFixed(1) ?? 'n/a'} s, reading thread ${run.readingCpuSeconds?.toFixed(1) ?? 'n/a'} s)`,
        `peak RSS       ${run.peakRssMiB?.toFixed(0) ?? 'n/a'} MiB`,
        `dataset        ${run.datasetMiB.toFixed(0)} MiB`,
      ].join('\n'),
    );
    console.log(`\n${stepsTable(run.steps)}\nload average at the end: ${describeLoadAverage()}`);
  } finally {
    if (values.keep) console.log(`dataset kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
