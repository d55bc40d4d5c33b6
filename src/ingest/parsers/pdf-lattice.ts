// Ruled tables found from the lines a PDF page draws (camelot's "lattice", pdfplumber's table finder): the grid
// from the borders, merged cells where a border is missing, and each piece of text in the cell where it starts.
//
// Pure: positioned text and lines in (pdf-text.ts), cells out. Text that overruns its cell's border (an
// address cut at the border) still belongs to the cell it starts in, which reading by text gaps cannot know.
import { inkOf, type PdfPage, type PdfTextItem } from './pdf-page.js';

interface LatticeCell {
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

interface LatticeTable {
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
  const grids = connectedGrids(horizontal, vertical).flatMap((set) => gridOf(set) ?? []);
  const xs = grids.flatMap((grid) => grid.xs);
  const items = page.items.flatMap((item) => splitAtBorders(inkOf(item), xs)).filter((item) => item.text !== '');
  const outside: PdfTextItem[] = [];
  for (const item of items) {
    // The start of the text, a little above its baseline: descenders and a baseline sitting on a border
    // would otherwise fall in the cell below. Text drawn past the box it is clipped to belongs to the box.
    const box = page.clipped?.find(
      (c) => Math.abs(c.x - item.x) <= 1 && Math.abs(c.y - item.y) <= 1 && item.text.startsWith(c.char),
    )?.box;
    const x = box ? (box.x0 + box.x1) / 2 : item.x + Math.min(1, item.width / 2);
    const y = box ? (box.y0 + box.y1) / 2 : item.y + item.size * 0.3;
    const grid = grids.find((g) => x >= g.left && x <= g.right && y <= g.top && y >= g.bottom);
    const cell = grid && cellAt(grid, x, y);
    if (cell) cell.items.push(item);
    else outside.push(item);
  }
  const tables = grids.map(tableOf).sort((a, b) => b.top - a.top);
  return { tables, outside };
}

/** Lines of one direction snapped together: those within SNAP of each other across, and touching along, are one. */
function mergeLines(lines: readonly Line[]): Line[] {
  const sorted = [...lines].sort((a, b) => a.at - b.at || a.from - b.from);
  const bands: { first: Line; lines: Line[] }[] = [];
  for (const line of sorted) {
    const band = bands.at(-1);
    if (band && line.at - band.first.at <= SNAP) band.lines.push(line);
    else bands.push({ first: line, lines: [line] });
  }
  const merged: Line[] = [];
  for (const band of bands) {
    const at = band.lines.reduce((sum, l) => sum + l.at, 0) / band.lines.length;
    const spans = band.lines.map((l) => [l.from, l.to] as const).sort((a, b) => a[0] - b[0]);
    let run: { from: number; to: number } | undefined;
    for (const [from, to] of spans) {
      if (run && from <= run.to + SNAP) run.to = Math.max(run.to, to);
      else {
        if (run) merged.push({ at, ...run });
        run = { from, to };
      }
    }
    if (run) merged.push({ at, ...run });
  }
  return merged;
}

interface LineSet {
  readonly horizontal: Line[];
  readonly vertical: Line[];
}

/** The sets of lines that cross or touch one another: each with two lines at least each way is a table. */
function connectedGrids(horizontal: readonly Line[], vertical: readonly Line[]): LineSet[] {
  const touching = new Partition<Line>();
  for (const h of horizontal)
    for (const v of vertical)
      if (v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP)
        touching.join(h, v);
  const sets = new Map<Line, LineSet>();
  const setOf = (line: Line): LineSet => {
    const root = touching.root(line);
    const set = sets.get(root) ?? { horizontal: [], vertical: [] };
    sets.set(root, set);
    return set;
  };
  for (const h of horizontal) setOf(h).horizontal.push(h);
  for (const v of vertical) setOf(v).vertical.push(v);
  return [...sets.values()].filter((s) => s.horizontal.length >= 2 && s.vertical.length >= 2);
}

/** A merged cell: the grid boxes no drawn line parts, and the text that starts in them. */
interface Cell {
  /** Its first and last grid row and column. */
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  /** Its borders: the grid lines around its boxes. */
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  readonly items: PdfTextItem[];
}

/** A table's grid: its outline and vertical lines as the table gives them, the spans between lines, its cells. */
interface Grid extends Omit<LatticeTable, 'rows'> {
  /** The spans between neighbouring grid lines: columns left to right, rows top to bottom. */
  readonly columnSpans: readonly Span[];
  readonly rowSpans: readonly Span[];
  /** The cell of each grid box, by row then column. */
  readonly cellOf: readonly (readonly Cell[])[];
  /** Each cell once, in the order of its first box. */
  readonly cells: readonly Cell[];
}

/** From one grid line to the next: left to right, or top to bottom. */
type Span = readonly [number, number];

/** The space between two neighbouring grid lines each way: its row and column, and the lines around it. */
interface Box {
  readonly r: number;
  readonly c: number;
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * The grid of a set of lines: every x where a vertical line is and every y where a horizontal line is. Two
 * neighbouring grid boxes with no line drawn between them are one (merged) cell. A set with no line one way
 * (connectedGrids gives none such) has no grid.
 */
function gridOf(set: LineSet): Grid | undefined {
  const xs = positions(set.vertical.map((l) => l.at)).sort((a, b) => a - b);
  const ys = positions(set.horizontal.map((l) => l.at)).sort((a, b) => b - a);
  const [left, right, top, bottom] = [xs[0], xs.at(-1), ys[0], ys.at(-1)];
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) return undefined;
  const columnSpans = spans(xs);
  const rowSpans = spans(ys);
  const boxes = rowSpans.map(([rowTop, rowBottom], r) =>
    columnSpans.map(([columnLeft, columnRight], c): Box => {
      return { r, c, top: rowTop, bottom: rowBottom, left: columnLeft, right: columnRight };
    }),
  );
  const merged = new Partition<Box>();
  for (const [r, row] of boxes.entries()) {
    for (const [c, box] of row.entries()) {
      const east = row[c + 1];
      if (east && !drawn(set.vertical, box.right, box.bottom, box.top)) merged.join(box, east);
      const south = boxes[r + 1]?.[c];
      if (south && !drawn(set.horizontal, box.bottom, box.left, box.right)) merged.join(box, south);
    }
  }
  const cellOfRoot = new Map<Box, Cell>();
  const cellOf = boxes.map((row) =>
    row.map((box) => {
      const root = merged.root(box);
      const cell = cellOfRoot.get(root) ?? cellOfBox(box);
      cellOfRoot.set(root, cell);
      widen(cell, box);
      return cell;
    }),
  );
  return { xs, left, right, top, bottom, columnSpans, rowSpans, cellOf, cells: [...cellOfRoot.values()] };
}

/** A cell of one box. */
function cellOfBox({ r, c, left, right, top, bottom }: Box): Cell {
  return { r0: r, r1: r, c0: c, c1: c, x0: left, x1: right, top, bottom, items: [] };
}

/** The cell grown to take in one more of its boxes. */
function widen(cell: Cell, box: Box): void {
  [cell.r0, cell.r1, cell.c0, cell.c1] = [
    Math.min(cell.r0, box.r),
    Math.max(cell.r1, box.r),
    Math.min(cell.c0, box.c),
    Math.max(cell.c1, box.c),
  ];
  [cell.x0, cell.x1, cell.top, cell.bottom] = [
    Math.min(cell.x0, box.left),
    Math.max(cell.x1, box.right),
    Math.max(cell.top, box.top),
    Math.min(cell.bottom, box.bottom),
  ];
}

/** Positions within SNAP of each other taken as one. */
function positions(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: { values: number[]; last: number }[] = [];
  for (const v of sorted) {
    const group = groups.at(-1);
    if (group && v - group.last <= SNAP) {
      group.values.push(v);
      group.last = v;
    } else groups.push({ values: [v], last: v });
  }
  return groups.map((g) => g.values.reduce((s, v) => s + v, 0) / g.values.length);
}

/** Each pair of neighbouring values. */
function spans(values: readonly number[]): Span[] {
  const pairs: Span[] = [];
  let previous: number | undefined;
  for (const value of values) {
    if (previous !== undefined) pairs.push([previous, value]);
    previous = value;
  }
  return pairs;
}

/** Whether a line is drawn at `at` over the middle of [from, to] (its ends may stop short at a corner). */
function drawn(lines: readonly Line[], at: number, from: number, to: number): boolean {
  const inset = Math.min(SNAP, (to - from) / 4);
  return lines.some((l) => Math.abs(l.at - at) <= SNAP && l.from <= from + inset && l.to >= to - inset);
}

/** The cell of the grid box a point is in: left and top borders in, right and bottom ones out. */
function cellAt(grid: Grid, x: number, y: number): Cell | undefined {
  const c = grid.columnSpans.findIndex(([left, right]) => x >= left && x < right);
  const r = grid.rowSpans.findIndex(([top, bottom]) => y <= top && y > bottom);
  return grid.cellOf[r]?.[c];
}

/** Grid rows bound together by cells spanning them make one table row; its cells are those starting in it. */
function tableOf(grid: Grid): LatticeTable {
  const bands: { r0: number; r1: number; top: number; bottom: number }[] = [];
  const order = [...grid.cells].sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  for (const cell of order) {
    const band = bands.at(-1);
    if (band && cell.r0 <= band.r1) {
      if (cell.r1 > band.r1) [band.r1, band.bottom] = [cell.r1, cell.bottom];
    } else bands.push({ r0: cell.r0, r1: cell.r1, top: cell.top, bottom: cell.bottom });
  }
  const rows = bands.map(({ r0, r1, top, bottom }) => ({
    top,
    bottom,
    cells: order
      .filter((cell) => cell.r0 >= r0 && cell.r0 <= r1)
      .sort((a, b) => a.c0 - b.c0 || a.r0 - b.r0)
      .map((cell) => ({ col: cell.c0, lastCol: cell.c1, x0: cell.x0, x1: cell.x1, lines: linesOf(cell.items) })),
  }));
  const { top, bottom, left, right, xs } = grid;
  return { top, bottom, left, right, xs, rows };
}

/** Disjoint sets (union–find): which things are joined, directly or through others. */
class Partition<T> {
  private readonly up = new Map<T, T>();

  /** The one member that stands for the set `member` is in. */
  root(member: T): T {
    let root = member;
    for (let next = this.up.get(root); next !== undefined; next = this.up.get(root)) root = next;
    // Every member on the way points at the root from now on, so the next look-up is one step.
    for (let at = member, next = this.up.get(at); next !== undefined && next !== root; next = this.up.get(at)) {
      this.up.set(at, root);
      at = next;
    }
    return root;
  }

  join(a: T, b: T): void {
    const [rootA, rootB] = [this.root(a), this.root(b)];
    if (rootA !== rootB) this.up.set(rootA, rootB);
  }
}

/** Items on one baseline joined left to right into a line; lines top to bottom. */
export function linesOf(items: readonly PdfTextItem[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: { y: number; items: PdfTextItem[] }[] = [];
  for (const item of sorted) {
    const last = groups.at(-1);
    if (last && Math.abs(last.y - item.y) <= item.size * 0.3) last.items.push(item);
    else groups.push({ y: item.y, items: [item] });
  }
  return groups.map(({ items: group }) => {
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
  const pieces: PdfTextItem[] = [];
  let right = end;
  for (const [k, text] of [...parts.entries()].reverse()) {
    const width = emWidth(text) * item.size;
    if (k === 0) pieces.unshift({ ...item, text, width });
    else {
      right -= width;
      pieces.unshift({ ...item, text, x: right, width });
      right -= item.size / 4;
    }
  }
  return pieces;
}

function emWidth(text: string): number {
  let ems = 0;
  for (const char of text) ems += /[\u0000-\u00ff\uff61-\uff9f]/u.test(char) ? 0.5 : 1;
  return ems;
}
