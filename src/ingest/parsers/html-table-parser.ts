// The generic HTML table parser: the page's tables that carry the mapped headers, read into records.
import type { RecordInput } from '../../domain/records/record-input.js';
import type { SkippedRow } from '../../domain/skipped-row.js';
import type { ColumnMapping, TextEncoding } from './column-mapping.js';
import { htmlTables, type HtmlTable } from './html-tables.js';
import {
  parseFailure,
  type ParseContext,
  type ParseFailure,
  type ParseOutcome,
  type ParsedList,
  type RecordOrigin,
} from './source-parser.js';
import { locateHeader } from './table-header.js';
import { listPeriod, recordsFromTable } from './table-records.js';
import { decodeText, type Decoded } from './text-decoding.js';
import { foldCompact } from '../../domain/text/text-fold.js';

/**
 * Reads every table of the page whose headers fit the mapping (lists are often split by year or month into
 * several tables of one layout); with `table_caption`, only the tables whose caption or preceding heading
 * contains it. Any table that fits but has a row that cannot be read fails the whole page.
 */
export function parseHtmlTable(bytes: Uint8Array, mapping: ColumnMapping, context: ParseContext): ParseOutcome {
  const page = pageTables(bytes);
  if (!page.ok) return page;
  const { decoded, tables: all } = page;
  const wanted = mapping.table_caption === undefined ? undefined : foldCompact(mapping.table_caption);
  const tables = wanted ? all.filter((t) => foldCompact(`${t.caption}\n${t.heading}`).includes(wanted)) : all;
  const [first, ...others] = tables;
  if (first === undefined) {
    const which = wanted ? `no table captioned or headed 「${mapping.table_caption}」` : 'no table';
    return parseFailure(
      `the HTML page has ${which} (it has ${all.length} table(s)); is it the right page, or was it truncated?`,
    );
  }
  const fitting = tables.filter((t) => locateHeader(t.rows, mapping).ok);
  if (fitting.length === 0) {
    // Report against the table that came closest, so that the message names what moved or went missing.
    const closest = closestTable(first, others, mapping);
    return recordsFromTable(closest.rows, mapping, context, {
      what: `the HTML page (closest: ${describe(closest)})`,
      decoding_hint: decoded.hint,
    });
  }
  const records: RecordInput[] = [];
  const origins: RecordOrigin[] = [];
  let columns: ParsedList['columns'];
  const skipped: SkippedRow[] = [];
  const warnings: string[] = [];
  for (const table of fitting) {
    const outcome = recordsFromTable(table.rows, mapping, context, { what: describe(table) });
    if (!outcome.ok) return outcome;
    // a table may hold more rows than a spread may pass arguments (200,000 overflowed the stack)
    for (const record of outcome.records) records.push(record);
    for (const origin of outcome.origins ?? []) origins.push(origin);
    columns ??= outcome.columns;
    for (const row of outcome.skipped_rows) skipped.push(row);
    for (const warning of outcome.warnings) warnings.push(`${describe(table)}: ${warning}`);
  }
  return { ok: true, records, origins, columns, period: listPeriod(records), skipped_rows: skipped, warnings };
}

/** The page's tables, its text decoded in the charset it declares (else as decodeText finds it). */
export function pageTables(
  bytes: Uint8Array,
):
  { readonly ok: true; readonly tables: HtmlTable[]; readonly decoded: Extract<Decoded, { ok: true }> } | ParseFailure {
  const decoded = decodeText(bytes, declaredCharset(bytes));
  if (!decoded.ok) return parseFailure(`the HTML page cannot be read: ${decoded.error}.`);
  return { ok: true, tables: htmlTables(decoded.text), decoded };
}

export function describe(table: HtmlTable): string {
  const label = table.caption || table.heading;
  return `HTML table ${table.index}${label ? ` (「${label.slice(0, 40)}」)` : ''}`;
}

/** The table whose header has most of the mapped columns; the first of those that tie. */
function closestTable(first: HtmlTable, others: readonly HtmlTable[], mapping: ColumnMapping): HtmlTable {
  let best = first;
  let bestFound = -1;
  for (const table of [first, ...others]) {
    const header = locateHeader(table.rows, mapping);
    const found = header.ok ? Number.POSITIVE_INFINITY : (header.closest?.found.length ?? 0);
    if (found > bestFound) [best, bestFound] = [table, found];
  }
  return best;
}

/** The charset a page declares in its first bytes (<meta charset> or http-equiv); 'auto' when none or unknown. */
function declaredCharset(bytes: Uint8Array): TextEncoding {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const charset = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/iu.exec(head)?.[1]?.toLowerCase();
  if (charset === undefined) return 'auto';
  if (['shift_jis', 'shift-jis', 'sjis', 'x-sjis', 'windows-31j', 'cp932', 'ms932'].includes(charset))
    return 'shift_jis';
  if (charset === 'utf-8' || charset === 'utf8') return 'utf-8';
  return 'auto';
}
