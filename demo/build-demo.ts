// Building the bundled demo database: generate, validate, and write it through the one write path (store/draft.ts).
import type { CompanyInput } from '../src/domain/companies/company.js';
import { duplicateIdErrors } from '../src/domain/records/record-id.js';
import type { RecordInput } from '../src/domain/records/record-input.js';
import { validateRecordLine } from '../src/domain/records/record-validation.js';
import type { ValidRecord } from '../src/domain/records/record.js';
import { instant, japanDate } from '../src/domain/dates.js';
import { createCompanyWriter } from '../src/store/write/company-writer.js';
import { writeDatasetMeta, type Db } from '../src/store/schema/database.js';
import { withDraft, type DraftStart } from '../src/store/write/draft.js';
import { createRecordWriter, refreshRecordCounts } from '../src/store/write/record-writer.js';
import { optimiseAfterBulkWrite } from '../src/store/write/maintenance.js';
import { recordCollectionRun, registerSource } from '../src/store/write/source-writer.js';
import { seedVocabularies } from '../src/store/write/vocabulary-seed.js';
import { demoCompanies } from './demo-companies.js';
import { demoRecords } from './demo-records.js';
import { linkedAsCollected } from './demo-links.js';
import { withListings } from './demo-listings.js';
import { DEMO_SOURCES, demoRuns, type DemoRun, type DemoSource, type SourceStats } from './demo-sources.js';
import { createRandom } from './random.js';
import { addDays } from './demo-calendar.js';

/** The seed of the bundled dataset; any fixed number would do, this one keeps it the same in every build. */
const DEMO_SEED = 0x6b6f6879;
const LISTING_SEED_OFFSET = 1;

interface DemoDataset {
  /** The Japan date the records' statuses are laid out around. */
  readonly as_of: string;
  readonly companies: readonly CompanyInput[];
  readonly sources: readonly DemoSource[];
  readonly records: readonly ValidRecord[];
  readonly runs: readonly DemoRun[];
}

/**
 * The whole demo dataset for a build date, validated as any record file is. Pure and deterministic: the same
 * date and seed give the same companies, records and ids. A record that fails validation is a bug here.
 */
function generateDemoDataset(asOf: string, seed = DEMO_SEED): DemoDataset {
  const random = createRandom(seed);
  const companies = demoCompanies(random, asOf);
  // the listings draw from a stream of their own, so that the companies, records and runs stay as they were
  const records = withListings(
    linkedAsCollected(demoRecords(random, companies, asOf), companies),
    createRandom(seed + LISTING_SEED_OFFSET),
    asOf,
  ).map(validated);
  const duplicates = duplicateIdErrors(records.map((r, i) => ({ line: i + 1, id: r.id })));
  if (duplicates.length > 0) throw new Error(`demo records with the same id: ${duplicates.slice(0, 3).join('; ')}`);
  const runs = DEMO_SOURCES.flatMap((source) => demoRuns(random, source, statsOf(source, records), asOf));
  return { as_of: asOf, companies: companies.map((c) => c.input), sources: DEMO_SOURCES, records, runs };
}

export interface DemoBuildSummary {
  readonly path: string;
  readonly as_of: string;
  readonly version: string;
  readonly companies: number;
  readonly records: number;
  readonly sources: number;
}

/**
 * Writes the demo dataset to `path` as a new file that replaces whatever demo (or non-dataset file) is there:
 * a reader never sees half a database, and a failure leaves nothing behind. A production dataset at `path` is
 * refused (DatasetKindError), as is a running writer (WriterLockedError).
 */
export function buildDemoDatabase(
  path: string,
  options: { readonly now: Date; readonly seed?: number; readonly onStart?: (start: DraftStart) => void },
): DemoBuildSummary {
  const asOf = japanDate(options.now);
  const version = instant(options.now);
  const dataset = generateDemoDataset(asOf, options.seed);
  const draft = {
    activity: 'build-demo',
    kind: 'demo',
    from: 'empty',
    now: () => options.now,
    onStart: options.onStart,
  } as const;
  withDraft(path, draft, (db) => writeDataset(db, dataset, options.now));
  return {
    path,
    as_of: asOf,
    version,
    companies: dataset.companies.length,
    records: dataset.records.length,
    sources: dataset.sources.length,
  };
}

function writeDataset(db: Db, dataset: DemoDataset, now: Date): void {
  seedVocabularies(db);
  db.transaction(() => {
    const companies = createCompanyWriter(db);
    for (const company of dataset.companies) companies.upsertCompany(company);
    for (const s of dataset.sources) {
      registerSource(db, {
        id: s.id,
        publisher_code: s.publisher,
        record_kind: s.kind,
        url: s.url,
        title: s.title,
        format: 'html',
        parser: 'demo',
        counted_body: s.counted_body,
      });
    }
    for (const run of dataset.runs) recordCollectionRun(db, run);
    // the demo tells a history: each record reached Kohyo when a run read the first edition of its list to hold it
    let arrival = now;
    const records = createRecordWriter(db, () => arrival);
    // in bulk, as an import of a record file writes (record-writer.ts): row by row, the full-text triggers made
    // most of the build's cost
    records.inBulk(() => {
      for (const record of dataset.records) {
        arrival = arrivalOf(record, now);
        records.upsertSource(record);
        records.writeRecord(record);
      }
    });
  })();
  refreshRecordCounts(db);
  writeDatasetMeta(db, { kind: 'demo', version: instant(now) });
  optimiseAfterBulkWrite(db);
}

/**
 * When a record reached Kohyo: the source's daily run (at the time of day its runs finish) of the day after the first
 * edition that listed it, and never after the run that last read the source (its `retrieved_at`) nor the build.
 */
function arrivalOf(record: ValidRecord, now: Date): Date {
  const read = Date.parse(record.source.retrieved_at);
  const runTime = (read + 9 * 3_600_000) % 86_400_000;
  const firstRead = Date.parse(`${addDays(record.listing.first_listed_on, 1)}T00:00:00+09:00`) + runTime;
  return new Date(Math.min(now.getTime(), read, firstRead));
}

function validated(input: RecordInput, index: number): ValidRecord {
  const result = validateRecordLine(input, index + 1);
  if (!result.ok)
    throw new Error(`demo record ${index + 1} is invalid (a bug in the demo generator): ${result.errors.join('; ')}`);
  return result.record;
}

/** What a source's list held: its record count and the dates its records start on. */
function statsOf(source: DemoSource, records: readonly ValidRecord[]): SourceStats {
  const starts = records
    .filter((r) => r.source.id === source.id)
    .map((r) => (r.kind === 'procurement_suspension' ? r.period.from : r.date))
    .sort();
  return { records: starts.length, period_from: starts[0] ?? null, period_to: starts.at(-1) ?? null };
}
