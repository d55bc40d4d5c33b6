import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawingOfOperators, type PdfRule } from '../../../src/ingest/parsers/pdf-rules.js';
import { pdfOperatorNumbers } from '../../../src/ingest/parsers/pdf-text.js';

// through pdf-text.ts, the one module that loads pdfjs (and puts back the built-ins its polyfills replace)
const OPS = await pdfOperatorNumbers();

type Op = [number, unknown];

function rules(ops: readonly Op[]): PdfRule[] {
  return drawingOfOperators(
    ops.map(([fn]) => fn),
    ops.map(([, args]) => args),
    OPS,
  ).rules;
}

const rect = (x: number, y: number, w: number, h: number): Op => [
  OPS.constructPath,
  [[OPS.rectangle], [x, y, w, h], [x, y, x + w, y + h]],
];
const line = (x0: number, y0: number, x1: number, y1: number): Op => [
  OPS.constructPath,
  [
    [OPS.moveTo, OPS.lineTo],
    [x0, y0, x1, y1],
    [x0, y0, x1, y1],
  ],
];
const black: Op = [OPS.setFillRGBColor, new Uint8ClampedArray([0, 0, 0])];
const white: Op = [OPS.setFillRGBColor, new Uint8ClampedArray([255, 255, 255])];

test('a thin filled box is a line along its middle; a large one its four sides; a white one nothing', () => {
  assert.deepEqual(rules([black, rect(10, 100, 200, 1), [OPS.fill, null]]), [
    { x0: 10, x1: 210, y0: 100.5, y1: 100.5 },
  ]);
  assert.deepEqual(rules([black, rect(50, 10, 0.5, 80), [OPS.eoFill, null]]), [
    { x0: 50.25, x1: 50.25, y0: 10, y1: 90 },
  ]);
  assert.equal(rules([black, rect(0, 0, 100, 50), [OPS.fill, null]]).length, 4);
  assert.deepEqual(rules([white, rect(0, 0, 100, 50), [OPS.fill, null], rect(0, 0, 100, 0.5), [OPS.fill, null]]), []);
  assert.deepEqual(rules([[OPS.setFillGray, [1]], rect(0, 0, 100, 0.5), [OPS.fill, null]]), []);
});

test('stroked lines and boxes are lines; a clipping path, a curve and a slanted line are not', () => {
  assert.deepEqual(rules([line(0, 10, 100, 10), [OPS.stroke, null]]), [{ x0: 0, x1: 100, y0: 10, y1: 10 }]);
  assert.deepEqual(
    rules([rect(0, 0, 100, 50), [OPS.stroke, null]]).map((r) => [r.x0, r.y0, r.x1, r.y1]),
    [
      [0, 0, 100, 0],
      [100, 0, 100, 50],
      [0, 50, 100, 50],
      [0, 0, 0, 50],
    ],
  );
  assert.deepEqual(rules([rect(0, 0, 100, 50), [OPS.clip, null], [OPS.endPath, null], [OPS.stroke, null]]), []);
  assert.deepEqual(rules([line(0, 0, 100, 100), [OPS.stroke, null]]), []);
  const curve: Op = [
    OPS.constructPath,
    [
      [OPS.moveTo, OPS.curveTo],
      [0, 0, 10, 10, 20, 10, 30, 0],
      [0, 0, 30, 10],
    ],
  ];
  assert.deepEqual(rules([curve, [OPS.stroke, null]]), []);
});

test('the transformation matrix is applied, and restored with the graphics state', () => {
  const scaled: Op = [OPS.transform, [2, 0, 0, 2, 10, 20]];
  assert.deepEqual(
    rules([
      [OPS.save, null],
      scaled,
      line(0, 0, 50, 0),
      [OPS.stroke, null],
      [OPS.restore, null],
      line(0, 0, 50, 0),
      [OPS.stroke, null],
    ]),
    [
      { x0: 10, x1: 110, y0: 20, y1: 20 },
      { x0: 0, x1: 50, y0: 0, y1: 0 },
    ],
  );
  // A form XObject draws in its own matrix until it ends.
  const form: Op = [
    OPS.paintFormXObjectBegin,
    [
      [1, 0, 0, 1, 5, 5],
      [0, 0, 100, 100],
    ],
  ];
  assert.deepEqual(
    rules([
      form,
      line(0, 0, 50, 0),
      [OPS.stroke, null],
      [OPS.paintFormXObjectEnd, null],
      line(0, 0, 50, 0),
      [OPS.stroke, null],
    ]),
    [
      { x0: 5, x1: 55, y0: 5, y1: 5 },
      { x0: 0, x1: 50, y0: 0, y1: 0 },
    ],
  );
});

test('text drawn past the box it is clipped to is noted with the box; text inside it, or under another clip, is not', () => {
  const glyphs = (text: string) => [...text].map((unicode) => ({ unicode }));
  const ops: Op[] = [
    [OPS.save, null],
    rect(40, 300, 140, 10),
    [OPS.clip, null],
    [OPS.endPath, null],
    [OPS.beginText, null],
    [OPS.setTextMatrix, [1, 0, 0, 1, 41, 302]],
    [OPS.showText, [glyphs('コー')]],
    [OPS.moveText, [150, 0]],
    [OPS.showText, [glyphs('中部')]],
    [OPS.restore, null],
    // after restore no box: nothing is clipped
    [OPS.beginText, null],
    [OPS.setTextMatrix, [1, 0, 0, 1, 500, 302]],
    [OPS.showText, [glyphs('愛知')]],
    // a clipping path that is no single rectangle is not followed
    [OPS.save, null],
    rect(0, 0, 10, 10),
    rect(20, 0, 10, 10),
    [OPS.clip, null],
    [OPS.endPath, null],
    [OPS.setTextMatrix, [1, 0, 0, 1, 500, 302]],
    [OPS.showText, [glyphs('外')]],
    [OPS.restore, null],
  ];
  const { clipped } = drawingOfOperators(
    ops.map(([fn]) => fn),
    ops.map(([, args]) => args),
    OPS,
  );
  assert.deepEqual(clipped, [{ x: 191, y: 302, char: '中', box: { x0: 40, x1: 180, y0: 300, y1: 310 } }]);
});

test('a matrix that is not six numbers (a damaged operator) is skipped, the one before it kept', () => {
  const scaled: Op = [OPS.transform, [2, 0, 0, 2, 10, 20]];
  assert.deepEqual(
    rules([scaled, [OPS.transform, null], [OPS.transform, [1, 0, 0, 1]], line(0, 0, 50, 0), [OPS.stroke, null]]),
    [{ x0: 10, x1: 110, y0: 20, y1: 20 }],
  );
});
