// The generic parsers by registry parser id: each reads a table through the source's column mapping.
import type { ColumnMapping } from './column-mapping.js';
import { parseCsvTable } from './csv-table-parser.js';
import { parseHtmlTable } from './html-table-parser.js';
import { parsePdfTable } from './pdf-table-parser.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './source-parser.js';
import { parseExcelTable } from './excel-table-parser.js';

export type GenericParserId = 'csv-table' | 'xls-table' | 'xlsx-table' | 'html-table' | 'pdf-table';

type GenericParser = (
  bytes: Uint8Array,
  mapping: ColumnMapping,
  context: ParseContext,
) => ParseOutcome | Promise<ParseOutcome>;

const PARSERS: Readonly<Record<GenericParserId, GenericParser>> = {
  'csv-table': parseCsvTable,
  'xls-table': parseExcelTable,
  'xlsx-table': parseExcelTable,
  'html-table': parseHtmlTable,
  'pdf-table': parsePdfTable,
};

export function isGenericParser(id: string): id is GenericParserId {
  return Object.hasOwn(PARSERS, id);
}

/** Parses a source's bytes with its generic parser and mapping; a failure for a source that has neither. */
export async function parseGenericSource(bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  const { source } = context;
  if (!isGenericParser(source.parser))
    return parseFailure(`source '${source.id}' has no generic parser (its parser is '${source.parser}')`);
  if (!source.mapping) return parseFailure(`source '${source.id}' has no column mapping`);
  return PARSERS[source.parser](bytes, source.mapping, context);
}
