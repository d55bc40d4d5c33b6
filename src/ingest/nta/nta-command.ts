// `kohyo import nta [--encoding utf8|sjis] FILE...`: imports into a draft of the dataset, publishes it, prints progress and the summary.
import { readCommandArgs } from '../../command-args.js';
import { companyChangeProblems, markCompanyChange, type CompanyChangeMark } from '../../store/write/change-check.js';
import type { Db } from '../../store/schema/database.js';
import { withDraft } from '../../store/write/draft.js';
import { importDraftOptions, runWriter, type WriterStart } from '../writer-command.js';
import type { NtaEncoding } from './nta-decoder.js';
import { importNtaFiles, NtaImportError } from './nta-importer.js';
import { progressReporter } from './nta-progress.js';
import { stderrSink, stepReporter, type ProgressSink } from '../command-steps.js';
import { describeSkippedRows, formatNtaSummary, type NtaImportSummary } from './nta-summary.js';

export interface NtaCommandIo {
  /** The SQLite file to replace with the imported draft (created when need be). */
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Where the progress line goes; process.stderr when not given. */
  readonly progress?: ProgressSink;
}

const USAGE = 'usage: kohyo import nta [--encoding utf8|sjis] FILE...  (NTA corporate-number CSV, .csv or .zip)';

const ENCODINGS: ReadonlyMap<string, NtaEncoding | null> = new Map([
  ['auto', null],
  ['utf8', 'utf8'],
  ['utf-8', 'utf8'],
  ['unicode', 'utf8'],
  ['sjis', 'cp932'],
  ['shift_jis', 'cp932'],
  ['shift-jis', 'cp932'],
  ['cp932', 'cp932'],
]);

/** Returns the exit code: 0 when every file was imported, 1 when one was rejected, 2 on a usage error. */
export async function runImportNta(args: readonly string[], io: NtaCommandIo): Promise<number> {
  const parsed = readNtaArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`kohyo: ${parsed}\n${USAGE}`);
    return 2;
  }
  return runWriter('import nta', io, (start) => importFiles(parsed, io, start));
}

/**
 * Through the one write path like every writer: the copy and the check cost little against the import. Files before a rejected one are published, as when imported in place.
 */
async function importFiles(
  parsed: { files: string[]; encoding: NtaEncoding | null },
  io: NtaCommandIo,
  start: WriterStart,
): Promise<number> {
  const sink: ProgressSink = io.progress ?? stderrSink();
  const step = stepReporter(sink);
  const worthPublishing = (o: Imported) => o.ok || o.error.completed.length > 0;
  let mark: CompanyChangeMark | null = null;
  const options = importDraftOptions<Imported>(start, io.dbPath, step, {
    publishIf: worthPublishing,
    // a change small enough to leave the upkeep for later is checked by what it wrote (change-check.ts); a large
    // one, or a file rejected after others were imported, gets the full check
    changeCheck: (o) => (o.ok && !o.summary.upkeepRan && mark !== null ? companyChangeCheck(mark) : null),
  });
  const outcome = await withDraft(io.dbPath, options, async (db): Promise<Imported> => {
    mark = markCompanyChange(db);
    step('reading the rows and writing them');
    try {
      const importOptions = {
        onProgress: progressReporter(sink),
        onStep: step,
        now: io.now,
        encoding: parsed.encoding,
      };
      return { ok: true, summary: await importNtaFiles(db, parsed.files, importOptions) };
    } catch (err) {
      if (err instanceof NtaImportError) return { ok: false, error: err };
      throw err;
    }
  });
  if (worthPublishing(outcome)) step('published', true);
  if (outcome.ok) {
    for (const line of describeSkippedRows(outcome.summary)) io.stderr(`warning: ${line}`);
    io.stdout(formatNtaSummary(outcome.summary));
    return 0;
  }
  const err = outcome.error;
  if (sink.isTTY) sink.write('\n');
  if (err.completed.length > 0) {
    io.stdout(
      formatNtaSummary({ files: err.completed, elapsedMs: err.completed.reduce((s, f) => s + f.elapsedMs, 0) }),
    );
  }
  const notTried = parsed.files.slice(parsed.files.indexOf(err.file) + 1);
  io.stderr(`kohyo: import nta: ${err.message}`);
  io.stderr(
    `kohyo: nothing of ${err.file} was applied${notTried.length > 0 ? `; not imported either: ${notTried.join(', ')}` : ''}`,
  );
  return 1;
}

function companyChangeCheck(mark: CompanyChangeMark) {
  return (db: Db) => companyChangeProblems(db, mark);
}

type Imported =
  { readonly ok: true; readonly summary: NtaImportSummary } | { readonly ok: false; readonly error: NtaImportError };

function readNtaArgs(args: readonly string[]): { files: string[]; encoding: NtaEncoding | null } | string {
  const parsed = readCommandArgs(args, { options: { encoding: { type: 'string' } }, allowPositionals: true });
  if (typeof parsed === 'string') return parsed;
  const named = (parsed.values.encoding ?? 'auto').toLowerCase();
  const encoding = ENCODINGS.get(named);
  if (encoding === undefined) return `--encoding must be one of utf8, sjis or auto, got "${named}"`;
  if (parsed.positionals.length === 0) return 'no file given';
  return { files: parsed.positionals, encoding };
}
