// A list printed as ruled tables over many pages read into rows of labelled cells: the header found by its
// words, the columns of each page mapped to the header's, a repeated header skipped, a row split over a page
// break joined again. The engine under the generic PDF reader and the MHLW list.
import { linesOf, readLattice, type LatticeRow } from './pdf-lattice.js';
import type { PdfPage, PdfTextItem } from './pdf-page.js';
import { foldCompact } from '../../domain/text/text-fold.js';

export interface RuledColumn {
  /** The header cell's text as printed, '' for a header cell left blank. */
  readonly label: string;
  readonly x0: number;
  readonly x1: number;
}

export interface RuledRow {
  readonly page: number;
  /** The lines of each header column's cell, top to bottom; the columns are the list's first header's. */
  readonly cells: readonly (readonly string[])[];
  /** The text above this row's table on its page, outside any table: a title naming what the table lists. */
  readonly above: readonly PdfTextItem[];
}

export interface RuledReading {
  /** The first header row's columns, null when no ruled table with the header words was found. */
  readonly columns: readonly RuledColumn[] | null;
  readonly rows: readonly RuledRow[];
  /** Pages none of whose drawn tables was read (none drawn, or none with the header's columns): for the reading by text alignment. */
  readonly unruled: readonly PdfPage[];
  /** Why cells were left out: a table without a header before any header, a table whose columns do not fit. */
  readonly notes: readonly string[];
}

export interface RuledOptions {
  /** Whether a cell's text (folded: NFKC, no white space) is one of the header words. */
  readonly isHeaderWord: (folded: string) => boolean;
  /** How many header words make a row the header row. */
  readonly minHeaderWords: number;
  /**
   * Whether a header label names a column that identifies a row (a name, a date): a table's first row with
   * these blank and other cells filled is the rest of the row before it, split by the page break.
   */
  readonly isKeyLabel: (label: string) => boolean;
}

export function foldCell(text: string): string {
  return foldCompact(text);
}

/** Reads every page's ruled tables in order; a table with no header row continues the table before it. */
export function readRuledRows(pages: readonly PdfPage[], options: RuledOptions): RuledReading {
  let columns: RuledColumn[] | null = null;
  let first: RuledColumn[] | null = null;
  const rows: RuledRow[] = [];
  const unruled: PdfPage[] = [];
  const notes: string[] = [];
  for (const page of pages) {
    const lattice = readLattice(page);
    let used = false;
    for (const table of lattice.tables) {
      const headerAt = table.rows.slice(0, 2).findIndex((row) => headerWords(row, options) >= options.minHeaderWords);
      const header = headerAt >= 0 ? table.rows[headerAt] : undefined;
      let body = table.rows;
      if (header) {
        columns = columnsOf(header);
        first ??= columns;
        body = table.rows.slice(headerAt + 1);
      } else if (columns === null || table.xs.length < 3) {
        // A frame round the page or a box round a note is no table of the list.
        notes.push(
          `page ${page.number}: a ruled table ${columns === null ? 'before any header row' : 'of one column'} was left out`,
        );
        continue;
      }
      // Drawn with as many columns as the header has, a table's columns are the header's, wherever they lie
      // (a page without a header may draw them at other x); else each cell goes where its left border lies.
      const byIndex = table.xs.length - 1 === columns.length;
      if (first === null || columns.length !== first.length) {
        notes.push(
          `page ${page.number}: a table with ${columns.length} columns where the first header has ${first?.length ?? 0} was left out`,
        );
        continue;
      }
      used = true;
      const above = lattice.outside.filter((item) => item.y > table.top);
      const keys = first.flatMap((c, i) => (options.isKeyLabel(c.label) ? [i] : []));
      for (const [i, row] of body.entries()) {
        const cells = cellsOf(row, columns, byIndex);
        const previous = rows.at(-1);
        if (i === 0 && previous && isContinuation(cells, keys)) {
          rows[rows.length - 1] = {
            ...previous,
            cells: previous.cells.map((lines, c) => [...lines, ...(cells[c] ?? [])]),
          };
        } else rows.push({ page: page.number, cells, above });
      }
    }
    if (!used) unruled.push(page);
  }
  return { columns: first, rows, unruled, notes };
}

/**
 * The lines above the tables, page by page (a title, 「北海道労働局 最終更新日：令和元年7月31日」): each page's read
 * on its own, since text at the same height on two pages is no one line.
 */
export function linesAboveTables(rows: readonly Pick<RuledRow, 'page' | 'above'>[]): string[] {
  const byPage = new Map<number, Set<PdfTextItem>>();
  for (const row of rows) {
    const items = byPage.get(row.page) ?? new Set<PdfTextItem>();
    for (const item of row.above) items.add(item);
    byPage.set(row.page, items);
  }
  return [...byPage.values()].flatMap((items) => linesOf([...items]));
}

function headerWords(row: LatticeRow, options: RuledOptions): number {
  return row.cells.filter((cell) => options.isHeaderWord(foldCell(cell.lines.join('')))).length;
}

function columnsOf(header: LatticeRow): RuledColumn[] {
  return header.cells.map((cell) => ({ label: cell.lines.join(''), x0: cell.x0, x1: cell.x1 }));
}

/** A row's lines per header column: by grid column where the table has the header's columns, else by x. */
function cellsOf(row: LatticeRow, columns: readonly RuledColumn[], byIndex: boolean): string[][] {
  const cells: string[][] = columns.map(() => []);
  for (const cell of row.cells) {
    // A merged cell's text belongs to the first column it spans.
    const start = cell.x0 + 1;
    const c = byIndex ? cell.col : columns.findIndex((col) => start >= col.x0 - 1 && start < col.x1);
    // c is -1 where no column takes the cell: no such cell, and nothing is pushed
    cells[c]?.push(...cell.lines);
  }
  return cells;
}

function isContinuation(cells: readonly (readonly string[])[], keys: readonly number[]): boolean {
  if (keys.length === 0) return false;
  const blank = (c: number): boolean => (cells[c] ?? []).join('').trim() === '';
  return keys.every(blank) && cells.some((_, c) => !blank(c));
}
