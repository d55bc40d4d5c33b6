// /api/v1/search's latencies after the server has answered nothing for a while, for each size of the served page cache
// (KOHYO_DB_CACHE_MB): on a file larger than SQLite's 2 GB memory map, the pages past the map that the cache does not
// hold live only in the kernel's page cache, which drops pages that lie unread (bench/README.md, "How to read a
// figure"), so the first answers after a quiet spell wait for the disk.
//
//   node --import tsx bench/idle-latency.ts --dataset FILE [--cache-mb 256,2048] [--classes 'romaji,full names']
//                                           [--idle 100] [--seconds 15]
//
// Per cache size: one server (as npm start serves) and every path asked once; then for each class `--idle` seconds
// without a request and an open loop for `--seconds` at half of the class's saturation (10 connections, 4 s, measured
// under the first cache size and kept for the others, so that the runs compare): p50, p99 and the slowest answer, the
// server's CPU an answer, what it read from disk (/proc/PID/io read_bytes) and its resident set.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openReadOnly } from '../src/store/schema/database.js';
import { runAtRate } from './open-loop.js';
import { processCpuMs } from './process-cpu.js';
import { drawTexts, pathsOf, SCALE_CLASSES, type ScaleClass } from './scale-queries.js';
import { openLoopAt, saturate, scaleHeaders, startScaleServer } from './scale-measure.js';
import type { ServerProcess } from './server-process.js';

const SEED = 57;
const QUERIES_PER_CLASS = 200;

interface Settings {
  readonly dataset: string;
  readonly classes: readonly ScaleClass[];
  readonly idleSeconds: number;
  readonly seconds: number;
}

/** Bytes the process has read from storage so far, and its resident set in MiB (Linux's /proc). */
function processIo(pid: number): { readBytes: number; residentMiB: number } {
  const readBytes = Number(/^read_bytes: (\d+)$/mu.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
  const residentKiB = Number(/^VmRSS:\s+(\d+)/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return { readBytes, residentMiB: residentKiB / 1024 };
}

/** Each class's `/search` paths, drawn from the dataset as bench:scale draws them. */
function classPaths(settings: Settings): [ScaleClass, string[]][] {
  const db = openReadOnly(settings.dataset);
  try {
    const texts = drawTexts(db, QUERIES_PER_CLASS, SEED);
    return settings.classes.map((klass) => [klass, pathsOf('search', klass, texts[klass])]);
  } finally {
    db.close();
  }
}

async function measureAfterIdle(server: ServerProcess, klass: ScaleClass, paths: string[], rate: number, s: Settings) {
  await sleep(s.idleSeconds * 1000);
  const cpuBefore = processCpuMs(server.pid) ?? NaN;
  const ioBefore = processIo(server.pid);
  const result = await runAtRate(server.url, paths, openLoopAt(rate, s.seconds), scaleHeaders());
  const cpuUs = (((processCpuMs(server.pid) ?? NaN) - cpuBefore) * 1000) / result.requests;
  const io = processIo(server.pid);
  const readMB = (io.readBytes - ioBefore.readBytes) / 1e6;
  console.log(
    `  ${klass}: ${rate}/s after ${s.idleSeconds} s idle: p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)}, ` +
      `slowest ${result.maxMs.toFixed(0)}; ${cpuUs.toFixed(0)} µs of CPU an answer; ${readMB.toFixed(1)} MB read; ` +
      `${io.residentMiB.toFixed(0)} MiB resident; ${result.non2xx + result.errors} failed`,
  );
}

/** Half of each class's saturation (bench:scale's, 4 s after 1): the rate its open loops run at under every cache size. */
async function halfRates(server: ServerProcess, cases: [ScaleClass, string[]][]): Promise<Map<ScaleClass, number>> {
  const rates = new Map<ScaleClass, number>();
  for (const [klass, paths] of cases)
    rates.set(klass, (await saturate(server, paths, { seconds: 4, warmupSeconds: 1 })).halfRate);
  return rates;
}

/** The classes' runs under one cache size, at the `given` rates (measured under this one when null); the rates used. */
async function measureCacheSize(
  cacheMiB: number,
  cases: [ScaleClass, string[]][],
  settings: Settings,
  given: Map<ScaleClass, number> | null,
): Promise<Map<ScaleClass, number>> {
  const served = await startScaleServer(
    settings.dataset,
    cases.flatMap(([, paths]) => paths),
    cacheMiB,
  );
  const { server } = served;
  try {
    console.log(`KOHYO_DB_CACHE_MB=${cacheMiB}`);
    const rates = given ?? (await halfRates(server, cases));
    for (const [klass, paths] of cases) await measureAfterIdle(server, klass, paths, rates.get(klass) ?? 1, settings);
    return rates;
  } finally {
    await served.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string' },
      'cache-mb': { type: 'string', default: '256,2048' },
      classes: { type: 'string', default: '2-char prefixes,romaji,full names' },
      idle: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '15' },
    },
  });
  if (values.dataset === undefined) throw new Error('--dataset FILE is needed (a file bench:scale built)');
  const named = values.classes.split(',');
  const settings: Settings = {
    dataset: values.dataset,
    classes: SCALE_CLASSES.filter((klass) => named.includes(klass)),
    idleSeconds: Number(values.idle),
    seconds: Number(values.seconds),
  };
  const cases = classPaths(settings);
  let rates: Map<ScaleClass, number> | null = null;
  for (const cacheMiB of values['cache-mb'].split(',').map(Number))
    rates = await measureCacheSize(cacheMiB, cases, settings, rates);
}

await main();
