// What a run keeps of a parse's notes: the first skipped rows with their count, the first warnings with
// the rest counted; and the message a bound gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skippedRow, MAX_KEPT_SKIPPED_ROWS } from '../../../src/domain/skipped-row.js';
import { keptNotes, MAX_KEPT_WARNINGS, parsedList, skippedTotal } from '../../../src/ingest/parsers/source-parser.js';
import { budgetMessage } from '../../../src/ingest/parsers/parse-budget.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => skippedRow(i + 1, 'a blank row'));
const warnings = (n: number) => Array.from({ length: n }, (_, i) => `warning ${i + 1}`);

test('a run keeps the first skipped rows and warnings, and counts the rest', () => {
  const cases: readonly [skipped: number, warned: number, keptRows: number, total: number, keptWarnings: number][] = [
    [0, 0, 0, 0, 0],
    [MAX_KEPT_SKIPPED_ROWS, MAX_KEPT_WARNINGS, MAX_KEPT_SKIPPED_ROWS, MAX_KEPT_SKIPPED_ROWS, MAX_KEPT_WARNINGS],
    [1_048_575, 0, MAX_KEPT_SKIPPED_ROWS, 1_048_575, 0],
    [0, MAX_KEPT_WARNINGS + 5, 0, 0, MAX_KEPT_WARNINGS + 1],
  ];
  for (const [skipped, warned, keptRows, total, keptWarnings] of cases) {
    const kept = keptNotes(parsedList([], null, rows(skipped), warnings(warned)));
    assert.equal(kept.skipped_rows.length, keptRows, `${skipped} skipped`);
    assert.equal(skippedTotal(kept), total);
    assert.equal(kept.warnings.length, keptWarnings, `${warned} warnings`);
    // cutting again changes nothing: a list of several files is cut per file and then joined
    assert.deepEqual(keptNotes(kept), kept);
  }
  const flooded = keptNotes(parsedList([], null, [], warnings(MAX_KEPT_WARNINGS + 5)));
  assert.equal(flooded.warnings.at(-1), 'and 5 more warnings, not kept');
});

test('a bound names itself, its limit and its setting', () => {
  assert.equal(
    budgetMessage('pages', 2000, 'it has 2,400 pages'),
    'the file goes past the bound on pages: it has 2,400 pages (KOHYO_PARSE_MAX_PAGES is 2,000 pages)',
  );
  assert.match(
    budgetMessage('inflatedMb', 128, 'x'),
    /bound on inflated size: x \(KOHYO_PARSE_MAX_INFLATED_MB is 128 MiB\)$/u,
  );
  assert.match(budgetMessage('seconds', 300, 'x'), /bound on time: x \(KOHYO_PARSE_TIMEOUT_S is 300 s\)$/u);
});
