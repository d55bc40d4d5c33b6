// The parts of a /api/v1/search answer at one size of the register, in-process (no HTTP): CPU µs an answer for each
// query class of `npm run bench:scale`, whole (the answer function and JSON.stringify of its answer) and by part (the
// company search, its count, each kind's records, and those records with their counts, called as the endpoint calls
// them: the count takes the ids the page read); median of
// rounds. Run it in two builds' worktrees in turn over the same dataset file to compare them. `--answers FILE` writes
// every answer (request id and time left out) so that two builds' answers can be compared byte for byte.
// Options: --dataset PATH (a file of bench/out/, as bench:scale keeps it), --classes, --queries N (default 100),
// --rounds N (default 3), --answers FILE.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Store } from '../src/store/read/store.js';
import { companyQuestion, countCompanies, searchCompanies } from '../src/api/company-search.js';
import { COMPANY_FILTER_MATCHES } from '../src/domain/records/filter-names.js';
import { MATCHES_COUNTED_UP_TO } from '../src/domain/text/search-split.js';
import { foldWidth } from '../src/domain/text/text-fold.js';
import { RECORD_KINDS } from '../src/domain/records/record.js';
import { searchRecords, type RecordSearch } from '../src/store/read/search-records.js';
import { openReadOnly } from '../src/store/schema/database.js';
import { cpuMicrosEach } from './process-cpu.js';
import { markdownTable, median } from './report.js';
import { drawTexts, SCALE_CLASSES } from './scale-queries.js';
import { ANSWER_DAY, comparableAnswer, openInProcessSearch } from './search-in-process.js';

const SEED = 57;
const LIMIT = 10;
const PARTS = ['all', 'companies', 'their count', 'records', 'records and counts'] as const;
type Part = (typeof PARTS)[number];

/** Each part of an answer as the endpoint runs it, for one query. */
function partsOf(store: Store): Record<Exclude<Part, 'all'>, (q: string) => unknown> {
  const found = (q: string) => searchCompanies(store, companyQuestion(q, 'q'), LIMIT, COMPANY_FILTER_MATCHES);
  const search = (q: string): RecordSearch => ({
    companies: found(q).filter,
    text: /^\d{13}$/u.test(q) ? null : foldWidth(q),
    today: ANSWER_DAY,
  });
  const searches = new Map<string, RecordSearch>();
  const searchOf = (q: string) => searches.get(q) ?? searches.set(q, search(q)).get(q)!;
  const founds = new Map<string, ReturnType<typeof found>>();
  const foundOf = (q: string) => founds.get(q) ?? founds.set(q, found(q)).get(q)!;
  return {
    companies: found,
    'their count': (q) => countCompanies(store, foundOf(q), MATCHES_COUNTED_UP_TO),
    records: (q) =>
      RECORD_KINDS.map((kind) => searchRecords(store.records, kind, searchOf(q), LIMIT, MATCHES_COUNTED_UP_TO)),
    'records and counts': (q) =>
      RECORD_KINDS.map((kind) =>
        searchRecords(store.records, kind, searchOf(q), LIMIT, MATCHES_COUNTED_UP_TO).matches(),
      ),
  };
}

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dataset: { type: 'string' },
      classes: { type: 'string', default: SCALE_CLASSES.join(',') },
      queries: { type: 'string', default: '100' },
      rounds: { type: 'string', default: '3' },
      answers: { type: 'string' },
    },
  });
  if (values.dataset === undefined) throw new Error('--dataset PATH is needed (a file bench:scale built)');
  const classes = SCALE_CLASSES.filter((k) => values.classes.split(',').includes(k));
  const db = openReadOnly(values.dataset);
  const texts = drawTexts(db, Number(values.queries), SEED);
  db.close();
  const { store, answer } = openInProcessSearch(values.dataset);
  const parts = { all: answer, ...partsOf(store) };
  const rows: string[][] = [];
  const answers: Record<string, unknown[]> = {};
  for (const klass of classes) {
    const queries = texts[klass];
    answers[klass] = queries.map((q) => comparableAnswer(q, answer(q)));
    const figures = PARTS.map((part) => {
      cpuMicrosEach(queries, parts[part]);
      return median(Array.from({ length: Number(values.rounds) }, () => cpuMicrosEach(queries, parts[part])));
    });
    rows.push([klass, ...figures.map((f) => f.toFixed(0))]);
    process.stdout.write(`  ${klass}: ${figures.map((f) => f.toFixed(0)).join(', ')}\n`);
  }
  store.close();
  console.log(markdownTable(['class', ...PARTS.map((p) => `${p} µs`)], rows));
  if (values.answers !== undefined) writeFileSync(values.answers, `${JSON.stringify(answers, null, 1)}\n`);
}

main();
