// Ruled tables found from the lines a PDF page draws (camelot's "lattice", pdfplumber's table finder): the grid
// from the borders, merged cells where a border is missing, and each piece of text in the cell where it starts.
//
// Pure: positioned text and lines in (pdf-text.ts), cells out. Text that overruns its cell's border (an
// address cut at the border) still belongs to the cell it starts in, which reading by text gaps cannot know.
import { inkOf, type PdfPage, type PdfTextItem } from './pdf-page.js';

export interface LatticeCell {
  /** First and last grid column the cell spans (a merged cell spans several). */
  readonly col: number;
  readonly lastCol: number;
  readonly x0: number;
  readonly x1: number;
  /** Its text lines, top to bottom. */
  readonly lines: readonly string[];
}

export interface LatticeRow {
  readonly top: number;
  readonly bottom: number;
  /** The row's cells left to right; a cell spanning rows belongs to the row band it spans (rows joined). */
  readonly cells: readonly LatticeCell[];
}

export interface LatticeTable {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  /** The x of each vertical grid line, left to right. */
  readonly xs: readonly number[];
  readonly rows: readonly LatticeRow[];
}

export interface PageLattice {
  /** The page's ruled tables, top to bottom. */
  readonly tables: readonly LatticeTable[];
  /** The text outside every table: titles, captions, notes. */
  readonly outside: readonly PdfTextItem[];
}

/** Lines closer than this (points) are one line: a border drawn twice, or as a box a point thick. */
const SNAP = 2;

interface Line {
  /** Where the line lies across its direction (y of a horizontal line, x of a vertical one). */
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** The page's ruled tables with their text; no rules, no tables. */
export function readLattice(page: PdfPage): PageLattice {
  const rules = page.rules ?? [];
  const horizontal = mergeLines(rules.filter((r) => r.y0 === r.y1).map((r) => ({ at: r.y0, from: r.x0, to: r.x1 })));
  const vertical = mergeLines(rules.filter((r) => r.x0 === r.x1).map((r) => ({ at: r.x0, from: r.y0, to: r.y1 })));
  const grids = connectedGrids(horizontal, vertical).map(gridOf);
  const xs = grids.flatMap((grid) => grid.xs);
  const items = page.items.flatMap((item) => splitAtBorders(inkOf(item), xs)).filter((item) => item.text !== '');
  const outside: PdfTextItem[] = [];
  const placed = grids.map((grid) => grid.cells.map(() => [] as PdfTextItem[]));
  for (const item of items) {
    // The start of the text, a little above its baseline: descenders and a baseline sitting on a border
    // would otherwise fall in the cell below. Text drawn past the box it is clipped to belongs to the box.
    const box = page.clipped?.find(
      (c) => Math.abs(c.x - item.x) <= 1 && Math.abs(c.y - item.y) <= 1 && item.text.startsWith(c.char),
    )?.box;
    const x = box ? (box.x0 + box.x1) / 2 : item.x + Math.min(1, item.width / 2);
    const y = box ? (box.y0 + box.y1) / 2 : item.y + item.size * 0.3;
    const g = grids.findIndex(
      (grid) => x >= grid.xs[0]! && x <= grid.xs.at(-1)! && y <= grid.ys[0]! && y >= grid.ys.at(-1)!,
    );
    const grid = grids[g];
    const cell = grid ? cellAt(grid, x, y) : -1;
    if (grid && cell >= 0) placed[g]![cell]!.push(item);
    else outside.push(item);
  }
  const tables = grids.map((grid, g) => tableOf(grid, placed[g]!)).sort((a, b) => b.top - a.top);
  return { tables, outside };
}

/** Lines of one direction snapped together: those within SNAP of each other across, and touching along, are one. */
function mergeLines(lines: readonly Line[]): Line[] {
  const sorted = [...lines].sort((a, b) => a.at - b.at || a.from - b.from);
  const bands: Line[][] = [];
  for (const line of sorted) {
    const band = bands.at(-1);
    if (band && line.at - band[0]!.at <= SNAP) band.push(line);
    else bands.push([line]);
  }
  const merged: Line[] = [];
  for (const band of bands) {
    const at = band.reduce((sum, l) => sum + l.at, 0) / band.length;
    const spans = band.map((l) => [l.from, l.to] as const).sort((a, b) => a[0] - b[0]);
    let [from, to] = spans[0]!;
    for (const [f, t] of spans.slice(1)) {
      if (f <= to + SNAP) to = Math.max(to, t);
      else {
        merged.push({ at, from, to });
        [from, to] = [f, t];
      }
    }
    merged.push({ at, from, to });
  }
  return merged;
}

interface LineSet {
  readonly horizontal: Line[];
  readonly vertical: Line[];
}

/** The sets of lines that cross or touch one another: each with two lines at least each way is a table. */
function connectedGrids(horizontal: readonly Line[], vertical: readonly Line[]): LineSet[] {
  const parent = [...horizontal, ...vertical].map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  horizontal.forEach((h, i) =>
    vertical.forEach((v, j) => {
      if (v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP)
        parent[find(i)] = find(horizontal.length + j);
    }),
  );
  const sets = new Map<number, LineSet>();
  const setOf = (i: number): LineSet => {
    const root = find(i);
    const set = sets.get(root) ?? { horizontal: [], vertical: [] };
    sets.set(root, set);
    return set;
  };
  horizontal.forEach((h, i) => setOf(i).horizontal.push(h));
  vertical.forEach((v, j) => setOf(horizontal.length + j).vertical.push(v));
  return [...sets.values()].filter((s) => s.horizontal.length >= 2 && s.vertical.length >= 2);
}

interface Grid {
  /** Vertical grid lines left to right, horizontal ones top to bottom. */
  readonly xs: readonly number[];
  readonly ys: readonly number[];
  /** The cell of each grid box (row-major, by row then column), an index into `cells`. */
  readonly cellOf: readonly number[];
  /** Each cell's first and last grid row and column. */
  readonly cells: readonly { r0: number; r1: number; c0: number; c1: number }[];
}

/**
 * The grid of a set of lines: every x where a vertical line is and every y where a horizontal line is. Two
 * neighbouring grid boxes with no line drawn between them are one (merged) cell.
 */
function gridOf(set: LineSet): Grid {
  const xs = positions(set.vertical.map((l) => l.at)).sort((a, b) => a - b);
  const ys = positions(set.horizontal.map((l) => l.at)).sort((a, b) => b - a);
  const columns = xs.length - 1;
  const boxes = (ys.length - 1) * columns;
  const parent = Array.from({ length: boxes }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let r = 0; r + 1 < ys.length; r++) {
    for (let c = 0; c < columns; c++) {
      const [top, bottom, left, right] = [ys[r]!, ys[r + 1]!, xs[c]!, xs[c + 1]!];
      if (c + 1 < columns && !drawn(set.vertical, right, bottom, top))
        parent[find(r * columns + c)] = find(r * columns + c + 1);
      if (r + 2 < ys.length && !drawn(set.horizontal, bottom, left, right))
        parent[find(r * columns + c)] = find((r + 1) * columns + c);
    }
  }
  const index = new Map<number, number>();
  const cells: { r0: number; r1: number; c0: number; c1: number }[] = [];
  const cellOf = parent.map((_, box) => {
    const root = find(box);
    const [r, c] = [Math.floor(box / columns), box % columns];
    let k = index.get(root);
    if (k === undefined) {
      k = cells.push({ r0: r, r1: r, c0: c, c1: c }) - 1;
      index.set(root, k);
    }
    const cell = cells[k]!;
    [cell.r0, cell.r1, cell.c0, cell.c1] = [
      Math.min(cell.r0, r),
      Math.max(cell.r1, r),
      Math.min(cell.c0, c),
      Math.max(cell.c1, c),
    ];
    return k;
  });
  return { xs, ys, cellOf, cells };
}

/** Positions within SNAP of each other taken as one. */
function positions(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const v of sorted) {
    const last = groups.at(-1);
    if (last && v - last.at(-1)! <= SNAP) last.push(v);
    else groups.push([v]);
  }
  return groups.map((g) => g.reduce((s, v) => s + v, 0) / g.length);
}

/** Whether a line is drawn at `at` over the middle of [from, to] (its ends may stop short at a corner). */
function drawn(lines: readonly Line[], at: number, from: number, to: number): boolean {
  const inset = Math.min(SNAP, (to - from) / 4);
  return lines.some((l) => Math.abs(l.at - at) <= SNAP && l.from <= from + inset && l.to >= to - inset);
}

function cellAt(grid: Grid, x: number, y: number): number {
  const c = grid.xs.findIndex((v, i) => i + 1 < grid.xs.length && x >= v && x < grid.xs[i + 1]!);
  const r = grid.ys.findIndex((v, i) => i + 1 < grid.ys.length && y <= v && y > grid.ys[i + 1]!);
  return c < 0 || r < 0 ? -1 : (grid.cellOf[r * (grid.xs.length - 1) + c] ?? -1);
}

/** Grid rows bound together by cells spanning them make one table row; its cells are those starting in it. */
function tableOf(grid: Grid, placed: readonly (readonly PdfTextItem[])[]): LatticeTable {
  const bands: [number, number][] = [];
  const order = grid.cells
    .map((_, k) => k)
    .sort((a, b) => grid.cells[a]!.r0 - grid.cells[b]!.r0 || grid.cells[a]!.c0 - grid.cells[b]!.c0);
  for (const k of order) {
    const { r0, r1 } = grid.cells[k]!;
    const band = bands.at(-1);
    if (band && r0 <= band[1]) band[1] = Math.max(band[1], r1);
    else bands.push([r0, r1]);
  }
  const rows = bands.map(([r0, r1]) => ({
    top: grid.ys[r0]!,
    bottom: grid.ys[r1 + 1]!,
    cells: order
      .filter((k) => grid.cells[k]!.r0 >= r0 && grid.cells[k]!.r0 <= r1)
      .sort((a, b) => grid.cells[a]!.c0 - grid.cells[b]!.c0 || grid.cells[a]!.r0 - grid.cells[b]!.r0)
      .map((k) => {
        const { c0, c1 } = grid.cells[k]!;
        return { col: c0, lastCol: c1, x0: grid.xs[c0]!, x1: grid.xs[c1 + 1]!, lines: linesOf(placed[k]!) };
      }),
  }));
  const [left, right, top, bottom] = [grid.xs[0]!, grid.xs.at(-1)!, grid.ys[0]!, grid.ys.at(-1)!];
  return { top, bottom, left, right, xs: grid.xs, rows };
}

/** Items on one baseline joined left to right into a line; lines top to bottom. */
export function linesOf(items: readonly PdfTextItem[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  for (const item of sorted) {
    const last = groups.at(-1);
    if (last && Math.abs(last[0]!.y - item.y) <= item.size * 0.3) last.push(item);
    else groups.push([item]);
  }
  return groups.map((group) => {
    let text = '';
    let end: number | null = null;
    for (const item of group.sort((a, b) => a.x - b.x)) {
      // A visible gap inside a cell line is a space the PDF drew as distance, not as a character.
      if (end !== null && item.x - end > item.size * 0.5) text += ' ';
      text += item.text;
      end = item.x + item.width;
    }
    return text;
  });
}

/**
 * An item split at its spaces where it crosses a vertical border: pdfjs joins text drawn close together on one
 * baseline into one item with a space between (「H28.11.29 労働基準法第32条」 over two cells). Where each part
 * starts is estimated from the characters' widths (full width one em, half width half), the first part from
 * the item's start, the others from its end. An item with no space is one piece of text, overrunning or not.
 */
function splitAtBorders(item: PdfTextItem, xs: readonly number[]): PdfTextItem[] {
  const end = item.x + item.width;
  if (!/\s/u.test(item.text) || !xs.some((x) => x > item.x + 1 && x < end - 1)) return [item];
  const parts = item.text.split(/\s+/u).filter((part) => part !== '');
  const widths = parts.map((part) => emWidth(part) * item.size);
  let right = end;
  const starts = parts.map(() => item.x);
  for (let k = parts.length - 1; k > 0; k--) {
    right -= widths[k]!;
    starts[k] = right;
    right -= item.size / 4;
  }
  return parts.map((text, k) => ({ ...item, text, x: starts[k]!, width: widths[k]! }));
}

function emWidth(text: string): number {
  let ems = 0;
  for (const char of text) ems += /[\u0000-\u00ff\uff61-\uff9f]/u.test(char) ? 0.5 : 1;
  return ems;
}
