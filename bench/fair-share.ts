// What one address can take from another (`npm run bench:fair-share`): a victim at 127.0.0.20 probes the production
// server (dist/src/main.js in a child process, every bound its default) alone and then while each attack runs from
// 127.0.0.21, each attack against a fresh server so that none inherits another's refusals; then the most expensive
// anonymous request, from a catalogue asked of a server whose limits are raised. The server's log is written to a
// file, and what each attack added to it is measured. Options: --seconds S (each phase, default 5), --per-case N
// (requests of each catalogue candidate, default 200), --skip-build (dist/ is current), --attacks f,g (only those),
// --skip-catalogue, --connected-victim (the victim's connections opened before each phase's clock starts, as a
// keep-alive client's are, rather than in the same instant as the attack's).
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { pickRotations } from './production-cases.js';
import { processCpuMs } from './process-cpu.js';
import { describeMachine } from './report.js';
import { clientFrom } from './fair-share-client.js';
import { runVictim, type VictimPlan, type VictimResult } from './fair-share-victim.js';
import {
  BUNDLE_PATH,
  GUIDE_READS,
  MCP_HEADERS,
  bundleInBrotli,
  guideReads,
  heldConnections,
  repeatedParameter,
  type AttackResult,
} from './fair-share-attacks.js';
import { unreadAnswers, type MemoryCourse } from './fair-share-unread.js';
import { ATTACKER_ADDRESS_FORMS, longPaths, pipelinedRefusals, wideCalls, wideRefusals } from './fair-share-floods.js';
import { buildProduction, startProductionServer } from './fair-share-server.js';
import { dearBatches, droppedNeighbour, reconnectLoops, slowHeads } from './fair-share-many.js';
import { RAISED_LIMITS_ENV, candidates, measureCandidates } from './fair-share-catalogue.js';
import { reportCatalogue, reportPhases, type Phase } from './fair-share-report.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    attacks: { type: 'string', default: '' },
    'skip-catalogue': { type: 'boolean', default: false },
    'per-case': { type: 'string', default: '200' },
    'skip-build': { type: 'boolean', default: false },
    'connected-victim': { type: 'boolean', default: false },
  },
});
const whole = (raw: string, min: number, max: number): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`expected a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
};
const seconds = whole(values.seconds, 1, 60);
const perCase = whole(values['per-case'], 10, 5000);

const DATASET_DATE = new Date('2026-11-21T03:00:00Z');
/** Warms a fresh server from an address of its own, within its limits, before the victim's baseline. */
const WARMING_ADDRESS = '127.0.0.10';

type Attack = (url: string, pid: number, seconds: number) => Promise<AttackResult & { memory?: MemoryCourse }>;

const ATTACKS: readonly { readonly name: string; readonly run: Attack }[] = [
  { name: '(a) 300 connections held, /health now and then', run: (url, _pid, s) => heldConnections(url, s) },
  { name: '(b) 4 connections of MCP batches of 10 guide reads', run: (url, _pid, s) => guideReads(url, s) },
  { name: '(c) 2 connections, 1,800 values of q', run: (url, _pid, s) => repeatedParameter(url, s) },
  { name: '(d) swagger-ui-bundle.js in br, 2 connections', run: (url, _pid, s) => bundleInBrotli(url, s) },
  { name: '(e) 300 connections posting MCP batches, never reading', run: (url, pid, s) => unreadAnswers(url, pid, s) },
  { name: '(f) refused, 15 KB paths, 8 connections 4 deep', run: (url, _pid, s) => longPaths(url, s) },
  { name: '(g) refused, pipelined 16 deep on 16 connections', run: (url, _pid, s) => pipelinedRefusals(url, s) },
  { name: '(h) refused, 1,400 parameters, 8 connections 4 deep', run: (url, _pid, s) => wideRefusals(url, s) },
  { name: '(i) refused, MCP batches of 10 calls of 520 arguments', run: (url, _pid, s) => wideCalls(url, s) },
  { name: '(j) 480 addresses × 32 slow heads, a byte every 5 s', run: (url, _pid, s) => slowHeads(url, s) },
  { name: '(k) at its cap: 32 idle, 50 loops reconnecting', run: (url, _pid, s) => reconnectLoops(url, s) },
  { name: '(l) 20 addresses × 3 MCP batches of 10 dearest searches', run: (url) => dearBatches(url) },
  { name: '(m) dropped address flooding, a neighbour device asking', run: (url, _pid, s) => droppedNeighbour(url, s) },
];

/**
 * The victim's plan for one server's life (its baseline and the attack): /health as often as its share of uncounted
 * answers allows with room (600 a minute), and 8 company searches in all, under the 10 a minute of one client.
 */
function victimPlan(searches: readonly string[]): VictimPlan {
  return {
    seconds,
    healthPerSecond: Math.min(20, Math.floor(500 / (2 * seconds))),
    searches,
    searchEveryMs: Math.ceil((2 * seconds * 1000) / 8),
    connectedFirst: values['connected-victim'],
  };
}

/**
 * The first answers of a fresh server (JIT, SQLite's page cache, the statements each answer prepares once) are not the
 * victim's to pay for: a server's first `/api/v1/search` took 119 ms, its next ones 2 to 6 (2026-11-28), and a run
 * whose attack made the first one read that start as the attack's.
 */
async function warm(url: string, search: string): Promise<void> {
  const client = clientFrom(url, WARMING_ADDRESS, 2);
  for (let i = 0; i < 200; i++) await client.send({ path: '/health' });
  for (let i = 0; i < 3; i++) {
    await client.send({ path: search, headers: { 'user-agent': `warm/${i}` } });
    // a word and one-character words: the text's two ways of being read
    const words = ['warm', '東 京 大 阪 北 南 西 山 川 田'][i % 2]!;
    await client.send({
      path: `/api/v1/search?q=${encodeURIComponent(words)}${i}`,
      headers: { 'user-agent': `warm/${i}` },
    });
    await client.send({ path: BUNDLE_PATH, headers: { 'accept-encoding': 'br' } });
  }
  await client.send({
    path: '/mcp',
    method: 'POST',
    headers: { ...MCP_HEADERS, 'user-agent': 'warm/mcp' },
    body: GUIDE_READS,
  });
  await client.close();
}

/** How many bytes of the file at `path` are there now. */
const sizeOf = (path: string) => statSync(path).size;

/** The forms of the attacker's address found in the server's log (its first 64 MiB), with how often. */
function addressesInLog(path: string): string {
  const fd = openSync(path, 'r');
  const buffer = Buffer.alloc(Math.min(sizeOf(path), 64 * 1024 * 1024));
  try {
    readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = buffer.toString('utf8');
  const found = ATTACKER_ADDRESS_FORMS.map((form) => [form, text.split(form).length - 1] as const).filter(
    ([, n]) => n > 0,
  );
  return found.length === 0 ? 'none' : found.map(([form, n]) => `${form} ×${n}`).join(', ');
}

async function runPhase(dir: string, dbPath: string, index: number, plan: VictimPlan): Promise<Phase> {
  const attack = ATTACKS[index]!;
  const logPath = join(dir, `server-${index}.log`);
  const server = await startProductionServer(dbPath, join(dir, `usage-${index}.sqlite`), {}, logPath);
  try {
    await warm(server.url, plan.searches[0]!);
    const cpu = () => processCpuMs(server.pid) ?? Number.NaN;
    const baseCpu = cpu();
    const baseline: VictimResult = await runVictim(server.url, plan, 'victim');
    const victimCpuMsPerS = (cpu() - baseCpu) / plan.seconds;
    const attackCpu = cpu();
    const logBefore = sizeOf(logPath);
    const attackStart = performance.now();
    const [underAttack, result] = await Promise.all([
      runVictim(server.url, plan, 'victim'),
      attack.run(server.url, server.pid, plan.seconds),
    ]);
    const attackSeconds = (performance.now() - attackStart) / 1000;
    // the server's CPU over the attack, less what the victim's probes took at their own rate alone
    const attackerCpuMs = cpu() - attackCpu - victimCpuMsPerS * plan.seconds;
    // what the log holds is written within a second (logger.ts): the attack's lines are in by now, or after the stop
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const logBytes = sizeOf(logPath) - logBefore;
    await server.stop();
    const log = { bytes: logBytes, addresses: addressesInLog(logPath) };
    return { name: attack.name, baseline, underAttack, result, attackerCpuMs, attackSeconds, log };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-fair-share-'));
  try {
    const dbPath = join(dir, 'demo.sqlite');
    buildDemoDatabase(dbPath, { now: DATASET_DATE });
    if (!values['skip-build']) buildProduction();
    console.log(`machine: ${describeMachine()}`);
    const plan = victimPlan(pickRotations(dbPath, 8).textMix);
    console.log(
      `victim ${plan.seconds} s alone then ${plan.seconds} s under each attack: /health ${plan.healthPerSecond}/s, ` +
        `a company search every ${plan.searchEveryMs} ms; each attack against a fresh server\n`,
    );
    const phases: Phase[] = [];
    const chosen = values.attacks === '' ? null : new Set(values.attacks.split(','));
    for (let index = 0; index < ATTACKS.length; index++) {
      if (chosen !== null && !chosen.has(ATTACKS[index]!.name.slice(1, 2))) continue;
      process.stdout.write(`${ATTACKS[index]!.name} …\n`);
      phases.push(await runPhase(dir, dbPath, index, plan));
    }
    reportPhases(phases);
    if (values['skip-catalogue']) return;
    const server = await startProductionServer(dbPath, join(dir, 'usage-catalogue.sqlite'), RAISED_LIMITS_ENV);
    try {
      process.stdout.write(`\ncatalogue: ${perCase} requests a candidate, one at a time, limits raised …\n`);
      reportCatalogue(await measureCandidates(server.url, server.pid, candidates(dbPath), perCase));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
