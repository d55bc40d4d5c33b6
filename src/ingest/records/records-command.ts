// `kohyo import records FILE...`: imports the files into a draft of the dataset, publishes it, and prints what each one did.
import { readCommandArgs } from '../../command-args.js';
import { RECORD_KINDS } from '../../domain/records/record.js';
import { withDraft } from '../../store/write/draft.js';
import { recordChangeCheck } from '../../store/write/record-change-check.js';
import { importDraftOptions, runWriter } from '../writer-command.js';
import { importRecordFiles, type FileSummary } from './records-importer.js';
import { stderrSink, stepReporter, type ProgressSink } from '../command-steps.js';

export interface RecordsCommandIo {
  /** The SQLite file to replace with the imported draft (created when need be). */
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Where the steps and the progress go; process.stderr when not given. */
  readonly progress?: ProgressSink;
}

/** Returns the exit code: 0 when every file was applied, 1 when any was not, 2 on a usage error. */
export async function runImportRecords(args: readonly string[], io: RecordsCommandIo): Promise<number> {
  const parsed = readCommandArgs(args, { allowPositionals: true });
  const files = typeof parsed === 'string' ? [] : parsed.positionals;
  if (files.length === 0) {
    const refused = typeof parsed === 'string' ? parsed : 'no file given';
    io.stderr(`kohyo: ${refused}\nusage: kohyo import records FILE... (record JSON Lines, one record a line)`);
    return 2;
  }
  const sink = io.progress ?? stderrSink();
  const step = stepReporter(sink);
  return runWriter('import records', io, async (start) => {
    // a run that applied no file publishes nothing: the live file stays as it was
    const worthPublishing = (s: FileSummary[]) => s.some((f) => f.applied);
    // the companies whose record counts the files moved: of the register, what the check reads
    const moved = new Set<number>();
    const options = importDraftOptions<FileSummary[]>(start, io.dbPath, step, {
      publishIf: worthPublishing,
      // the records' part whole and the companies whose counts moved, not the register (record-change-check.ts)
      changeCheck: () => recordChangeCheck(moved),
    });
    const importOptions = {
      now: io.now(),
      onStep: step,
      onCountsMoved: (ids: readonly number[]) => ids.forEach((id) => moved.add(id)),
      onProgress: (file: string, written: number, total: number) =>
        sink.write(`${file}: ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records written\n`),
    };
    const summaries = await withDraft(io.dbPath, options, (db) => importRecordFiles(db, files, importOptions));
    if (worthPublishing(summaries)) step('published', true);
    for (const summary of summaries) {
      for (const line of describeSummary(summary)) (summary.applied ? io.stdout : io.stderr)(line);
    }
    return summaries.every((s) => s.applied) ? 0 : 1;
  });
}

/** The lines printed for one file. */
function describeSummary(s: FileSummary): string[] {
  const kinds = RECORD_KINDS.filter((k) => s.records[k] > 0).map((k) => `${k} ${s.records[k]}`);
  const total = RECORD_KINDS.reduce((n, k) => n + s.records[k], 0);
  if (s.applied) {
    const byKind = kinds.length > 0 ? ` (${kinds.join(', ')})` : '';
    return [`${s.file}: ${s.lines} lines, ${total} records${byKind}: ${s.inserted} inserted, ${s.replaced} replaced`];
  }
  const more = s.error_count - s.errors.length;
  return [
    `${s.file}: not applied, ${s.error_count} ${s.error_count === 1 ? 'error' : 'errors'} in ${s.lines} lines; nothing of this file was written`,
    ...s.errors.map((e) => `  ${e}`),
    ...(more > 0 ? [`  ... and ${more} more ${more === 1 ? 'error' : 'errors'}`] : []),
  ];
}
