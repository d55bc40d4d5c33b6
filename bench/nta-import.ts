// How fast `kohyo import nta` imports a full-size NTA file into a new dataset: rows/s, seconds, peak memory.
// `npm run bench:nta -- [--companies N] [--encoding utf8|sjis] [--file CSV] [--cpu-prof DIR]`
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_GENERATE, defaultNtaPath, generateNtaFile, type GenerateOptions } from './generate-nta.js';
import { processCpuMs, threadCpuMs } from './process-cpu.js';
import { describeMachine } from './report.js';
import { compileProject } from './compile-project.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What `npm run kohyo` runs: the build in dist/ when it is current, which runImport makes sure of first. */
const LAUNCHER = join(ROOT, 'scripts', 'kohyo.mjs');
/** How often the child's memory high-water mark is read; VmHWM only grows, so the last reading is the peak. */
const POLL_MS = 100;

export interface ImportRun {
  readonly seconds: number;
  readonly rows: number;
  readonly peakRssMiB: number | null;
  readonly cpuSeconds: number | null;
  /** The main (writing) thread's CPU seconds, and the busiest other thread's (the reading thread of a large file). */
  readonly writingCpuSeconds: number | null;
  readonly readingCpuSeconds: number | null;
  readonly datasetMiB: number;
  readonly stdout: string;
}

/** The child's peak resident set (VmHWM), from /proc (Linux); null elsewhere or once it has exited. */
function peakRssMiB(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Runs the real command (`npm run kohyo -- import nta`, after `npm run build` as `npm start` leaves it) in a child
 * process into a new dataset, passing its progress lines through, and returns what it took.
 */
export async function runImport(file: string, dbPath: string, nodeArgs: readonly string[] = []): Promise<ImportRun> {
  compileProject('tsconfig.build.json');
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, LAUNCHER, 'import', 'nta', file], {
    env: { ...process.env, KOHYO_DB: dbPath },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  let peak: number | null = null;
  let cpuMs: number | null = null;
  const threads = new Map<number, number>();
  const poll = setInterval(() => {
    peak = peakRssMiB(child.pid!) ?? peak;
    cpuMs = processCpuMs(child.pid!) ?? cpuMs;
    for (const [tid, ms] of threadCpuMs(child.pid!)) threads.set(tid, ms);
  }, POLL_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`import nta exited with ${code}:\n${stdout}`);
  const rows = Number(/^rows read\s+([\d,]+)/mu.exec(stdout)?.[1]?.replace(/,/gu, '') ?? NaN);
  const writingMs = threads.get(child.pid!) ?? null;
  const readingMs = Math.max(0, ...[...threads].filter(([tid]) => tid !== child.pid).map(([, ms]) => ms));
  return {
    seconds,
    rows,
    peakRssMiB: peak,
    cpuSeconds: cpuMs === null ? null : (cpuMs as number) / 1000,
    writingCpuSeconds: writingMs === null ? null : writingMs / 1000,
    readingCpuSeconds: threads.size > 1 ? readingMs / 1000 : null,
    datasetMiB: statSync(dbPath).size / 2 ** 20,
    stdout,
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      companies: { type: 'string', default: '5000000' },
      encoding: { type: 'string', default: DEFAULT_GENERATE.encoding },
      file: { type: 'string' },
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
  console.log(`importing ${file} (${(statSync(file).size / 2 ** 20).toFixed(0)} MiB) into a new dataset`);
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-nta-'));
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
