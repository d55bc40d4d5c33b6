import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { PdfPage, PdfTextItem } from '../../../src/ingest/parsers/pdf-page.js';
import { buildPageTable, TableLayoutError, type TableLayout } from '../../../src/ingest/parsers/pdf-table.js';

// Pages 1 and 2 of the ministry's PDF as pdf-text.ts reads them (see the fixture's note).
const fixture = JSON.parse(
  fs.readFileSync(new URL('../../fixtures/parsers/mhlw-pdf-pages-1-2.json', import.meta.url), 'utf8'),
) as {
  pages: PdfPage[];
};
const page2 = fixture.pages[1]!;
const HEADERS = ['企業・事業場名称', '所在地', '公表日', '違反法条', '事案概要', 'その他参考事項'];
const LAYOUT: TableLayout = { headers: HEADERS, anchorColumn: 2 };

function withItems(page: PdfPage, map: (item: PdfTextItem) => PdfTextItem | null): PdfPage {
  return { ...page, items: page.items.map(map).filter((item): item is PdfTextItem => item !== null) };
}

test('the rows of a real page: wrapped lines stay in their cell, cells in their row', () => {
  const table = buildPageTable(page2, LAYOUT);
  assert.equal(table.rows.length, 9);
  assert.deepEqual(table.rows[0]?.cells, [
    ['菱和黒島工業'],
    ['北海道札幌市北区'],
    ['H30.8.10'],
    ['労働安全衛生法第100条', '労働安全衛生規則第97条'],
    ['４日以上の休業を要する労働災害が発生し', 'たのに、遅滞なく労働者死傷病報告を提出', 'しなかったもの'],
    ['H30.8.10送検'],
  ]);
  assert.deepEqual(table.rows[3]?.cells.slice(0, 2), [['本別運送（株）'], ['北海道中川郡本別', '町']]);
  for (const row of table.rows) assert.equal(row.cells.length, HEADERS.length);
});

test('white space at the end of an item does not count as ink reaching into the next column', () => {
  const padded = withItems(page2, (item) =>
    item.text === 'しなかったもの' ? { ...item, text: 'しなかったもの       ', width: 196.7 } : item,
  );
  assert.deepEqual(buildPageTable(padded, LAYOUT).rows[0]?.cells[4]?.at(-1), 'しなかったもの');
});

test('a header whose columns moved fails clearly instead of filling cells with the wrong text', () => {
  for (const shift of [60, -45, 120]) {
    const moved = withItems(page2, (item) => (HEADERS.includes(item.text) ? { ...item, x: item.x + shift } : item));
    assert.throws(
      () => buildPageTable(moved, LAYOUT),
      (error: unknown) => {
        assert.ok(error instanceof TableLayoutError);
        assert.match(error.message, /^page 2: no clear border between columns .+ the columns moved/u);
        return true;
      },
      `shift ${shift}`,
    );
  }
  // One column's label moved over its neighbour's text.
  const one = withItems(page2, (item) => (item.text === '違反法条' ? { ...item, x: item.x + 150 } : item));
  assert.throws(
    () => buildPageTable(one, LAYOUT),
    /no clear border between columns 違反法条 and 事案概要 near x=792\.0/u,
  );
});

test('a small shift of the header, as another print run may give, still reads the same table', () => {
  const nudged = withItems(page2, (item) => (HEADERS.includes(item.text) ? { ...item, x: item.x + 4 } : item));
  assert.deepEqual(buildPageTable(nudged, LAYOUT).rows, buildPageTable(page2, LAYOUT).rows);
});

test('a missing or reordered header row is named', () => {
  const missing = withItems(page2, (item) => (item.text === '事案概要' ? null : item));
  assert.throws(
    () => buildPageTable(missing, LAYOUT),
    /^TableLayoutError: page 2: header row not found: no 事案概要$/u,
  );
  const swapped = withItems(page2, (item) =>
    item.text === '所在地' ? { ...item, text: '公表日' } : item.text === '公表日' ? { ...item, text: '所在地' } : item,
  );
  assert.throws(
    () => buildPageTable(swapped, LAYOUT),
    /header 公表日 is not to the right of 所在地; the columns are not in the expected order/u,
  );
});

test('text that sits on no row is an error, not a new row', () => {
  // The last line of a summary moved down between two rows: the cell it left is no longer centred on its row.
  const stray = withItems(page2, (item) => (item.text === 'しなかったもの' ? { ...item, y: item.y - 14 } : item));
  assert.throws(
    () => buildPageTable(stray, LAYOUT),
    /page 2, column 事案概要: '４日以上の休業を要する労働災害が発生し' \(y=472\.9\) is not centred on any row/u,
  );
  const below = { ...page2, items: [...page2.items, { text: '以上', x: 494.9, y: 40, width: 20, size: 10 }] };
  assert.throws(() => buildPageTable(below, LAYOUT), /column 事案概要: '以上' \(y=40\.0\) lies below the last row/u);
});

test('a page with the header and no rows is an empty table', () => {
  const empty = withItems(page2, (item) => (item.y < 480 ? null : item));
  assert.deepEqual(buildPageTable(empty, LAYOUT).rows, []);
});
