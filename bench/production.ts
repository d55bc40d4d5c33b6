// The production benchmark (`npm run bench`): the demo dataset served as `npm start` serves it (request log, limiter,
// usage log; limits raised so nothing is refused; 1,000 User-Agents), against the same app with those three off and
// against bare Fastify. Each case runs in rounds, every round between two runs of the bare route, so that each ratio
// comes from one stretch of time; the table gives each server's median round, since this machine's speed drifts by a
// third within minutes. Options: --rounds N (default 6), --duration S (measured seconds of each run, default 3),
// --warmup S (default 1), --connections N (default 10), --cache N (answer cache entries; default 0, the cold figures),
// --dataset PATH (a dataset file instead of the demo built afresh), --zipf N (the text mix drawn from N distinct
// queries by a Zipf distribution), --startup-warmup S (default 6: the seconds of each case's rotation every server
// answers before the first case, so that no case measures a server's first seconds), --cases a,b (the cases to run,
// by their first word: numbers, text, search, records; default all).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { upgradeDatasetFile } from '../src/ingest/upgrade-dataset.js';
import { BASELINE_LOOKUP_PATH, BASELINE_PATH } from './baseline-app.js';
import { rotatingUserAgents, runLoad, type LoadOptions, type LoadResult } from './http-load.js';
import { describeLoad, describeMachine, markdownTable, median } from './report.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { cpuPerRequest } from './process-cpu.js';
import { pickRotations, zipfSequence, type Rotations } from './production-cases.js';

const DATASET_DATE = new Date('2026-11-21T03:00:00Z');
const PRODUCTION = 'production (request log, limiter, usage log)';
const ADDITIONS_OFF = 'the same app, those three off';
const USER_AGENTS = 1000;
const NUMBERS_CASE = 'Corporate Number look-ups';
const BARE_LOOKUP = 'bare Fastify + one SQLite primary-key look-up';

interface Measured {
  readonly result: LoadResult;
  /** Server CPU (user + system) per answered request, in microseconds. */
  readonly cpuUs: number;
  /** Its system part: the kernel's work for the server, most of it the socket writes and the waking of the client. */
  readonly systemUs: number;
}

/** One round of one server: its run, and its req/s over the mean of the bare route's runs just before and after. */
interface Round extends Measured {
  readonly ofBare: number;
}

async function measure(server: ServerProcess, paths: readonly string[], options: LoadOptions): Promise<Measured> {
  const headers = rotatingUserAgents(USER_AGENTS);
  if (options.warmupSeconds > 0)
    await runLoad(server.url, paths, { ...options, durationSeconds: options.warmupSeconds, warmupSeconds: 0 }, headers);
  const { result, userUs, systemUs } = await cpuPerRequest(server.pid, () =>
    runLoad(server.url, paths, { ...options, warmupSeconds: 0 }, headers),
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${paths[0]}…: ${result.non2xx} non-2xx answers, ${result.errors} errors (${JSON.stringify(result.statuses)})`,
    );
  return { result, cpuUs: userUs + systemUs, systemUs };
}

interface Settings {
  readonly load: LoadOptions;
  readonly rounds: number;
  readonly cacheEntries: number;
  /** A dataset file to serve, else the demo built afresh. */
  readonly dataset: string | undefined;
  /** The text mix drawn from this many distinct queries by a Zipf distribution, else 60 queries in turn. */
  readonly zipf: number | null;
  readonly startupWarmupSeconds: number;
  /** The cases to run, by their first word. */
  readonly cases: ReadonlySet<string>;
}

function readSettings(args: readonly string[]): Settings {
  const { values } = parseArgs({
    args: [...args],
    options: {
      rounds: { type: 'string', default: '6' },
      duration: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '10' },
      cache: { type: 'string', default: '0' },
      dataset: { type: 'string' },
      zipf: { type: 'string' },
      'startup-warmup': { type: 'string', default: '6' },
      cases: { type: 'string', default: 'numbers,text,search,records' },
    },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds ${values.rounds}: give a whole number of rounds, at least 1`);
  return {
    load: {
      durationSeconds: Number(values.duration),
      warmupSeconds: Number(values.warmup),
      connections: Number(values.connections),
    },
    rounds,
    cacheEntries: Number(values.cache),
    dataset: values.dataset,
    zipf: values.zipf === undefined ? null : Number(values.zipf),
    startupWarmupSeconds: Number(values['startup-warmup']),
    cases: new Set(values.cases.split(',')),
  };
}

/** The dataset file to serve: the demo built in `dir`, or the given file brought up to this build. */
function prepareDataset(dir: string, dataset: string | undefined): string {
  if (dataset === undefined) {
    const dbPath = join(dir, 'demo.sqlite');
    buildDemoDatabase(dbPath, { now: DATASET_DATE });
    return dbPath;
  }
  // a file written by an older build is brought up to this one first, as `npm start` does before it serves
  upgradeDatasetFile(dataset, { now: () => new Date() });
  return dataset;
}

/** The paths each case asks in turn; the text and search mixes drawn by a Zipf distribution under --zipf. */
function rotationsOf(dbPath: string, zipf: number | null): Rotations {
  const picked = pickRotations(dbPath, zipf ?? 60);
  if (zipf === null) return picked;
  return {
    ...picked,
    textMix: zipfSequence(picked.textMix, 50_000),
    searchMix: zipfSequence(picked.searchMix, 50_000),
  };
}

/** The cases chosen that have paths to ask, each named, with the paths it asks in turn. */
function casesOf(rotations: Rotations, chosen: ReadonlySet<string>): [name: string, paths: readonly string[]][] {
  const all: [key: string, name: string, paths: readonly string[]][] = [
    ['numbers', NUMBERS_CASE, rotations.numbers],
    ['text', 'text mix', rotations.textMix],
    ['search', 'search mix (the text mix asked of /api/v1/search)', rotations.searchMix],
    ['records', 'record filters', rotations.recordFilters],
  ];
  return all.filter(([key, , paths]) => chosen.has(key) && paths.length > 0).map(([, name, paths]) => [name, paths]);
}

function printSetup(dbPath: string, settings: Settings): void {
  const { load, rounds, cacheEntries, zipf } = settings;
  console.log(
    `dataset: ${dbPath}\nmachine: ${describeMachine()}\nload: ${describeLoad(load)}, ${USER_AGENTS} User-Agents`,
  );
  console.log(`rounds: ${rounds} per case, each between two runs of the bare route; the table gives the median round`);
  console.log(`answer cache: ${cacheEntries === 0 ? 'off (cold figures)' : `${cacheEntries} entries`}`);
  console.log(
    `text mix: ${zipf === null ? '60 queries in turn' : `50,000 drawn from ${zipf} distinct queries by a Zipf distribution`}\n`,
  );
}

/** The three servers measured: bare Fastify, the production server and the same app with its additions off. */
interface Servers {
  readonly bare: ServerProcess;
  readonly production: ServerProcess;
  readonly additionsOff: ServerProcess;
  /** The number look-ups' rotation as the bare server's primary-key route asks it. */
  readonly lookups: readonly string[];
}

/**
 * A server just started still compiles its hot paths and collects its start-up garbage, so its first seconds cost
 * several times what it costs a request once warm. Each server answers every case's rotation first, so that no case
 * measures those seconds; with the answer cache on, it then holds what the warm-up asked, as a server that has run
 * for a while would.
 */
async function warmUp(servers: Servers, served: readonly (readonly string[])[], startup: LoadOptions): Promise<void> {
  process.stdout.write('warming up the servers …\n');
  for (const [server, rotationsOf] of [
    [servers.bare, [[BASELINE_PATH], servers.lookups]],
    [servers.production, served],
    [servers.additionsOff, served],
  ] as const) {
    for (const paths of rotationsOf) await runLoad(server.url, paths, startup, rotatingUserAgents(USER_AGENTS));
  }
}

/** One case measured: the bare route's runs, and each server's rounds keyed by its label. */
interface CaseRuns {
  readonly bareRuns: readonly Measured[];
  readonly perServer: ReadonlyMap<string, readonly Round[]>;
}

/**
 * Round r is the bare run before it, each server, then the bare run after it (the next round's "before"), so that
 * every ratio is taken against the bare route of the same minute; every other round runs the servers in reverse
 * order, so that a machine speeding up or slowing down favours none of them.
 */
async function measureCase(
  servers: Servers,
  name: string,
  paths: readonly string[],
  settings: Settings,
): Promise<CaseRuns> {
  const { load } = settings;
  const servedHere: [string, ServerProcess, readonly string[]][] = [
    [PRODUCTION, servers.production, paths],
    [ADDITIONS_OFF, servers.additionsOff, paths],
  ];
  if (name === NUMBERS_CASE) servedHere.unshift([BARE_LOOKUP, servers.bare, servers.lookups]);
  const bareRuns = [await measure(servers.bare, [BASELINE_PATH], load)];
  const perServer = new Map<string, Round[]>(servedHere.map(([label]) => [label, []]));
  for (let round = 0; round < settings.rounds; round++) {
    const measured = new Map<string, Measured>();
    for (const [label, server, served] of round % 2 === 0 ? servedHere : [...servedHere].reverse()) {
      measured.set(label, await measure(server, served, load));
    }
    bareRuns.push(await measure(servers.bare, [BASELINE_PATH], load));
    const bareRps = (bareRuns[round]!.result.requestsPerSecond + bareRuns[round + 1]!.result.requestsPerSecond) / 2;
    for (const [label, m] of measured)
      perServer.get(label)!.push({ ...m, ofBare: m.result.requestsPerSecond / bareRps });
  }
  return { bareRuns, perServer };
}

/** The table's rows of one case: the bare route, then each server with its share of the bare route's req/s. */
function caseRows(name: string, { bareRuns, perServer }: CaseRuns): string[][] {
  // the bare route is 100 % of itself in every round: its row has no range
  const row = (label: string, runs: readonly Measured[], ofBare: readonly number[] | null) => [
    name,
    label,
    median(runs.map((r) => r.result.requestsPerSecond)).toFixed(0),
    ofBare === null ? '100.0 %' : `${median(ofBare).toFixed(1)} %`,
    ofBare === null ? '' : `${Math.min(...ofBare).toFixed(1)} to ${Math.max(...ofBare).toFixed(1)} %`,
    median(runs.map((r) => r.cpuUs)).toFixed(0),
    median(runs.map((r) => r.systemUs)).toFixed(0),
    median(runs.map((r) => r.result.p99Ms)).toFixed(2),
  ];
  const serverRows = [...perServer].map(([label, rounds]) =>
    row(
      label,
      rounds,
      rounds.map((r) => r.ofBare * 100),
    ),
  );
  return [row('bare Fastify, fixed JSON', bareRuns, null), ...serverRows];
}

/** What the production additions cost in one case: the server CPU a request beyond the same app without them. */
function additionsCost(name: string, { perServer }: CaseRuns): string {
  const prod = perServer.get(PRODUCTION)!;
  const off = perServer.get(ADDITIONS_OFF)!;
  const differences = prod.map((p, round) => p.cpuUs - off[round]!.cpuUs);
  const inKernel = prod.map((p, round) => p.systemUs - off[round]!.systemUs);
  return (
    `${name}: ${median(differences).toFixed(0)} µs of server CPU a request, ${median(inKernel).toFixed(0)} of them in the kernel ` +
    `(rounds: ${differences.map((d) => d.toFixed(0)).join(', ')})`
  );
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-'));
  const started: ServerProcess[] = [];
  const start = async (options: Parameters<typeof startServerProcess>[0]) => {
    const server = await startServerProcess(options);
    started.push(server);
    return server;
  };
  try {
    const dbPath = prepareDataset(dir, settings.dataset);
    const rotations = rotationsOf(dbPath, settings.zipf);
    const cases = casesOf(rotations, settings.cases);
    printSetup(dbPath, settings);
    const { cacheEntries } = settings;
    const servers: Servers = {
      bare: await start({ kind: 'baseline', dbPath }),
      production: await start({ kind: 'production', dbPath, cacheEntries, usageDbPath: join(dir, 'usage.sqlite') }),
      additionsOff: await start({ kind: 'kohyo', dbPath, cacheEntries }),
      lookups: rotations.numbers.map((path) => path.replace('/api/v1/companies', BASELINE_LOOKUP_PATH)),
    };
    const startup = { ...settings.load, warmupSeconds: 0, durationSeconds: settings.startupWarmupSeconds };
    if (startup.durationSeconds > 0)
      await warmUp(
        servers,
        cases.map(([, paths]) => paths),
        startup,
      );
    const rows: string[][] = [];
    const additions: string[] = [];
    for (const [name, paths] of cases) {
      process.stdout.write(`measuring ${name} …\n`);
      const runs = await measureCase(servers, name, paths, settings);
      rows.push(...caseRows(name, runs));
      additions.push(additionsCost(name, runs));
    }
    console.log(
      `\n${markdownTable(['case', 'server', 'req/s', 'of bare', 'rounds, of bare', 'server CPU µs/req', 'of it in the kernel', 'p99 ms'], rows)}\n`,
    );
    console.log(`the production additions cost:\n  ${additions.join('\n  ')}`);
  } finally {
    for (const server of started) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
