// A table no source reads yet, mapped: the header row, the column each field is read from (by its header's words, else
// by its values), the record kind the columns and values make, the code each distinct value of a coded column names,
// what the table's words give every record, and what is left to fill in. Pure: rows of text in, a proposal out.
import { oneLine } from '../../domain/text/untrusted-text.js';
import type { RecordKind } from '../../domain/records/record.js';
import {
  enforcementActionTypes,
  licenseActionTypes,
  licenseStatuses,
  procurementStatuses,
  sectors,
} from '../../domain/vocabularies/enums.js';
import { kindReads, requiredColumns, type FixedValues, type MappedField } from '../parsers/column-mapping.js';
import { foldHeader } from '../parsers/table-header.js';
import { holdsLengthsOnly, type ValueField } from './column-values.js';
import { fixedFromWords, type ProposedFixed } from './fixed-from-words.js';
import { bestHeaderRow, type HeaderRow } from './header-row.js';
import { recordKindOf } from './record-kind.js';
import { lawCodes, reasonCodes, wordCodes, type ValueCode } from './value-codes.js';

/** A coded column's values: the field (or a record's status, which Kohyo computes) and each value's code. */
export interface ColumnValueCodes {
  readonly field: 'action_type' | 'sector' | 'law' | 'reason' | 'status';
  readonly column: number;
  readonly values: readonly ValueCode[];
}

export interface ProposedMapping {
  /** The header's last row, 1-based: the data rows are under it. */
  readonly header_row: number;
  /** The header cells as the table prints them (white space made one space). */
  readonly headers: readonly string[];
  /** The column each field is read from, in the table's order. */
  readonly columns: ReadonlyMap<MappedField, number>;
  /** How each field's column was found where it was not by its header's words: 'its values are dates', … */
  readonly found_by_values: ReadonlyMap<MappedField, string>;
  /** The headers of the columns left unmapped, with why where a field took them but the kind reads none. */
  readonly unmapped: readonly string[];
  readonly kind: RecordKind;
  /** Why this kind, ending the sentence 'record kind: X, as …'. */
  readonly kind_why: string;
  /** The values of the coded columns, each with its code. */
  readonly values: readonly ColumnValueCodes[];
  /** What the table's words give every record where no column does (the sector its laws name). */
  readonly fixed: readonly ProposedFixed[];
  /** The fields the kind needs that no column gives and the table's words do not: each needs a fixed value. */
  readonly needs: readonly MappedField[];
}

const VALUES_ARE: Readonly<Record<ValueField, string>> = {
  date: 'dates',
  period: 'periods',
  corporate_number: 'Corporate Numbers',
  record_url: 'web addresses',
  permit_number: 'permit numbers',
  company_address: 'addresses',
  authority: 'authorities',
  law: 'citations of laws',
  action_type: 'actions',
  sector: 'sectors',
  company_name: 'companies (a legal form in their names)',
};

// The header of a column giving each record's status (措置中, 解除, 期間満了): Kohyo computes a status from the period.
const STATUS_HEADER = /状況|状態|ステータス|status/u;

export interface ProposeOptions {
  /** The kind asked for (--kind), which the table's columns and values do not overrule. */
  readonly kind?: RecordKind | undefined;
  /** The table's caption or the heading before it (an HTML table's), which names what the table is. */
  readonly caption?: string | undefined;
  /** The header of the column the operator says a field is read from (--column FIELD=HEADER), over any found. */
  readonly columns?: ReadonlyMap<MappedField, string>;
}

/**
 * The best header row within the first rows (the one whose columns name most fields, a company's name among them)
 * and its mapping; null when no row names a company and another field.
 */
export function proposeMapping(
  rows: readonly (readonly string[])[],
  words: ReadonlyMap<MappedField, readonly string[]>,
  options: ProposeOptions = {},
): ProposedMapping | null {
  const row = bestHeaderRow(rows, words);
  if (row === null) return null;
  const headers = row.headers.map(oneLine);
  const data = rows.slice(row.data_start);
  const cellsOf = (c: number | undefined) => (c === undefined ? [] : data.map((r) => r[c] ?? ''));
  const title = [options.caption ?? '', ...rows.slice(0, row.data_start - 1).map((r) => r.join(' '))].join(' ');
  const found = new Map(row.by_words);
  for (const [c, f] of row.by_values) if (!found.has(f)) found.set(f, c);
  const kind = recordKindOf(
    { columns: found, headers, actions: cellsOf(found.get('action_type')), title },
    options.kind,
  );
  const columns = fitToKind(row, kind.kind);
  const lengths = columns.get('period');
  if (lengths !== undefined && holdsLengthsOnly(cellsOf(lengths))) columns.delete('period');
  const asked = askedColumns(headers, options.columns);
  for (const [field, column] of asked) columns.set(field, column);
  const values = valueCodes(kind.kind, columns, headers, cellsOf);
  const action = values.find((v) => v.field === 'action_type');
  // a period its action's words hold (「営業停止（令和7年5月26日～令和7年6月9日）」) is read from the action's column
  if (kind.kind === 'license_action' && !columns.has('period') && action?.values.some((v) => v.rest.kind === 'period'))
    columns.set('period', action.column);
  const ordered = new Map([...columns].sort(([, a], [, b]) => a - b));
  const fixed = fixedFromWords(kind.kind, { title, columns: ordered, headers, data });
  const given: FixedValues = Object.fromEntries(fixed.map((f) => [f.field, f.code]));
  const mapping = { columns: Object.fromEntries([...ordered.keys()].map((f) => [f, ['']])), fixed: given };
  return {
    header_row: row.data_start,
    headers,
    columns: ordered,
    found_by_values: foundByValues(row, ordered, action, asked),
    unmapped: unmappedHeaders(headers, ordered, found, kind.kind, { lengths, values }),
    kind: kind.kind,
    kind_why: kind.why,
    values,
    fixed,
    needs: requiredColumns(kind.kind, mapping).filter((field) => !ordered.has(field)),
  };
}

/**
 * The columns a record of the kind reads: those the words found, then those the values found for the fields still
 * missing; the dates found by their values are a suspension's start and end, else the action's date. A reason column
 * is an enforcement's summary, a summary a suspension's reason, and a law column a licence action's sector.
 */
function fitToKind(row: HeaderRow, kind: RecordKind): Map<MappedField, number> {
  const reads = (field: MappedField) => kindReads(kind, field);
  const columns = new Map([...row.by_words].filter(([field]) => reads(field)));
  const dates = [...row.by_values].filter(([, field]) => field === 'date').map(([c]) => c);
  for (const [column, field] of row.by_values)
    if (field !== 'date' && reads(field) && !columns.has(field)) columns.set(field, column);
  const moved = (from: MappedField, to: MappedField) => {
    const column = row.by_words.get(from);
    if (column !== undefined && !columns.has(to)) columns.set(to, column);
  };
  if (kind === 'enforcement') moved('reason', 'summary');
  // a licence action cites no law: the law its column names (宅地建物取引業法) is read for the sector it regulates
  if (kind === 'license_action') moved('law', 'sector');
  if (kind === 'procurement_suspension') {
    moved('summary', 'reason');
    const dated = row.by_words.get('date');
    const [from, to] = [...(dated === undefined ? [] : [dated]), ...dates];
    if (!columns.has('period') && !columns.has('period_from') && from !== undefined) {
      columns.set('period_from', from);
      if (to !== undefined && !columns.has('period_to')) columns.set('period_to', to);
    }
  } else if (!columns.has('date') && dates[0] !== undefined) columns.set('date', dates[0]);
  return columns;
}

/** Each coded column's distinct values with their codes: actions, sectors, laws, reasons, and a status column's. */
function valueCodes(
  kind: RecordKind,
  columns: ReadonlyMap<MappedField, number>,
  headers: readonly string[],
  cellsOf: (c: number | undefined) => string[],
): ColumnValueCodes[] {
  const found: ColumnValueCodes[] = [];
  const add = (
    field: ColumnValueCodes['field'],
    column: number | undefined,
    values: (cells: string[]) => ValueCode[],
  ) => {
    if (column !== undefined) found.push({ field, column, values: values(cellsOf(column)) });
  };
  const actions = kind === 'license_action' ? licenseActionTypes : enforcementActionTypes;
  if (kind !== 'procurement_suspension')
    add('action_type', columns.get('action_type'), (cells) => wordCodes(cells, actions));
  if (kind === 'license_action') add('sector', columns.get('sector'), (cells) => wordCodes(cells, sectors));
  if (kind === 'enforcement') add('law', columns.get('law'), lawCodes);
  if (kind !== 'enforcement') add('reason', columns.get('reason'), (cells) => reasonCodes(cells, kind));
  const taken = new Set(columns.values());
  const status = headers.findIndex((h, c) => !taken.has(c) && STATUS_HEADER.test(foldHeader(h)));
  const statuses = kind === 'license_action' ? licenseStatuses : procurementStatuses;
  if (kind !== 'enforcement' && status >= 0) add('status', status, (cells) => wordCodes(cells, statuses));
  return found;
}

/** The columns the operator named, by their place among the headers; a header the table lacks is left out. */
function askedColumns(
  headers: readonly string[],
  asked: ReadonlyMap<MappedField, string> = new Map(),
): Map<MappedField, number> {
  const found = new Map<MappedField, number>();
  for (const [field, header] of asked) {
    const column = headers.indexOf(oneLine(header));
    if (column >= 0) found.set(field, column);
  }
  return found;
}

function foundByValues(
  row: HeaderRow,
  columns: ReadonlyMap<MappedField, number>,
  action: ColumnValueCodes | undefined,
  asked: ReadonlyMap<MappedField, number>,
): Map<MappedField, string> {
  const by = new Map<MappedField, string>();
  for (const [field, column] of columns) {
    const valueField = row.by_values.get(column);
    if (asked.get(field) === column) by.set(field, 'given by --column');
    if (row.by_words.get(field) === column || asked.get(field) === column) continue;
    if (valueField !== undefined) by.set(field, `its values are ${VALUES_ARE[valueField]}`);
    else if (field === 'period' && column === action?.column) by.set(field, 'the periods its actions name');
  }
  return by;
}

/** The headers no field reads, each with why where a field took it: the kind reads none, lengths with no first day. */
function unmappedHeaders(
  headers: readonly string[],
  columns: ReadonlyMap<MappedField, number>,
  found: ReadonlyMap<MappedField, number>,
  kind: RecordKind,
  dropped: { lengths: number | undefined; values: readonly ColumnValueCodes[] },
): string[] {
  const read = new Set(columns.values());
  return headers.flatMap((header, c) => {
    if (header === '' || read.has(c)) return [];
    if (c === dropped.lengths) return [`「${header}」 (period: its cells are lengths, 7日間, with no first day)`];
    if (dropped.values.some((v) => v.field === 'status' && v.column === c))
      return [`「${header}」 (status: Kohyo computes a record's status from its period)`];
    const field = [...found].find(([, column]) => column === c)?.[0];
    return [field === undefined ? `「${header}」` : `「${header}」 (${field}: ${aKind(kind)} has none)`];
  });
}

/** The kind with its article: 'an enforcement', 'a license_action'. */
export function aKind(kind: RecordKind): string {
  return `${/^[aeiou]/u.test(kind) ? 'an' : 'a'} ${kind}`;
}
