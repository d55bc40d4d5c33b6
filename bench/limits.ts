// The limiter's cost (`npm run bench:limits`): company search with the limiter off, on the memory store, on the Redis
// store, and on the memory store with the usage log, in one run, as ratios to the limiter-off case.
// Options: --duration S (measured seconds per run, default 5), --warmup S (unmeasured seconds before each run, default 1),
// --connections N (default 10), --rounds N (default 6; every other round runs the cases in reverse order),
// --per-client N (requests per client, default 8), --cpu-prof DIR (a V8 CPU profile of every server process into DIR).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { UsageStore } from '../src/usage/store/usage-store.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { pickQueryRotations } from './demo-queries.js';
import { runLoad, type LoadOptions, type LoadResult } from './http-load.js';
import { processCpuMs } from './process-cpu.js';
import { describeLoad, describeMachine, markdownTable, median } from './report.js';
import { startServerProcess, type ServerKind, type ServerProcess } from './server-process.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '6' },
    'per-client': { type: 'string', default: '8' },
    'cpu-prof': { type: 'string' },
  },
});
const whole = (raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`expected a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
};
const options: LoadOptions = {
  durationSeconds: whole(values.duration, 1),
  warmupSeconds: whole(values.warmup, 0),
  connections: whole(values.connections, 1),
};
const rounds = whole(values.rounds, 1);
// Under the 10-a-minute limit, and so also under the 30 distinct terms the enumeration rule allows a client.
const perClient = whole(values['per-client'], 1, 10);
const nodeOptions = values['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`];

/** Each server's first warm-up, before any round: V8 optimises the hot paths and SQLite fills its page cache. */
const FIRST_WARMUP_SECONDS = 3;

/** How long after a run its abandoned requests are given to finish before the counters are read. */
const SETTLE_MS = 300;

/** The same fixed build date as bench/run.ts, so every run rotates the same queries. */
const DATASET_DATE = new Date('2026-11-21T03:00:00Z');

type CaseName = 'limiter off' | 'memory store' | 'Redis store' | 'memory store + usage log';
const CASES: readonly CaseName[] = ['limiter off', 'memory store', 'Redis store', 'memory store + usage log'];
/** The targets: the share of the limiter-off throughput each case must keep. */
const TARGETS: Partial<Record<CaseName, number>> = { 'memory store': 0.9, 'Redis store': 0.65 };

interface Run {
  readonly name: CaseName;
  readonly round: number;
  readonly result: LoadResult;
  readonly clients: number;
  /** Server CPU time (user + system) per answered request, warm-up included; null off Linux. */
  readonly cpuUsPerRequest: number | null;
  /** For the Redis case, the script runs Redis counted: each answer went through Redis, none through the fallback. */
  readonly evidence: string;
}

/**
 * Each request names its client in X-Kohyo-Client (the User-Agent stays one realistic value): every `perClient`
 * consecutive requests are one client, and no client name is used twice in the whole run, so each client sends
 * fewer than 10 requests in its minute and the limiter admits the whole load. Each client also comes from an
 * address of its own, named in X-Forwarded-For as a load balancer would (serve.ts trusts loopback as that proxy):
 * from one address the load would be refused by the address ceiling, and every check then counts both
 * scopes, the client and its address, as in production.
 */
let sent = 0;
const clientHeaders = (): Record<string, string> => {
  const client = Math.floor(sent++ / perClient);
  return {
    'user-agent': 'kohyo-bench/1 (+https://example.invalid/bench)',
    'x-kohyo-client': `bench-client-${client}`,
    'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
  };
};

/** One case's server, started once and kept for the whole run, and every answer it gave. */
interface CaseServer {
  readonly name: CaseName;
  readonly process: ServerProcess;
  answered: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-limits-'));
  const redisServer = await startRedisServer();
  const redis = new Redis(redisServer.url, { lazyConnect: true });
  const servers: CaseServer[] = [];
  try {
    await redis.connect();
    const dbPath = join(dir, 'demo.sqlite');
    const usageDbPath = join(dir, 'usage.sqlite');
    buildDemoDatabase(dbPath, { now: DATASET_DATE });
    console.log(`machine: ${describeMachine()}`);
    console.log(
      `load: ${describeLoad(options)}; ${rounds} rounds of the four cases after a ${FIRST_WARMUP_SECONDS} s warm-up ` +
        `of each server, ${perClient} requests per client`,
    );
    console.log(`redis-server on ${redisServer.url}\n`);

    // All four servers are started first and kept: idle, they take no CPU, and short interleaved rounds then cost
    // no restarts, so there can be enough of them for the medians to hold on a shared machine.
    for (const name of CASES) {
      servers.push({
        name,
        process: await startServerProcess(serverFor(name, dbPath, redisServer.url, usageDbPath), nodeOptions),
        answered: 0,
      });
    }
    // The rotation is picked through the server without a limiter: picking asks more than 10 questions of one client.
    const rotation = await pickQueryRotations(servers[0]!.process.url);
    const paths = rotation.companies;
    for (const server of servers) await warmUp(server, paths);

    const runs: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      // every other round runs backwards, so a machine that speeds up or slows down during the run favours no case
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        runs.push(await measureRound(server, round + 1, paths, redis));
      }
    }
    const usageServer = servers.find((s) => s.name === 'memory store + usage log')!;
    // stopped first, so that the usage log has written its last batch
    for (const server of servers.splice(0)) await server.process.stop();
    console.log(`\n${checkUsageLog(usageDbPath, usageServer.answered)}`);
    report(
      runs,
      rotation.described.filter((line) => line.startsWith('companies')),
    );
  } finally {
    for (const server of servers) await server.process.stop();
    redis.disconnect();
    await redisServer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server's first answers: each path once, admitted, then a warm-up long enough to compile its hot paths. */
async function warmUp(server: CaseServer, paths: readonly string[]): Promise<void> {
  for (const path of paths) await expectAdmitted(server.process.url, path);
  server.answered += paths.length;
  const first = await runLoad(
    server.process.url,
    paths,
    { ...options, warmupSeconds: 0, durationSeconds: FIRST_WARMUP_SECONDS },
    clientHeaders,
  );
  server.answered += answers(first);
  refuseFailures(`${server.name} (first warm-up)`, first);
}

/** One measured run of one case's server, checked against what its limiter ran in Redis. */
async function measureRound(server: CaseServer, round: number, paths: readonly string[], redis: Redis): Promise<Run> {
  process.stdout.write(`round ${round}: measuring ${server.name} …\n`);
  const firstClient = Math.floor(sent / perClient);
  const callsBefore = await scriptCalls(redis);
  const cpuBefore = processCpuMs(server.process.pid);
  const result = await runLoad(server.process.url, paths, options, clientHeaders);
  const cpuAfter = processCpuMs(server.process.pid);
  // Requests autocannon abandoned in flight when it stopped are still answered by the server: let them finish
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const calls = (await scriptCalls(redis)) - callsBefore;
  server.answered += answers(result);
  refuseFailures(`${server.name} round ${round}`, result);
  // Only the Redis case's server talks to Redis, and every answer it gives ran the script there once (an
  // answer from the memory fallback did not). Other cases may see the last few abandoned requests of a
  // Redis run just before them finish late, at most one per connection.
  const redisCase = server.name === 'Redis store';
  if (redisCase ? calls < answers(result) : calls > options.connections) {
    throw new Error(
      `${server.name}: ${calls} limiter script runs in Redis for ${answers(result)} answers${redisCase ? ' (memory fallback?)' : ''}`,
    );
  }
  sent = (Math.floor(sent / perClient) + 1) * perClient; // the next run starts with a fresh client
  return {
    name: server.name,
    round,
    result,
    clients: Math.floor(sent / perClient) - firstClient,
    cpuUsPerRequest: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / answers(result),
    evidence: redisCase ? `${calls} script runs in Redis` : '',
  };
}

function answers(result: LoadResult): number {
  return Object.values(result.statuses).reduce((a, b) => a + b, 0);
}

/** Any answer but 200 fails the bench: a 429 means the load was not spread over enough clients. */
function refuseFailures(what: string, result: LoadResult): void {
  const other = Object.entries(result.statuses).filter(([status]) => status !== '200');
  if (other.length > 0 || result.errors > 0) {
    throw new Error(
      `${what}: answers other than 200 (${other.map(([s, n]) => `${n}×${s}`).join(', ') || 'none'}), ${result.errors} connection errors`,
    );
  }
}

function serverFor(name: CaseName, dbPath: string, redisUrl: string, usageDbPath: string): ServerKind {
  switch (name) {
    case 'limiter off':
      return { kind: 'kohyo', dbPath };
    case 'memory store':
      return { kind: 'kohyo', dbPath, limiter: { store: 'memory' } };
    case 'Redis store':
      return { kind: 'kohyo', dbPath, limiter: { store: 'redis', redisUrl } };
    case 'memory store + usage log':
      return { kind: 'kohyo', dbPath, limiter: { store: 'memory' }, usageDbPath };
  }
}

/** Each path is asked once by a fresh client before the load, and must be admitted and find rows. */
async function expectAdmitted(url: string, path: string): Promise<void> {
  const response = await fetch(url + path, { headers: clientHeaders() });
  const body = (await response.json()) as { data?: { companies?: unknown[] } };
  if (response.status !== 200 || (body.data?.companies?.length ?? 0) === 0) {
    throw new Error(`${decodeURIComponent(path)} answered ${response.status} before the load: ${JSON.stringify(body)}`);
  }
}

/** Lua script runs Redis has done since it started (ioredis sends EVALSHA, and EVAL once to load the script). */
async function scriptCalls(redis: Redis): Promise<number> {
  const stats = await redis.info('commandstats');
  let calls = 0;
  for (const match of stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gmu)) calls += Number(match[1]);
  return calls;
}

/** Every answered request of the usage-log case was written to the usage log, as a 200. */
function checkUsageLog(usageDbPath: string, answered: number): string {
  const usage = UsageStore.openExisting(usageDbPath);
  if (usage === null) throw new Error(`no usage log at ${usageDbPath}`);
  try {
    const report = usage.report(new Date(0));
    // requests autocannon abandoned when a run ended may have been answered and logged too, hence "at least"
    if (report.total < answered || report.byStatus.some((s) => s.key !== '200')) {
      throw new Error(
        `the usage log holds ${report.total} entries for ${answered} answers, statuses ${JSON.stringify(report.byStatus)}`,
      );
    }
    return `usage log: ${report.total} entries written for ${answered} answers, all 200`;
  } finally {
    usage.close();
  }
}

function report(runs: readonly Run[], queries: readonly string[]): void {
  console.log('\nqueries rotated (GET /api/v1/companies?q=…):');
  for (const line of queries) console.log(`  ${line}`);
  const statuses = (r: LoadResult) =>
    Object.entries(r.statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(' ');
  const cpu = (us: number | null) => (us === null ? 'n/a' : us.toFixed(0));
  console.log('\nevery run (statuses and CPU count the warm-up too):\n');
  console.log(
    markdownTable(
      [
        'case',
        'round',
        'req/s',
        'p50 ms',
        'p99 ms',
        'CPU µs/req',
        'requests',
        'clients',
        'statuses',
        'errors',
        'checked',
      ],
      runs.map(({ name, round, result, clients, cpuUsPerRequest, evidence }) => [
        name,
        String(round),
        result.requestsPerSecond.toFixed(0),
        result.p50Ms.toFixed(2),
        result.p99Ms.toFixed(2),
        cpu(cpuUsPerRequest),
        String(result.requests),
        String(clients),
        statuses(result),
        String(result.errors),
        evidence,
      ]),
    ),
  );

  // Medians rather than means: on a shared machine one disturbed round should not move a case's figure.
  const medianOf = (name: CaseName, pick: (r: Run) => number | null): number | null => {
    const xs = runs.filter((r) => r.name === name).map(pick);
    return xs.some((x) => x === null) ? null : median(xs as number[]);
  };
  const ratio = (x: number | null, off: number | null, format: (r: number) => string) =>
    x === null || off === null ? 'n/a' : format(x / off);
  const off = {
    rate: medianOf('limiter off', (r) => r.result.requestsPerSecond),
    p99: medianOf('limiter off', (r) => r.result.p99Ms),
    cpu: medianOf('limiter off', (r) => r.cpuUsPerRequest),
  };
  const misses: string[] = [];
  const rows = CASES.map((name) => {
    const rate = medianOf(name, (r) => r.result.requestsPerSecond)!;
    const p99 = medianOf(name, (r) => r.result.p99Ms)!;
    const cpuUs = medianOf(name, (r) => r.cpuUsPerRequest);
    const target = TARGETS[name];
    const met = target === undefined ? '' : rate / off.rate! >= target ? 'met' : 'MISSED';
    if (met === 'MISSED') misses.push(name);
    return [
      name,
      rate.toFixed(0),
      ratio(rate, off.rate, (r) => `${(r * 100).toFixed(1)} %`),
      p99.toFixed(2),
      ratio(p99, off.p99, (r) => `${r.toFixed(2)}×`),
      cpu(cpuUs),
      ratio(cpuUs, off.cpu, (r) => `${r.toFixed(2)}×`),
      target === undefined ? '' : `≥ ${(target * 100).toFixed(0)} %`,
      met,
    ];
  });
  console.log(`\nmedians over ${rounds} round(s), ratios to the limiter-off case:\n`);
  console.log(
    markdownTable(['case', 'req/s', 'vs off', 'p99 ms', 'p99 vs off', 'CPU µs/req', 'CPU vs off', 'target', ''], rows),
  );

  if (misses.length > 0) console.log(`\ntarget missed: ${misses.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
