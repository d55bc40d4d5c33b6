// Two builds' /api/v1/search answers in one process, over the same dataset: the reliable comparison of a change to the
// search path (a server's CPU varies by a third from run to run on this machine; alternating the two builds in one
// process does not). The other build is a worktree of the repository (`git worktree add DIR COMMIT`, its node_modules
// copied); its modules are loaded beside this build's. It must open the dataset: a build of an older schema refuses a
// file of a newer one, so give it an empty migration of the newer version in its src/store/schema/schema.ts (its queries
// read only what it knew). Every answer is compared, request id left out; CPU µs an answer, median of the rounds, the
// two builds alternated. `--questions typed` asks the typed questions of bench:scale's measure (typed-questions.ts)
// instead of the classes drawn from the dataset.
// `node --import tsx bench/search-answers-ab.ts --dataset PATH --before DIR [--questions classes|typed] [--queries 100]
// [--rounds 6] [--classes …]`
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMicrosEach } from './process-cpu.js';
import { markdownTable, median } from './report.js';
import { drawTexts, SCALE_CLASSES } from './scale-queries.js';
import { datasetQuestions } from './typed-questions.js';
import { openReadOnly } from '../src/store/schema/database.js';

const SEED = 57;
const TODAY = '2026-11-21';

type Answer = (q: string) => string;

/** The search endpoint's answer function of the build under `root`, over the dataset, as scale-parts.ts calls it. */
async function answererOf(root: string, dataset: string): Promise<Answer> {
  const { openStore } = (await import(
    `${root}/src/store/read/store.js`
  )) as typeof import('../src/store/read/store.js');
  const { loadConfig } = (await import(`${root}/src/config.js`)) as typeof import('../src/config.js');
  const { endpointAt } = (await import(`${root}/src/api/catalogue.js`)) as typeof import('../src/api/catalogue.js');
  const store = openStore(dataset, { answerCacheEntries: 0, cacheMiB: loadConfig({}).dbCacheMiB });
  const endpoint = endpointAt('/api/v1/search');
  if (endpoint === undefined) throw new Error(`${root}: no /api/v1/search in the catalogue`);
  const context = { config: loadConfig({}), dataset: () => store, clock: () => new Date(`${TODAY}T03:00:00Z`) };
  return (q) => JSON.stringify(endpoint.answer(context, { q }, 'bench')).replace(/"request_id":"[^"]*"/u, '');
}

/** The questions asked by class or form: drawn from the dataset (bench:scale's classes), or the typed questions. */
async function questionsOf(dataset: string, questions: string, perClass: number): Promise<Record<string, string[]>> {
  if (questions === 'typed') return datasetQuestions(dataset);
  if (questions !== 'classes') throw new Error(`--questions: ${questions} is not classes or typed`);
  const db = openReadOnly(dataset);
  try {
    return drawTexts(db, perClass, SEED);
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dataset: { type: 'string' },
      before: { type: 'string' },
      queries: { type: 'string', default: '100' },
      rounds: { type: 'string', default: '6' },
      classes: { type: 'string', default: SCALE_CLASSES.join(',') },
      questions: { type: 'string', default: 'classes' },
    },
  });
  if (values.dataset === undefined || values.before === undefined) throw new Error('--dataset PATH and --before DIR');
  const texts = await questionsOf(values.dataset, values.questions, Number(values.queries));
  const before = await answererOf(resolve(values.before), values.dataset);
  const after = await answererOf(resolve(import.meta.dirname, '..'), values.dataset);
  const rows: string[][] = [];
  const classes = Object.keys(texts).filter(
    (k) => values.questions === 'typed' || values.classes.split(',').includes(k),
  );
  for (const klass of classes) {
    const queries = texts[klass] ?? [];
    const differ = queries.filter((q) => before(q) !== after(q)).length;
    const cpu = { before: [] as number[], after: [] as number[] };
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = round % 2 === 0 ? (['after', 'before'] as const) : (['before', 'after'] as const);
      for (const side of order) cpu[side].push(cpuMicrosEach(queries, side === 'before' ? before : after));
    }
    const [was, now] = [median(cpu.before), median(cpu.after)];
    rows.push([klass, String(differ), was.toFixed(0), now.toFixed(0), `${((100 * (now - was)) / was).toFixed(0)} %`]);
    process.stdout.write(`  ${rows.at(-1)!.join(', ')}\n`);
  }
  console.log(markdownTable(['class', 'answers that differ', 'before µs', 'after µs', 'change'], rows));
}

await main();
