// The table readers, one per format: each reads a table source's list through the source's column mapping.
import type { ColumnMapping } from './column-mapping.js';
import { loadedOnUse, parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import type { SourceFormat } from '../registry/source-entry.js';

type TableReader = (
  bytes: Uint8Array,
  mapping: ColumnMapping,
  context: ParseContext,
) => ParseOutcome | Promise<ParseOutcome>;

const excelTable = loadedOnUse(async () => (await import('./excel-table-parser.js')).parseExcelTable);

/**
 * The one table of table readers: a table source of a format is read by this, its parser id `<format>-table`. Each
 * is imported when it first reads (loadedOnUse).
 */
const TABLE_READERS: Readonly<Record<SourceFormat, TableReader>> = {
  csv: loadedOnUse(async () => (await import('./csv-table-parser.js')).parseCsvTable),
  xls: excelTable,
  xlsx: excelTable,
  html: loadedOnUse(async () => (await import('./html-table-parser.js')).parseHtmlTable),
  pdf: loadedOnUse(async () => (await import('./pdf-table-parser.js')).parsePdfTable),
};

/** The parser id of a table source of `format`: 'csv-table', 'pdf-table', … */
export function tableParserId(format: SourceFormat): string {
  return `${format}-table`;
}

/** Parses a source's bytes with the table reader of its format and its mapping; a failure for a source with none. */
export async function parseGenericSource(bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  const { source } = context;
  if (!source.mapping) return parseFailure(`source '${source.id}' has no column mapping`);
  return TABLE_READERS[source.format](bytes, source.mapping, context);
}
