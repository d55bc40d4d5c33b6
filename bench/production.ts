// The production benchmark (`npm run bench`): the demo dataset served as `npm start` serves it (request log, limiter,
// usage log; limits raised so nothing is refused; 1,000 User-Agents), against the same app with those three off and
// against bare Fastify, each case interleaved with the bare route so that ratios come from one stretch of time.
// Options: --duration S (default 8), --warmup S (default 2), --connections N (default 10), --cache N (answer cache
// entries; default 0, the cold figures), --dataset PATH (a dataset file instead of the demo built afresh), --zipf N (the
// text mix drawn from N distinct queries by a Zipf distribution), --startup-warmup S (default 6: the seconds of each
// case's rotation every server answers before the first case, so that no case measures a server's first seconds).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { upgradeDatasetFile } from '../src/ingest/upgrade-dataset.js';
import { BASELINE_LOOKUP_PATH, BASELINE_PATH } from './baseline-app.js';
import { rotatingUserAgents, runLoad, type LoadOptions, type LoadResult } from './http-load.js';
import { describeLoad, describeMachine, markdownTable } from './report.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { processCpuMs } from './process-cpu.js';
import { pickRotations, zipfSequence } from './production-cases.js';

const DATASET_DATE = new Date('2026-11-21T03:00:00Z');
const USER_AGENTS = 1000;

interface Measured {
  readonly result: LoadResult;
  /** Server CPU (user + system) per answered request, in microseconds. */
  readonly cpuUs: number;
}

async function measure(server: ServerProcess, paths: readonly string[], options: LoadOptions): Promise<Measured> {
  const headers = rotatingUserAgents(USER_AGENTS);
  if (options.warmupSeconds > 0) await runLoad(server.url, paths, { ...options, durationSeconds: options.warmupSeconds, warmupSeconds: 0 }, headers);
  const before = processCpuMs(server.pid) ?? 0;
  const result = await runLoad(server.url, paths, { ...options, warmupSeconds: 0 }, headers);
  const cpuMs = (processCpuMs(server.pid) ?? 0) - before;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${paths[0]}…: ${result.non2xx} non-2xx answers, ${result.errors} errors (${JSON.stringify(result.statuses)})`);
  return { result, cpuUs: (cpuMs * 1000) / result.requests };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: 'string', default: '8' }, warmup: { type: 'string', default: '2' }, connections: { type: 'string', default: '10' },
      cache: { type: 'string', default: '0' }, dataset: { type: 'string' }, zipf: { type: 'string' },
      'startup-warmup': { type: 'string', default: '6' },
    },
  });
  const options: LoadOptions = { durationSeconds: Number(values.duration), warmupSeconds: Number(values.warmup), connections: Number(values.connections) };
  const cacheEntries = Number(values.cache);
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-'));
  const servers: ServerProcess[] = [];
  try {
    let dbPath = values.dataset;
    if (dbPath === undefined) {
      dbPath = join(dir, 'demo.sqlite');
      buildDemoDatabase(dbPath, { now: DATASET_DATE });
    } else {
      // a file written by an older build is brought up to this one first, as `npm start` does before it serves
      upgradeDatasetFile(dbPath, { now: () => new Date() });
    }
    // --zipf N: the text mix drawn from N distinct queries by a Zipf distribution, as a public API is asked
    const zipf = values.zipf === undefined ? null : Number(values.zipf);
    const picked = pickRotations(dbPath, zipf ?? 60);
    const rotations = zipf === null ? picked : { ...picked, textMix: zipfSequence(picked.textMix, 50_000) };
    console.log(`dataset: ${dbPath}\nmachine: ${describeMachine()}\nload: ${describeLoad(options)}, ${USER_AGENTS} User-Agents`);
    console.log(`answer cache: ${cacheEntries === 0 ? 'off (cold figures)' : `${cacheEntries} entries`}`);
    console.log(`text mix: ${zipf === null ? '60 queries in turn' : `50,000 drawn from ${zipf} distinct queries by a Zipf distribution`}\n`);
    const bare = await startServerProcess({ kind: 'baseline', dbPath });
    const production = await startServerProcess({ kind: 'production', dbPath, cacheEntries, usageDbPath: join(dir, 'usage.sqlite') });
    const additionsOff = await startServerProcess({ kind: 'kohyo', dbPath, cacheEntries });
    servers.push(bare, production, additionsOff);

    const lookups = rotations.numbers.map((path) => path.replace('/api/v1/companies', BASELINE_LOOKUP_PATH));
    const cases: [string, readonly string[]][] = [
      ['Corporate Number look-ups', rotations.numbers],
      ['text mix', rotations.textMix],
      ['record filters', rotations.recordFilters],
    ];
    // A server just started still compiles its hot paths and collects its start-up garbage: in 2 s windows from its
    // start, the production server's record filters cost 1 102, 571, 467, 413 and then about 330 µs a request, its text
    // mix 784, 401, 301 and then about 275 (bench/README.md). Each server answers every case's rotation first, so that
    // no case measures those seconds; with the answer cache on, it then holds what the warm-up asked, as a server
    // that has run for a while would.
    const startup = { ...options, warmupSeconds: 0, durationSeconds: Number(values['startup-warmup']) };
    if (startup.durationSeconds > 0) {
      process.stdout.write('warming up the servers …\n');
      const served = cases.map(([, paths]) => paths).filter((paths) => paths.length > 0);
      for (const [server, rotationsOf] of [[bare, [[BASELINE_PATH], lookups]], [production, served], [additionsOff, served]] as const) {
        for (const paths of rotationsOf) await runLoad(server.url, paths, startup, rotatingUserAgents(USER_AGENTS));
      }
    }
    const rows: string[][] = [];
    const additions: string[] = [];
    for (const [name, paths] of cases.filter(([, paths]) => paths.length > 0)) {
      process.stdout.write(`measuring ${name} …\n`);
      const before = await measure(bare, [BASELINE_PATH], options);
      const prod = await measure(production, paths, options);
      const off = await measure(additionsOff, paths, options);
      const floor = name === 'Corporate Number look-ups' ? await measure(bare, lookups, options) : null;
      const after = await measure(bare, [BASELINE_PATH], options);
      const bareRps = (before.result.requestsPerSecond + after.result.requestsPerSecond) / 2;
      const row = (label: string, m: Measured) => [
        name, label, m.result.requestsPerSecond.toFixed(0), `${((m.result.requestsPerSecond / bareRps) * 100).toFixed(1)} %`,
        m.cpuUs.toFixed(0), m.result.p99Ms.toFixed(2),
      ];
      rows.push(row('bare Fastify, fixed JSON (mean of before and after)', { result: { ...before.result, requestsPerSecond: bareRps }, cpuUs: (before.cpuUs + after.cpuUs) / 2 }));
      if (floor) rows.push(row('bare Fastify + one SQLite primary-key look-up', floor));
      rows.push(row('production (request log, limiter, usage log)', prod));
      rows.push(row('the same app, those three off', off));
      additions.push(`${name}: ${(prod.cpuUs - off.cpuUs).toFixed(0)} µs of server CPU a request`);
    }
    console.log(`\n${markdownTable(['case', 'server', 'req/s', 'of bare', 'server CPU µs/req', 'p99 ms'], rows)}\n`);
    console.log(`the production additions cost:\n  ${additions.join('\n  ')}`);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
