// Text from the bytes of an NTA file: which edition it is (UTF-8, with or without BOM, or Shift_JIS), and decoding.
import { Transform, type TransformCallback } from 'node:stream';
import iconv from 'iconv-lite';

export type NtaEncoding = 'utf8' | 'cp932';

export function isNtaEncoding(value: unknown): value is NtaEncoding {
  return value === 'utf8' || value === 'cp932';
}

/** Bytes examined before deciding; an NTA file has Japanese text in its first row. */
const SNIFF_BYTES = 64 * 1024;

/**
 * The encoding of a file from its first bytes: a UTF-8 BOM, or bytes that are valid UTF-8, mean the Unicode
 * edition; anything else is taken for the Shift_JIS (CP932) edition. `complete` says the sample is the
 * whole file, so a multi-byte sequence cut at its end is an error rather than a chunk boundary.
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): NtaEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
    return 'utf8';
  } catch {
    return 'cp932';
  }
}

/** Decodes bytes to text once it has seen enough of them to tell the encoding (or was told it). */
export class NtaDecoder extends Transform {
  private decoder: ReturnType<typeof iconv.getDecoder> | null = null;
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private chosen: NtaEncoding | null;
  /** Bytes received so far, for progress. */
  bytesRead = 0;

  constructor(encoding: NtaEncoding | null = null) {
    // the text goes on as strings, which is what the CSV splitter reads
    super({ readableObjectMode: true });
    this.chosen = encoding;
  }

  /** The encoding in use, once known. */
  get encoding(): NtaEncoding | null {
    return this.chosen;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytesRead += chunk.length;
    if (this.decoder) return done(null, this.decoder.write(chunk));
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    if (this.pendingLength < SNIFF_BYTES) return done();
    done(null, this.start(false));
  }

  override _flush(done: TransformCallback): void {
    // what was held back to tell the encoding (a file shorter than the sample), then the decoder's last bytes
    const head = this.decoder ? '' : this.start(true);
    done(null, head + (this.decoder?.end() ?? ''));
  }

  private start(complete: boolean): string {
    const sample = Buffer.concat(this.pending);
    this.pending = [];
    this.chosen ??= detectEncoding(sample, complete);
    // iconv-lite drops a leading BOM and writes U+FFFD for invalid bytes; rows are checked for it
    this.decoder = iconv.getDecoder(this.chosen);
    return this.decoder.write(sample);
  }
}
