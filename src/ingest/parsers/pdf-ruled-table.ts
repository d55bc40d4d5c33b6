// A list printed as ruled tables over many pages read into rows of labelled cells: the header found by its
// words, the columns of each page mapped to the header's, a repeated header skipped, a row split over a page
// break joined again. The engine under the generic PDF reader and the MHLW list.
import { readLattice, type LatticeRow } from './pdf-lattice.js';
import type { PdfPage, PdfTextItem } from './pdf-table.js';

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
  /** Pages that draw no table at all: for the reading by text alignment. */
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
   * Labels of the columns that identify a row (a name, a date): a table's first row with these blank and
   * other cells filled is the rest of the row before it, split by the page break.
   */
  readonly keyLabels: readonly string[];
}

export function foldCell(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, '');
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
    if (lattice.tables.length === 0) {
      unruled.push(page);
      continue;
    }
    for (const table of lattice.tables) {
      const headerAt = table.rows.slice(0, 2).findIndex((row) => headerWords(row, options) >= options.minHeaderWords);
      let body = table.rows;
      let byIndex = false;
      if (headerAt >= 0) {
        columns = columnsOf(table.rows[headerAt]!);
        first ??= columns;
        body = table.rows.slice(headerAt + 1);
        byIndex = true;
      } else if (columns === null) {
        notes.push(`page ${page.number}: a ruled table before any header row was left out`);
        continue;
      } else {
        // No header on this page: the table goes on from the one before; its columns may be drawn at other x.
        byIndex = table.xs.length - 1 === columns.length;
      }
      if (first === null || columns.length !== first.length) {
        notes.push(`page ${page.number}: a table with ${columns.length} columns where the first header has ${first?.length ?? 0} was left out`);
        continue;
      }
      const above = lattice.outside.filter((item) => item.y > table.top);
      const keys = options.keyLabels.map((label) => first!.findIndex((c) => foldCell(c.label) === foldCell(label))).filter((i) => i >= 0);
      body.forEach((row, i) => {
        const cells = cellsOf(row, columns!, byIndex);
        const previous = rows.at(-1);
        if (i === 0 && headerAt < 0 && previous && isContinuation(cells, keys)) {
          rows[rows.length - 1] = { ...previous, cells: previous.cells.map((lines, c) => [...lines, ...(cells[c] ?? [])]) };
        } else rows.push({ page: page.number, cells, above });
      });
    }
  }
  return { columns: first, rows, unruled, notes };
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
  row.cells.forEach((cell, k) => {
    const middle = (cell.x0 + cell.x1) / 2;
    const c = byIndex && row.cells.length === columns.length ? k : columns.findIndex((col) => middle >= col.x0 && middle < col.x1);
    if (c >= 0) cells[c]!.push(...cell.lines);
  });
  return cells;
}

function isContinuation(cells: readonly (readonly string[])[], keys: readonly number[]): boolean {
  if (keys.length === 0) return false;
  const blank = (c: number): boolean => (cells[c] ?? []).join('').trim() === '';
  return keys.every(blank) && cells.some((_, c) => !blank(c));
}

