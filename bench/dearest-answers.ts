// The dearest /api/v1/search answers of each query class at one size of the register, in-process: every query's CPU
// (the lowest of three runs, after one to warm the pages), the class's mean, median, 90th and 99th percentile, the
// dearest queries by name, and a digest of every answer (request id and time left out) to tell two builds' answers
// apart. Where a class's p99 at half of saturation (bench:scale) comes from, query by query.
// Options: --dataset PATH (a file of bench/out/), --classes (default romaji,kana,English), --queries N (default 200),
// --shown N (default 8).
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openReadOnly } from '../src/store/schema/database.js';
import { drawTexts, SCALE_CLASSES, type ScaleClass } from './scale-queries.js';
import { comparableAnswer, openInProcessSearch } from './search-in-process.js';
import { cpuMicrosEach } from './process-cpu.js';

const SEED = 57;
const RUNS = 3;

/** The figure at this share of the costs, dearest first (0.01: the 99th percentile). */
const dearestShare = (costs: readonly number[], share: number) => costs[Math.floor(costs.length * share)] ?? NaN;

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dataset: { type: 'string' },
      classes: { type: 'string', default: 'romaji,kana,English' },
      queries: { type: 'string', default: '200' },
      shown: { type: 'string', default: '8' },
    },
  });
  if (values.dataset === undefined) throw new Error('--dataset PATH is needed (a file bench:scale built)');
  const classes = SCALE_CLASSES.filter((k: ScaleClass) => values.classes.split(',').includes(k));
  const db = openReadOnly(values.dataset);
  const texts = drawTexts(db, Number(values.queries), SEED);
  db.close();
  const { store, answer } = openInProcessSearch(values.dataset);
  for (const klass of classes) {
    const queries = texts[klass];
    const digest = createHash('sha256');
    for (const q of queries) digest.update(JSON.stringify(comparableAnswer(q, answer(q))));
    const costs = queries
      .map((q) => ({ q, ms: Math.min(...Array.from({ length: RUNS }, () => cpuMicrosEach([q], answer) / 1000)) }))
      .sort((a, b) => b.ms - a.ms);
    const ms = costs.map((c) => c.ms);
    const mean = ms.reduce((sum, m) => sum + m, 0) / ms.length;
    console.log(
      `${klass}: mean ${mean.toFixed(2)} ms, median ${dearestShare(ms, 0.5).toFixed(2)}, p90 ${dearestShare(ms, 0.1).toFixed(2)}, p99 ${dearestShare(ms, 0.01).toFixed(2)}; answers ${digest.digest('hex').slice(0, 12)}`,
    );
    for (const { q, ms: m } of costs.slice(0, Number(values.shown)))
      console.log(`  ${m.toFixed(2).padStart(7)} ms  ${q}`);
  }
  store.close();
}

main();
