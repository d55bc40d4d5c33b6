// What compressed data inflates to, counted without keeping it and stopped past a bound: a PDF's Flate streams
// (zip entries are counted by yauzl as they are read, zip-check.ts).
import { constants, createInflate } from 'node:zlib';
import yauzl from 'yauzl';
import { isUint8Array } from 'node:util/types';
import { MIB, ParseBudgetError, type ParseBudget } from './parse-budget.js';

/**
 * The bytes the deflate data inflates to, counted chunk by chunk and dropped; stops once past `limit` (and
 * returns what it had then). Damaged data counts what inflated before the damage: the reader judges it.
 */
function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    // a stream cut short still counts what it gave
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        resolve(length);
      }
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', () => resolve(length));
    inflate.end(data);
  });
}

/**
 * Checks that the PDF's Flate streams inflate, all together, to no more than the budget allows, before pdfjs reads
 * them (it keeps each decoded stream whole, outside the heap the thread's memory bound counts). Streams are found
 * by their keywords, each dictionary read for its filter; scanning resumes after each stream's end, so the
 * compressed bytes are never read as keywords.
 */
export async function checkPdfInflatedSize(bytes: Uint8Array, budget: ParseBudget): Promise<void> {
  if ((await pdfInflatedSize(bytes, budget.inflatedMb * MIB)) > budget.inflatedMb * MIB) {
    const what = `its compressed streams inflate to more than ${budget.inflatedMb} MiB`;
    throw new ParseBudgetError('inflatedMb', budget.inflatedMb, what);
  }
}

/** What the PDF's Flate streams inflate to, all together; counting stops once past `limit`. */
async function pdfInflatedSize(bytes: Uint8Array, limit: number): Promise<number> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = 0;
  for (let start = buffer.indexOf('stream', at, 'latin1'); start >= 0; start = buffer.indexOf('stream', at, 'latin1')) {
    if (start >= 3 && buffer.toString('latin1', start - 3, start) === 'end') {
      at = start + 6;
      continue;
    }
    // the data starts after the end of line that follows the keyword (PDF 32000-1, 7.3.8.1)
    let body = start + 6;
    if (buffer[body] === 0x0d) body++;
    if (buffer[body] === 0x0a) body++;
    const end = buffer.indexOf('endstream', body, 'latin1');
    const stop = end < 0 ? buffer.length : end;
    const before = buffer.toString('latin1', Math.max(0, start - 4096), start);
    const dictionary = before.slice(before.lastIndexOf('obj') + 1);
    if (/\/FlateDecode\b/u.test(dictionary)) {
      total += await inflatedLength(buffer.subarray(body, stop), limit - total);
      if (total > limit) return total;
    }
    at = stop + 'endstream'.length;
  }
  return total;
}

/**
 * Checks a zip (an xlsx) before a reader inflates it: the sizes its central directory declares, all together, and
 * then each entry inflated as a stream and counted, ended once it gives more than it declared.
 * So the reader, which inflates the same entries, never makes more than the budget of them.
 */
export async function checkZipInflatedSize(bytes: Uint8Array, budget: ParseBudget): Promise<void> {
  const limit = budget.inflatedMb * MIB;
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    lazyEntries: true,
    // counted below instead, so that an entry that gives more than it declares fails naming the bound
    validateEntrySizes: false,
  });
  try {
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limit) {
        const what = `its zip entries are declared to inflate to more than ${budget.inflatedMb} MiB`;
        throw new ParseBudgetError('inflatedMb', budget.inflatedMb, what);
      }
      const stream = await zip.openReadStreamPromise(entry);
      let given = 0;
      for await (const chunk of stream) {
        given += isUint8Array(chunk) ? chunk.byteLength : 0;
        // a bomb that hides its size: stopped at once, its declared size counted and no more
        if (given > entry.uncompressedSize) {
          stream.destroy();
          const name = JSON.stringify(entry.fileName.slice(0, 80));
          const what = `its zip entry ${name} inflates past the ${entry.uncompressedSize} bytes it declares`;
          throw new ParseBudgetError('inflatedMb', budget.inflatedMb, what);
        }
      }
    }
  } finally {
    zip.close();
  }
}
