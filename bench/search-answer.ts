// The answer of /api/v1/search over the production benchmark's text mix, in-process: CPU µs an answer (the answer
// function and JSON.stringify of its answer, no HTTP), median of rounds. Run it in two builds' worktrees in turn
// (A, B, A, B) over the same dataset file to compare them (bench/README.md). Options: --dataset PATH (else the demo
// built afresh), --rounds N (default 7), --passes N (passes over the 60 queries a round, default 20), --cache N.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { openStore } from '../src/store/read/store.js';
import { loadConfig } from '../src/config.js';
import { endpointAt } from '../src/api/catalogue.js';
import { pickRotations } from './production-cases.js';
import { median } from './report.js';

const DATASET_DATE = new Date('2026-11-21T03:00:00Z');

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dataset: { type: 'string' },
      rounds: { type: 'string', default: '7' },
      passes: { type: 'string', default: '20' },
      cache: { type: 'string', default: '0' },
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-bench-search-'));
  try {
    let dbPath = values.dataset;
    if (dbPath === undefined) {
      dbPath = join(dir, 'demo.sqlite');
      buildDemoDatabase(dbPath, { now: DATASET_DATE });
    }
    // the text mix's queries, as /search is asked them
    const queries = pickRotations(dbPath).textMix.map((path) => new URL(path, 'http://x').searchParams.get('q') ?? '');
    const store = openStore(dbPath, { answerCacheEntries: Number(values.cache) });
    const search = endpointAt('/api/v1/search');
    if (search === undefined) throw new Error('no /api/v1/search in the catalogue');
    const context = { config: loadConfig({}), dataset: () => store, clock: () => DATASET_DATE };
    const pass = () => {
      let bytes = 0;
      for (const q of queries) bytes += JSON.stringify(search.answer(context, { q }, 'bench')).length;
      return bytes;
    };
    for (let i = 0; i < 3; i++) pass();
    const perAnswer: number[] = [];
    let bytes = 0;
    for (let round = 0; round < Number(values.rounds); round++) {
      const start = process.cpuUsage();
      for (let i = 0; i < Number(values.passes); i++) bytes = pass();
      const used = process.cpuUsage(start);
      perAnswer.push((used.user + used.system) / (Number(values.passes) * queries.length));
    }
    store.close();
    console.log(
      `search over the text mix (${queries.length} queries): ${median(perAnswer).toFixed(1)} µs CPU an answer ` +
        `(rounds ${perAnswer.map((n) => n.toFixed(0)).join(', ')}), ${Math.round(bytes / queries.length)} bytes an answer`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
