// How long a second `npm start` takes to answer /health: the wall time from spawning the start command to the first
// 200, and the CPU time the build check and the server spent until then: what a restart costs a user waiting on it.
//
//   node --import tsx bench/startup.ts [--runs 5]
//
// The dataset is built once (the first start) in a temporary folder; each run then starts the service as `npm start`
// does (scripts/build.mjs --if-changed, then dist/src/main.js with the node flags of package.json), without npm's own
// start-up, and stops it once /health answers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { processCpuSplitMs } from './process-cpu.js';

const ROOT = new URL('..', import.meta.url).pathname;

/** The server's command as `npm start` runs it, after the build check. */
function serverArgs(): string[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts;
  const server =
    scripts.start
      .split('&&')[1]
      ?.trim()
      .replace(/^exec /u, '')
      .split(/\s+/u) ?? [];
  if (server[0] !== 'node') throw new Error(`npm start is not "… && exec node …": ${scripts.start}`);
  return server.slice(1);
}

interface Run {
  readonly wallMs: number;
  /** The build check's CPU (user + system), measured apart. */
  readonly buildCpuMs: number;
  /** The server's CPU until its first 200 of /health. */
  readonly serverCpuMs: number;
}

async function firstHealth(port: number, startedAt: number, alive: () => boolean): Promise<number> {
  for (;;) {
    if (!alive()) throw new Error('the server exited before answering /health');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function oneRun(env: NodeJS.ProcessEnv, port: number): Promise<Run> {
  const startedAt = performance.now();
  const childrenBefore = finishedChildrenCpuMs();
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (check.status !== 0) throw new Error('the build failed');
  const buildCpuMs = finishedChildrenCpuMs() - childrenBefore;
  const server = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  server.on('exit', () => (exited = true));
  try {
    const wallMs = await firstHealth(port, startedAt, () => !exited);
    const cpu = processCpuSplitMs(server.pid ?? 0);
    return {
      wallMs,
      buildCpuMs,
      serverCpuMs: cpu === null ? Number.NaN : cpu.userMs + cpu.systemMs,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (exited ? resolve(undefined) : server.once('exit', resolve)));
  }
}

/** The CPU milliseconds this process's finished children used, from /proc/self/stat (cutime, cstime; Linux). */
function finishedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks * 10;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  const folder = mkdtempSync(join(tmpdir(), 'kohyo-startup-'));
  const port = 30_000 + (process.pid % 10_000);
  const env = { ...process.env, KOHYO_DB: join(folder, 'kohyo.sqlite'), PORT: String(port), LOG_LEVEL: 'warn' };
  try {
    await oneRun(env, port); // the first start: builds the demo dataset
    const results: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await oneRun(env, port);
      results.push(run);
      console.log(
        `run ${i + 1}: ${run.wallMs.toFixed(0)} ms to the first 200; CPU: build check ${run.buildCpuMs} ms, server ${run.serverCpuMs} ms`,
      );
    }
    console.log(
      `median of ${runs}: ${median(results.map((r) => r.wallMs)).toFixed(0)} ms wall; CPU build check ` +
        `${median(results.map((r) => r.buildCpuMs))} ms, server ${median(results.map((r) => r.serverCpuMs))} ms`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
