// Runs a `kohyo` command (an import) in a child process as `npm run kohyo` runs it, and measures it: wall time, CPU of
// the whole process and of its writing thread, peak resident memory, and each step the command announces on stderr.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { processCpuMs, threadCpuMs } from './process-cpu.js';
import { markdownTable } from './report.js';
import { compileProject } from './compile-project.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What `npm run kohyo` runs: the build in dist/ when it is current, which runCommand makes sure of first. */
const LAUNCHER = join(ROOT, 'scripts', 'kohyo.mjs');
/** How often the child's memory high-water mark is read; VmHWM only grows, so the last reading is the peak. */
const POLL_MS = 100;

export interface CommandRun {
  readonly exitCode: number | null;
  readonly seconds: number;
  readonly peakRssMiB: number | null;
  readonly cpuSeconds: number | null;
  /** The main (writing) thread's CPU seconds, and the busiest other thread's (the reading thread of a large file). */
  readonly writingCpuSeconds: number | null;
  readonly readingCpuSeconds: number | null;
  readonly datasetMiB: number;
  readonly stdout: string;
  /** Each step the command announced (the rows, then indexing, upkeep, the check), with its wall and CPU time. */
  readonly steps: readonly StepTime[];
}

/** One step of a command: from its line on stderr to the next one (or the end). */
export interface StepTime {
  readonly step: string;
  readonly seconds: number;
  /** The child's CPU in the step: all its threads, and the writing (main) thread alone. */
  readonly cpuSeconds: number;
  readonly writingCpuSeconds: number;
}

/** A line of the command's stderr that begins a step (import nta's step lines end with an ellipsis). */
const STEP_LINE = /^(.*) …(?: \(.*\))?$/u;

/** The child's peak resident set (VmHWM), from /proc (Linux); null elsewhere or once it has exited. */
function peakRssMiB(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Marks each step's start (wall and CPU) as its line passes, and closes the last at the end. */
function stepClock(pid: number) {
  const marks: { step: string; at: bigint; cpuMs: number; writingMs: number }[] = [];
  const mark = (step: string) =>
    marks.push({
      step,
      at: process.hrtime.bigint(),
      cpuMs: processCpuMs(pid) ?? 0,
      writingMs: threadCpuMs(pid).get(pid) ?? 0,
    });
  return {
    mark,
    steps(end: { cpuMs: number; writingMs: number }): StepTime[] {
      const last = { step: 'end', at: process.hrtime.bigint(), ...end };
      return marks.map((m, i) => {
        const next = marks[i + 1] ?? last;
        return {
          step: m.step,
          seconds: Number(next.at - m.at) / 1e9,
          cpuSeconds: (next.cpuMs - m.cpuMs) / 1000,
          writingCpuSeconds: (next.writingMs - m.writingMs) / 1000,
        };
      });
    },
  };
}

/**
 * Runs `kohyo ARGS` (after `npm run build`, as `npm start` leaves it) with KOHYO_DB at `dbPath`, passing its stderr
 * through, polling its memory and CPU, and returns what it took. `nodeArgs` go to its node (e.g. `--cpu-prof`); `more`
 * sets other settings, and whether a command that fails (exit code 1: a collection refusing a list) is measured too.
 */
export async function runCommand(
  args: readonly string[],
  dbPath: string,
  nodeArgs: readonly string[] = [],
  more: { readonly env?: Readonly<Record<string, string>>; readonly mayFail?: boolean } = {},
): Promise<CommandRun> {
  compileProject('tsconfig.build.json');
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, LAUNCHER, ...args], {
    env: { ...process.env, ...more.env, KOHYO_DB: dbPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  const clock = stepClock(pid);
  clock.mark('starting, reading and writing');
  createInterface({ input: child.stderr }).on('line', (line) => {
    process.stderr.write(`${line}\n`);
    const step = STEP_LINE.exec(line);
    if (step) clock.mark(step[1]!.replace(/^.*: /u, ''));
  });
  let peak: number | null = null;
  let cpuMs: number | null = null;
  const threads = new Map<number, number>();
  const poll = setInterval(() => {
    peak = peakRssMiB(pid) ?? peak;
    cpuMs = processCpuMs(pid) ?? cpuMs;
    for (const [tid, ms] of threadCpuMs(pid)) threads.set(tid, ms);
  }, POLL_MS);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0 && !(more.mayFail === true && code === 1))
    throw new Error(`kohyo ${args.join(' ')} exited with ${code}:\n${stdout}`);
  const writingMs = threads.get(pid) ?? null;
  const readingMs = Math.max(0, ...[...threads].filter(([tid]) => tid !== pid).map(([, ms]) => ms));
  return {
    exitCode: code,
    seconds,
    peakRssMiB: peak,
    cpuSeconds: cpuMs === null ? null : (cpuMs as number) / 1000,
    writingCpuSeconds: writingMs === null ? null : writingMs / 1000,
    readingCpuSeconds: threads.size > 1 ? readingMs / 1000 : null,
    datasetMiB: existsSync(dbPath) ? statSync(dbPath).size / 2 ** 20 : 0,
    stdout,
    steps: clock.steps({ cpuMs: cpuMs ?? 0, writingMs: threads.get(pid) ?? 0 }),
  };
}

/** The steps as a Markdown table: wall seconds, CPU seconds of all threads and of the writing one. */
export function stepsTable(steps: readonly StepTime[]): string {
  return markdownTable(
    ['step', 'wall s', 'CPU s', 'writing thread CPU s'],
    steps.map((s) => [s.step, s.seconds.toFixed(1), s.cpuSeconds.toFixed(1), s.writingCpuSeconds.toFixed(1)]),
  );
}
