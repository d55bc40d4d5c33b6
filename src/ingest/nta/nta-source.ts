// The bytes of an NTA file: the file itself, or the CSV entry of a .zip (streamed, never read whole).
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface NtaByteSource {
  readonly stream: Readable;
  /** Bytes the stream will yield (the entry's uncompressed size for a zip), when known. */
  readonly totalBytes: number | null;
  /** The CSV entry read from a zip, else null. */
  readonly entryName: string | null;
  /** Releases the file; safe to call more than once. */
  close(): void;
}

/** A fault of the file as a whole (not of one row): unreadable, not a zip it claims to be, no CSV inside. */
class NtaSourceError extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Opens a file for reading its CSV bytes; a zip is recognised by its signature, whatever its name. */
export async function openNtaBytes(path: string): Promise<NtaByteSource> {
  const head = await readHead(path, 4);
  if (head.equals(ZIP_MAGIC) || head.equals(EMPTY_ZIP_MAGIC)) return openZipEntry(path);
  const size = (await stat(path)).size;
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  return { stream, totalBytes: size, entryName: null, close: () => stream.destroy() };
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function openZipEntry(path: string): Promise<NtaByteSource> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip)
        return reject(new NtaSourceError(`not a readable zip archive (${err?.message ?? 'unknown error'})`));
      const close = () => {
        if (zip.isOpen) zip.close();
      };
      let settled = false;
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        close();
        reject(new NtaSourceError(message));
      };
      zip.on('error', (e: Error) => fail(`not a readable zip archive (${e.message})`));
      zip.on('end', () => fail('the zip archive holds no .csv file'));
      zip.on('entry', (entry: yauzl.Entry) => {
        // the NTA archives hold one CSV; anything else (a directory, a readme) is passed over
        if (!/\.csv$/iu.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream)
            return fail(`cannot read ${entry.fileName} in the zip archive (${e?.message ?? 'unknown error'})`);
          settled = true;
          stream.on('close', close);
          resolve({
            stream,
            totalBytes: entry.uncompressedSize,
            entryName: entry.fileName,
            close: () => {
              stream.destroy();
              close();
            },
          });
        });
      });
      zip.readEntry();
    });
  });
}
