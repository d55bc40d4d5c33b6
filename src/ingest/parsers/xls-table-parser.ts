// The generic legacy Excel (.xls, BIFF) parser: one sheet read with SheetJS (@e965/xlsx), records out.
import { textOf } from '../../domain/text-of.js';
import { read, utils, type WorkBook } from '@e965/xlsx';
import type { ColumnMapping } from './column-mapping.js';
import { messageOf } from '../../domain/error-of.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { recordsFromTable } from './table-records.js';

/** Reads the mapped sheet (the first when the mapping names none); SheetJS also reads .xlsx, so a renamed file still reads. */
export function parseXlsTable(bytes: Uint8Array, mapping: ColumnMapping, context: ParseContext): ParseOutcome {
  // SheetJS reads any bytes it cannot place as a one-sheet text table; an HTML error page must fail instead.
  if (!startsWith(bytes, OLE2) && !startsWith(bytes, ZIP)) {
    const start = JSON.stringify(Buffer.from(bytes.subarray(0, 16)).toString('latin1'));
    return parseFailure(
      `the file is not an Excel workbook: it starts with ${start}, neither a .xls (OLE2) nor a .xlsx (zip) signature`,
    );
  }
  let book: WorkBook;
  try {
    book = read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      cellDates: true,
      dense: true,
    });
  } catch (error) {
    return parseFailure(
      `the file is not a readable Excel workbook (is it truncated, or an HTML page?): ${messageOf(error)}`,
    );
  }
  const want = mapping.sheet?.normalize('NFKC').trim();
  const name =
    want === undefined ? book.SheetNames[0] : book.SheetNames.find((n) => n.normalize('NFKC').trim() === want);
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (name === undefined || sheet === undefined) {
    const names = book.SheetNames.map((n) => `「${n}」`).join(', ');
    return parseFailure(`the workbook has no sheet 「${mapping.sheet ?? ''}」; its sheets are ${names || 'none'}.`);
  }
  const raw = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const rows = raw.map((row) => row.map(cellString));
  // Numbers stay numbers so that a date column's day counts are read as xlsx-table-parser reads them.
  return recordsFromTable(rows, mapping, context, { what: `sheet 「${name}」`, serial_dates: true });
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
