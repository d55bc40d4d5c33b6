// Imports NTA corporate-number files into the store: each file in one transaction, all of it or nothing.
import { statSync } from 'node:fs';
import type { CompanyInput } from '../../domain/companies/company.js';
import { inAsyncTransaction } from '../../store/write/async-transaction.js';
import { createCompanyWriter, type CompanyWriter } from '../../store/write/company-writer.js';
import { readDatasetMeta, writeDatasetMeta, type Db } from '../../store/schema/database.js';
import { upkeepAfterCompanyImport } from '../../store/write/maintenance.js';
import type { NtaEncoding } from './nta-decoder.js';
import { openParsedRowsOnThread } from './nta-parse-thread.js';
import { openParsedRows, type ParsedItem, type ParsedRows, type ReadState } from './nta-parsed-rows.js';
import { NtaFormatError } from './nta-reader.js';
import { messageOf } from '../../lib/error-of.js';
import type { NtaRow, NtaRowError, NtaRowErrorReason } from './nta-row.js';
import { MAX_SKIP_EXAMPLES, type NtaFileSummary, type NtaImportSummary } from './nta-summary.js';

/**
 * When a file is "not an NTA file" rather than an NTA file with a few bad rows. A malformed row is skipped
 * and counted, but the whole file is rejected (nothing applied) when
 * - each of its first EARLY_ROWS rows is malformed (checked as soon as they are read), or
 * - no row at all is well-formed, or
 * - more than TOLERATED_ROWS rows and more than MAX_MALFORMED_SHARE of all rows are malformed.
 * The floor keeps a small daily file with one or two damaged rows importable.
 */
const REJECTION = { EARLY_ROWS: 100, TOLERATED_ROWS: 10, MAX_MALFORMED_SHARE: 0.01 } as const;

/** How often (in rows) onProgress is called while a file is read; it is also called once at its end. */
const PROGRESS_EVERY_ROWS = 1000;

/**
 * Files at least this large are read and parsed on a worker thread while this one writes (nta-parse-thread.ts),
 * so that a large import keeps two cores busy.
 * Below it, starting the thread costs more than it saves.
 */
const PARSE_THREAD_MIN_BYTES = 1024 * 1024;

export interface NtaProgress {
  readonly file: string;
  readonly rowsRead: number;
  readonly bytesRead: number;
  readonly totalBytes: number | null;
  readonly elapsedMs: number;
  readonly done: boolean;
}

export interface NtaImportOptions {
  readonly onProgress?: (progress: NtaProgress) => void;
  /** The clock for the dataset version; the default is the system clock. */
  readonly now?: () => Date;
  /** Forces the encoding instead of detecting it per file. */
  readonly encoding?: NtaEncoding | null;
  /** See PARSE_THREAD_MIN_BYTES (the default); 0 reads every file on a worker thread. */
  readonly parseThreadMinBytes?: number;
  /** Told as each step after the rows begins: it has no rows to count, and takes minutes for millions of companies. */
  readonly onStep?: (step: string) => void;
  /**
   * False writes row by row, the schema's triggers and indexes kept up at each row, as any other writer of companies
   * does: the same content as the bulk write (the default), many times slower, which is what a test compares it with.
   */
  readonly inBulk?: boolean;
}

/** A file was rejected; nothing of it was applied. Files before it in the list stay imported. */
export class NtaImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
    readonly completed: readonly NtaFileSummary[],
    cause?: unknown,
  ) {
    super(`${file}: ${line === null ? '' : `line ${line}: `}${reason}`, { cause });
  }
}

/** Imports the files in order, stopping at the first that is rejected (it throws NtaImportError). */
export async function importNtaFiles(
  db: Db,
  files: readonly string[],
  options: NtaImportOptions = {},
): Promise<NtaImportSummary> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const writer = createCompanyWriter(db);
  const done: NtaFileSummary[] = [];
  let upkeepRan = false;
  try {
    for (const file of files) done.push(await importOneFile(db, writer, file, done, now, options));
  } finally {
    // the upkeep after a bulk write, for what was applied even if a later file was rejected
    if (done.length > 0) upkeepRan = upkeepAfterCompanyImport(db, options.onStep);
  }
  return { files: done, elapsedMs: Date.now() - started, upkeepRan };
}

/** One file in one transaction; any failure rolls it back and is thrown as an NtaImportError. */
async function importOneFile(
  db: Db,
  writer: CompanyWriter,
  file: string,
  done: readonly NtaFileSummary[],
  now: () => Date,
  options: NtaImportOptions,
): Promise<NtaFileSummary> {
  try {
    return await inAsyncTransaction(db, async () => {
      const inBulk = options.inBulk ?? true;
      if (inBulk) writer.startBulk();
      const result = await importFile(writer, file, options);
      if (inBulk) writer.finishBulk((step) => options.onStep?.(`${file}: ${step}`));
      // the kind of an existing dataset (demo or production) is kept; a new one is production
      writeDatasetMeta(db, { kind: readDatasetMeta(db).kind, version: now().toISOString() });
      return result;
    });
  } catch (err) {
    // the rollback undid the file's writes; what the writer holds of that file goes too
    writer.abandonBulk();
    writer.takeUnclaimedFormerNames();
    const completed = [...done];
    if (err instanceof FileRejection) throw new NtaImportError(file, err.line, err.message, completed);
    if (err instanceof NtaFormatError) throw new NtaImportError(file, err.line, err.reason, completed);
    // anything else (the database is locked, a fault) still names the file, and keeps the original as cause
    throw new NtaImportError(file, null, messageOf(err), completed, err);
  }
}

class FileRejection extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

async function importFile(writer: CompanyWriter, file: string, options: NtaImportOptions): Promise<NtaFileSummary> {
  const started = Date.now();
  const rows = await openRows(file, options);
  let read: ReadState = { bytesRead: 0, totalBytes: null, encoding: options.encoding ?? null };
  const formerBefore = writer.formerNamesAdded;
  const c: RowCounts = {
    rowsRead: 0,
    currentRows: 0,
    historyRows: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    older: 0,
    deleted: 0,
    skippedTotal: 0,
  };
  const skipped: Partial<Record<NtaRowErrorReason, number>> = {};
  const examples: NtaRowError[] = [];
  // The first malformed row's message: one is kept from the first skipped row on.
  const firstExample = (): string => examples[0]?.message ?? '';
  const progress = (isDone: boolean) =>
    options.onProgress?.({
      file,
      rowsRead: c.rowsRead,
      bytesRead: read.bytesRead,
      totalBytes: read.totalBytes,
      elapsedMs: Date.now() - started,
      done: isDone,
    });
  const apply = ({ result: parsed, terms }: ParsedItem): void => {
    c.rowsRead++;
    if (c.rowsRead % PROGRESS_EVERY_ROWS === 0) progress(false);
    if (!parsed.ok) {
      const { error } = parsed;
      if (error.reason === 'encoding') {
        throw new FileRejection(
          `bytes that are not valid ${encodingLabel(read.encoding)}; is this the other edition (see --encoding)?`,
          error.line,
        );
      }
      c.skippedTotal++;
      skipped[error.reason] = (skipped[error.reason] ?? 0) + 1;
      if (examples.length < MAX_SKIP_EXAMPLES) examples.push(error);
      if (c.rowsRead === REJECTION.EARLY_ROWS && c.skippedTotal === c.rowsRead) {
        throw new FileRejection(
          `not an NTA corporate-number file: its first ${REJECTION.EARLY_ROWS} rows are all malformed (${firstExample()})`,
          null,
        );
      }
      return;
    }
    applyRow(writer, parsed.row, terms, c);
  };
  try {
    for await (const batch of rows.batches) {
      read = batch.state;
      for (const item of batch.items) apply(item);
    }
  } finally {
    rows.close();
  }
  rejectMalformed(c, firstExample());
  progress(true);
  return {
    file,
    entry: rows.entryName,
    encoding: read.encoding,
    ...c,
    formerNamesAdded: writer.formerNamesAdded - formerBefore,
    unclaimedFormerNames: writer.takeUnclaimedFormerNames(),
    skipped,
    skippedExamples: examples,
    elapsedMs: Date.now() - started,
  };
}

/** What a file's rows did, by kind and outcome. */
interface RowCounts {
  rowsRead: number;
  currentRows: number;
  historyRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  older: number;
  deleted: number;
  skippedTotal: number;
}

/** A well-formed row written: a company's current state, its deletion, or a name it had. */
function applyRow(writer: CompanyWriter, row: NtaRow, terms: ParsedItem['terms'], c: RowCounts): void {
  const { company } = row;
  if (!row.latest) {
    // a history row never changes the current state; its name may be one the company had
    c.historyRows++;
    writer.addFormerName(company.corporate_number, company.name, formerReadings(company));
    return;
  }
  c.currentRows++;
  if (row.process === '99') {
    if (writer.deleteCompany(company.corporate_number, company.changed_on)) c.deleted++;
    return;
  }
  const outcome = writer.upsertCompany(company, terms ?? undefined);
  c[outcome]++;
  // a current row superseded by what is stored is history too
  if (outcome === 'older') writer.addFormerName(company.corporate_number, company.name, formerReadings(company));
}

/** Refuses a file read whole when it has no rows, or none or too many of them are well-formed. */
function rejectMalformed(c: RowCounts, firstExample: string): void {
  // an empty file (or one of blank lines) is no edition of the register: importing it would publish a new version
  if (c.rowsRead === 0)
    throw new FileRejection('the file holds no rows: nothing to import, no new version published', null);
  const wellFormed = c.rowsRead - c.skippedTotal;
  if (c.skippedTotal > 0 && wellFormed === 0) {
    throw new FileRejection(
      `not an NTA corporate-number file: none of its rows (${c.rowsRead}) is well-formed (${firstExample})`,
      null,
    );
  }
  if (c.skippedTotal > REJECTION.TOLERATED_ROWS && c.skippedTotal > c.rowsRead * REJECTION.MAX_MALFORMED_SHARE) {
    throw new FileRejection(
      `${c.skippedTotal} of ${c.rowsRead} rows are malformed, more than ${REJECTION.MAX_MALFORMED_SHARE * 100}% (first: ${firstExample})`,
      null,
    );
  }
}

/** The file's rows, parsed here or, for a large file, on a worker thread. */
function openRows(file: string, options: NtaImportOptions): Promise<ParsedRows> {
  const encoding = options.encoding ?? null;
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    // a missing file is reported by the reader, as for any file it cannot read
  }
  return size >= (options.parseThreadMinBytes ?? PARSE_THREAD_MIN_BYTES)
    ? openParsedRowsOnThread(file, encoding)
    : openParsedRows(file, encoding);
}

function encodingLabel(encoding: NtaEncoding | null): string {
  return encoding === 'cp932' ? 'Shift_JIS (CP932)' : 'UTF-8';
}

/** The readings a history row gives its name: the kana and the romanized alias derived from it. */
function formerReadings(company: CompanyInput): string[] {
  const romanized = company.aliases.filter((a) => a.kind === 'romanized').map((a) => a.name);
  return company.name_kana === null ? romanized : [company.name_kana, ...romanized];
}
