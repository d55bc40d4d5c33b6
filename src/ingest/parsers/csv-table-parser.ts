// The generic CSV parser: bytes in the mapped (or detected) encoding, a header row, records out.
import { parse } from 'csv-parse/sync';
import { messageOf } from '../../domain/error-of.js';
import type { ColumnMapping } from './column-mapping.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { recordsFromTable } from './table-records.js';
import { decodeText } from './text-decoding.js';

export function parseCsvTable(bytes: Uint8Array, mapping: ColumnMapping, context: ParseContext): ParseOutcome {
  const decoded = decodeText(bytes, mapping.encoding ?? 'auto');
  if (!decoded.ok) return parseFailure(`the CSV file cannot be read: ${decoded.error}.`);
  let rows: string[][];
  try {
    rows = parse(decoded.text, { relax_column_count: true, skip_empty_lines: false, bom: true });
  } catch (error) {
    // csv-parse says where it stopped ("Quote Not Closed: … at line 5"): a truncated or broken file.
    return parseFailure(`the CSV file is malformed (is it truncated?): ${messageOf(error)}`);
  }
  return recordsFromTable(rows, mapping, context, { what: 'the CSV file', decoding_hint: decoded.hint });
}
