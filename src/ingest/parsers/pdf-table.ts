// Table cells rebuilt from a PDF page's text items alone: columns from the header row, lines per cell, rows per
// anchor line. The reading of a table that draws no borders; a ruled table is read from its lines (pdf-lattice.ts).
//
// Pure: it sees only positioned text (from pdf-text.ts), so any PDF table source can use it. The layout it reads
// is the one spreadsheet exports have: a header row of centred labels, cells with padding, wrapped text, and every
// cell centred vertically in its row. A page that does not fit that layout is an error, never a guess.

import { inkOf, type PdfPage, type PdfTextItem } from './pdf-page.js';
import { foldCompact } from '../../domain/text/text-fold.js';
import { excerpt } from '../../domain/text/untrusted-text.js';

export interface TableLayout {
  /** The header labels left to right, as printed (compared after NFKC, white space ignored). */
  readonly headers: readonly string[];
  /** The column that holds exactly one line in every row; the other cells are centred on that line. */
  readonly anchorColumn: number;
}

interface TableRow {
  readonly page: number;
  /** Baseline of the anchor line, the row's vertical centre. */
  readonly y: number;
  /** The lines of each cell, top to bottom, one array per column. */
  readonly cells: readonly (readonly string[])[];
}

export interface PageTable {
  readonly page: number;
  readonly rows: readonly TableRow[];
}

/** A page whose text does not form the expected table; the message names the page, the column and the text. */
export class TableLayoutError extends Error {
  override readonly name = 'TableLayoutError';
}

interface Line {
  readonly y: number;
  readonly text: string;
}

/** Reads the table on one page: header row, column bounds, then the rows. */
export function buildPageTable(page: PdfPage, layout: TableLayout): PageTable {
  const header = findHeaderRow(page, layout.headers);
  const size = header.size;
  const items = page.items.map(inkOf).filter((item) => item.text !== '');
  const body = items.filter((item) => item.y < header.y - size / 2);
  const bounds = columnBounds(page.number, layout.headers, header.centres, body, size);
  const columns: PdfTextItem[][] = layout.headers.map(() => []);
  for (const item of body) columns[columnOf(bounds, item.x)]?.push(item);
  const lines = columns.map((items) => linesOf(items, size));
  const anchors = lines[layout.anchorColumn];
  if (anchors === undefined) throw new Error(`anchor column ${layout.anchorColumn} is not a column of the layout`);
  const cells = lines.map((column, c) =>
    c === layout.anchorColumn
      ? anchors.map((line) => [line.text])
      : cellsByAnchor(column, anchors, size, page.number, layout.headers[c] ?? ''),
  );
  const rows = anchors.map((anchor, r) => ({
    page: page.number,
    y: anchor.y,
    cells: cells.map((column) => column[r] ?? []),
  }));
  return { page: page.number, rows };
}

interface HeaderRow {
  readonly y: number;
  readonly size: number;
  readonly centres: readonly number[];
}

/** The header row: one item per label, all on one baseline, left to right. */
function findHeaderRow(page: PdfPage, labels: readonly string[]): HeaderRow {
  const folded = labels.map(fold);
  const candidates = page.items.filter((item) => fold(item.text) === folded[0]);
  for (const first of candidates) {
    const row = folded.map((label) =>
      page.items.find((item) => fold(item.text) === label && Math.abs(item.y - first.y) <= first.size / 2),
    );
    const items = row.filter((item) => item !== undefined);
    if (items.length < row.length) continue;
    const centres = items.map((item) => item.x + item.width / 2);
    for (let i = 1; i < centres.length; i++) {
      if ((centres[i] ?? 0) <= (centres[i - 1] ?? 0)) {
        throw new TableLayoutError(
          `page ${page.number}: header ${labels[i]} is not to the right of ${labels[i - 1]}; the columns are not in the expected order`,
        );
      }
    }
    return { y: first.y, size: first.size, centres };
  }
  const missing = labels.filter((label, i) => !page.items.some((item) => fold(item.text) === folded[i]));
  throw new TableLayoutError(
    missing.length > 0
      ? `page ${page.number}: header row not found: no ${missing.join(', ')}`
      : `page ${page.number}: header row not found: the labels ${labels.join(', ')} are not on one line`,
  );
}

/**
 * The x where each column ends. Header labels are centred in their cells, so a cell's right border mirrors its
 * left border around the label's centre; each predicted border is then moved to the nearest gap in the body
 * text, where no item lies. A border with no gap near it means the header does not match the text under it.
 */
function columnBounds(
  page: number,
  labels: readonly string[],
  centres: readonly number[],
  body: readonly PdfTextItem[],
  size: number,
): number[] {
  if (body.length === 0) return centres.slice(1).map((c, i) => ((centres[i] ?? 0) + c) / 2);
  const spans = body.map((item) => [item.x, item.x + item.width] as const).sort((a, b) => a[0] - b[0]);
  const tolerance = 2 * size;
  let left = Math.min(...spans.map(([x]) => x));
  const bounds: number[] = [];
  for (let i = 0; i + 1 < centres.length; i++) {
    const [from, to] = [centres[i] ?? 0, centres[i + 1] ?? 0];
    const predicted = 2 * from - left;
    const gap = nearestGap(gapsBetween(spans, from, to), predicted);
    if (gap === null || distanceTo(gap, predicted) > tolerance) {
      throw new TableLayoutError(
        `page ${page}: no clear border between columns ${labels[i]} and ${labels[i + 1]} near x=${predicted.toFixed(1)}; ` +
          'the columns moved or the header does not match the table under it',
      );
    }
    bounds.push((gap[0] + gap[1]) / 2);
    left = gap[1];
  }
  return bounds;
}

/** The stretches of x between `from` and `to` that no item covers. */
function gapsBetween(spans: readonly (readonly [number, number])[], from: number, to: number): [number, number][] {
  const gaps: [number, number][] = [];
  let cursor = from;
  for (const [start, end] of spans) {
    if (end <= cursor || start >= to) continue;
    if (start > cursor) gaps.push([cursor, start]);
    cursor = Math.max(cursor, end);
    if (cursor >= to) break;
  }
  if (cursor < to) gaps.push([cursor, to]);
  return gaps;
}

function nearestGap(gaps: readonly [number, number][], x: number): [number, number] | null {
  let best: [number, number] | null = null;
  for (const gap of gaps) if (best === null || distanceTo(gap, x) < distanceTo(best, x)) best = gap;
  return best;
}

function distanceTo([start, end]: readonly [number, number], x: number): number {
  return x < start ? start - x : x > end ? x - end : 0;
}

function columnOf(bounds: readonly number[], x: number): number {
  const index = bounds.findIndex((bound) => x < bound);
  return index === -1 ? bounds.length : index;
}

/** Items on one baseline joined left to right into a line; lines top to bottom. */
function linesOf(items: readonly PdfTextItem[], size: number): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  for (const item of sorted) {
    const last = groups.at(-1);
    if (last && Math.abs((last[0]?.y ?? 0) - item.y) <= size * 0.3) last.push(item);
    else groups.push([item]);
  }
  return groups.map((group) => {
    const inLine = group.sort((a, b) => a.x - b.x);
    let text = '';
    let end: number | null = null;
    for (const item of inLine) {
      // A visible gap inside a cell line is a space the PDF drew as distance, not as a character.
      if (end !== null && item.x - end > size * 0.5) text += ' ';
      text += item.text;
      end = item.x + item.width;
    }
    return { y: inLine[0]?.y ?? 0, text };
  });
}

/**
 * Splits a column's lines into one cell per anchor: the lines of a cell are consecutive and centred on their
 * row's anchor line, so the midpoint of their first and last baselines falls on the anchor's baseline.
 */
function cellsByAnchor(
  lines: readonly Line[],
  anchors: readonly Line[],
  size: number,
  page: number,
  label: string,
): string[][] {
  const tolerance = size * 0.35;
  const cells: string[][] = [];
  let next = 0;
  for (const anchor of anchors) {
    let best = 0;
    let bestOff = Infinity;
    for (let n = 1; next + n - 1 < lines.length; n++) {
      const [top, bottom] = [lines[next], lines[next + n - 1]];
      if (top === undefined || bottom === undefined) break;
      const above = lines[next + n - 2];
      if (n > 1 && above !== undefined && above.y - bottom.y > size * 1.8) break; // a wider gap ends the cell
      const off = Math.abs((top.y + bottom.y) / 2 - anchor.y);
      if (off <= tolerance && off < bestOff) [best, bestOff] = [n, off];
      if ((top.y + bottom.y) / 2 < anchor.y - tolerance) break;
    }
    const first = lines[next];
    if (best === 0 && first !== undefined && first.y > anchor.y + tolerance) {
      throw new TableLayoutError(
        `page ${page}, column ${label}: '${excerpt(first.text)}' (y=${first.y.toFixed(1)}) is not centred on any row`,
      );
    }
    cells.push(lines.slice(next, next + best).map((line) => line.text));
    next += best;
  }
  const rest = lines[next];
  if (rest !== undefined) {
    throw new TableLayoutError(
      `page ${page}, column ${label}: '${excerpt(rest.text)}' (y=${rest.y.toFixed(1)}) lies below the last row`,
    );
  }
  return cells;
}

function fold(text: string): string {
  return foldCompact(text);
}
