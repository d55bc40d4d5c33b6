// The tables of a file as rows of text, for `sources propose`: a CSV's one table, each sheet of a workbook, each table of
// an HTML page, read by the table readers' own functions (so a proposal sees what a table source would).
import { csvRows } from '../parsers/csv-table-parser.js';
import type { TextEncoding } from '../parsers/column-mapping.js';
import { excelSheets } from '../parsers/excel-table-parser.js';
import { describe, pageTables } from '../parsers/html-table-parser.js';
import type { ParseBudget } from '../parsers/parse-budget.js';
import { parseFailure, type ParseFailure } from '../parsers/source-parser.js';
import type { SourceFormat } from '../registry/source-entry.js';

export interface FileTable {
  /** How messages name it: 'the CSV file', 'sheet 「一覧」', 'HTML table 2 (「…」)'. */
  readonly what: string;
  /** How it was read, where worth saying: 'tab-separated, shift_jis'. */
  readonly notes?: string;
  /** 0-based, among the file's tables. */
  readonly index: number;
  readonly rows: readonly (readonly string[])[];
  /** A CSV's encoding, which its mapping states. */
  readonly encoding?: TextEncoding;
  /** A workbook sheet's name. */
  readonly sheet?: string;
  /** An HTML table's caption, else the heading before it. */
  readonly caption?: string;
}

export async function tablesOfFile(
  bytes: Uint8Array,
  format: Exclude<SourceFormat, 'pdf'>,
  budget: ParseBudget,
): Promise<{ readonly ok: true; readonly tables: readonly FileTable[] } | ParseFailure> {
  switch (format) {
    case 'csv': {
      const table = csvRows(bytes, 'auto');
      if (!table.ok) return table;
      const { encoding } = table.decoded;
      const notes = `${table.tabs ? 'tab-separated, ' : ''}${encoding}`;
      return { ok: true, tables: [{ what: 'the CSV file', notes, index: 0, rows: table.rows, encoding }] };
    }
    case 'xls':
    case 'xlsx': {
      const book = await excelSheets(bytes, budget);
      if (!book.ok) return book;
      const tables = book.sheets.map((s, index) => ({
        what: `sheet 「${s.name}」`,
        index,
        rows: s.rows,
        sheet: s.name,
      }));
      return { ok: true, tables };
    }
    case 'html': {
      const page = pageTables(bytes);
      if (!page.ok) return page;
      if (page.tables.length === 0) return parseFailure('the HTML page has no table');
      const tables = page.tables.map((t, index) => ({
        what: describe(t),
        index,
        rows: t.rows,
        caption: t.caption || t.heading,
      }));
      return { ok: true, tables };
    }
  }
}
