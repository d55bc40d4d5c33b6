// The check of a new dataset, whole on one thread (PRAGMA quick_check) and split over two (parallel-check.ts),
// alternated on one file: `node --import tsx bench/draft-check.ts DATASET [--rounds N]`. Prints wall and CPU seconds
// of each (the process's: both threads), and what each found. Runs the build, as an import does (its second thread
// then loads the compiled module, not the source through tsx).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileProject } from './compile-project.js';
import { describeLoadAverage } from './report.js';
import type * as DatabaseModule from '../src/store/schema/database.js';
import type * as ParallelCheckModule from '../src/store/write/parallel-check.js';

function cpuSeconds(): number {
  const r = process.resourceUsage();
  return (r.userCPUTime + r.systemCPUTime) / 1e6;
}

async function main(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { rounds: { type: 'string', default: '2' } },
    allowPositionals: true,
  });
  const path = positionals[0];
  if (path === undefined) throw new Error('usage: bench/draft-check.ts DATASET [--rounds N]');
  compileProject('tsconfig.build.json');
  const built = (module: string) => new URL(`../dist/src/store/${module}.js`, import.meta.url).href;
  const { integrityProblems, readFile } = (await import(built('database'))) as typeof DatabaseModule;
  const { quickCheckInParallel } = (await import(built('parallel-check'))) as typeof ParallelCheckModule;
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const how of ['one thread', 'two threads'] as const) {
      const cpu = cpuSeconds();
      const started = Date.now();
      const problems = await readFile(path, (db) =>
        how === 'one thread' ? integrityProblems(db, 'quick_check') : quickCheckInParallel(db, path),
      );
      const wall = (Date.now() - started) / 1000;
      console.log(
        `${how.padEnd(12)} ${wall.toFixed(2)} s wall, ${(cpuSeconds() - cpu).toFixed(2)} CPU s, ${problems.length === 0 ? 'ok' : problems.slice(0, 3).join('; ')}`,
      );
    }
  }
  console.log(`load average: ${describeLoadAverage()}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
