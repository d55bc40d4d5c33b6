// A record file read twice: once to check every line and count what it holds, once to write its records one by one.
//
// Nothing of a file is written unless every line of it is valid, so every line is read before the first record is
// written. Held whole, a large file's parsed records were most of an import's peak memory; read again to write, a file
// costs the memory of one line. The second reading checks that it reads
// the bytes the first one checked (their SHA-256), and a line that no longer reads as a record stops the write, which
// the caller's transaction then undoes.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { messageOf } from '../../lib/error-of.js';
import { ImportRunTally, type ImportRun } from '../../domain/import-runs.js';
import { duplicateIdErrors } from '../../domain/records/record-id.js';
import type { RecordKind, ValidRecord } from '../../domain/records/record.js';
import { validateRecordLine, type LineValidation } from '../../domain/records/record-validation.js';

/** What reading every line of a file found. */
export interface CheckedFile {
  /** Non-blank lines. */
  readonly lines: number;
  readonly records: Readonly<Record<RecordKind, number>>;
  /** One run per source the records cite (import-runs.ts). */
  readonly runs: readonly ImportRun[];
  /** Every error, each naming its line, in line order; none when the file may be written. */
  readonly errors: readonly string[];
  /** The SHA-256 of the bytes checked, which the writing pass must read again. */
  readonly digest: string;
}

/** The file changed between its check and its writing: nothing of it may be written. */
class RecordFileChangedError extends Error {
  constructor(file: string) {
    super(`${file} changed while it was imported`);
  }
}

const CHUNK_BYTES = 1 << 20;

/** Reads and checks every line of a file; blank lines are skipped but keep their numbers. */
export function checkRecordFile(file: string): CheckedFile {
  const records: Record<RecordKind, number> = { enforcement: 0, procurement_suspension: 0, license_action: 0 };
  const runs = new ImportRunTally();
  const ids: { line: number; id: string }[] = [];
  const errors: string[] = [];
  let lines = 0;
  let digest = '';
  try {
    digest = eachLine(file, (lineNo, text) => {
      lines++;
      const result = recordOfLine(text, lineNo);
      if (!result.ok) {
        errors.push(...result.errors);
        return;
      }
      records[result.record.kind]++;
      runs.add(result.record);
      ids.push({ line: lineNo, id: result.record.id });
    });
  } catch (error) {
    errors.push(`cannot read the file: ${messageOf(error)}`);
  }
  errors.push(...duplicateIdErrors(ids));
  return { lines, records, runs: runs.runs(), errors: errors.sort(byLine), digest };
}

/**
 * Each record of a file checkRecordFile passed, in file order; throws RecordFileChangedError when a line no longer
 * reads as a record or the bytes are not those checked (the last record told before the throw).
 */
export function eachRecordOfFile(file: string, checked: CheckedFile, write: (record: ValidRecord) => void): void {
  const digest = eachLine(file, (lineNo, text) => {
    const result = recordOfLine(text, lineNo);
    if (!result.ok) throw new RecordFileChangedError(file);
    write(result.record);
  });
  if (digest !== checked.digest) throw new RecordFileChangedError(file);
}

function recordOfLine(text: string, lineNo: number): LineValidation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`line ${lineNo}: not valid JSON (${messageOf(error)})`] };
  }
  return validateRecordLine(value, lineNo);
}

/**
 * Tells each non-blank line with its number (a byte-order mark before the first dropped), split as readline splits
 * (CRLF, LF or a lone CR); returns the SHA-256 of the bytes read. Synchronous, so that the writing pass runs inside one
 * transaction of better-sqlite3.
 */
function eachLine(file: string, onLine: (lineNo: number, text: string) => void): string {
  const hash = createHash('sha256');
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const fd = openSync(file, 'r');
  let lineNo = 0;
  let pending = '';
  const tell = (line: string) => {
    lineNo++;
    const text = lineNo === 1 ? line.replace(/^\uFEFF/u, '') : line;
    if (text.trim() !== '') onLine(lineNo, text);
  };
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      hash.update(buffer.subarray(0, read));
      pending += decoder.write(buffer.subarray(0, read));
      // a CR at the end may be the first half of a CRLF: it waits for the next chunk
      const parts = pending.split(/\r\n|\n|\r(?!$)/u);
      pending = parts.pop() ?? '';
      parts.forEach(tell);
    }
  } finally {
    closeSync(fd);
  }
  // the last line needs no end; a file that ends with one has no empty line after it
  const rest = (pending + decoder.end()).split(/\r\n|\n|\r/u);
  if (rest.at(-1) === '') rest.pop();
  rest.forEach(tell);
  return hash.digest('hex');
}

// Errors of one line stay together and in the order found; duplicate-id errors join their line.
function byLine(a: string, b: string): number {
  return lineOf(a) - lineOf(b);
}

function lineOf(error: string): number {
  const m = /^line (\d+):/u.exec(error);
  return m ? Number(m[1]) : 0;
}
