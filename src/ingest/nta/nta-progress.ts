// The progress line of an NTA import: redrawn in place on a terminal, a plain line every 100k rows otherwise.
import type { NtaProgress } from './nta-importer.js';
import type { ProgressSink } from '../command-steps.js';

const TTY_REDRAW_MS = 250;
const PLAIN_EVERY_ROWS = 100_000;

/** The onProgress callback for importNtaFiles, writing to `sink`; `clock` is for tests. */
export function progressReporter(sink: ProgressSink, clock: () => number = Date.now): (p: NtaProgress) => void {
  let lastDraw = -Infinity;
  let lastPlainStep = 0;
  let lastFile = '';
  return (p) => {
    if (p.file !== lastFile) {
      lastFile = p.file;
      lastPlainStep = 0;
    }
    if (sink.isTTY) {
      const t = clock();
      if (!p.done && t - lastDraw < TTY_REDRAW_MS) return;
      lastDraw = t;
      sink.write(`\r\x1b[K${describeProgress(p)}${p.done ? '\n' : ''}`);
      return;
    }
    const step = Math.floor(p.rowsRead / PLAIN_EVERY_ROWS);
    if (step > lastPlainStep) {
      lastPlainStep = step;
      sink.write(`${describeProgress(p)}\n`);
    }
  };
}

export function describeProgress(p: NtaProgress): string {
  const rate = p.elapsedMs > 0 ? Math.round((p.rowsRead * 1000) / p.elapsedMs) : 0;
  const bytes =
    p.totalBytes === null
      ? mb(p.bytesRead)
      : `${mb(p.bytesRead)} of ${mb(p.totalBytes)} (${Math.floor((100 * p.bytesRead) / Math.max(p.totalBytes, 1))}%)`;
  return `${p.file}: ${p.rowsRead.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s, ${bytes}`;
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
