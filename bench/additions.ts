// What the production additions (request log, limiter, usage log) cost a request, measured in one process without
// sockets (`npm run bench:additions`): the same requests through the app as `npm start` builds it and through the
// same app without the three, alternating rounds, CPU time per request (process.cpuUsage), the best round of each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { createLogger, logDestination } from '../src/http/logger.js';
import { startService } from '../src/service.js';
import { openStore } from '../src/store/store.js';
import { pickRotations } from './production-cases.js';
import { additionParts } from './additions-parts.js';

/** Many short alternating stretches: the machine's drift (other jobs, CPU steal) falls on both apps alike. */
const ROUNDS = 40;
const REQUESTS = 250;

/** CPU microseconds the process spent answering `REQUESTS` of the paths through the app (from request `offset` on). */
async function cpuOf(app: FastifyInstance, paths: readonly string[], offset: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = offset; i < offset + REQUESTS; i++) {
    const answer = await app.inject({ method: 'GET', url: paths[i % paths.length]!, headers: { 'user-agent': `kohyo-bench/${i % 1000}` } });
    if (answer.statusCode !== 200) throw new Error(`${paths[i % paths.length]} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  }
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-additions-'));
  try {
    const dbPath = join(dir, 'demo.sqlite');
    buildDemoDatabase(dbPath, { now: new Date('2026-11-21T03:00:00Z') });
    const rotations = pickRotations(dbPath);
    const env = {
      KOHYO_DB: dbPath, KOHYO_USAGE_DB: join(dir, 'usage.sqlite'), KOHYO_USAGE_SECRET: 'bench', KOHYO_ANSWER_CACHE_ENTRIES: '0',
      KOHYO_LIMIT_PER_MINUTE: '1000000', KOHYO_LIMIT_PER_DAY: '100000000', KOHYO_ENUM_DISTINCT_TERMS: '1000000', KOHYO_ENUM_SEQUENTIAL: '1000', LOG_LEVEL: 'info',
    };
    const config = loadConfig(env);
    const production = await startService(config, createLogger('info', logDestination('/dev/null')));
    const store = openStore(dbPath);
    const bare = await buildApp({ config, dataset: () => store, clock: () => new Date(), logger: false });
    const cases: [string, readonly string[]][] = [
      ['Corporate Number look-ups', rotations.numbers], ['text mix', rotations.textMix], ['record filters', rotations.recordFilters],
    ];
    const parts: [string, Record<string, number>][] = [];
    console.log('| case | production µs/req | without the three µs/req | the additions µs/req |\n|---|--:|--:|--:|');
    for (const [name, paths] of cases) {
      // warm both up: V8's optimised code and SQLite's pages, not counted
      await cpuOf(production.app, paths, 0);
      await cpuOf(bare, paths, 0);
      let prod = 0;
      let off = 0;
      for (let round = 0; round < ROUNDS; round++) {
        // alternating which goes first, so that neither always runs on a heap the other left behind
        const first = round % 2 === 0;
        const a = await cpuOf(first ? production.app : bare, paths, round * REQUESTS);
        const b = await cpuOf(first ? bare : production.app, paths, round * REQUESTS);
        prod += first ? a : b;
        off += first ? b : a;
      }
      const per = (total: number) => total / (ROUNDS * REQUESTS);
      console.log(`| ${name} | ${per(prod).toFixed(0)} | ${per(off).toFixed(0)} | ${(per(prod) - per(off)).toFixed(0)} |`);
      parts.push([name, await additionParts(config, dir, paths)]);
    }
    console.log('\neach addition on its own, µs a request (best of 5 rounds of 20,000 calls):\n');
    const names = Object.keys(parts[0]![1]);
    console.log(`| case | ${names.join(' | ')} | in all |\n|---|${names.map(() => '--:|').join('')}--:|`);
    for (const [name, part] of parts) {
      const values = names.map((n) => part[n]!);
      console.log(`| ${name} | ${values.map((v) => v.toFixed(1)).join(' | ')} | ${values.reduce((a, b) => a + b, 0).toFixed(1)} |`);
    }
    await production.close();
    await bare.close();
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
