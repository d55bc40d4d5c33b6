import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLattice } from '../../../src/ingest/parsers/pdf-lattice.js';
import type { PdfRule } from '../../../src/ingest/parsers/pdf-rules.js';
import type { PdfPage, PdfTextItem } from '../../../src/ingest/parsers/pdf-page.js';

const h = (y: number, x0: number, x1: number): PdfRule => ({ x0, x1, y0: y, y1: y });
const v = (x: number, y0: number, y1: number): PdfRule => ({ x0: x, x1: x, y0, y1 });
// 10 pt text; half-width characters 5 pt wide, full-width 10.
const text = (t: string, x: number, y: number): PdfTextItem => ({
  text: t,
  x,
  y,
  size: 10,
  width: [...t].reduce((w, c) => w + (c.charCodeAt(0) < 256 ? 5 : 10), 0),
});

/** A table of three columns (x 0, 100, 150, 300) and rows at y 300, 280, 240, 200, every border drawn. */
function grid(extra: { rules?: PdfRule[]; drop?: (r: PdfRule) => boolean } = {}): PdfRule[] {
  const rules = [
    h(300, 0, 300),
    h(280, 0, 300),
    h(240, 0, 300),
    h(200, 0, 300),
    v(0, 200, 300),
    v(100, 200, 300),
    v(150, 200, 300),
    v(300, 200, 300),
  ];
  return [...rules.filter((r) => !(extra.drop?.(r) ?? false)), ...(extra.rules ?? [])];
}

function cells(page: PdfPage): string[][][] {
  return readLattice(page).tables.map((t) => t.rows.map((row) => row.cells.map((c) => c.lines.join('/'))));
}

test('cells from the drawn grid; text in the cell where it starts, overrunning or not; lines top to bottom', () => {
  const items = [
    text('名称', 10, 286),
    text('所在地', 105, 286),
    text('公表日', 160, 286),
    // 「富山県中新川郡上市町」 starts in 所在地 (x 100-150) and runs far into 公表日
    text('株式会社A', 5, 256),
    text('富山県中新川郡上市町', 102, 256),
    text('R4.2.21', 250, 256),
    text('B建設', 5, 225),
    text('本店', 5, 212),
    text('大阪府', 102, 218),
    text('R4.3.1', 250, 218),
    text('表の外の注', 0, 150),
  ];
  const lattice = readLattice({ number: 1, width: 600, height: 400, items, rules: grid() });
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items, rules: grid() }), [
    [
      ['名称', '所在地', '公表日'],
      ['株式会社A', '富山県中新川郡上市町', 'R4.2.21'],
      ['B建設/本店', '大阪府', 'R4.3.1'],
    ],
  ]);
  assert.deepEqual(
    lattice.outside.map((i) => i.text),
    ['表の外の注'],
  );
});

test('a baseline sitting on a border, and a border drawn twice a point apart, mislead nothing', () => {
  const rules = grid({ rules: [h(240.9, 0, 300), v(100.8, 200, 300)] });
  // 所在地's baseline lies half a point under the border, its glyphs above it: it is in the row above.
  const items = [text('名称', 10, 280.5), text('所在地', 105, 239.5), text('A', 5, 241)];
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items, rules }), [
    [
      ['名称', '', ''],
      ['A', '所在地', ''],
      ['', '', ''],
    ],
  ]);
});

test('two cells with no border between them are one: across columns, the text goes to the first; across rows, the rows are one', () => {
  // No border between 所在地 and 公表日 in the second row; no border under 名称 between rows 2 and 3.
  const across = grid({ drop: (r) => r.x0 === 150 && r.x1 === 150, rules: [v(150, 280, 300), v(150, 200, 240)] });
  const items = [text('長い所在地の文', 105, 256)];
  assert.deepEqual(
    readLattice({ number: 1, width: 600, height: 400, items, rules: across }).tables[0]?.rows[1]?.cells.map((c) => [
      c.col,
      c.lastCol,
      c.lines,
    ]),
    [
      [0, 0, []],
      [1, 2, ['長い所在地の文']],
    ],
  );
  const down = grid({ drop: (r) => r.y0 === 240, rules: [h(240, 100, 300)] });
  const split = [text('C社', 5, 236), text('第1条', 105, 256), text('第2条', 105, 218)];
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items: split, rules: down }), [
    [
      ['', '', ''],
      ['C社', '第1条', '第2条', '', ''],
    ],
  ]);
});

test('text pdfjs ran over a border with a space between is split where the border is', () => {
  const items = [text('H28.11.29 労働基準法第32条', 102, 256)];
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items, rules: grid() })[0]?.[1], [
    '',
    'H28.11.29',
    '労働基準法第32条',
  ]);
  // Without a border under it, a space is a space.
  const inside = [text('（株）日洋 釧路工場', 152, 256)];
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items: inside, rules: grid() })[0]?.[1], [
    '',
    '',
    '（株）日洋 釧路工場',
  ]);
});

test('no drawn lines, or lines that make no grid, are no table', () => {
  assert.deepEqual(readLattice({ number: 1, width: 600, height: 400, items: [text('A', 5, 5)] }).tables, []);
  assert.deepEqual(
    readLattice({ number: 1, width: 600, height: 400, items: [], rules: [h(100, 0, 300), h(50, 0, 300)] }).tables,
    [],
  );
});

test('text clipped away past its cell belongs to the cell it was clipped to, not to the one it lies in', () => {
  const items = [text('コーユー(株)', 5, 256), text('中部センター', 102, 256), text('愛知県', 103, 256)];
  const clipped = [{ x: 102, y: 256, char: '中', box: { x0: 1, x1: 99, y0: 245, y1: 275 } }];
  assert.deepEqual(cells({ number: 1, width: 600, height: 400, items, rules: grid(), clipped })[0]?.[1], [
    'コーユー(株) 中部センター',
    '愛知県',
    '',
  ]);
});
