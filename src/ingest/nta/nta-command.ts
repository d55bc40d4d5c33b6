// `kohyo import nta [--encoding utf8|sjis] FILE...`: opens the database, imports, prints progress and the summary.
import { openWritable } from '../../store/database-upgrade.js';
import { checkpointForReaders } from '../../store/maintenance.js';
import { runUnderLock } from '../collect/collection-lock.js';
import type { NtaEncoding } from './nta-decoder.js';
import { importNtaFiles, NtaImportError } from './nta-importer.js';
import { progressReporter, type ProgressSink } from './nta-progress.js';
import { describeSkippedRows, formatNtaSummary } from './nta-summary.js';

export interface NtaCommandIo {
  /** The SQLite file to write (created and migrated when need be). */
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Where the progress line goes; process.stderr when not given. */
  readonly progress?: ProgressSink;
}

const USAGE = 'usage: kohyo import nta [--encoding utf8|sjis] FILE...  (NTA corporate-number CSV, .csv or .zip)';

const ENCODINGS: Readonly<Record<string, NtaEncoding | null>> = {
  auto: null, utf8: 'utf8', 'utf-8': 'utf8', unicode: 'utf8', sjis: 'cp932', shift_jis: 'cp932', 'shift-jis': 'cp932', cp932: 'cp932',
};

/** Returns the exit code: 0 when every file was imported, 1 when one was rejected, 2 on a usage error. */
export async function runImportNta(args: readonly string[], io: NtaCommandIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`kohyo: ${parsed}\n${USAGE}`);
    return 2;
  }
  return runUnderLock('import nta', io, () => importFiles(parsed, io));
}

async function importFiles(parsed: { files: string[]; encoding: NtaEncoding | null }, io: NtaCommandIo): Promise<number> {
  const db = openWritable(io.dbPath);
  const sink: ProgressSink = io.progress ?? { isTTY: process.stderr.isTTY === true, write: (t) => process.stderr.write(t) };
  try {
    const summary = await importNtaFiles(db, parsed.files, { onProgress: progressReporter(sink), now: io.now, encoding: parsed.encoding });
    for (const line of describeSkippedRows(summary)) io.stderr(`warning: ${line}`);
    io.stdout(formatNtaSummary(summary));
    return 0;
  } catch (err) {
    if (!(err instanceof NtaImportError)) throw err;
    if (sink.isTTY) sink.write('\n');
    if (err.completed.length > 0) {
      io.stdout(formatNtaSummary({ files: err.completed, elapsedMs: err.completed.reduce((s, f) => s + f.elapsedMs, 0) }));
    }
    const notTried = parsed.files.slice(parsed.files.indexOf(err.file) + 1);
    io.stderr(`kohyo: import nta: ${err.message}`);
    io.stderr(`kohyo: nothing of ${err.file} was applied${notTried.length > 0 ? `; not imported either: ${notTried.join(', ')}` : ''}`);
    return 1;
  } finally {
    checkpointForReaders(db);
    db.close();
  }
}

function parseArgs(args: readonly string[]): { files: string[]; encoding: NtaEncoding | null } | string {
  const files: string[] = [];
  let encoding: NtaEncoding | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag === '--encoding') {
      const value = (inline ?? args[++i] ?? '').toLowerCase();
      if (!(value in ENCODINGS)) return `--encoding must be one of utf8, sjis or auto, got "${value}"`;
      encoding = ENCODINGS[value] ?? null;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      files.push(arg);
    }
  }
  if (files.length === 0) return 'no file given';
  return { files, encoding };
}
