// Finding a table's header row and the column of each mapped field, tolerant of spacing and full-width forms.
import { MAPPED_FIELDS, type ColumnMapping, type MappedField } from './column-mapping.js';
import { foldCaseless } from '../../domain/text/text-fold.js';

export interface HeaderFound {
  readonly ok: true;
  /** Column index per mapped field. */
  readonly columns: ReadonlyMap<MappedField, number>;
  /** Index of the first row after the header (the header may span two rows). */
  readonly data_start: number;
  /** The header texts as the table writes them, per column. */
  readonly headers: readonly string[];
}

export interface HeaderMissing {
  readonly ok: false;
  /** The mapped headers no candidate row holds, as "「指名停止期間」 (period)". */
  readonly missing: readonly string[];
  /** The 1-based row that came closest, and what it held. */
  readonly closest: { readonly row: number; readonly found: readonly string[] } | null;
}

/** How far down a header row is looked for: titles and notes above a table rarely take more. */
export const HEADER_SEARCH_ROWS = 30;

/** A header cell folded for comparison: NFKC (full-width letters, digits, brackets), white space and ※ notes removed. */
export function foldHeader(text: string): string {
  return foldCaseless(text).replace(/※.*$/u, '');
}

/**
 * The first row (or pair of rows, for headers split over two lines such as 「指名停止期間」 over 「自」「至」)
 * in which every mapped field's header is found; otherwise what is missing from the closest row.
 */
export function locateHeader(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
): HeaderFound | HeaderMissing {
  const fields = MAPPED_FIELDS.filter((f) => (mapping.columns[f]?.length ?? 0) > 0);
  let closest: { row: number; found: MappedField[] } | null = null;
  for (const [i, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const candidates: (readonly [readonly string[], number])[] = [[row, i + 1]];
    const next = rows[i + 1];
    // A cell spanning both header rows comes back in each (rowspan): it is said once.
    if (next) candidates.push([row.map((cell, c) => (next[c] === cell ? cell : cell + (next[c] ?? ''))), i + 2]);
    for (const [headers, dataStart] of candidates) {
      const columns = matchColumns(headers, fields, mapping);
      if (columns.size === fields.length) return { ok: true, columns, data_start: dataStart, headers };
      if (closest === null || columns.size > closest.found.length) closest = { row: i + 1, found: [...columns.keys()] };
    }
  }
  const found = new Set(closest?.found ?? []);
  return {
    ok: false,
    missing: fields.filter((f) => !found.has(f)).map((f) => describeField(f, mapping)),
    closest:
      closest && closest.found.length > 0
        ? { row: closest.row, found: closest.found.map((f) => describeField(f, mapping)) }
        : null,
  };
}

/** "「指名停止期間」 (period)": the first spelling the mapping gives, and the field it feeds. */
function describeField(field: MappedField, mapping: ColumnMapping): string {
  const spellings = mapping.columns[field] ?? [];
  return `${spellings.map((s) => `「${s}」`).join(' or ')} (${field})`;
}

// Exact matches are settled first for every field, so that 「期間」 contained in 「指名停止期間」 cannot take a
// column another field names exactly; a contained spelling counts only when a single free column holds it.
function matchColumns(
  headers: readonly string[],
  fields: readonly MappedField[],
  mapping: ColumnMapping,
): Map<MappedField, number> {
  const folded = headers.map(foldHeader);
  const taken = new Set<number>();
  const columns = new Map<MappedField, number>();
  for (const exact of [true, false]) {
    for (const field of fields) {
      if (columns.has(field)) continue;
      for (const spelling of mapping.columns[field] ?? []) {
        const want = foldHeader(spelling);
        const hits = folded
          // a column named exactly may feed two fields (a provisions column that is both the law and the summary)
          .map((h, c) => ((exact || !taken.has(c)) && h !== '' && (exact ? h === want : h.includes(want)) ? c : -1))
          .filter((c) => c >= 0);
        const [hit, ...more] = hits;
        if (hit !== undefined && (more.length === 0 || exact)) {
          columns.set(field, hit);
          taken.add(hit);
          break;
        }
      }
    }
  }
  return columns;
}

/** The column whose header is exactly `spelling` (folded), or undefined: the extra columns a mapping names by header. */
export function exactColumn(headers: readonly string[], spelling: string): number | undefined {
  const want = foldHeader(spelling);
  const index = headers.findIndex((h) => foldHeader(h) === want);
  return index < 0 ? undefined : index;
}
