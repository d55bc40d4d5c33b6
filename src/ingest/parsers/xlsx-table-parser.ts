// The generic XLSX parser: one sheet of a workbook (read with read-excel-file, no native code), records out.
import { textOf } from '../../domain/text-of.js';
import readXlsxFile from 'read-excel-file/node';
import type { ColumnMapping } from './column-mapping.js';
import { messageOf } from '../../domain/error-of.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { recordsFromTable } from './table-records.js';

/** Reads the mapped sheet (the first when the mapping names none); the workbook's bytes are never written anywhere. */
export async function parseXlsxTable(
  bytes: Uint8Array,
  mapping: ColumnMapping,
  context: ParseContext,
): Promise<ParseOutcome> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    // A truncated download or an HTML error page saved as .xlsx fails here: the zip or its XML does not read.
    return parseFailure(
      `the file is not a readable XLSX workbook (is it truncated, or an old .xls?): ${messageOf(error)}`,
    );
  }
  const want = mapping.sheet?.normalize('NFKC').trim();
  const sheet = want === undefined ? sheets[0] : sheets.find((s) => s.sheet.normalize('NFKC').trim() === want);
  if (!sheet) {
    const names = sheets.map((s) => `「${s.sheet}」`).join(', ');
    return parseFailure(`the workbook has no sheet 「${mapping.sheet ?? ''}」; its sheets are ${names || 'none'}.`);
  }
  const rows = sheet.data.map((row) => row.map(cellString));
  return recordsFromTable(rows, mapping, context, { what: `sheet 「${sheet.sheet}」`, serial_dates: true });
}

function cellString(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Date-styled cells arrive as Dates at 00:00 UTC; the day is what the sheet shows.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return textOf(value);
}
