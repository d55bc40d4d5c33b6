// The generic CSV parser: bytes in the mapped (or detected) encoding, a header row, records out.
import { parse } from 'csv-parse/sync';
import { messageOf } from '../../lib/error-of.js';
import type { ColumnMapping, TextEncoding } from './column-mapping.js';
import {
  budgetOf,
  listRowsLeft,
  parseFailure,
  type ParseContext,
  type ParseFailure,
  type ParseOutcome,
} from './source-parser.js';
import { HEADER_SEARCH_ROWS } from './table-header.js';
import { recordsFromTable } from './table-records.js';
import { decodeText, type Decoded } from './text-decoding.js';

export function parseCsvTable(bytes: Uint8Array, mapping: ColumnMapping, context: ParseContext): ParseOutcome {
  // read no further than a row past either bound on rows, which recordsFromTable then refuses, naming it
  const most = Math.min(budgetOf(context).rows, listRowsLeft(context) + HEADER_SEARCH_ROWS + 1) + 1;
  const table = csvRows(bytes, mapping.encoding ?? 'auto', most);
  if (!table.ok) return table;
  return recordsFromTable(table.rows, mapping, context, { what: 'the CSV file', decoding_hint: table.decoded.hint });
}

/**
 * A CSV file's rows of text, as decoded; its separator a comma, or a tab where its first line has tabs and no comma.
 * With `most`, the parse stops after that many rows, the rest of the file unread.
 */
export function csvRows(
  bytes: Uint8Array,
  encoding: TextEncoding,
  most?: number,
):
  | {
      readonly ok: true;
      readonly rows: string[][];
      readonly decoded: Extract<Decoded, { ok: true }>;
      readonly tabs: boolean;
    }
  | ParseFailure {
  const decoded = decodeText(bytes, encoding);
  if (!decoded.ok) return parseFailure(`the CSV file cannot be read: ${decoded.error}.`);
  // a tab-separated export (.tsv, or .csv by name) is a CSV of another separator
  const firstLine = /^[^\n]*/u.exec(decoded.text)?.[0] ?? '';
  const tabs = firstLine.includes('\t') && !firstLine.includes(',');
  try {
    const rows: string[][] = parse(decoded.text, {
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      ...(tabs ? { delimiter: '\t' } : {}),
      ...(most === undefined ? {} : { to: most }),
    });
    return { ok: true, rows, decoded, tabs };
  } catch (error) {
    // csv-parse says where it stopped ("Quote Not Closed: … at line 5"): a truncated or broken file.
    return parseFailure(`the CSV file is malformed (is it truncated?): ${messageOf(error)}`);
  }
}
