// Profiles the production server (`npm run bench:profile -- [numbers|text|search|records] [--off] [--dataset FILE]
// [--seconds N] [--keep FILE]`): a CPU profile of the server process under one case's load, summarised by self time per
// function and per source file. --off profiles the same app without the request log, limiter and usage log;
// --dataset serves another file than the demo (e.g. the million companies of `npm run bench:search`); --seconds
// measures longer than 6 s; --keep FILE keeps the .cpuprofile (for DevTools, or to see who calls a hot function).
// Only the samples of the measured seconds count (not the server's start or the warm-up). Each line gives its share
// of those samples and the CPU µs it took a request (its samples' time over the requests answered meanwhile), which
// compares across two builds where shares do not: a build that answers fewer requests spreads the same work over
// fewer of them.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { upgradeDatasetFile } from '../src/ingest/upgrade-dataset.js';
import { rotatingUserAgents, runLoad } from './http-load.js';
import { startServerProcess } from './server-process.js';
import { pickRotations } from './production-cases.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Each node's samples taken in the last `spanUs` µs of sampling. The server stops within milliseconds of the load's
 * end, and its profile is written after the last sample, so the last sample marks the load's end.
 */
function hitsOfLast(profile: CpuProfile, spanUs: number): Map<number, number> {
  const times: number[] = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((at += delta));
  const from = (times.at(-1) ?? at) - spanUs;
  const hits = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    if ((times[index] ?? 0) >= from) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return hits;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      off: { type: 'boolean', default: false },
      dataset: { type: 'string' },
      seconds: { type: 'string', default: '6' },
      keep: { type: 'string' },
    },
  });
  const which = positionals[0] ?? 'numbers';
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-profile-'));
  try {
    const dbPath = values.dataset ?? join(dir, 'demo.sqlite');
    if (values.dataset === undefined) buildDemoDatabase(dbPath, { now: new Date('2026-11-21T03:00:00Z') });
    // a file written by an older build is brought up to this one first, as `npm start` does before it serves
    else upgradeDatasetFile(dbPath, { now: () => new Date() });
    const rotations = pickRotations(dbPath);
    const paths =
      which === 'text'
        ? rotations.textMix
        : which === 'search'
          ? rotations.searchMix
          : which === 'records'
            ? rotations.recordFilters
            : rotations.numbers;
    const kind = values.off
      ? { kind: 'kohyo' as const, dbPath }
      : { kind: 'production' as const, dbPath, cacheEntries: 0, usageDbPath: join(dir, 'usage.sqlite') };
    const server = await startServerProcess(kind, ['--cpu-prof', '--cpu-prof-dir', dir]);
    const load = await runLoad(
      server.url,
      paths,
      { connections: 10, warmupSeconds: 1, durationSeconds: Number(values.seconds) },
      rotatingUserAgents(1000),
    );
    await server.stop();
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
    if (values.keep !== undefined) copyFileSync(join(dir, file), values.keep);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    // The server's start (module loading, every schema compiled) and the warm-up are left out: only samples taken
    // while the load was measured count, over the requests answered then, so that a build which compiles more at
    // start does not look slower a request.
    const measuredUs = load.durationSeconds * 1_000_000;
    const hitsById = hitsOfLast(profile, measuredUs);
    const total = [...hitsById.values()].reduce((s, hits) => s + hits, 0);
    const answered = load.requests;
    const usPerSampleRequest = measuredUs / total / answered;
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const node of profile.nodes) {
      const hits = hitsById.get(node.id) ?? 0;
      const where = node.callFrame.url.replace(/^.*\/(node_modules\/)?/u, (m) =>
        m.includes('node_modules') ? 'nm:' : '',
      );
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
      const fileKey = node.callFrame.url.includes('node_modules/')
        ? `nm:${node.callFrame.url.split('node_modules/').pop()!.split('/').slice(0, 2).join('/')}`
        : node.callFrame.url.split(`${process.cwd()}/`).pop() || node.callFrame.functionName;
      byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + hits);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(
          ([k, v]) =>
            `${((v / total) * 100).toFixed(1).padStart(5)} % ${(v * usPerSampleRequest).toFixed(2).padStart(6)} µs  ${k}`,
        )
        .join('\n');
    console.log(
      `${total} samples while the load was measured, ${answered} requests answered, ${(measuredUs / answered).toFixed(1)} µs of wall time a request\n\nself time by file or package:\n${top(byFile, 30)}\n\nby function:\n${top(byFunction, 30)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
