// A table's header row and the column of each field, for `sources propose`: by the header's words (the registry's
// spellings, then the words public lists use), then, for the columns whose header names no field, by their values (a
// column of dates under 「when」 or 「処分があった日」). Pure.
import type { MappedField } from '../parsers/column-mapping.js';
import { foldHeader } from '../parsers/table-header.js';
import { fieldOfValues, isValueOf, type ValueField } from './column-values.js';
import { englishWordsOf, isEnglishWord } from './header-words.js';

export interface HeaderRow {
  /** The header cells as read (a header over two rows made one). */
  readonly headers: readonly string[];
  /** The 1-based row the header ends on: the data rows are under it. */
  readonly data_start: number;
  /** Each field's column, found by the header's words. */
  readonly by_words: ReadonlyMap<MappedField, number>;
  /** The columns whose header names no field, with the field their values are (dates, addresses, actions, …). */
  readonly by_values: ReadonlyMap<number, ValueField>;
}

/** A header that is a field's word whole scores above any that holds one. */
const WHOLE = 1000;

/** How far down a header is looked for, as the table readers do. */
const HEADER_SEARCH_ROWS = 30;

// A date column that dates the list, not its records: 最終更新日, 掲載日, 作成日, an English 'updated'.
const LIST_DATE = /更新|掲載|作成|update|modified|posted|retrieved/u;

/**
 * The best header row within the first rows: the one whose columns, by words and by values, give most fields, a
 * company's name among them and one header word at least (or the table's first row); null when none does.
 */
export function bestHeaderRow(
  rows: readonly (readonly string[])[],
  words: ReadonlyMap<MappedField, readonly string[]>,
): HeaderRow | null {
  const valuesUnder = new Map<number, ReadonlyMap<number, ValueField>>();
  const firstFilled = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  let best: { row: HeaderRow; fields: number; exact: number } | null = null;
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    for (const [headers, dataStart] of headerCandidates(row, rows[index + 1], index)) {
      const { columns: byWords, exact } = assignColumns(headers, words);
      if (byWords.size === 0 && index !== firstFilled) continue;
      let under = valuesUnder.get(dataStart);
      if (under === undefined) {
        under = columnValueFields(rows.slice(dataStart));
        valuesUnder.set(dataStart, under);
      }
      const byValues = valueColumns(headers, byWords, under);
      const fields = new Set([...byWords.keys(), ...byValues.values()]);
      if (!fields.has('company_name') || fields.size < 2) continue;
      // more fields, then more headers that are a field's word whole (a title row run into the header is not)
      if (best === null || fields.size > best.fields || (fields.size === best.fields && exact > best.exact))
        best = {
          row: { headers, data_start: dataStart, by_words: byWords, by_values: byValues },
          fields: fields.size,
          exact,
        };
    }
  }
  return best?.row ?? null;
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
): { columns: Map<MappedField, number>; exact: number } {
  const pairs: { column: number; field: MappedField; score: number }[] = [];
  row.forEach((cell, column) => {
    const folded = foldHeader(cell);
    if (folded === '' || isPersons(folded)) return;
    const english = `_${englishWordsOf(cell)}_`;
    for (const [field, list] of words) {
      const scores = list.map((word) => {
        if (isEnglishWord(word)) {
          if (english === `_${word}_`) return WHOLE + word.length;
          return english.includes(`_${word}_`) ? word.length : 0;
        }
        if (folded === word) return WHOLE + word.length;
        return word.length >= 2 && folded.includes(word) ? word.length : 0;
      });
      const score = Math.max(0, ...scores);
      if (score > 0) pairs.push({ column, field, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const columns = new Map<MappedField, number>();
  const taken = new Set<number>();
  let exact = 0;
  for (const { column, field, score } of pairs) {
    if (columns.has(field) || taken.has(column)) continue;
    columns.set(field, column);
    taken.add(column);
    if (score >= WHOLE) exact++;
  }
  return { columns, exact };
}

function isPersons(folded: string): boolean {
  return folded.includes('代表者');
}

/** The field each column's values under a row are, where they are one. */
function columnValueFields(data: readonly (readonly string[])[]): ReadonlyMap<number, ValueField> {
  const width = Math.max(0, ...data.map((row) => row.length));
  const fields = new Map<number, ValueField>();
  for (let c = 0; c < width; c++) {
    const field = fieldOfValues(data.map((row) => row[c] ?? ''));
    if (field !== null) fields.set(c, field);
  }
  return fields;
}

/**
 * The columns the header's words left, with the field their values are: only under a header cell that names them (a
 * mapping reads a column by its header) and is no value itself (a title row or a data row is no header); a field the
 * words found keeps their column. Several columns of dates are all kept (a suspension's start and end), but those
 * dating the list (最終更新日); of any other field, the first.
 */
function valueColumns(
  headers: readonly string[],
  byWords: ReadonlyMap<MappedField, number>,
  under: ReadonlyMap<number, ValueField>,
): Map<number, ValueField> {
  const taken = new Set(byWords.values());
  const fields = new Set<MappedField>(byWords.keys());
  const found = new Map<number, ValueField>();
  for (const [column, field] of [...under].sort(([a], [b]) => a - b)) {
    const header = headers[column]?.trim() ?? '';
    const folded = foldHeader(header);
    if (taken.has(column) || folded === '' || isPersons(folded) || isValueOf(field, header)) continue;
    if (field === 'date' ? LIST_DATE.test(folded) : fields.has(field)) continue;
    found.set(column, field);
    fields.add(field);
  }
  return found;
}
