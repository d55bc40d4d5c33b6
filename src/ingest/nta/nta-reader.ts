// Streams the CSV records of an NTA file (plain or zipped, either edition) with the line each starts on.
import { pipeline } from 'node:stream';
import { CsvSyntaxError, NtaCsvSplitter } from './nta-csv.js';
import { NtaDecoder, type NtaEncoding } from './nta-decoder.js';
import { openNtaBytes } from './nta-source.js';
import { messageOf } from '../../lib/error-of.js';

export interface NtaRecord {
  readonly fields: readonly string[];
  /** 1-based line on which the record starts. */
  readonly line: number;
}

/** The file cannot be read as CSV at all; `line` is where the reader gave up, when known. */
export class NtaFormatError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | null,
  ) {
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
    throw new NtaFormatError(messageOf(err), null);
  }
  const decoder = new NtaDecoder(options.encoding ?? null);
  // pipeline carries an error of the bytes (a truncated zip) to the decoder we iterate
  pipeline(source.stream, decoder, () => undefined);
  return {
    records: records(decoder),
    progress: () => ({ bytesRead: decoder.bytesRead, totalBytes: source.totalBytes }),
    encoding: () => decoder.encoding,
    entryName: source.entryName,
    close: () => {
      decoder.destroy();
      source.close();
    },
  };
}

async function* records(text: AsyncIterable<string>): AsyncGenerator<NtaRecord> {
  const splitter = new NtaCsvSplitter();
  try {
    for await (const chunk of text) yield* splitter.push(chunk);
    yield* splitter.end();
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new NtaFormatError(`malformed CSV: ${err.message}`, err.line);
    throw new NtaFormatError(messageOf(err), null);
  }
}
