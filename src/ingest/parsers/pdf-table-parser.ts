// The generic PDF table parser: a list's ruled table (or, where no borders are drawn, its text's alignment)
// found by the mapping's header words, records out.
import type { ColumnMapping } from './column-mapping.js';
import type { PdfPage, PdfTextItem } from './pdf-page.js';
import { buildPageTable, TableLayoutError, type PageTable } from './pdf-table.js';
import { findPdfHeader } from './pdf-table-header.js';
import { linesAboveTables, readRuledRows } from './pdf-ruled-table.js';
import { printedEditionDate } from '../../domain/printed-dates.js';
import { PdfReadError, readPdfText } from './pdf-text.js';
import { budgetOf, parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { foldHeader } from './table-header.js';
import { recordsFromTable } from './table-records.js';
import { excerpt } from '../../domain/text/untrusted-text.js';

/**
 * Reads the list's ruled tables from the lines the PDF draws (pdf-ruled-table.ts): the header found by the
 * mapping's words, each page's columns mapped to it, a header repeated on a page never a row, a row split by a
 * page break joined. A page that draws no table is read by the alignment of its text instead: every page that
 * carries the header, each read alone. The rows then go through the column mapping, where a row that cannot be
 * read is skipped alone. When no page has the header, the first page's lines go to the header locator, whose
 * message names the columns it could not find.
 */
export async function parsePdfTable(
  bytes: Uint8Array,
  mapping: ColumnMapping,
  context: ParseContext,
): Promise<ParseOutcome> {
  let pages: PdfPage[];
  try {
    pages = await readPdfText(bytes, budgetOf(context));
  } catch (error) {
    if (error instanceof PdfReadError) return parseFailure(error.message);
    throw error;
  }
  return pdfTableFromPages(pages, mapping, context);
}

/** parsePdfTable on the pages readPdfText read: the reading of the table, apart from the reading of the PDF. */
export function pdfTableFromPages(
  pages: readonly PdfPage[],
  mapping: ColumnMapping,
  context: ParseContext,
): ParseOutcome {
  const spellings = new Set(Object.values(mapping.columns).flatMap((list) => (list ?? []).map(foldHeader)));
  const names = new Set((mapping.columns.company_name ?? []).map(foldHeader));
  const ruled = readRuledRows(pages, {
    isHeaderWord: (text) => spellings.has(foldHeader(text)),
    minHeaderWords: 2,
    isKeyLabel: (label) => names.has(foldHeader(label)),
  });
  // what the list prints above its tables (a title with 更新日, …現在) dates the edition
  const printed = printedEditionDate(linesAboveTables(ruled.rows));
  const dated = printed === null || context.published_on ? context : { ...context, published_on: printed };
  let header: readonly string[] | null = ruled.columns?.map((column) => column.label) ?? null;
  const rows: { page: number; cells: string[] }[] = ruled.rows.map((row) => ({
    page: row.page,
    cells: row.cells.map((lines) => lines.join('\n')),
  }));
  const warnings: string[] = [];
  for (const page of ruled.unruled) {
    const found = findPdfHeader(page, spellings);
    if (found === null) continue;
    const { labels } = found;
    if (header === null) header = labels;
    else if (labels.map(foldHeader).join('|') !== header.map(foldHeader).join('|')) {
      return parseFailure(
        `page ${page.number}: the table's columns (${labels.join(', ')}) differ from the first page's (${header.join(', ')})`,
      );
    }
    const reading = readPage(found.page, labels);
    if (reading instanceof TableLayoutError) return parseFailure(`the PDF table cannot be read: ${reading.message}`);
    warnings.push(
      ...reading.dropped.map(
        (text) => `page ${page.number}: the text under the table 「${excerpt(text)}」 was left out`,
      ),
    );
    for (const row of reading.table.rows)
      rows.push({ page: page.number, cells: row.cells.map((lines) => lines.join('\n')) });
  }
  if (header === null) return recordsFromTable(linesOfPage(pages[0]), mapping, dated, { what: 'the PDF' });
  // Ruled pages and pages read by their text, in page order.
  const ordered = rows.map((row, i) => ({ ...row, i })).sort((a, b) => a.page - b.page || a.i - b.i);
  const outcome = recordsFromTable([header, ...ordered.map((row) => row.cells)], mapping, dated, {
    what: 'the PDF table',
  });
  if (!outcome.ok) return outcome;
  // The table's row n is the nth row after the header; its page is known here.
  const pageOf = (row: number, page: number | null) => ordered[row - 2]?.page ?? page;
  const skipped = outcome.skipped_rows.map((row) => ({ ...row, page: pageOf(row.row, row.page) }));
  const origins = (outcome.origins ?? []).map((origin) => ({
    ...origin,
    page: pageOf(origin.row, origin.page ?? null),
  }));
  return { ...outcome, origins, skipped_rows: skipped, warnings: [...warnings, ...outcome.warnings] };
}

/** Lines of text under a table (notes, the publisher's name, page numbers) left out to read it, at most this many. */
const MAX_TRAILING_LINES = 5;

interface PageReading {
  readonly table: PageTable;
  /** The text of the lines under the table that were left out, bottom first. */
  readonly dropped: readonly string[];
}

/**
 * The page's table. Text printed under the table (「※ 措置要件は…」, a page number) lies below the header like
 * the rows do and would cross the column borders; when the page does not read, its lowest line is left out
 * and the page read again, a few times at most, and what was left out is reported as a warning.
 */
function readPage(page: PdfPage, labels: readonly string[]): PageReading | TableLayoutError {
  let items = page.items;
  const dropped: string[] = [];
  for (;;) {
    const table = pageTable({ ...page, items }, labels);
    if (!(table instanceof TableLayoutError) || dropped.length === MAX_TRAILING_LINES) {
      return table instanceof TableLayoutError ? table : { table, dropped };
    }
    const lowest = items.reduce((low, item) => Math.min(low, item.y), Number.POSITIVE_INFINITY);
    const size = items.find((item) => item.y === lowest)?.size ?? 0;
    const line = items.filter((item) => item.y - lowest <= size / 2);
    // A note or a page number is one run of text; a line with gaps is a row's cells, and is never dropped.
    if (line.length === items.length || !isOneRun(line, size)) return table;
    dropped.push(
      line
        .sort((a, b) => a.x - b.x)
        .map((item) => item.text)
        .join(' '),
    );
    items = items.filter((item) => !line.includes(item));
  }
}

/** Items of one line that follow each other without a gap wider than a character. */
function isOneRun(line: readonly PdfTextItem[], size: number): boolean {
  const sorted = [...line].sort((a, b) => a.x - b.x);
  return sorted.every((item, i) => i === 0 || item.x - ((sorted[i - 1]?.x ?? 0) + (sorted[i - 1]?.width ?? 0)) <= size);
}

/**
 * The table read with one anchor column. The geometry (pdf-table.ts) needs a column holding one line per row;
 * which column that is differs per list, so each is tried, and the reading with the fewest rows wins: a
 * column whose cells wrap would split rows, and one with blank cells leaves other cells unplaced (an error).
 */
function pageTable(page: PdfPage, labels: readonly string[]): PageTable | TableLayoutError {
  let best: PageTable | null = null;
  let firstError: TableLayoutError | null = null;
  for (let anchorColumn = 0; anchorColumn < labels.length; anchorColumn++) {
    try {
      const table = buildPageTable(page, { headers: labels, anchorColumn });
      if (best === null || table.rows.length < best.rows.length) best = table;
    } catch (error) {
      if (!(error instanceof TableLayoutError)) throw error;
      firstError ??= error;
    }
  }
  return best ?? firstError ?? new TableLayoutError(`page ${page.number}: no column reads as the table's rows`);
}

/** A page's text as rows of cells (items on one baseline, left to right), for the header locator's message. */
function linesOfPage(page: PdfPage | undefined): string[][] {
  const items = [...(page?.items ?? [])].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PdfTextItem[][] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last && Math.abs((last[0]?.y ?? 0) - item.y) <= item.size / 2) last.push(item);
    else lines.push([item]);
  }
  return lines.map((line) => line.map((item) => item.text));
}
