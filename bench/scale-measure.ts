// One case of `npm run bench:scale` against a running server: its saturation (a closed loop of 10 connections, with
// the server's CPU a request), then the latencies of an open loop at half that rate (and the CPU a request there).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad, rotatingUserAgents, type HeadersPerRequest, type LoadOptions } from './http-load.js';
import { runAtRate, type RateOptions } from './open-loop.js';
import { cpuPerRequest } from './process-cpu.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export interface CaseFigures {
  readonly endpoint: string;
  readonly klass: string;
  readonly queries: number;
  /** Answers a second with 10 connections asking back to back, and the server's CPU µs an answer then. */
  readonly saturatedRps: number;
  readonly cpuUs: number;
  readonly bytes: number;
  /** The open loop at half the saturated rate: latencies, and the server's CPU µs an answer there. */
  readonly halfRate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly halfCpuUs: number;
  /** Answers other than 2xx, and requests without one, over both runs. */
  readonly failed: number;
}

export interface MeasureSettings {
  readonly seconds: number;
  readonly warmupSeconds: number;
}

/** As `npm run bench`: 1,000 User-Agents in turn, so that the limiter and the usage log see that many clients. */
const USER_AGENTS = 1000;
const CONNECTIONS = 10;
/** Connections the open loop may open: enough that a request never waits for one below saturation. */
const OPEN_LOOP_CONNECTIONS = 32;

/** A server of a size, warmed; `stop` ends it and removes its folder. */
export interface ScaleServer {
  readonly server: ServerProcess;
  stop(): Promise<void>;
}

/**
 * The production service over `dbPath` as the scale benchmarks measure it (the answer cache off, so every answer is
 * worked out; the usage log in a folder of its own; `dbCacheMiB` for KOHYO_DB_CACHE_MB, its default when absent),
 * every path asked once (warmScaleServer).
 */
export async function startScaleServer(
  dbPath: string,
  paths: readonly string[],
  dbCacheMiB?: number,
): Promise<ScaleServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-scale-'));
  const usageDbPath = join(dir, 'usage.sqlite');
  const cache = dbCacheMiB === undefined ? {} : { dbCacheMiB };
  const server = await startServerProcess({ kind: 'production', dbPath, cacheEntries: 0, usageDbPath, ...cache });
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await warmScaleServer(server, paths);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}

/**
 * Asks every path of a size once before any case is measured: a new server maps the dataset file, and the first
 * answers that touch each page pay its page fault (the server's own CPU). Without it the first class measured at
 * a million companies cost up to twice what it cost when measured again.
 */
async function warmScaleServer(server: ServerProcess, paths: readonly string[]): Promise<void> {
  const headers = scaleHeaders();
  for (const path of paths) {
    const answer = await fetch(`${server.url}${path}`, { headers: headers() });
    await answer.arrayBuffer();
  }
}

/** Requests as the scale benchmarks send them: 1,000 User-Agents in turn. */
export function scaleHeaders(): HeadersPerRequest {
  return rotatingUserAgents(USER_AGENTS);
}

/** A closed loop of CONNECTIONS over `paths` for `seconds`, with the server's CPU a request over it. */
export function closedLoop(server: ServerProcess, paths: readonly string[], seconds: number) {
  const closed: LoadOptions = { connections: CONNECTIONS, warmupSeconds: 0, durationSeconds: seconds };
  return cpuPerRequest(server.pid, () => runLoad(server.url, paths, closed, scaleHeaders()));
}

/**
 * The server's saturation over `paths` (a closed loop of CONNECTIONS after a warm-up run), with its CPU a request,
 * and half that rate: the rate of the open loops whose latencies are reported.
 */
export async function saturate(server: ServerProcess, paths: readonly string[], settings: MeasureSettings) {
  await closedLoop(server, paths, settings.warmupSeconds);
  const saturated = await closedLoop(server, paths, settings.seconds);
  return { saturated, halfRate: Math.max(1, Math.round(saturated.result.requestsPerSecond / 2)) };
}

/** The open loop's settings at `rate` for `durationSeconds`. */
export function openLoopAt(rate: number, durationSeconds: number): RateOptions {
  return { rate, connections: OPEN_LOOP_CONNECTIONS, warmupSeconds: 0, durationSeconds };
}

export async function measureScaleCase(
  server: ServerProcess,
  label: { readonly endpoint: string; readonly klass: string },
  paths: readonly string[],
  settings: MeasureSettings,
): Promise<CaseFigures> {
  const headers = scaleHeaders();
  const { saturated, halfRate: rate } = await saturate(server, paths, settings);
  await runAtRate(server.url, paths, openLoopAt(rate, settings.warmupSeconds), headers);
  const half = await cpuPerRequest(server.pid, () =>
    runAtRate(server.url, paths, openLoopAt(rate, settings.seconds), headers),
  );
  const r = saturated.result;
  return {
    ...label,
    queries: new Set(paths).size,
    saturatedRps: r.requestsPerSecond,
    cpuUs: saturated.userUs + saturated.systemUs,
    bytes: r.meanResponseBytes,
    halfRate: rate,
    p50Ms: half.result.p50Ms,
    p99Ms: half.result.p99Ms,
    halfCpuUs: half.userUs + half.systemUs,
    failed: r.non2xx + r.errors + half.result.non2xx + half.result.errors,
  };
}
