// Profiles the production server (`npm run bench:profile -- [numbers|text|records] [--off] [--dataset FILE] [--seconds N]`): a CPU
// profile of the server process under one case's load, summarised by self time per function and per source file.
// --off profiles the same app without the request log, limiter and usage log; --dataset serves another file than
// the demo (e.g. the million companies of `npm run bench:search`); --seconds measures longer than 6 s, so that the
// server's start (schema compilation, module loading, about a second) weighs less in the profile. Each line gives its
// share of the samples and the CPU µs it took a request (its samples' time over every request the server answered),
// which compares across two builds where shares do not: a build that answers fewer requests spreads the same work
// over fewer of them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      off: { type: 'boolean', default: false },
      dataset: { type: 'string' },
      seconds: { type: 'string', default: '6' },
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
      which === 'text' ? rotations.textMix : which === 'records' ? rotations.recordFilters : rotations.numbers;
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
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      nodes: ProfileNode[];
      startTime: number;
      endTime: number;
    };
    const total = profile.nodes.reduce((s, node) => s + (node.hitCount ?? 0), 0);
    const answered = Object.values(load.statuses).reduce((sum, n) => sum + n, 0);
    const usPerSampleRequest = (profile.endTime - profile.startTime) / total / answered;
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      const where = node.callFrame.url.replace(/^.*\/(node_modules\/)?/u, (m) =>
        m.includes('node_modules') ? 'nm:' : '',
      );
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
      const fileKey = node.callFrame.url.includes('node_modules/')
        ? `nm:${node.callFrame.url.split('node_modules/').pop()!.split('/').slice(0, 2).join('/')}`
        : node.callFrame.url.split('/work/main/').pop() || node.callFrame.functionName;
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
      `${total} samples, ${answered} requests answered, ${((profile.endTime - profile.startTime) / answered).toFixed(1)} µs of the process's time a request\n\nself time by file or package:\n${top(byFile, 30)}\n\nby function:\n${top(byFunction, 30)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
