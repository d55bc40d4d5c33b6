// Importing record JSON Lines files: every line validated, then each file applied whole or not at all.
import { instant } from '../../domain/dates.js';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { duplicateIdErrors } from '../../domain/records/record-id.js';
import type { RecordKind } from '../../domain/records/record.js';
import { messageOf } from '../../domain/error-of.js';
import { validateRecordLine } from '../../domain/records/record-validation.js';
import type { ValidRecord } from '../../domain/records/record.js';
import { readDatasetMeta, writeDatasetMeta, type Db } from '../../store/database.js';
import { createRecordWriter, refreshRecordCounts } from '../../store/record-writer.js';
import { seedVocabularies } from '../../store/vocabulary-seed.js';
import { upkeepAfterRecordWrite } from '../../store/maintenance.js';
import { recordCollectionRun } from '../../store/source-writer.js';
import { importRunsOf } from '../../domain/import-runs.js';

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

interface ReadFile {
  readonly lines: number;
  readonly records: ValidRecord[];
  readonly errors: string[];
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
    const read = await readRecordFile(file);
    const records = countByKind(read.records);
    if (read.errors.length > 0) {
      summaries.push(failed(file, read.lines, records, read.errors));
      continue;
    }
    try {
      step(`${file}: writing ${read.records.length} records`);
      const outcome = db.transaction(() => {
        let inserted = 0;
        let replaced = 0;
        writer.inBulk(() => {
          for (const record of read.records) {
            writer.upsertSource(record);
            if (writer.writeRecord(record) === 'inserted') inserted++;
            else replaced++;
            const written = inserted + replaced;
            if (written % PROGRESS_EVERY === 0 || written === read.records.length)
              progress(file, written, read.records.length);
          }
        });
        for (const run of importRunsOf(read.records)) {
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

/** Reads and validates every line of a file; blank lines are skipped but keep their numbers. */
export async function readRecordFile(file: string): Promise<ReadFile> {
  const records: ValidRecord[] = [];
  const ids: { line: number; id: string }[] = [];
  const errors: string[] = [];
  let lines = 0;
  let lineNo = 0;
  try {
    const input = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const raw of input) {
      lineNo++;
      const text = lineNo === 1 ? raw.replace(/^\uFEFF/u, '') : raw;
      if (text.trim() === '') continue;
      lines++;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        errors.push(`line ${lineNo}: not valid JSON (${messageOf(error)})`);
        continue;
      }
      const result = validateRecordLine(value, lineNo);
      if (!result.ok) {
        errors.push(...result.errors);
        continue;
      }
      records.push(result.record);
      ids.push({ line: lineNo, id: result.record.id });
    }
  } catch (error) {
    errors.push(`cannot read the file: ${messageOf(error)}`);
  }
  errors.push(...duplicateIdErrors(ids));
  return { lines, records, errors: errors.sort(byLine) };
}

function failed(
  file: string,
  lines: number,
  records: Record<RecordKind, number>,
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

function countByKind(records: readonly ValidRecord[]): Record<RecordKind, number> {
  const counts: Record<RecordKind, number> = { enforcement: 0, procurement_suspension: 0, license_action: 0 };
  for (const record of records) counts[record.kind]++;
  return counts;
}

// Errors of one line stay together and in the order found; duplicate-id errors join their line.
function byLine(a: string, b: string): number {
  return lineOf(a) - lineOf(b);
}

function lineOf(error: string): number {
  const m = /^line (\d+):/u.exec(error);
  return m ? Number(m[1]) : 0;
}
