// A table no source reads yet, mapped from its header words: the header row, the column each field is read from, the
// record kind its fields make it, and what no column gives. Pure: rows of text in, a proposal out.
import type { RecordKind } from '../../domain/records/record.js';
import { requiredColumns, type ColumnMapping, type MappedField } from '../parsers/column-mapping.js';
import { foldHeader } from '../parsers/table-header.js';

export interface ProposedMapping {
  /** The header's last row, 1-based: the data rows are under it. */
  readonly header_row: number;
  /** The header cells as the table prints them (white space made one space). */
  readonly headers: readonly string[];
  /** The column each field is read from. */
  readonly columns: ReadonlyMap<MappedField, number>;
  /** The headers of the columns left unmapped, with why where a field took them but the kind reads none. */
  readonly unmapped: readonly string[];
  readonly kind: RecordKind;
  /** Why this kind: the fields that made it, or that it was asked for. */
  readonly kind_why: string;
  /** The fields the kind needs that no column gives: each needs a fixed value. */
  readonly needs: readonly MappedField[];
}

/** How far down a header is looked for, as the table readers do. */
const HEADER_SEARCH_ROWS = 30;

/** The fields each kind reads besides those every record reads (company, address, number, authority, record_url). */
const KIND_FIELDS: Readonly<Record<RecordKind, readonly MappedField[]>> = {
  procurement_suspension: ['reason', 'period', 'period_from', 'period_to', 'scope', 'lifted_on'],
  license_action: ['date', 'action_type', 'sector', 'permit_number', 'reason', 'period'],
  enforcement: ['date', 'summary', 'law', 'action_type'],
};
const EVERY_KIND: readonly MappedField[] = [
  'company_name',
  'company_address',
  'corporate_number',
  'authority',
  'record_url',
];

/**
 * The best header row within the first rows (the one whose cells name most fields, a company's name among them) and
 * its mapping; null when no row names a company and another field.
 */
export function proposeMapping(
  rows: readonly (readonly string[])[],
  words: ReadonlyMap<MappedField, readonly string[]>,
  asked?: RecordKind,
): ProposedMapping | null {
  let best: { headers: readonly string[]; dataStart: number; columns: Map<MappedField, number> } | null = null;
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    for (const [headers, dataStart] of headerCandidates(row, rows[index + 1], index)) {
      const columns = assignColumns(headers, words);
      if (!columns.has('company_name') || columns.size < 2) continue;
      if (best === null || columns.size > best.columns.size) best = { headers, dataStart, columns };
    }
  }
  if (best === null) return null;
  const found = best.columns;
  const headers = best.headers.map((cell) => cell.replace(/\s+/gu, ' ').trim());
  const { kind, why } = kindOf(found, asked);
  // in the table's order, as an operator reads the header
  const columns = new Map([...fitToKind(found, kind)].sort(([, a], [, b]) => a - b));
  const unmapped = headers.flatMap((header, c) => {
    if (header === '' || [...columns.values()].includes(c)) return [];
    const field = [...found].find(([, column]) => column === c)?.[0];
    return [field === undefined ? `「${header}」` : `「${header}」 (${field}: a ${kind} has none)`];
  });
  const mapping: ColumnMapping = { columns: Object.fromEntries([...columns.keys()].map((f) => [f, ['']])) };
  const needs = requiredColumns(kind, mapping).filter((field) => !columns.has(field));
  return { header_row: best.dataStart, headers, columns, unmapped, kind, kind_why: why, needs };
}

/**
 * A row as a header, and with the row under it as one (a header over two rows, 「処分の内容」 over 「処分の種類」, read as
 * the table readers read it: a cell spanning both rows said once), each with the 1-based row its data starts after.
 */
function headerCandidates(
  row: readonly string[],
  next: readonly string[] | undefined,
  index: number,
): (readonly [readonly string[], number])[] {
  const one = [row, index + 1] as const;
  if (next === undefined) return [one];
  return [one, [row.map((cell, c) => (next[c] === cell ? cell : cell + (next[c] ?? ''))), index + 2]];
}

/**
 * Each field's column: every (cell, field) pair scored, a header that is one of the field's words whole above one that
 * holds it (the longer word first), then taken best first, each column and each field once. A representative's
 * column (代表者) is never read: it names a person.
 */
function assignColumns(
  row: readonly string[],
  words: ReadonlyMap<MappedField, readonly string[]>,
): Map<MappedField, number> {
  const pairs: { column: number; field: MappedField; score: number }[] = [];
  row.forEach((cell, column) => {
    const folded = foldHeader(cell);
    if (folded === '' || folded.includes('代表者')) return;
    for (const [field, list] of words) {
      const scores = list.map((word) => {
        if (folded === word) return 1000 + word.length;
        return word.length >= 2 && folded.includes(word) ? word.length : 0;
      });
      const score = Math.max(0, ...scores);
      if (score > 0) pairs.push({ column, field, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const columns = new Map<MappedField, number>();
  const taken = new Set<number>();
  for (const { column, field } of pairs) {
    if (columns.has(field) || taken.has(column)) continue;
    columns.set(field, column);
    taken.add(column);
  }
  return columns;
}

function kindOf(
  columns: ReadonlyMap<MappedField, number>,
  asked: RecordKind | undefined,
): { kind: RecordKind; why: string } {
  if (asked !== undefined) return { kind: asked, why: 'as asked (--kind)' };
  // a licence action may have a period (営業停止の期間); a suspension list names no permit
  if (columns.has('permit_number') || columns.has('sector'))
    return { kind: 'license_action', why: 'it has a permit number or a sector column' };
  if (columns.has('period') || columns.has('period_from'))
    return {
      kind: 'procurement_suspension',
      why: 'it has a period column (指名停止期間 and the like) and no permit number',
    };
  return { kind: 'enforcement', why: 'it has no period, permit number or sector column' };
}

/** The columns a record of the kind reads: a reason column is an enforcement's summary, and a summary a suspension's reason. */
function fitToKind(found: ReadonlyMap<MappedField, number>, kind: RecordKind): Map<MappedField, number> {
  const columns = new Map(
    [...found].filter(([field]) => EVERY_KIND.includes(field) || KIND_FIELDS[kind].includes(field)),
  );
  const moved = (from: MappedField, to: MappedField) => {
    const column = found.get(from);
    if (column !== undefined && !columns.has(to)) columns.set(to, column);
  };
  if (kind === 'enforcement') moved('reason', 'summary');
  if (kind === 'procurement_suspension') moved('summary', 'reason');
  return columns;
}
