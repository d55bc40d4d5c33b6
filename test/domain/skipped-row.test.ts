import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_SKIPPED_CELL_CHARS,
  skippedRow,
  skippedRowLines,
  skippedRowOfStored,
  unreadableRuleBroken,
} from '../../src/domain/skipped-row.js';

test('a list fails for its unreadable rows only past both a count and a share: a list of ten keeps its good rows', () => {
  assert.equal(unreadableRuleBroken(0, 0) !== null, false);
  assert.equal(unreadableRuleBroken(1, 10) !== null, false, 'one bad date of ten is a typo');
  assert.equal(unreadableRuleBroken(5, 10) !== null, false, 'five rows: not past the count');
  assert.equal(unreadableRuleBroken(6, 10) !== null, true, 'six of ten: past both');
  assert.equal(unreadableRuleBroken(20, 100) !== null, false, 'exactly 20 %');
  assert.equal(unreadableRuleBroken(21, 100) !== null, true);
  assert.equal(unreadableRuleBroken(9, 468) !== null, false, 'a long list and a few typos');
  assert.equal(unreadableRuleBroken(468, 468) !== null, true, 'a changed layout');
  assert.equal(unreadableRuleBroken(2, 2) !== null, true, 'no row of a short list reads');
  assert.equal(unreadableRuleBroken(2, 10, { rows: 1, share: 0.1 }) !== null, true, "a source's own rule");
  assert.equal(unreadableRuleBroken(2, 10, { rows: 2, share: 0.1 }) !== null, false);
  assert.equal(unreadableRuleBroken(6, 10), 'more than 5 rows and more than 20 % of the rows');
  assert.equal(unreadableRuleBroken(2, 2), 'every one of its rows');
});

test('a skipped row keeps a cell cut to its first characters, cleaned of controls', () => {
  const long = 'あ'.repeat(MAX_SKIPPED_CELL_CHARS + 1);
  const row = skippedRow(3, 'unreadable', [long, 'A\u001b[31mB\u202e']);
  assert.equal(row.text, `${'あ'.repeat(MAX_SKIPPED_CELL_CHARS)}… (201 characters) | AB`);
  assert.equal(skippedRow(3, 'x', ['あ'.repeat(MAX_SKIPPED_CELL_CHARS)]).text, 'あ'.repeat(MAX_SKIPPED_CELL_CHARS));
});

test('a skipped row keeps its cells as text, and a blank one has none', () => {
  assert.deepEqual(skippedRow(4, 'unreadable: no date', ['見本建設（株）', ' 東京都\n千代田区 ', ''], 2), {
    row: 4,
    page: 2,
    reason: 'unreadable: no date',
    text: '見本建設（株） | 東京都 千代田区 | ',
  });
  assert.equal(skippedRow(5, 'a blank row', ['', ' ', '']).text, null);
});

test('each row with text is printed with its reason; blank rows are grouped by reason', () => {
  const lines = skippedRowLines([
    skippedRow(3, 'a blank row'),
    skippedRow(4, 'the header row repeated', ['名称', '所在地'], 2),
    skippedRow(9, 'a blank row'),
    { ...skippedRow(2, 'unreadable: 公表日 is not a date', ['A', 'B']), file: 'r7.csv' },
  ]);
  assert.deepEqual(lines, [
    'skipped row 4 (page 2): the header row repeated: 「名称 | 所在地」',
    'skipped row 2 of r7.csv: unreadable: 公表日 is not a date: 「A | B」',
    'skipped rows 3, 9: a blank row',
  ]);
});

test('runs stored before reasons were kept read as rows without one', () => {
  assert.deepEqual(skippedRowOfStored(7), {
    row: 7,
    page: null,
    reason: 'left out (no reason was recorded then)',
    text: null,
  });
  const stored = { row: 2, page: 1, reason: 'a blank row', text: null };
  assert.deepEqual(skippedRowOfStored(stored), stored);
  const ofFile = { row: 3, page: null, reason: 'a blank row', text: null, file: 'a.csv' };
  assert.deepEqual(skippedRowOfStored(ofFile), ofFile);
});

test('anything else stored is shown as it is, under row 0', () => {
  const cases: [unknown, string][] = [
    ['7', '7'],
    [null, 'null'],
    [{ row: '2', reason: 'a blank row' }, '{"row":"2","reason":"a blank row"}'],
    [
      { row: 2, page: null, reason: 'a blank row', text: null, file: 3 },
      '{"row":2,"page":null,"reason":"a blank row","text":null,"file":3}',
    ],
  ];
  for (const [stored, text] of cases) {
    assert.deepEqual(
      skippedRowOfStored(stored),
      { row: 0, page: null, reason: 'left out (stored in a form not read here)', text },
      text,
    );
  }
});

test('consecutive blank rows of one file and page are one range', () => {
  const blank = (row: number, file: string | null, page: number | null = null) => ({
    ...skippedRow(row, 'a blank row', null, page),
    file,
  });
  const lines = skippedRowLines([
    blank(3, 'a.xlsx'),
    blank(4, 'a.xlsx'),
    blank(5, 'a.xlsx'),
    blank(7, 'a.xlsx'),
    blank(8, 'b.xlsx'),
    blank(9, 'b.xlsx'),
    blank(10, null, 1),
    blank(11, null, 2),
  ]);
  assert.deepEqual(lines, [
    'skipped rows 3-5 of a.xlsx, 7 of a.xlsx, 8-9 of b.xlsx, 10 (page 1), 11 (page 2): a blank row',
  ]);
});
