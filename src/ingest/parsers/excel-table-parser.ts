// The generic Excel parser (.xlsx, and legacy .xls in BIFF): one sheet read with SheetJS (@e965/xlsx), records out.
import { textOf } from '../../lib/is-object.js';
import type { ColumnMapping } from './column-mapping.js';
import { messageOf } from '../../lib/error-of.js';
import { ParseBudgetError, type ParseBudget } from './parse-budget.js';
import { budgetOf, parseFailure, type ParseContext, type ParseFailure, type ParseOutcome } from './source-parser.js';
import { recordsFromTable } from './table-records.js';
import { readWorkbookSheets, type WorkbookSheet } from './workbook-sheets.js';
import { foldWidth } from '../../domain/text/text-fold.js';
import { excerpt } from '../../domain/text/untrusted-text.js';

/**
 * Reads the mapped sheet (the first when the mapping names none) of a .xls or a .xlsx: SheetJS reads both, so a
 * renamed file still reads, and both go through the workbook's bounds (workbook-sheets.ts).
 */
export async function parseExcelTable(
  bytes: Uint8Array,
  mapping: ColumnMapping,
  context: ParseContext,
): Promise<ParseOutcome> {
  const book = await excelSheets(bytes, budgetOf(context));
  if (!book.ok) return book;
  const { sheets } = book;
  const want = mapping.sheet === undefined ? undefined : foldWidth(mapping.sheet).trim();
  const sheet = want === undefined ? sheets[0] : sheets.find((s) => foldWidth(s.name).trim() === want);
  if (sheet === undefined) {
    const names = sheets.map((s) => `「${excerpt(s.name)}」`).join(', ');
    return parseFailure(`the workbook has no sheet 「${mapping.sheet ?? ''}」; its sheets are ${names || 'none'}.`);
  }
  // Numbers stay numbers so that a date column's day counts are read as dates (serial_dates).
  return recordsFromTable(sheet.rows, mapping, context, {
    what: `sheet 「${excerpt(sheet.name)}」`,
    serial_dates: true,
  });
}

/** A workbook's sheets as rows of text (date cells as their day, YYYY-MM-DD), under the budget's bounds. */
export async function excelSheets(
  bytes: Uint8Array,
  budget: ParseBudget,
): Promise<{ readonly ok: true; readonly sheets: { name: string; rows: string[][] }[] } | ParseFailure> {
  // SheetJS reads any bytes it cannot place as a one-sheet text table; an HTML error page must fail instead.
  if (!startsWith(bytes, OLE2) && !startsWith(bytes, ZIP)) {
    const start = JSON.stringify(Buffer.from(bytes.subarray(0, 16)).toString('latin1'));
    return parseFailure(
      `the file is not an Excel workbook: it starts with ${start}, neither a .xls (OLE2) nor a .xlsx (zip) signature`,
    );
  }
  let sheets: WorkbookSheet[];
  try {
    sheets = await readWorkbookSheets(bytes, budget, { cellDates: true, defval: '' });
  } catch (error) {
    if (error instanceof ParseBudgetError) throw error;
    return parseFailure(
      `the file is not a readable Excel workbook (is it truncated, or an HTML page?): ${messageOf(error)}`,
    );
  }
  return { ok: true, sheets: sheets.map((s) => ({ name: s.name, rows: s.rows.map((row) => row.map(cellString)) })) };
}

/** The compound file signature of .xls (BIFF in OLE2) and the zip signature of .xlsx. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

function cellString(value: unknown): string {
  if (value === null || value === undefined) return '';
  // cellDates gives date-formatted cells as Dates at local midnight of the shown day; the day is what counts.
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const shifted = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
    return shifted.toISOString().slice(0, 10);
  }
  return textOf(value);
}
