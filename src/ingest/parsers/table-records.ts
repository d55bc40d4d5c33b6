// A table of text cells (from CSV, XLSX or HTML) read into records through the column mapping (validated by the collection).
import type { RecordInput } from '../../domain/records/record-input.js';
import { skippedRow, unreadableRuleBroken, type SkippedRow } from '../../domain/skipped-row.js';
import { isMappedField, type ColumnMapping, type MappedField } from './column-mapping.js';
import { cellText, codeFromWords } from './cell-values.js';
import {
  budgetOf,
  listRowsError,
  listRowsLeft,
  parseFailure,
  unreadableRuleOf,
  type ParseContext,
  type ParseFailure,
  type ParseOutcome,
  type RecordOrigin,
} from './source-parser.js';
import { ParseBudgetError } from './parse-budget.js';
import { readRow, type RowCells } from './row-record.js';
import { exactColumn, foldHeader, locateHeader, type HeaderMissing } from './table-header.js';
import { whyNoParty } from '../../domain/records/unnamed-party.js';
import { printedEditionDate } from '../../domain/printed-dates.js';

export interface TableOptions {
  /** What the table was read from, for messages: 'the CSV file', 'sheet 「一覧」', 'the HTML table'. */
  readonly what: string;
  /** True where cells may hold Excel day counts. */
  readonly serial_dates?: boolean;
  /** Added to a missing-header error when the bytes may have been decoded wrongly. */
  readonly decoding_hint?: string | null;
}

/**
 * Reads every data row under the header. A row that cannot be read is skipped with its reason; the table fails,
 * naming the rows, only when its unreadable rows pass the source's rule (unreadableRuleOf). A table of more rows than
 * the budget allows throws ParseBudgetError.
 */
export function recordsFromTable(
  rawRows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  context: ParseContext,
  options: TableOptions,
): ParseOutcome {
  const { rows: maxRows } = budgetOf(context);
  if (rawRows.length > maxRows)
    throw new ParseBudgetError('rows', maxRows, `${options.what} has ${rawRows.length.toLocaleString('en')} rows`);
  const rows = rawRows.map((row) => row.map(cellText));
  const header = locateHeader(rows, mapping);
  if (!header.ok) return headerMissing(header, options);
  if (rows.length - header.data_start > listRowsLeft(context))
    throw listRowsError(context, `${options.what} has more than ${listRowsLeft(context).toLocaleString('en')} rows`);
  const extra = extraColumns(header.headers, mapping);
  if (!extra.ok) {
    return parseFailure(
      `${options.what} does not have the expected columns: missing ${extra.missing.join(', ')}.`,
      extra.missing.map((m) => `missing column ${m}`),
    );
  }
  const headerFolded = header.headers.map(foldHeader);
  // what the list prints about itself above its header (「令和7年4月1日現在」, 更新日, 掲載日) dates the edition
  const printed = printedEditionDate(rows.slice(0, header.data_start).map((row) => row.join(' ')));
  const dated = printed === null || context.published_on ? context : { ...context, published_on: printed };
  const dates = { forms: mapping.date_forms, serial: options.serial_dates ?? false };
  const records: RecordInput[] = [];
  const origins: RecordOrigin[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  const skipped: SkippedRow[] = [];
  let dataRows = 0;
  let unreadable = 0;
  for (const [offset, row] of rows.slice(header.data_start).entries()) {
    const rowNumber = header.data_start + offset + 1;
    // Blank rows, and the header repeated on each printed page, are not records.
    if (row.every((cell) => cell === '')) {
      skipped.push(skippedRow(rowNumber, 'a blank row'));
      continue;
    }
    if (isRepeatedHeader(row, header.columns, headerFolded)) {
      skipped.push(skippedRow(rowNumber, 'the header row repeated', row));
      continue;
    }
    dataRows++;
    const cells = cellsOf(row, rowNumber, { ...extra, own: header.columns }, header.headers);
    const noParty = whyNoParty(cells.get('company_name') ?? '');
    if (noParty !== null) {
      skipped.push(skippedRow(rowNumber, noParty, row));
      continue;
    }
    const read = readRow(cells, rowMapping(mapping, row, extra.stream), dated, dates);
    if ('problems' in read) {
      unreadable++;
      problems.push(...read.problems.map((p) => `row ${rowNumber}, ${p}`));
      skipped.push(skippedRow(rowNumber, `unreadable: ${read.problems.join('; ')}`, row));
      continue;
    }
    warnings.push(...read.warnings);
    records.push(read.record);
    origins.push({ row: rowNumber });
  }
  const broken = unreadableRuleBroken(unreadable, dataRows, unreadableRuleOf(context));
  if (broken !== null) {
    return parseFailure(
      `${unreadable} of ${dataRows} rows of ${options.what} could not be read (${problems.length} problem(s)), ${broken}; nothing was kept.`,
      problems,
    );
  }
  const columns = Object.fromEntries([...header.columns].map(([field, c]) => [field, header.headers[c] ?? '']));
  return { ok: true, records, origins, columns, period: listPeriod(records), skipped_rows: skipped, warnings };
}

/** A table whose header no row gives: the columns missing, and the row that came closest. */
function headerMissing(header: HeaderMissing, options: TableOptions): ParseFailure {
  const closest = header.closest
    ? ` The closest row (row ${header.closest.row}) has ${header.closest.found.join(', ')}.`
    : ' No row has any of them.';
  const hint = options.decoding_hint ? ` ${options.decoding_hint}` : '';
  return parseFailure(
    `${options.what} does not have the expected columns: missing ${header.missing.join(', ')}.${closest}${hint}`,
    header.missing.map((m) => `missing column ${m}`),
  );
}

/** The columns a mapping names outside `columns`: each field's fallbacks, and the column of `fixed_by`. */
interface ExtraColumns {
  readonly ok: true;
  readonly fallbacks: ReadonlyMap<MappedField, readonly number[]>;
  readonly stream: number | undefined;
}

function extraColumns(
  headers: readonly string[],
  mapping: ColumnMapping,
): ExtraColumns | { readonly ok: false; readonly missing: string[] } {
  const missing: string[] = [];
  const find = (spelling: string, what: string): number | undefined => {
    const c = exactColumn(headers, spelling);
    if (c === undefined) missing.push(`「${spelling}」 (${what})`);
    return c;
  };
  const fallbacks = new Map<MappedField, number[]>();
  for (const [field, spellings] of Object.entries(mapping.fallbacks ?? {})) {
    if (!isMappedField(field)) continue;
    fallbacks.set(
      field,
      (spellings ?? []).flatMap((s) => find(s, `fallback of ${field}`) ?? []),
    );
  }
  const stream = mapping.fixed_by === undefined ? undefined : find(mapping.fixed_by.column, 'fixed_by');
  return missing.length > 0 ? { ok: false, missing } : { ok: true, fallbacks, stream };
}

/** The mapping a row is read with: the values its stream shares (`fixed_by`) stand before the list's own. */
function rowMapping(mapping: ColumnMapping, row: readonly string[], stream: number | undefined): ColumnMapping {
  if (mapping.fixed_by === undefined || stream === undefined) return mapping;
  const byStream = codeFromWords(row[stream] ?? '', mapping.fixed_by.values);
  return byStream === undefined ? mapping : { ...mapping, fixed: { ...mapping.fixed, ...byStream } };
}

function cellsOf(
  row: readonly string[],
  rowNumber: number,
  columns: { readonly own: ReadonlyMap<MappedField, number>; readonly fallbacks: ExtraColumns['fallbacks'] },
  headers: readonly string[],
): RowCells {
  return {
    row: rowNumber,
    get: (field) => {
      const c = columns.own.get(field);
      if (c === undefined) return undefined;
      const own = row[c] ?? '';
      if (own !== '') return own;
      for (const f of columns.fallbacks.get(field) ?? []) if ((row[f] ?? '') !== '') return row[f];
      return own;
    },
    header: (field) => {
      const c = columns.own.get(field);
      return c === undefined ? field : (headers[c] ?? field);
    },
  };
}

function isRepeatedHeader(
  row: readonly string[],
  columns: ReadonlyMap<MappedField, number>,
  headerFolded: readonly string[],
): boolean {
  const c = columns.get('company_name');
  if (c === undefined) return false;
  const label = headerFolded[c];
  return label !== undefined && label !== '' && foldHeader(row[c] ?? '') === label;
}

/** The earliest and latest record dates (a suspension's start date), null for no records. */
export function listPeriod(records: readonly RecordInput[]): { from: string; to: string } | null {
  const dates = records.map((r) => (r.kind === 'procurement_suspension' ? r.period.from : r.date)).sort();
  const from = dates[0];
  const to = dates.at(-1);
  return from !== undefined && to !== undefined ? { from, to } : null;
}
