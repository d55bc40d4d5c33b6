import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NtaProgress } from '../../../src/ingest/nta/nta-importer.js';
import { describeProgress, progressReporter } from '../../../src/ingest/nta/nta-progress.js';

function progress(rowsRead: number, overrides: Partial<NtaProgress> = {}): NtaProgress {
  return {
    file: 'f.csv',
    rowsRead,
    bytesRead: rowsRead * 180,
    totalBytes: 18_000_000,
    elapsedMs: rowsRead / 50,
    done: false,
    ...overrides,
  };
}

describe('progressReporter', () => {
  it('redraws a terminal line at most every 250 ms, and always at the end of a file', () => {
    const out: string[] = [];
    let now = 0;
    const report = progressReporter({ isTTY: true, write: (t) => out.push(t) }, () => now);
    for (let rows = 1000; rows <= 20_000; rows += 1000) {
      report(progress(rows));
      now += 60; // a thousand rows every 60 ms
    }
    report(progress(20_263, { done: true }));
    assert.equal(out.length, 5); // at 0, 300, 600 and 900 ms, and the end
    assert.ok(out.every((t) => t.startsWith('\r\x1b[K')));
    assert.ok(out[out.length - 1]!.endsWith('\n'));
    assert.ok(out.slice(0, -1).every((t) => !t.endsWith('\n')));
  });

  it('writes a plain line every 100,000 rows when not on a terminal', () => {
    const out: string[] = [];
    const report = progressReporter({ isTTY: false, write: (t) => out.push(t) }, () => 0);
    for (let rows = 1000; rows <= 250_000; rows += 1000) report(progress(rows));
    report(progress(250_500, { done: true }));
    assert.equal(out.length, 2);
    assert.match(out[0]!, /^f\.csv: 100,000 rows, 50,000 rows\/s, 18\.0 MB of 18\.0 MB \(100%\)\n$/u);
    // a second file starts counting again
    report(progress(100_000, { file: 'g.csv' }));
    assert.equal(out.length, 3);
  });
});

describe('describeProgress', () => {
  it('gives the share read when the size is known, and the bytes alone otherwise', () => {
    assert.equal(
      describeProgress(progress(10_000, { bytesRead: 4_500_000, totalBytes: 9_000_000 })),
      'f.csv: 10,000 rows, 50,000 rows/s, 4.5 MB of 9.0 MB (50%)',
    );
    assert.equal(
      describeProgress(progress(0, { bytesRead: 0, totalBytes: null, elapsedMs: 0 })),
      'f.csv: 0 rows, 0 rows/s, 0.0 MB',
    );
  });
});
