// Importing record JSON Lines files: every line validated, then each file applied whole or not at all.
import { instant } from '../../domain/dates.js';
import { RECORD_KINDS, type RecordKind } from '../../domain/records/record.js';
import { messageOf } from '../../lib/error-of.js';
import { readDatasetMeta, writeDatasetMeta, type Db } from '../../store/schema/database.js';
import { createRecordWriter, refreshRecordCounts } from '../../store/write/record-writer.js';
import { seedVocabularies } from '../../store/write/vocabulary-seed.js';
import { upkeepAfterRecordWrite } from '../../store/write/maintenance.js';
import { recordCollectionRun } from '../../store/write/source-writer.js';
import { checkRecordFile, eachRecordOfFile } from './record-file.js';

/** How many errors of one file are listed; the rest are counted. */
export const MAX_LISTED_ERRORS = 50;

export interface ImportOptions {
  /** The import time, written as the dataset version. */
  readonly now: Date;
  /** Told each step as it begins (reading a file, writing it, the counts, the upkeep): at all Japan each takes minutes. */
  readonly onStep?: (step: string) => void;
  /** Told every PROGRESS_EVERY records written of a file, and at its last. */
  readonly onProgress?: (file: string, written: number, total: number) => void;
  /** Told, once a file is written, the ids of the companies whose record counts it moved (refreshRecordCounts). */
  readonly onCountsMoved?: (companyIds: readonly number[]) => void;
}

/** How many records are written between two progress reports. */
const PROGRESS_EVERY = 50_000;

export interface FileSummary {
  readonly file: string;
  readonly applied: boolean;
  /** Non-blank lines read. */
  readonly lines: number;
  readonly records: Readonly<Record<RecordKind, number>>;
  readonly inserted: number;
  readonly replaced: number;
  /** The first MAX_LISTED_ERRORS errors, each naming its line. */
  readonly errors: readonly string[];
  readonly error_count: number;
}

/** Imports each file in turn; a file with any bad line leaves the database as it was before it. */
export async function importRecordFiles(
  db: Db,
  files: readonly string[],
  options: ImportOptions,
): Promise<FileSummary[]> {
  seedVocabularies(db);
  const writer = createRecordWriter(db, () => options.now);
  const summaries: FileSummary[] = [];
  let appliedAny = false;
  const step = options.onStep ?? (() => undefined);
  const progress = options.onProgress ?? (() => undefined);
  for (const file of files) {
    step(`${file}: reading and checking every line`);
    const read = checkRecordFile(file);
    const { records } = read;
    const total = RECORD_KINDS.reduce((n, kind) => n + records[kind], 0);
    if (read.errors.length > 0) {
      summaries.push(failed(file, read.lines, records, read.errors));
      continue;
    }
    try {
      step(`${file}: writing ${total} records`);
      const outcome = db.transaction(() => {
        let inserted = 0;
        let replaced = 0;
        writer.inBulk(() => {
          // read again rather than held: a file costs the memory of one line (record-file.ts)
          eachRecordOfFile(file, read, (record) => {
            writer.upsertSource(record);
            if (writer.writeRecord(record) === 'inserted') inserted++;
            else replaced++;
            const written = inserted + replaced;
            if (written % PROGRESS_EVERY === 0 || written === total) progress(file, written, total);
          });
        });
        for (const run of read.runs) {
          recordCollectionRun(db, {
            source_id: run.source_id,
            started_at: run.finished_at,
            finished_at: run.finished_at,
            outcome: 'success',
            http_status: null,
            bytes: null,
            records: run.records,
            period_from: run.period_from,
            period_to: run.period_to,
            error: null,
          });
        }
        step('counting the records of each company');
        const moved = refreshRecordCounts(db);
        writeDatasetMeta(db, { kind: readDatasetMeta(db).kind, version: instant(options.now) });
        return { inserted, replaced, moved };
      })();
      // told once the file is in: a file rolled back moved nothing
      const { moved, ...written } = outcome;
      options.onCountsMoved?.(moved);
      summaries.push({ file, applied: true, lines: read.lines, records, ...written, errors: [], error_count: 0 });
      appliedAny = true;
    } catch (error) {
      summaries.push(failed(file, read.lines, records, [`could not be written: ${messageOf(error)}`]));
    }
  }
  if (appliedAny) upkeepAfterRecordWrite(db, step);
  return summaries;
}

function failed(
  file: string,
  lines: number,
  records: Readonly<Record<RecordKind, number>>,
  errors: readonly string[],
): FileSummary {
  return {
    file,
    applied: false,
    lines,
    records,
    inserted: 0,
    replaced: 0,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    error_count: errors.length,
  };
}
