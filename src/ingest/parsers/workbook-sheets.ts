// An Excel workbook (.xlsx, or a legacy .xls) read into its sheets' rows of cell values with SheetJS, under the
// parse budget: an xlsx's zip checked before it is inflated, each sheet read up to its last cell and no further.
import XLSX, { type WorkSheet } from '@e965/xlsx';
import { checkZipInflatedSize } from './inflated-size.js';
import { ParseBudgetError, type ParseBudget } from './parse-budget.js';
import { excerpt } from '../../domain/text/untrusted-text.js';

export interface WorkbookSheet {
  readonly name: string;
  /** Every row from the first to the last that holds a cell, each as long as the widest; blank cells `defval`. */
  readonly rows: readonly (readonly unknown[])[];
}

export interface WorkbookOptions {
  /** Date-formatted cells as Dates (at the local midnight of the day shown) instead of day counts. */
  readonly cellDates: boolean;
  /** What a blank cell reads as. */
  readonly defval: null | '';
}

/** The zip signature of .xlsx; a .xls (OLE2) has no zip to check. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The workbook's sheets in order. Throws ParseBudgetError for a zip that inflates past the budget or a sheet whose
 * last cell lies past its rows or cells bound (a cell at XFD1048576 is 17 billion cells of table), and any other
 * error for bytes that are not a readable workbook.
 */
export async function readWorkbookSheets(
  bytes: Uint8Array,
  budget: ParseBudget,
  options: WorkbookOptions,
): Promise<WorkbookSheet[]> {
  if (ZIP.every((byte, i) => bytes[i] === byte)) await checkZipInflatedSize(bytes, budget);
  const read = (cellDates: boolean) => XLSX.read(bytes, { type: 'array', cellDates, cellText: false, dense: true });
  let book = read(options.cellDates);
  // SheetJS leaves out a sheet it cannot read with cellDates (the ISA's workbooks' date styles): read again without,
  // the dates then day counts, which the readers take as dates where a column is one (serial_dates)
  if (options.cellDates && book.SheetNames.some((name) => book.Sheets[name] === undefined)) book = read(false);
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    if (sheet === undefined)
      throw new Error(`sheet 「${excerpt(name)}」 cannot be read (SheetJS gives no cells for it)`);
    const range = usedRange(sheet, name, budget);
    if (range === null) return { name, rows: [] };
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: true,
      defval: options.defval,
      blankrows: true,
      range,
    });
    return { name, rows };
  });
}

/**
 * A1 to the last row and column that hold a value, from the cells themselves (a sheet's <dimension> may say
 * anything); checked against the rows and cells bounds before any table of that size is made.
 */
function usedRange(sheet: WorkSheet, name: string, budget: ParseBudget): string | null {
  let lastRow = -1;
  let lastColumn = -1;
  // dense sheets keep rows in !data; forEach passes over the rows no cell is on
  sheet['!data']?.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell.v === undefined || cell.v === null || cell.v === '') return;
      lastRow = Math.max(lastRow, r);
      lastColumn = Math.max(lastColumn, c);
    }),
  );
  if (lastRow < 0) return null;
  const end = XLSX.utils.encode_cell({ r: lastRow, c: lastColumn });
  const rows = lastRow + 1;
  if (rows > budget.rows)
    throw new ParseBudgetError('rows', budget.rows, `sheet 「${excerpt(name)}」 has a cell at ${end}`);
  if (rows * (lastColumn + 1) > budget.cells) {
    const what = `sheet 「${excerpt(name)}」 has a cell at ${end}: ${rows.toLocaleString('en')} rows × ${(lastColumn + 1).toLocaleString('en')} columns`;
    throw new ParseBudgetError('cells', budget.cells, what);
  }
  return `A1:${end}`;
}
