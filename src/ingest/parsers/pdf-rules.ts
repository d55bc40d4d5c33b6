// The ruling lines a PDF page draws (table borders), and the text it draws outside its clipping box, read from the
// page's drawing operators.
//
// Pure: it walks the operator list pdf-text.ts hands it (pdfjs's fnArray and argsArray, with pdfjs's operator
// numbers), so it never touches pdfjs itself. Only horizontal and vertical lines are kept: table borders.
import { propertyOf } from '../../lib/is-object.js';

/** A horizontal or vertical line in PDF user space (points, y up), x0 ≤ x1 and y0 ≤ y1. */
export interface PdfRule {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Text whose start lies outside the box it is clipped to, so it is not seen: a spreadsheet cell's text running on
 * past the cell (「コーユーロジックス（株）　　中部エリアセンター」 clipped at the name cell's border). Its place is the
 * cell it was drawn for, the box's.
 */
export interface ClippedText {
  /** Where the text starts, in user space. */
  readonly x: number;
  readonly y: number;
  /** Its first character: another text may start at the same place, visible. */
  readonly char: string;
  readonly box: PdfRule;
}

export interface PageDrawing {
  readonly rules: PdfRule[];
  readonly clipped: ClippedText[];
}

/** The operator numbers this walk needs, pdfjs's OPS. */
export interface RuleOps {
  readonly save: number;
  readonly restore: number;
  readonly transform: number;
  readonly constructPath: number;
  readonly moveTo: number;
  readonly lineTo: number;
  readonly rectangle: number;
  readonly closePath: number;
  readonly curveTo: number;
  readonly curveTo2: number;
  readonly curveTo3: number;
  readonly stroke: number;
  readonly closeStroke: number;
  readonly fill: number;
  readonly eoFill: number;
  readonly fillStroke: number;
  readonly eoFillStroke: number;
  readonly closeFillStroke: number;
  readonly closeEOFillStroke: number;
  readonly endPath: number;
  readonly setFillRGBColor: number;
  readonly setFillGray: number;
  readonly paintFormXObjectBegin: number;
  readonly paintFormXObjectEnd: number;
  readonly clip: number;
  readonly eoClip: number;
  readonly beginText: number;
  readonly setTextMatrix: number;
  readonly moveText: number;
  readonly setLeadingMoveText: number;
  readonly setLeading: number;
  readonly nextLine: number;
  readonly showText: number;
  readonly showSpacedText: number;
}

type Matrix = readonly [number, number, number, number, number, number];
type Point = readonly [number, number];

/** A rectangle thinner than this (points) is a line drawn as a filled box, the way Excel and Word draw borders. */
const THIN = 2;
/** Lines no more slanted than this (points over their length) count as horizontal or vertical. */
const SLANT = 0.5;

/** The lines a page strokes, and the thin boxes and box outlines it fills, in user space; and its clipped text. */
export function drawingOfOperators(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  ops: RuleOps,
): PageDrawing {
  const rules: PdfRule[] = [];
  const clipped: ClippedText[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let white = false;
  // The clipping box, where the clipping path is a rectangle (the only kind that boxes a cell), else null.
  let box: PdfRule | null = null;
  let clipping = false;
  const stack: { ctm: Matrix; white: boolean; box: PdfRule | null }[] = [];
  const text: TextPosition = { line: [1, 0, 0, 1, 0, 0], leading: 0 };
  // The current path: polylines, and rectangles kept apart so a filled one can be told thin or large.
  let lines: Point[][] = [];
  let rects: Point[][] = [];
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsOf(argsArray[i]);
    if (fn === ops.save || fn === ops.paintFormXObjectBegin) {
      stack.push({ ctm, white, box });
      // A form's matrix, or null where it has none.
      const matrix = fn === ops.paintFormXObjectBegin ? matrixOf(args[0]) : null;
      if (matrix) ctm = multiply(ctm, matrix);
    } else if (fn === ops.restore || fn === ops.paintFormXObjectEnd) {
      ({ ctm, white, box } = stack.pop() ?? { ctm, white, box });
    } else if (fn === ops.transform) {
      // A damaged operator, not six numbers, is skipped (here and for the text matrix: moveText).
      const matrix = matrixOf(args);
      if (matrix) ctm = multiply(ctm, matrix);
    } else if (fn === ops.setFillRGBColor) {
      white = isWhite(args);
    } else if (fn === ops.setFillGray) {
      white = Number(args[0]) >= 0.98;
    } else if (fn === ops.constructPath) {
      const built = pathOf(argsOf(args[0]), argsOf(args[1]), ctm, ops);
      // one path may hold any number of segments: more than a spread's arguments may be
      for (const line of built.lines) lines.push(line);
      for (const rect of built.rects) rects.push(rect);
    } else if (
      fn === ops.stroke ||
      fn === ops.closeStroke ||
      fn === ops.fillStroke ||
      fn === ops.eoFillStroke ||
      fn === ops.closeFillStroke ||
      fn === ops.closeEOFillStroke
    ) {
      for (const polyline of [...lines, ...rects]) for (const edge of edgesOf(polyline)) rules.push(edge);
      [lines, rects] = [[], []];
    } else if (fn === ops.fill || fn === ops.eoFill) {
      // A white box is a background (behind a title, blanking a cell), not a border.
      if (!white) for (const rect of rects) rules.push(...filledRect(rect));
      [lines, rects] = [[], []];
    } else if (fn === ops.clip || fn === ops.eoClip) {
      clipping = true;
    } else if (fn === ops.endPath) {
      // The clipping path takes effect when the path ends: a single rectangle narrows the box, anything else is
      // not followed (the box is forgotten, so nothing is taken for clipped).
      const [rect] = rects;
      if (clipping) box = rect && rects.length === 1 && lines.length === 0 ? intersect(box, boundsOf(rect)) : null;
      [lines, rects, clipping] = [[], [], false];
    } else if ((fn === ops.showText || fn === ops.showSpacedText) && box !== null) {
      const outside = clippedText(args, multiply(ctm, text.line), box);
      if (outside) clipped.push(outside);
    } else {
      moveText(fn, args, ops, text);
    }
  }
  return { rules, clipped };
}

/** The text line matrix (Tlm) and leading: where each run of text starts. */
interface TextPosition {
  line: Matrix;
  leading: number;
}

/** Follows the operators that place the next run of text (the others are no text's). */
function moveText(fn: number | undefined, args: ArrayLike<unknown>, ops: RuleOps, text: TextPosition): void {
  if (fn === ops.beginText) {
    text.line = [1, 0, 0, 1, 0, 0];
  } else if (fn === ops.setTextMatrix) {
    // A damaged operator, not six numbers, is skipped.
    text.line = matrixOf(args) ?? text.line;
  } else if (fn === ops.moveText || fn === ops.setLeadingMoveText) {
    const [tx, ty] = [Number(args[0]), Number(args[1])];
    if (fn === ops.setLeadingMoveText) text.leading = -ty;
    text.line = multiply(text.line, [1, 0, 0, 1, tx, ty]);
  } else if (fn === ops.setLeading) {
    text.leading = Number(args[0]);
  } else if (fn === ops.nextLine) {
    text.line = multiply(text.line, [1, 0, 0, 1, 0, -text.leading]);
  }
}

/** A run of text that starts outside the clipping box, by its first character; null where it starts inside. */
function clippedText(args: ArrayLike<unknown>, at: Matrix, box: PdfRule): ClippedText | null {
  const [x, y] = apply(at, 0, 0);
  // The glyphs drawn: objects with their character, numbers (spacing) between them.
  const first = Array.from(argsOf(args[0])).find((g): g is { unicode: string } => {
    const unicode = propertyOf(g, 'unicode');
    return typeof unicode === 'string' && unicode.trim() !== '';
  });
  const outside = x < box.x0 - 0.5 || x > box.x1 - 0.5 || y < box.y0 - 0.5 || y > box.y1 + 0.5;
  return outside && first ? { x, y, char: first.unicode, box } : null;
}

function boundsOf(corners: readonly Point[]): PdfRule {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

function intersect(a: PdfRule | null, b: PdfRule): PdfRule {
  if (a === null) return b;
  return { x0: Math.max(a.x0, b.x0), x1: Math.min(a.x1, b.x1), y0: Math.max(a.y0, b.y0), y1: Math.min(a.y1, b.y1) };
}

function pathOf(
  subOps: ArrayLike<unknown>,
  coords: ArrayLike<unknown>,
  ctm: Matrix,
  ops: RuleOps,
): { lines: Point[][]; rects: Point[][] } {
  const lines: Point[][] = [];
  const rects: Point[][] = [];
  let current: Point[] | null = null;
  let j = 0;
  const at = (k: number): number => Number(coords[k] ?? 0);
  for (const op of Array.from(subOps)) {
    if (op === ops.rectangle) {
      const [x, y, w, h] = [at(j), at(j + 1), at(j + 2), at(j + 3)];
      j += 4;
      rects.push([
        apply(ctm, x, y),
        apply(ctm, x + w, y),
        apply(ctm, x + w, y + h),
        apply(ctm, x, y + h),
        apply(ctm, x, y),
      ]);
      current = null;
    } else if (op === ops.moveTo) {
      current = [apply(ctm, at(j), at(j + 1))];
      lines.push(current);
      j += 2;
    } else if (op === ops.lineTo) {
      const point = apply(ctm, at(j), at(j + 1));
      if (current === null) lines.push((current = [point]));
      else current.push(point);
      j += 2;
    } else if (op === ops.curveTo) {
      // A curve is no border; the path goes on from its end.
      current = [apply(ctm, at(j + 4), at(j + 5))];
      lines.push(current);
      j += 6;
    } else if (op === ops.curveTo2 || op === ops.curveTo3) {
      current = [apply(ctm, at(j + 2), at(j + 3))];
      lines.push(current);
      j += 4;
    } else if (op === ops.closePath) {
      const start = current?.[0];
      if (current !== null && start !== undefined && current.length > 1) current.push(start);
    }
  }
  return { lines, rects };
}

/** A filled rectangle: one line along its middle when thin, else its four sides (a cell's border box). */
function filledRect(corners: readonly Point[]): PdfRule[] {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (y1 - y0 < THIN) return [{ x0, x1, y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 }];
  if (x1 - x0 < THIN) return [{ x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0, y1 }];
  return edgesOf(corners);
}

function edgesOf(polyline: readonly Point[]): PdfRule[] {
  const rules: PdfRule[] = [];
  let previous: Point | undefined;
  for (const point of polyline) {
    if (previous) {
      const [[ax, ay], [bx, by]] = [previous, point];
      if (Math.abs(ay - by) <= SLANT && ax !== bx)
        rules.push({ x0: Math.min(ax, bx), x1: Math.max(ax, bx), y0: (ay + by) / 2, y1: (ay + by) / 2 });
      else if (Math.abs(ax - bx) <= SLANT && ay !== by)
        rules.push({ x0: (ax + bx) / 2, x1: (ax + bx) / 2, y0: Math.min(ay, by), y1: Math.max(ay, by) });
    }
    previous = point;
  }
  return rules;
}

function isWhite(args: ArrayLike<unknown>): boolean {
  // pdfjs gives RGB as 0–255 components (a typed array) or, in some versions, as a '#rrggbb' string.
  const first = args[0];
  if (typeof first === 'string') return /^#f[a-f0-9]f[a-f0-9]f[a-f0-9]$/iu.test(first);
  const rgb = [0, 1, 2].map((k) => Number(args[k]));
  return rgb.every((v) => v >= 250);
}

/** An operator's arguments: pdfjs gives an array, a typed array (RGB components), or null for none. */
function argsOf(value: unknown): ArrayLike<unknown> {
  return isArrayLike(value) ? value : [];
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/** Six numbers as a matrix; anything else (a damaged operator) is none. */
export function matrixOf(value: unknown): Matrix | null {
  if (!isArrayLike(value) || value.length !== 6) return null;
  const [a, b, c, d, e, f] = Array.from(value);
  if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number') return null;
  if (typeof d !== 'number' || typeof e !== 'number' || typeof f !== 'number') return null;
  return [a, b, c, d, e, f];
}

function apply(m: Matrix, x: number, y: number): Point {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The matrix that applies `inner` first, then `outer`: the PDF's `cm` concatenation. */
function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [p, q, r, s, t, u] = inner;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}
