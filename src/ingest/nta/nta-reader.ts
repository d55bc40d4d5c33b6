// Streams the CSV records of an NTA file (plain or zipped, either edition) with the line each starts on.
import { pipeline } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { NtaDecoder, type NtaEncoding } from './nta-decoder.js';
import { openNtaBytes } from './nta-source.js';

export interface NtaRecord {
  readonly fields: readonly string[];
  /** 1-based line on which the record starts. */
  readonly line: number;
}

/** The file cannot be read as CSV at all; `line` is where the reader gave up, when known. */
export class NtaFormatError extends Error {
  constructor(readonly reason: string, readonly line: number | null) {
    super(line === null ? reason : `line ${line}: ${reason}`);
  }
}

export interface NtaReader {
  readonly records: AsyncIterable<NtaRecord>;
  /** Bytes read so far and the total when known (the entry's uncompressed size for a zip). */
  progress(): { bytesRead: number; totalBytes: number | null };
  /** The edition's encoding, once the first bytes have been seen. */
  encoding(): NtaEncoding | null;
  readonly entryName: string | null;
  close(): void;
}

export interface NtaReaderOptions {
  /** Forces an encoding instead of detecting it. */
  readonly encoding?: NtaEncoding | null;
}

export async function openNtaReader(path: string, options: NtaReaderOptions = {}): Promise<NtaReader> {
  let source;
  try {
    source = await openNtaBytes(path);
  } catch (err) {
    // a missing file, a directory, a zip without its directory or without a CSV
    throw new NtaFormatError(err instanceof Error ? err.message : String(err), null);
  }
  const decoder = new NtaDecoder(options.encoding ?? null);
  // no relax_quotes: a stray quote means the file is not what we think it is
  const parser = parse({ info: true, relax_column_count: true, skip_empty_lines: true });
  // pipeline carries an error of any stage (a truncated zip, a bad quote) to the parser we iterate
  pipeline(source.stream, decoder, parser, () => undefined);
  return {
    records: records(parser),
    progress: () => ({ bytesRead: decoder.bytesRead, totalBytes: source.totalBytes }),
    encoding: () => decoder.encoding,
    entryName: source.entryName,
    close: () => {
      parser.destroy();
      source.close();
    },
  };
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

async function* records(parser: AsyncIterable<ParsedRecord>): AsyncGenerator<NtaRecord> {
  try {
    for await (const { record, info } of parser) {
      // info.lines is the line the record ends on; a quoted newline inside it moves its start back
      let newlines = 0;
      for (const field of record) if (field.includes('\n')) newlines += field.split('\n').length - 1;
      yield { fields: record, line: info.lines - newlines };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const lines = (err as CsvError & { lines?: number }).lines;
      throw new NtaFormatError(`malformed CSV: ${err.message.replace(/\s+at line \d+.*$/u, '')} (${err.code})`, typeof lines === 'number' ? lines : null);
    }
    throw new NtaFormatError((err as Error).message, null);
  }
}
