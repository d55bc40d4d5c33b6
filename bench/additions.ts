// What each production addition (request log, limiter, usage log) costs a request of its own work
// (`npm run bench:additions`): each alone in a tight loop, in one process and without sockets. The whole, over HTTP
// and with everything a request shares with them, is `npm run bench`'s difference between the production server and
// the same app without them, over HTTP in interleaved rounds: in-process, in stretches of a few hundred requests,
// the machine's drift is larger than the difference.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { loadConfig } from '../src/config.js';
import { pickRotations } from './production-cases.js';
import { additionParts } from './additions-parts.js';
import { markdownTable } from './report.js';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-additions-'));
  try {
    const dbPath = join(dir, 'demo.sqlite');
    buildDemoDatabase(dbPath, { now: new Date('2026-11-21T03:00:00Z') });
    const rotations = pickRotations(dbPath);
    const config = loadConfig({
      KOHYO_DB: dbPath,
      KOHYO_USAGE_DB: join(dir, 'usage.sqlite'),
      KOHYO_USAGE_SECRET: 'bench',
      KOHYO_ANSWER_CACHE_ENTRIES: '0',
      KOHYO_LIMIT_PER_MINUTE: '1000000',
      KOHYO_LIMIT_PER_DAY: '100000000',
      KOHYO_ENUM_DISTINCT_TERMS: '1000000',
      KOHYO_ENUM_SEQUENTIAL: '1000',
      LOG_LEVEL: 'info',
    });
    const cases: [string, readonly string[]][] = [
      ['Corporate Number look-ups', rotations.numbers],
      ['text mix', rotations.textMix],
      ['record filters', rotations.recordFilters],
    ];
    const rows: string[][] = [];
    let names: string[] = [];
    for (const [name, paths] of cases) {
      const parts = await additionParts(config, dir, paths);
      names = Object.keys(parts);
      const values = names.map((n) => parts[n]!);
      rows.push([name, ...values.map((v) => v.toFixed(1)), values.reduce((a, b) => a + b, 0).toFixed(1)]);
    }
    console.log('each addition on its own, µs a request (best of 5 rounds of 20,000 calls):\n');
    console.log(markdownTable(['case', ...names, 'in all'], rows));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
