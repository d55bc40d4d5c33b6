// The partial look-up of long keys through the long-gram index, by the runs that cover a key (keyLongGrams) and by its
// rarest runs as the counts choose them (rarestLongGrams): for each query class of bench:scale, how many companies the
// index gives a key before the check, and CPU µs a key's count (to the cap of /search) and a key's stage look-up (its
// first 400 term rows, ranked), in-process, median of rounds. Both ways must count the same: a key that does not is
// printed. `node --import tsx bench/long-gram-lookups.ts --dataset PATH [--queries 100] [--rounds 7]`
import { parseArgs } from 'node:util';
import { planCompanySearch } from '../src/domain/companies/company-search-plan.js';
import { keyLongGrams, rarestLongGrams } from '../src/domain/text/index-keys.js';
import { MATCHES_COUNTED_UP_TO } from '../src/domain/text/search-split.js';
import { companyTokenDocsOf } from '../src/store/read/token-counts.js';
import { openReadOnly } from '../src/store/schema/database.js';
import { ftsAllOf } from '../src/store/read/free-text.js';
import { cpuMicrosEach } from './process-cpu.js';
import { markdownTable, median } from './report.js';
import { drawTexts } from './scale-queries.js';

const CLASSES = ['full names', 'kana', 'romaji', 'English'] as const;
const SEED = 57;

const { values } = parseArgs({
  options: {
    dataset: { type: 'string' },
    queries: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '7' },
  },
});
if (values.dataset === undefined) throw new Error('--dataset PATH (a file bench:scale built)');
const db = openReadOnly(values.dataset, 256);
const texts = drawTexts(db, Number(values.queries), SEED);
const docsOf = companyTokenDocsOf(db).longGrams;
const candidates = db.prepare<[string], number>(
  'SELECT count(*) FROM company_long_grams WHERE company_long_grams MATCH ?',
);
const count = db.prepare<[string, string], number>(`SELECT count(*) FROM (SELECT 1 FROM company_long_grams f
  WHERE company_long_grams MATCH ? AND EXISTS (SELECT 1 FROM company_terms t WHERE t.company_id = f.rowid
  AND instr(t.term, ?) > 0) LIMIT ${MATCHES_COUNTED_UP_TO})`);
const stage = db.prepare<[string, string], number>(`SELECT company_id FROM (SELECT t.company_id, t.field, t.legal_form,
  t.rank_key FROM company_long_grams f JOIN company_terms t ON t.company_id = f.rowid WHERE company_long_grams MATCH ?
  AND instr(t.term, ?) > 0 LIMIT 400) ORDER BY field, legal_form IS NOT NULL, rank_key`);
const WAYS = { cover: keyLongGrams, counted: (key: string) => rarestLongGrams(key, docsOf(key)) };

const rows: string[][] = [];
for (const klass of CLASSES) {
  const keys = texts[klass].flatMap((q) => {
    const plan = planCompanySearch(q);
    return plan.kind === 'terms' ? plan.keys.filter((key) => keyLongGrams(key) !== null) : [];
  });
  const figures = Object.entries(WAYS).map(([way, gramsOf]) => {
    const asked = keys.map((key) => ({ key, match: ftsAllOf(gramsOf(key) ?? []) }));
    const found = asked.reduce((sum, { match }) => sum + (candidates.pluck().get(match) ?? 0), 0);
    const time = (run: (a: (typeof asked)[number]) => unknown) =>
      median(Array.from({ length: Number(values.rounds) }, () => cpuMicrosEach(asked, run)));
    const counts = asked.map(({ key, match }) => count.pluck().get(match, key));
    return {
      way,
      found: found / keys.length,
      counts,
      count: time(({ key, match }) => count.pluck().get(match, key)),
      stage: time(({ key, match }) => stage.pluck().all(match, key)),
    };
  });
  const [cover, counted] = figures;
  keys.forEach((key, i) => {
    if (cover?.counts[i] !== counted?.counts[i])
      console.log(`${klass}: ${key} counted ${cover?.counts[i]} and ${counted?.counts[i]}`);
  });
  for (const f of figures)
    rows.push([klass, f.way, String(keys.length), f.found.toFixed(0), f.count.toFixed(0), f.stage.toFixed(0)]);
}
db.close();
console.log(markdownTable(['class', 'runs', 'keys', 'companies a key', 'count µs', 'stage µs'], rows));
