// The generic parsers by registry parser id, and the parse context a registry entry gives them.
import type { SourceEntry } from '../registry/source-entry.js';
import type { ColumnMapping } from './column-mapping.js';
import { parseCsvTable } from './csv-table-parser.js';
import { parseHtmlTable } from './html-table-parser.js';
import { parseFailure, type ParseContext, type ParseOutcome } from './parse-result.js';
import { parseXlsxTable } from './xlsx-table-parser.js';

export type GenericParserId = 'csv-table' | 'xlsx-table' | 'html-table';

type GenericParser = (bytes: Uint8Array, mapping: ColumnMapping, context: ParseContext) => ParseOutcome | Promise<ParseOutcome>;

const PARSERS: Readonly<Record<GenericParserId, GenericParser>> = {
  'csv-table': parseCsvTable,
  'xlsx-table': parseXlsxTable,
  'html-table': parseHtmlTable,
};

export function isGenericParser(id: string): id is GenericParserId {
  return Object.hasOwn(PARSERS, id);
}

/** What a parse of this source needs to know besides the bytes. */
export function parseContextFor(source: SourceEntry, retrievedAt: string, publishedOn: string | null = null): ParseContext {
  return {
    source: { id: source.id, url: source.url, title: source.title },
    kind: source.record_kind,
    authority: source.publisher,
    retrieved_at: retrievedAt,
    published_on: publishedOn,
  };
}

/** Parses a source's bytes with its generic parser and mapping; a failure for a source that has neither. */
export async function parseGenericSource(source: SourceEntry, bytes: Uint8Array, context: ParseContext): Promise<ParseOutcome> {
  if (!isGenericParser(source.parser)) return parseFailure(`source '${source.id}' has no generic parser (its parser is '${source.parser}')`);
  if (!source.mapping) return parseFailure(`source '${source.id}' has no column mapping`);
  try {
    return await PARSERS[source.parser](bytes, source.mapping, context);
  } catch (error) {
    // A parser bug must fail this source's run with its message, not the whole collection.
    return parseFailure(`the ${source.parser} parser failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
  }
}
